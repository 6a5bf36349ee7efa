// Given hands' payments and penalties, then each player's running points step by step, the last equal to
// what the standings count; a hand's payments no longer in force count nothing.
import { describe, expect, it } from 'vitest';
import { chartRows, handDeltas, progressOf } from './progress.ts';

describe('progress', () => {
  it('given a settlement later replaced, then only the replacement counts, by the player at each seat', () => {
    const deltas = handDeltas({
      over: true,
      seats: { E: 'ana', S: 'bo', W: 'cy', N: 'di' },
      payments: [
        { inForce: false, transfers: [{ from: 'N', to: 'S', points: 18300 }] },
        { inForce: true, transfers: [{ from: 'N', to: 'S', points: 6100 }] },
        { inForce: true, transfers: [{ from: 'E', to: 'W', points: 500 }] },
      ],
    });
    expect(deltas).toEqual({ di: -6100, bo: 6100, ana: -500, cy: 500 });
  });

  it('given two rounds of hands and penalties, then running totals per step', () => {
    const progress = progressOf(
      [
        { round: 1, gameId: 'r1t1', hand: 1, deltas: { ana: 100, bo: -100 } },
        { round: 1, gameId: 'r1t2', hand: 1, deltas: { cy: 50, di: -50 } },
        { round: 1, gameId: 'r1t1', hand: 2, deltas: { ana: -30, bo: 30 } },
        { round: 2, gameId: 'r2t1', hand: 1, deltas: { ana: 10, cy: -10 } },
      ],
      [
        { playerId: 'di', points: 20, status: 'active', round: 1 },
        { playerId: 'bo', points: 5, status: 'active', round: 2, hand: 1 },
        { playerId: 'ana', points: 999, status: 'cancelled' },
        { playerId: 'cy', points: 7, status: 'active' },
      ],
      ['ana', 'bo', 'cy', 'di'],
    );
    expect(progress.steps).toEqual([
      { round: 1, hand: 1 },
      { round: 1, hand: 2 },
      { round: 2, hand: 1 },
    ]);
    expect(Object.fromEntries(progress.players.map((p) => [p.playerId, p.totals]))).toEqual({
      ana: [100, 70, 80],
      bo: [-100, -70, -75],
      cy: [50, 50, 33],
      di: [-50, -70, -70],
    });
  });

  it('given selected players, then a start at 0 and one chart row per step with their points', () => {
    const progress = progressOf(
      [{ round: 1, gameId: 'g', hand: 1, deltas: { ana: 100, bo: -100 } }],
      [],
      ['ana', 'bo'],
    );
    expect(chartRows(progress, ['ana'])).toEqual([
      { step: '0', round: 0, hand: 0, ana: 0 },
      { step: '1.1', round: 1, hand: 1, ana: 100 },
    ]);
  });
});
