// Uploaded seating (DESIGN.md "The domain", tournament seating): the organizer's tables, checked and kept
// as listed, each in seat order E, S, W, N.
import { SEATS } from '../../rules/seats.ts';
import { SeatingError } from './errors.ts';
import { isSubstitute } from './substitutes.ts';
import type { SeatedTable, TableSize } from './types.ts';

/**
 * The organizer's tables as seated tables, after checking that every player sits exactly once, that nobody
 * else sits but listed substitutes (`substitute-k`), and that each table's size, substitutes counted, is
 * allowed: a short table is not filled with substitutes unless the organizer lists them. Every problem is
 * named in one SeatingError.
 */
export function uploadedSeating(
  players: readonly string[],
  listed: readonly (readonly string[])[],
  allowedSizes: readonly TableSize[],
): { tables: SeatedTable[]; substitutes: string[] } {
  const problems: string[] = [];
  const registered = new Set(players);
  const seatedAt = new Map<string, number[]>();
  listed.forEach((table, t) => {
    if (!(allowedSizes as readonly number[]).includes(table.length))
      problems.push(
        `table ${t + 1} seats ${table.length}, but the tables allowed seat ${allowedSizes.join(' or ')}` +
          ' (list substitutes as substitute-1, substitute-2, …)',
      );
    for (const id of table) seatedAt.set(id, [...(seatedAt.get(id) ?? []), t + 1]);
  });
  for (const [id, tables] of seatedAt) {
    if (tables.length > 1)
      problems.push(`${id} is seated ${tables.length} times (tables ${tables.join(', ')})`);
    if (!registered.has(id) && !isSubstitute(id))
      problems.push(`${id} (table ${tables.join(', ')}) is not a player of this round`);
  }
  const missing = players.filter((id) => !seatedAt.has(id));
  if (missing.length > 0) problems.push(`not seated: ${missing.join(', ')}`);
  if (problems.length > 0) throw new SeatingError(`uploaded seating: ${problems.join('; ')}`);
  const tables = listed.map((table) => {
    const seated: Partial<Record<(typeof SEATS)[number], string>> = {};
    table.forEach((id, i) => {
      seated[SEATS[i]!] = id;
    });
    return seated;
  });
  return { tables, substitutes: [...seatedAt.keys()].filter((id) => !registered.has(id)) };
}
