// Table sizes of a tournament round (DESIGN.md "The domain"; seed 003 plays hu-mahjong at 4, 3 or 2): as many
// tables of 4 as the count allows, 3s for the rest, 2s only when nothing else fits, substitutes last.
import type { TableSize } from './types.ts';

export interface TablePlan {
  /** Seats per table, largest first; substitutes' seats included. */
  readonly sizes: readonly TableSize[];
  /** Seats no registered player fills: `substitute-1` … sit there. */
  readonly substitutes: number;
}

const SIZES: readonly TableSize[] = [4, 3, 2];

/**
 * The tables for `playerCount` players when the ruleset allows `allowedSizes`, chosen in this order: no
 * substitutes if some mix of allowed sizes seats everyone; then the fewest tables of 2; then the most tables of
 * 4. So 30 players at [4, 3, 2] sit 4 × 6 and 3 × 2, 5 players 3 + 2, 6 players 3 + 3, and 6 at [4, 2] 4 + 2.
 * When no mix fits (only [4] allowed and the count not a multiple of 4), the count is rounded up to the
 * fewest extra seats that fit, and those seats go to substitutes.
 *
 * Throws a RangeError when there are fewer players than the smallest allowed table (a table of substitutes
 * around one or two players is no game) or when no size is allowed.
 */
export function tableSizesFor(playerCount: number, allowedSizes: readonly TableSize[]): TablePlan {
  const allowed = SIZES.filter((size) => allowedSizes.includes(size));
  const smallest = allowed[allowed.length - 1];
  const shown = `[${allowedSizes.join(', ')}]`;
  if (smallest === undefined)
    throw new RangeError(`no table size allowed (${shown}): tables seat 2, 3 or 4 players`);
  if (!Number.isInteger(playerCount) || playerCount < smallest)
    throw new RangeError(
      `${playerCount} players cannot be seated at tables of ${shown}: the smallest table seats ${smallest}`,
    );
  // Some count among playerCount … playerCount + largest − 1 is a multiple of the largest size, so this ends.
  for (let substitutes = 0; ; substitutes++) {
    const counts = exactMix(playerCount + substitutes, allowed);
    if (counts !== undefined) return { sizes: sizesOf(counts), substitutes };
  }
}

interface Mix {
  readonly fours: number;
  readonly threes: number;
  readonly twos: number;
}

/** The mix seating exactly `seats`, with the fewest 2s, then the fewest 3s; undefined if none does. */
function exactMix(seats: number, allowed: readonly TableSize[]): Mix | undefined {
  const maxTwos = allowed.includes(2) ? Math.floor(seats / 2) : 0;
  for (let twos = 0; twos <= maxTwos; twos++) {
    const rest = seats - 2 * twos;
    // Fewest 3s: a remainder of 4 is only ever 0 to 3 threes away, since four 3s make three 4s.
    const maxThrees = allowed.includes(3) ? (allowed.includes(4) ? 3 : Math.floor(rest / 3)) : 0;
    for (let threes = 0; threes <= maxThrees && 3 * threes <= rest; threes++) {
      const left = rest - 3 * threes;
      if (left === 0) return { fours: 0, threes, twos };
      if (allowed.includes(4) && left % 4 === 0) return { fours: left / 4, threes, twos };
    }
  }
  return undefined;
}

function sizesOf({ fours, threes, twos }: Mix): TableSize[] {
  return [
    ...Array<TableSize>(fours).fill(4),
    ...Array<TableSize>(threes).fill(3),
    ...Array<TableSize>(twos).fill(2),
  ];
}
