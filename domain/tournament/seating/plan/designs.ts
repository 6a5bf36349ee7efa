// Known constructions of rounds with no repeat pair at tables of 4 (resolvable designs): the resolvable
// transversal design RTD(4, q) over GF(q), its groups split again by the same construction, and so the affine
// plane AG(2, 4) for 16 players (RTD(4, 4) and its groups: 5 rounds).
import { galoisField } from './galois.ts';

/** A round: its tables, each a list of design points 0 … M − 1. */
export type PointRound = readonly (readonly number[])[];

/**
 * Rounds of tables of 4 over `points` points (a multiple of 4) in which no two points meet twice, as many as
 * the constructions give:
 *
 * - points = 4q, q a prime power ≥ 4: the q rounds of RTD(4, q) — point (i, x), i the group 0 … 3 and x in
 *   GF(q), is i·q + x; round a seats at table b the points (i, a·tᵢ + b), tᵢ = 0, 1, 2, 3 — and when q is a
 *   multiple of 4 the rounds of the same construction inside each group (points of one group never meet in
 *   RTD rounds), played by all four groups at once;
 * - any other multiple of 4: one round, points in order.
 *
 * So 16 → 5 rounds (AG(2, 4)), 20 → 5, 28 → 7, 32 → 9, 36 → 9, 44 → 11, 52 → 13, 64 → 21.
 */
export function designRounds(points: number): PointRound[] {
  if (points % 4 !== 0 || points < 4) return [];
  const q = points / 4;
  const field = q >= 4 ? galoisField(q) : undefined;
  if (field === undefined)
    return [Array.from({ length: q }, (_, t) => [4 * t, 4 * t + 1, 4 * t + 2, 4 * t + 3])];
  const rounds: PointRound[] = [];
  for (let a = 0; a < q; a++)
    rounds.push(
      Array.from({ length: q }, (_, b) => [0, 1, 2, 3].map((i) => i * q + field.add(field.mul(a, i), b))),
    );
  if (q % 4 === 0)
    for (const inner of designRounds(q))
      rounds.push([0, 1, 2, 3].flatMap((group) => inner.map((table) => table.map((x) => group * q + x))));
  return rounds;
}
