// Seed 003's patterns reached at an exhaustive draw, through the decider: All Terminal and Honor Discards (么九池,
// 4000) and Eight Immortals with the last flower still in the wall (8000), each paid as a self-draw beside the
// ready-hand payment ("Ready hand at exhaustive draw: 1000 from player(s) with no ready hand(s)").
import { describe, expect, it } from 'vitest';
import { drawsInTurn, playThrough } from '../../../test/support/pond-hand.ts';
import { deltasOf } from '../../rules/seats.ts';
import { parseTiles, type Tile } from '../../tiles/index.ts';
import type { PlayEvent } from '../events.ts';
import { resettleHand } from '../resettle/index.ts';
import { arranged, arrangedWall, startWith } from './spec.ts';

// Nobody but W is ready (W waits on 7p); every seat throws what it draws, so E's eighteenth discard fills its
// pond: "18 in 4 player". N holds 55z, to call S's last discard when the test says so.
const HANDS = {
  E: '2468m 2468p 2468s 5m 5p',
  S: '3579m 3579p 3579s 4m',
  W: '234m 456p 678s 345s 7p',
  N: '2468m 2468p 246s 55z',
} as const;
/** S draws, and so throws, seventeen honours: its last is the 5z N could pong. */
const S_HONOURS = '1111z 2222z 3333z 4444z 5z';
const DRAWS = 68;

function settledOf(events: readonly PlayEvent[]) {
  const settled = events.find((e) => e.type === 'HandSettled');
  if (settled?.type !== 'HandSettled') throw new Error('the hand was not settled');
  return settled.data;
}

const READY_W = [
  { from: 'E', to: 'W', points: 1000, reason: 'ready hand at exhaustive draw' },
  { from: 'S', to: 'W', points: 1000, reason: 'ready hand at exhaustive draw' },
  { from: 'N', to: 'W', points: 1000, reason: 'ready hand at exhaustive draw' },
];
const paidAsSelfDraw = (to: string, name: string, points: number) =>
  ['E', 'S', 'W', 'N']
    .filter((from) => from !== to)
    .map((from) => ({ from, to, points, reason: `${name} at exhaustive draw: paid as a self-draw` }));

describe('All Terminal and Honor Discards (seed 003, 4000)', () => {
  it('given S threw only honours, none called, when E fills its pond, then S is paid 4000 by each other player, after W’s ready-hand 1000s', () => {
    const start = startWith(
      'hu-mahjong',
      arranged(HANDS, drawsInTurn(HANDS, DRAWS, { first: { S: S_HONOURS } })),
    );
    const { events, state } = playThrough(start);
    expect(events.find((e) => e.type === 'HandDrawn')?.data).toEqual({
      reason: 'pond-full',
      seat: 'E',
      discards: 18,
    });
    expect(state.seats.S!.discarded).toEqual(parseTiles(S_HONOURS));
    const settled = settledOf(events);
    expect(settled.winners).toEqual([]);
    // "Reach exhaustive draw having only discarded terminal and honor tiles, none of which were called by
    // other players": 4000, paid as a self-draw win is ("×1 base points from other player(s)").
    expect(settled.transfers).toEqual([
      ...READY_W,
      ...paidAsSelfDraw('S', 'All Terminal and Honor Discards', 4000),
    ]);
    expect(deltasOf(settled.transfers, 4)).toEqual({ E: -5000, S: 11000, W: -1000, N: -5000 });
    expect(state.phase).toEqual({ kind: 'ended', how: 'drawn' });
    // A retroactive amendment settles the drawn hand again by the same code, the pattern included.
    expect(resettleHand(events, start.ruleset)).toEqual({ kind: 'settled', settlement: settled });
  });

  it('given N pongs S’s last honour, then S’s discards were called and nothing but the ready hand is paid', () => {
    const start = startWith(
      'hu-mahjong',
      arranged(HANDS, drawsInTurn(HANDS, DRAWS, { first: { S: S_HONOURS } })),
    );
    // S's seventeenth discard is the 66th of the hand (E, S, W, N in turn).
    const { events, state } = playThrough(start, {
      claims: [{ seat: 'N', on: 66, claim: { claim: 'pong' } }],
    });
    expect(state.seats.N!.melds).toEqual([{ kind: 'pung', tile: parseTiles('5z')[0], concealed: false }]);
    expect(settledOf(events).transfers).toEqual(READY_W);
  });

  it('given S and W both threw only terminals and honours, then each is paid 4000 by every other player, by the other too', () => {
    const named = { S: S_HONOURS, W: '1111m 999m 1111p 999p 111s' };
    const start = startWith('hu-mahjong', arranged(HANDS, drawsInTurn(HANDS, DRAWS, { first: named })));
    const settled = settledOf(playThrough(start).events);
    expect(settled.transfers).toEqual([
      ...READY_W,
      ...paidAsSelfDraw('S', 'All Terminal and Honor Discards', 4000),
      ...paidAsSelfDraw('W', 'All Terminal and Honor Discards', 4000),
    ]);
    expect(deltasOf(settled.transfers, 4)).toEqual({ E: -9000, S: 7000, W: 11000, N: -9000 });
  });

  it('follows patternPoints, an organizer’s value for it, as any pattern', () => {
    const start = startWith(
      'hu-mahjong',
      arranged(HANDS, drawsInTurn(HANDS, DRAWS, { first: { S: S_HONOURS } })),
      { patternPoints: { 'all-terminal-and-honor-discards': 2000 }, readyHandPayment: 0 },
    );
    expect(settledOf(playThrough(start).events).transfers).toEqual(
      paidAsSelfDraw('S', 'All Terminal and Honor Discards', 2000),
    );
  });
});

describe('Eight Immortals with the last flower still in the wall (seed 003, 8000)', () => {
  // W is dealt seven flowers and replaces them from the back of the wall; the eighth lies where no draw reaches.
  const hands = { ...HANDS, W: '1234567f 234m 456p' };
  function wallWithEighthUndrawn(): { source: 'arranged'; order: Tile[]; dice: [number, number, number] } {
    const order = arrangedWall(hands, drawsInTurn(hands, DRAWS), true);
    const eighth = order.indexOf(parseTiles('8f')[0]!);
    const [flower] = order.splice(eighth, 1);
    // After the 53 dealt and the live draws from the front, short of the seven replacements from the back.
    order.splice(53 + DRAWS + 5, 0, flower!);
    return { source: 'arranged', order, dice: [3, 4, 5] };
  }

  it('given W declared seven flowers, when the hand is drawn with the eighth in the wall, then W is paid 8000 by each other player', () => {
    // "Declare 7 flowers and reach exhaustive draw with the last one being in the dead wall": with no set dead
    // wall, the tiles left undrawn are read as the dead wall.
    const start = startWith('hu-mahjong', wallWithEighthUndrawn(), { flowers: true, readyHandPayment: 0 });
    const { events, state } = playThrough(start);
    expect(state.seats.W!.flowers).toHaveLength(7);
    const settled = settledOf(events);
    expect(settled.winners).toEqual([]);
    expect(settled.transfers).toEqual(paidAsSelfDraw('W', 'Eight Immortals', 8000));
    expect(deltasOf(settled.transfers, 4)).toEqual({ E: -8000, S: -8000, W: 24000, N: -8000 });
  });
});
