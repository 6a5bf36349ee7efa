import { describe, expect, it } from 'vitest';
import { arranged, at, given, startWith } from '../../domain/play/hand/spec.ts';
import { parseTiles } from '../../domain/tiles/index.ts';
import { facts, foldAll } from '../test-support/facts.ts';
import { corrected, correctedV1, settled, winning } from '../test-support/tournament-facts.ts';
import { evolveReplay, initialReplay, replayOfDoc } from './evolve.ts';

// Seed 001: E discards 3m; S holds 12m and claims a chow; N holds 33m and pongs, which outranks it.
const tile = (t: string): number => parseTiles(t)[0]!;

const PONG_HANDS = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};

const { events } = given([
  startWith('mahjong-house', arranged(PONG_HANDS, '7p 8p')),
  { type: 'Discard', seat: 'E', tile: tile('3m'), at: at(1000) },
  { type: 'MakeClaim', seat: 'S', claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] }, at: at(1500) },
  { type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(1600) },
]);

const replay = (more: Parameters<typeof facts>[1] = []) =>
  replayOfDoc(foldAll(evolveReplay, initialReplay('hand-g1-1'), facts('hand-g1-1', [...events, ...more])));

describe('hand replay', () => {
  it('given the deal, then each seat’s concealed tiles and the wall after it', () => {
    const deal = replay().steps[1]!;
    expect(deal.type).toBe('TilesDealt');
    expect(deal.table.seats.E).toMatchObject({ player: 'ana', concealed: '39m9p19s112234567z' });
    expect(deal.table.seats.N?.concealed).toBe('3357m12p68s34567z');
    expect(deal.table.wallRemaining).toBe(136 - 53);
  });

  it('given a discard, then who did what, when, and the pond after it', () => {
    const discard = replay().steps.find((s) => s.type === 'TileDiscarded')!;
    expect(discard).toMatchObject({ who: 'E', what: 'discarded 3m', at: at(0) });
    expect(discard.table.seats.E?.pond).toBe('3m');
  });

  it('given a claim window, then who could claim what, what each chose, and the resolution with its reasons', () => {
    const [window] = replay().windows;
    expect(window?.offer).toEqual({ tile: '3m', from: 'E', kind: 'discard' });
    expect(window?.open.S?.chows).toEqual(['12m']);
    expect(window?.open.N?.pong).toBe(true);
    expect(window?.answers).toEqual({
      S: { answer: 'claim', claim: 'chow 12m' },
      N: { answer: 'claim', claim: 'pong' },
    });
    expect(window?.resolution).toMatchObject({
      outcome: 'meld',
      detail: 'N took it for a pong',
      lapsed: [{ seat: 'S', claim: 'chow 12m', reason: 'pong outranks chow' }],
    });
    const pong = replay().steps.at(-1)!;
    expect(pong.table.seats.N?.melds).toEqual(['pung 333m']);
    expect(pong.table.seats.E?.pond).toBe('');
  });

  it('given a settlement, an adjustment and a replacement, then all are listed with the mode, what each replaced and the deltas', () => {
    const { payments, steps } = replay([
      settled([{ from: 'S', to: 'N', points: 8, reason: 'self-drawn' }], winning('N')),
      corrected('adjustment', [{ from: 'E', to: 'N', points: 2, reason: 'flower' }], {
        corrects: 'hand-g1-1:9',
        winners: winning('N'),
        previous: [{ from: 'S', to: 'N', points: 8, reason: 'self-drawn' }],
        deltas: { E: -2, N: 2 },
      }),
      corrected('replacement', [{ from: 'S', to: 'N', points: 12, reason: 'self-drawn' }], {
        corrects: 'hand-g1-1:10',
        amendmentId: 'am-1',
        correctedBy: { role: 'system', id: 'recompute' },
        reason: 'amendment am-1',
        previous: [
          { from: 'S', to: 'N', points: 8, reason: 'self-drawn' },
          { from: 'E', to: 'N', points: 2, reason: 'flower' },
        ],
        deltas: { E: 2, S: -4, N: 2 },
      }),
    ]);
    expect(payments.map((p) => [p.kind, p.correction?.mode, p.transfers[0]?.points])).toEqual([
      ['settlement', undefined, 8],
      ['correction', 'adjustment', 2],
      ['correction', 'replacement', 12],
    ]);
    // The adjustment stood beside the settlement until the replacement restated both.
    expect(payments.map((p) => p.inForce)).toEqual([false, false, true]);
    const [, adjustment, replacement] = payments;
    expect(adjustment?.correction).toMatchObject({
      corrects: 'hand-g1-1:9',
      correctedBy: { role: 'referee', id: 'r1' },
      wrong: 'fan miscounted',
      reason: 'recount',
      replaced: [{ from: 'S', to: 'N', points: 8, reason: 'self-drawn' }],
      standing: [
        { from: 'S', to: 'N', points: 8, reason: 'self-drawn' },
        { from: 'E', to: 'N', points: 2, reason: 'flower' },
      ],
      deltas: { E: -2, N: 2 },
    });
    expect(adjustment?.detail).toBe(
      'adjusts hand-g1-1:9: fan miscounted (recount, by referee r1); E -2, N +2',
    );
    expect(replacement?.correction).toMatchObject({
      amendmentId: 'am-1',
      standing: [{ from: 'S', to: 'N', points: 12, reason: 'self-drawn' }],
      deltas: { E: 2, S: -4, N: 2 },
    });
    expect(replacement?.detail).toContain('replaces hand-g1-1:10');
    expect(replacement?.detail).toContain('amendment am-1');
    expect(steps.at(-1)?.what).toBe('settlement corrected (replacement): fan miscounted');
  });

  it('given an adjustment, then the settlement and the adjustment are both in force', () => {
    const { payments } = replay([
      settled([{ from: 'S', to: 'N', points: 8, reason: 'self-drawn' }]),
      corrected('adjustment', [{ from: 'E', to: 'N', points: 2, reason: 'flower' }]),
    ]);
    expect(payments.map((p) => p.inForce)).toEqual([true, true]);
  });

  it('given a version 1 correction, then it replaces, and what it replaced and moved come from the fold', () => {
    const { payments } = replay([
      settled([{ from: 'S', to: 'N', points: 8, reason: 'self-drawn' }]),
      correctedV1([{ from: 'S', to: 'N', points: 12, reason: 'self-drawn' }]),
    ]);
    expect(payments.map((p) => [p.kind, p.transfers[0]?.points, p.inForce])).toEqual([
      ['settlement', 8, false],
      ['correction', 12, true],
    ]);
    expect(payments[1]?.correction).toMatchObject({
      mode: 'replacement',
      replaced: [{ from: 'S', to: 'N', points: 8, reason: 'self-drawn' }],
      deltas: { S: -4, N: 4 },
    });
  });
});
