import { describe, expect, it } from 'vitest';
import { arranged, at, given, startWith } from '../../domain/play/hand/spec.ts';
import { parseTiles } from '../../domain/tiles/index.ts';
import { facts, foldAll } from '../test-support/facts.ts';
import { RULESET, settled } from '../test-support/tournament-facts.ts';
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

  it('given a settlement and its correction, then both are listed and only the correction is in force', () => {
    const { payments } = replay([
      settled([{ from: 'S', to: 'N', points: 8, reason: 'self-drawn' }]),
      {
        type: 'SettlementCorrected',
        data: {
          corrects: 'hand-g1-1:9',
          correctedBy: { role: 'referee', id: 'r1' },
          wrong: 'fan miscounted',
          reason: 'recount',
          ruleset: { preset: RULESET.preset, version: RULESET.version, hash: RULESET.hash },
          winners: [],
          lapsed: [],
          transfers: [{ from: 'S', to: 'N', points: 12, reason: 'self-drawn' }],
        },
      },
    ]);
    expect(payments.map((p) => [p.kind, p.transfers[0]?.points, p.inForce])).toEqual([
      ['settlement', 8, false],
      ['correction', 12, true],
    ]);
  });
});
