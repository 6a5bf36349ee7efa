import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { tableSizesFor } from './table-sizes.ts';
import type { TableSize } from './types.ts';

describe('tableSizesFor', () => {
  it('seats 30 players at [4, 3, 2] as six tables of 4 and two of 3', () => {
    expect(tableSizesFor(30, [4, 3, 2])).toEqual({ sizes: [4, 4, 4, 4, 4, 4, 3, 3], substitutes: 0 });
  });

  it('rounds 30 players up to eight tables of 4 with 2 substitutes when only 4 is allowed', () => {
    expect(tableSizesFor(30, [4])).toEqual({ sizes: [4, 4, 4, 4, 4, 4, 4, 4], substitutes: 2 });
  });

  it.each([
    [5, [4, 3, 2], [3, 2]],
    [6, [4, 3, 2], [3, 3]],
    [6, [4, 2], [4, 2]],
    [2, [4, 3, 2], [2]],
    [9, [4, 3, 2], [3, 3, 3]],
    [13, [4, 3], [4, 3, 3, 3]],
    [16, [4, 3, 2], [4, 4, 4, 4]],
  ] as const)(
    'seats %i players at %j as %j: a table of 2 only when no other mix fits',
    (count, allowed, sizes) => {
      expect(tableSizesFor(count, allowed)).toEqual({ sizes, substitutes: 0 });
    },
  );

  it('fills with substitutes when no mix of the allowed sizes fits', () => {
    expect(tableSizesFor(5, [4, 3])).toEqual({ sizes: [3, 3], substitutes: 1 });
    expect(tableSizesFor(5, [4])).toEqual({ sizes: [4, 4], substitutes: 3 });
    expect(tableSizesFor(7, [4, 2])).toEqual({ sizes: [4, 4], substitutes: 1 });
  });

  it('refuses fewer players than the smallest table, naming the count and the sizes', () => {
    expect(() => tableSizesFor(3, [4])).toThrow(RangeError);
    expect(() => tableSizesFor(3, [4])).toThrow('3 players cannot be seated at tables of [4]');
    expect(() => tableSizesFor(1, [4, 3, 2])).toThrow('1 players cannot be seated at tables of [4, 3, 2]');
    expect(() => tableSizesFor(8, [])).toThrow('no table size allowed');
  });

  it('seats everyone at allowed sizes, with substitutes only when no exact mix exists', () => {
    const allowedArb = fc.subarray<TableSize>([4, 3, 2], { minLength: 1 });
    fc.assert(
      fc.property(fc.integer({ min: 4, max: 300 }), allowedArb, (count, allowed) => {
        const { sizes, substitutes } = tableSizesFor(count, allowed);
        expect(sizes.every((size) => allowed.includes(size))).toBe(true);
        expect(sizes.reduce((a, b) => a + b, 0)).toBe(count + substitutes);
        expect(substitutes > 0).toBe(!exactMixExists(count, allowed));
        expect(substitutes).toBeLessThan(Math.max(...allowed));
      }),
    );
  });
});

/** Brute force: some counts of the allowed sizes add up to `count`. */
function exactMixExists(count: number, allowed: readonly TableSize[]): boolean {
  const reachable = [true];
  for (let total = 1; total <= count; total++)
    reachable[total] = allowed.some((size) => total >= size && reachable[total - size] === true);
  return reachable[count] === true;
}
