import { describe, expect, it } from 'vitest';
import { seatingCost, windImbalanceByPlayer } from './cost.ts';
import type { PastRound, SeatedTable } from './types.ts';

const table = (...ids: string[]): SeatedTable => {
  const [E, S, W, N] = ids;
  return { E, S, ...(W === undefined ? {} : { W }), ...(N === undefined ? {} : { N }) };
};
const round = (...tables: SeatedTable[]): PastRound => ({ tables });

describe('seatingCost', () => {
  it('costs nothing when nobody meets twice', () => {
    const history = [
      round(table('a', 'b', 'c', 'd'), table('e', 'f', 'g', 'h')),
      round(table('a', 'e'), table('b', 'f')),
    ];
    expect(seatingCost(history)).toMatchObject({ repeatPairs: 0, consecutiveRepeats: 0 });
  });

  it('counts each meeting after a pair’s first, and as consecutive only right after another', () => {
    const abcd = round(table('a', 'b', 'c', 'd'));
    const aefg = round(table('a', 'e', 'f', 'g'));
    const acef = round(table('a', 'c', 'e', 'f'));
    expect(seatingCost([abcd, aefg, abcd])).toMatchObject({ repeatPairs: 6, consecutiveRepeats: 0 });
    expect(seatingCost([abcd, abcd])).toMatchObject({ repeatPairs: 6, consecutiveRepeats: 6 });
    // a and c meet in all three rounds: two extra meetings, each right after one; the other five pairs of
    // the third round met two rounds before.
    expect(seatingCost([abcd, acef, abcd])).toMatchObject({ repeatPairs: 7, consecutiveRepeats: 2 });
  });

  it('leaves substitutes out of pairs and winds', () => {
    const withSub = round(table('a', 'b', 'c', 'substitute-1'));
    expect(seatingCost([withSub, withSub])).toEqual({
      repeatPairs: 3,
      consecutiveRepeats: 3,
      windImbalance: 6,
    });
    expect(windImbalanceByPlayer([withSub]).has('substitute-1')).toBe(false);
  });

  it('measures winds over the largest table a player sat at', () => {
    const history = [
      round(table('a', 'b', 'c', 'd')),
      round(table('a', 'c', 'd', 'b')),
      round(table('x', 'y', 'z'), table('d', 'a', 'b', 'c')),
      round(table('y', 'z', 'x')),
      round(table('z', 'x', 'y')),
    ];
    const imbalance = windImbalanceByPlayer(history);
    // a: E, E, S and never W or N.
    expect(imbalance.get('a')).toBe(2);
    // x, y, z sat E, S and W once each at tables of 3: no North to miss.
    expect(imbalance.get('x')).toBe(0);
    expect(seatingCost(history).windImbalance).toBe([...imbalance.values()].reduce((s, v) => s + v, 0));
  });
});
