// Seed 003, Eight Immortals (八仙过海): 8000 (limit), through the decider. "Declare 7 flowers and have someone
// declare the last one. Considered as winning by discard"; "Declare 6 flowers, have someone declare the 7th, and
// explicitly draw the last one from the wall within the next go-around. Considered as winning by discard"; and
// "Declare 8 flowers". Flowers are declared, and replaced from the back of the wall, as they are drawn.
import { describe, expect, it } from 'vitest';
import { drawsInTurn, playThrough } from '../../../test/support/pond-hand.ts';
import { rulesetOf } from '../../rules/rulesets/index.ts';
import type { Seat } from '../../rules/seats.ts';
import { parseTiles } from '../../tiles/index.ts';
import { PlayEvent } from '../events.ts';
import { resettleHand } from '../resettle/index.ts';
import { arranged, fold, startWith } from './spec.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const DRAWS = 68;
const WITH_FLOWERS = { withFlowers: true };
const WIN = { claim: 'win' as const };

function settledOf(events: readonly PlayEvent[]) {
  const settled = events.find((e) => e.type === 'HandSettled');
  if (settled?.type !== 'HandSettled') throw new Error('the hand was not settled');
  return settled.data;
}

const HANDS = {
  E: '2468m 2468p 2468s 5m 5p',
  S: '3579m 3579p 3579s 4m',
  N: '2468m 2468p 246s 55z',
};

describe('seven flowers, and someone declares the last one', () => {
  // W is dealt seven flowers (replaced at the deal); N draws the winter, the eighth, with its first draw.
  const hands = { ...HANDS, W: '1234567f 123m 456p' };
  const wall = arranged(hands, drawsInTurn(hands, DRAWS, { first: { N: '8f' } }), WITH_FLOWERS);
  const start = startWith('hu-mahjong', wall, { flowers: true });

  it('offers N’s flower to W alone, win only; W wins on it as on N’s discard: 8000 ×3, 24000 from N', () => {
    const { events } = playThrough(start, { claims: [{ seat: 'W', on: 'flower', claim: WIN }] });
    const offered = events.find((e) => e.type === 'ClaimWindowOpened' && e.data.offer.kind === 'flower');
    expect(offered?.data).toMatchObject({
      offer: { tile: tile('8f'), from: 'N', kind: 'flower' },
      seats: { W: { win: true, kong: false, pong: false, chows: [] } },
    });
    expect(events.find((e) => e.type === 'WinDeclared')?.data).toEqual({
      seat: 'W',
      tile: tile('8f'),
      by: 'discard',
      from: 'N',
    });
    const settled = settledOf(events);
    expect(settled.winners).toEqual([{ seat: 'W', handScore: 8000, effectiveScore: 8000 }]);
    // "Win by discard (4/3/2 player): base points ×3/×2.5/×2": the flower's declarer pays.
    expect(settled.transfers).toEqual([{ from: 'N', to: 'W', points: 24000, reason: 'discard win' }]);
  });

  it('is stored and read back as played, and settled again the same (a retroactive amendment)', () => {
    const { events, state } = playThrough(start, { claims: [{ seat: 'W', on: 'flower', claim: WIN }] });
    for (const event of events) expect(PlayEvent.safeParse(event).success).toBe(true);
    expect(fold(JSON.parse(JSON.stringify(events)) as PlayEvent[])).toEqual(state);
    expect(resettleHand(events, rulesetOf('hu-mahjong', start.ruleset.options))).toEqual({
      kind: 'settled',
      settlement: settledOf(events),
    });
  });

  it('W letting it go, N draws the flower’s replacement and plays on; at the draw the eighth is N’s: nothing scored', () => {
    const { events, state } = playThrough(start);
    const flowerWindow = events.findIndex(
      (e) => e.type === 'ClaimWindowOpened' && e.data.offer.kind === 'flower',
    );
    expect(events.slice(flowerWindow + 1, flowerWindow + 4).map((e) => [e.type, e.data])).toEqual([
      ['ClaimTimedOut', { seat: 'W' }],
      ['ClaimResolved', { outcome: 'no-claim', lapsed: [], lockedUntilDraw: [] }],
      ['TileDrawn', { seat: 'N', tile: expect.any(Number), source: 'replacement' }],
    ]);
    expect(state.phase).toEqual({ kind: 'ended', how: 'drawn' });
    // "should the last one be in the possession of another player, Eight Immortals is not scored".
    expect(settledOf(events).transfers.filter((t) => t.reason.startsWith('Eight'))).toEqual([]);
  });

  it('at three players, W is paid ×2.5 by the declarer: 20000', () => {
    const three = { E: HANDS.E, S: HANDS.S, W: '1234567f 123m 456p' };
    const threeWall = arranged(three, drawsInTurn(three, DRAWS, { first: { S: '8f' } }, 3), WITH_FLOWERS);
    const { events } = playThrough(startWith('hu-mahjong', threeWall, { flowers: true, players: 3 }, 3), {
      claims: [{ seat: 'W', on: 'flower', claim: WIN }],
    });
    expect(settledOf(events).transfers).toEqual([
      { from: 'S', to: 'W', points: 20000, reason: 'discard win' },
    ]);
  });
});

describe('six flowers, someone declares the seventh, and the last one drawn within the next go-around', () => {
  // W is dealt six flowers; S draws the seventh (7f) with its first draw, W the eighth (8f).
  const hands = { ...HANDS, W: '123456f 123m 456p 7z' };

  it('offers S’s seventh flower to W when W draws the eighth before S draws again: W wins, S pays 24000', () => {
    const draws = drawsInTurn(hands, DRAWS, { first: { S: '7f', W: '8f' } });
    const { events } = playThrough(
      startWith('hu-mahjong', arranged(hands, draws, WITH_FLOWERS), { flowers: true }),
      {
        claims: [{ seat: 'W', on: 'flower', claim: WIN }],
      },
    );
    const offered = events.find((e) => e.type === 'ClaimWindowOpened' && e.data.offer.kind === 'flower');
    expect(offered?.data).toMatchObject({
      offer: { tile: tile('7f'), from: 'S', kind: 'flower' },
      seats: { W: { win: true } },
    });
    expect(events.find((e) => e.type === 'WinDeclared')?.data).toEqual({
      seat: 'W',
      tile: tile('7f'),
      by: 'discard',
      from: 'S',
    });
    expect(settledOf(events).transfers).toEqual([
      { from: 'S', to: 'W', points: 24000, reason: 'discard win' },
    ]);
  });

  it('offers nothing when W draws the eighth only after S has drawn again', () => {
    const draws = drawsInTurn(hands, DRAWS, { first: { S: '7f', W: '9s 8f' } });
    const { events, state } = playThrough(
      startWith('hu-mahjong', arranged(hands, draws, WITH_FLOWERS), { flowers: true }),
      { claims: [{ seat: 'W', on: 'flower', claim: WIN }] },
    );
    expect(events.some((e) => e.type === 'ClaimWindowOpened' && e.data.offer.kind === 'flower')).toBe(false);
    expect(state.seats.W!.flowers).toHaveLength(7);
    expect(state.phase).toEqual({ kind: 'ended', how: 'drawn' });
  });
});

describe('eight flowers declared', () => {
  it('W, dealt seven, draws the eighth itself (its second draw) and wins on the replacement by self-draw: 8000 from each', () => {
    const hands = { ...HANDS, W: '1234567f 123m 456p' };
    const draws = drawsInTurn(hands, DRAWS, { first: { W: '9s 8f' } });
    const start = startWith('hu-mahjong', arranged(hands, draws, WITH_FLOWERS), { flowers: true });
    const { events } = playThrough(start, { selfDraw: { seat: 'W' as Seat, discards: 1 } });
    expect(events.some((e) => e.type === 'ClaimWindowOpened' && e.data.offer.kind === 'flower')).toBe(false);
    expect(events.find((e) => e.type === 'WinDeclared')?.data).toMatchObject({ seat: 'W', by: 'self-draw' });
    const settled = settledOf(events);
    expect(settled.winners).toEqual([{ seat: 'W', handScore: 8000, effectiveScore: 8000 }]);
    expect(settled.transfers.map((t) => [t.from, t.to, t.points])).toEqual([
      ['E', 'W', 8000],
      ['S', 'W', 8000],
      ['N', 'W', 8000],
    ]);
  });
});
