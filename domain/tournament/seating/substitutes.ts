// Substitutes (DESIGN.md "The domain"): seats filled to make up tables of 4 when the count does not divide;
// their results never count, and the seating cost ignores them.

const SUBSTITUTE = /^substitute-[1-9][0-9]*$/;

/** The k-th substitute of a round (from 1): `substitute-k`. */
export function substituteId(k: number): string {
  return `substitute-${k}`;
}

export function isSubstitute(id: string): boolean {
  return SUBSTITUTE.test(id);
}

/**
 * How many of each table's seats go to substitutes: one per table from the last table up, then round again,
 * so that no table holds two while another holds none (in a swiss round the last tables are the lowest).
 */
export function substitutesPerTable(tables: number, substitutes: number): number[] {
  const perTable = Array<number>(tables).fill(0);
  for (let k = 0; k < substitutes; k++) {
    const t = tables - 1 - (k % tables);
    perTable[t] = (perTable[t] ?? 0) + 1;
  }
  return perTable;
}
