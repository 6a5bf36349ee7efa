// Plans kept as orbits of a group of translations: 8k players, point 8·o + h is h ∈ GF(2)³ in orbit o (o =
// 0 … k − 1), and a translation g (0 … 7) moves it to 8·o + (h XOR g), that is p XOR g. A round the
// translations of a subgroup keep is given by one table of each orbit; a round they do not keep comes with its
// image under the rest of the group (its twin). Found offline (test/seating/find-translated.ts, a SAT search
// under this symmetry); the schedules found are kept in schedules.ts.
import type { PointRound } from './designs.ts';

export interface TranslatedRound {
  /** One table of each orbit of the round's tables under `under`. */
  readonly tables: readonly (readonly number[])[];
  /** The translations that keep the round (a subgroup of 0 … 7 under XOR). */
  readonly under: readonly number[];
  /** When given, a second round: every table of this one translated by `twin`. */
  readonly twin?: number;
}

const translated = (table: readonly number[], g: number): number[] =>
  table.map((p) => p ^ g).sort((a, b) => a - b);

/** The rounds of a translated schedule, a twin after the round it is made from. */
export function developTranslated(schedule: readonly TranslatedRound[]): PointRound[] {
  const rounds: PointRound[] = [];
  for (const { tables, under, twin } of schedule) {
    const seen = new Set<string>();
    const round: number[][] = [];
    for (const table of tables)
      for (const g of under) {
        const moved = translated(table, g);
        const key = moved.join(',');
        if (seen.has(key)) continue;
        seen.add(key);
        round.push(moved);
      }
    rounds.push(round);
    if (twin !== undefined) rounds.push(round.map((table) => translated(table, twin)));
  }
  return rounds;
}
