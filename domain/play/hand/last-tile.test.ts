// Seed 003, "Winning on the Last Draw/Discard (海底捞月; hái dǐ lāo yuè): 1000", with "No set dead wall length;
// game draws the moment any player's discard pond reaches a certain length ... (18 in 4 player ...)". Read by the
// pond (option lastTile, the default): the last discard fills a pond and is offered to wins first; the last draw
// is that of the seat whose next discard would fill its pond. Read by the wall ('wall'), neither comes.
import { describe, expect, it } from 'vitest';
import { drawsInTurn, playThrough } from '../../../test/support/pond-hand.ts';
import { deltasOf } from '../../rules/seats.ts';
import { parseTiles } from '../../tiles/index.ts';
import type { PlayEvent } from '../events.ts';
import { arranged, startWith } from './spec.ts';

const DRAWS = 68;
const NINE_P = parseTiles('9p')[0]!;

function settledOf(events: readonly PlayEvent[]) {
  const settled = events.find((e) => e.type === 'HandSettled');
  if (settled?.type !== 'HandSettled') throw new Error('the hand was not settled');
  return settled.data;
}

describe('the last discard: the one that fills a pond', () => {
  // W waits on 9p with no pattern (123m 456p 789s 222s 9p); E throws what it draws, and its seventeenth draw,
  // thrown as its eighteenth discard, fills its pond: 9p. S could chow it (78p), were it any other discard.
  const hands = {
    E: '2468m 2468p 2468s 5m 5p',
    S: '3579m 3578p 3579s 4m',
    W: '123m 456p 789s 222s 9p',
    N: '2468m 2468p 46s 55z 7z',
  };
  const wall = arranged(hands, drawsInTurn(hands, DRAWS, { first: { S: '99p' }, last: { E: '9p' } }));
  // E's eighteenth discard is the 69th of the hand (E, S, W, N in turn).
  const wins = { claims: [{ seat: 'W' as const, on: 69, claim: { claim: 'win' as const } }] };

  it('is offered to wins alone before the hand is drawn, and W wins on it: 1000, paid ×3 by E', () => {
    const { events } = playThrough(startWith('hu-mahjong', wall), wins);
    const last = events.findLast((e) => e.type === 'ClaimWindowOpened');
    expect(last?.data).toMatchObject({
      offer: { tile: NINE_P, from: 'E', kind: 'discard' },
      seats: { W: { win: true, kong: false, pong: false, chows: [] } },
    });
    expect(events.some((e) => e.type === 'HandDrawn')).toBe(false);
    expect(events.find((e) => e.type === 'WinDeclared')?.data).toEqual({
      seat: 'W',
      tile: NINE_P,
      by: 'discard',
      from: 'E',
    });
    // The hand shows no pattern: the luck bonus alone qualifies it ("qualify any hand for a win").
    const settled = settledOf(events);
    expect(settled.winners).toEqual([{ seat: 'W', handScore: 1000, effectiveScore: 1000 }]);
    expect(settled.transfers).toEqual([{ from: 'E', to: 'W', points: 3000, reason: 'discard win' }]);
  });

  it('nobody winning on it, the hand is drawn by the pond it filled', () => {
    const { events } = playThrough(startWith('hu-mahjong', wall));
    const types = events.map((e) => e.type);
    expect(types.slice(-7)).toEqual([
      'TileDiscarded',
      'ClaimWindowOpened',
      'ClaimTimedOut',
      'ClaimResolved',
      'HandDrawn',
      'HandSettled',
      'WallRevealed',
    ]);
    expect(events.find((e) => e.type === 'HandDrawn')?.data).toEqual({
      reason: 'pond-full',
      seat: 'E',
      discards: 18,
    });
    // W is ready: "Ready hand at exhaustive draw: 1000 from player(s) with no ready hand(s)".
    expect(deltasOf(settledOf(events).transfers, 4)).toEqual({ E: -1000, S: -1000, W: 3000, N: -1000 });
  });

  it("read by the wall (lastTile: 'wall'), the discard that fills the pond draws the hand at once, offered to nobody", () => {
    const { events } = playThrough(startWith('hu-mahjong', wall, { lastTile: 'wall' }), wins);
    const types = events.map((e) => e.type);
    expect(types.slice(-4)).toEqual(['TileDiscarded', 'HandDrawn', 'HandSettled', 'WallRevealed']);
    expect(types).not.toContain('WinDeclared');
  });
});

describe('the last draw: that of the seat whose next discard would fill its pond', () => {
  // E waits on 9p (123m 456p 789s 222s 9p after throwing 5m) and draws it with seventeen discards made.
  const hands = {
    E: '123m 456p 789s 222s 9p 5m',
    S: '3579m 3578p 3579s 4m',
    W: '2468m 2468p 468s 55z',
    N: '2468m 2468p 468s 77z',
  };
  const wall = arranged(hands, drawsInTurn(hands, DRAWS, { first: { S: '99p' }, last: { E: '9p' } }));
  const plan = { selfDraw: { seat: 'E' as const, discards: 17 } };

  it('E wins on it by self-draw: Fully Concealed Hand 500 and the Last Draw 1000, 1500 from each other player', () => {
    const { events } = playThrough(startWith('hu-mahjong', wall), plan);
    const settled = settledOf(events);
    expect(settled.winners).toEqual([{ seat: 'E', handScore: 1500, effectiveScore: 1500 }]);
    expect(deltasOf(settled.transfers, 4)).toEqual({ E: 4500, S: -1500, W: -1500, N: -1500 });
  });

  it("read by the wall (lastTile: 'wall'), the same draw is no last draw: 500 from each", () => {
    const { events } = playThrough(startWith('hu-mahjong', wall, { lastTile: 'wall' }), plan);
    expect(settledOf(events).winners).toEqual([{ seat: 'E', handScore: 500, effectiveScore: 500 }]);
  });
});
