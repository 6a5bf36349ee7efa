// An uploaded seating as pasted: one line per table, player ids in seat order E, S, W, N, separated by spaces,
// tabs (a spreadsheet's copied row) or commas. The preview names what the server would refuse, so the organizer
// mends the list before sending it; the server still checks everything (table sizes the ruleset allows, too).
import type { ViewPlayer } from './tournament-view.ts';

export type UploadProblem =
  | { readonly kind: 'unknown-player'; readonly line: number; readonly id: string }
  | { readonly kind: 'not-active'; readonly line: number; readonly id: string }
  | { readonly kind: 'seated-twice'; readonly id: string; readonly lines: readonly number[] }
  | { readonly kind: 'table-size'; readonly line: number; readonly size: number }
  | { readonly kind: 'left-out'; readonly ids: readonly string[] };

export interface UploadedTable {
  /** The line of the paste it came from (1-based), for the problems to point at. */
  readonly line: number;
  readonly ids: readonly string[];
}

export interface UploadedPreview {
  readonly tables: readonly UploadedTable[];
  readonly problems: readonly UploadProblem[];
}

const SMALLEST_TABLE = 2;
const LARGEST_TABLE = 4;

export function previewUploaded(text: string, players: readonly ViewPlayer[]): UploadedPreview {
  const tables: UploadedTable[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = raw.trim();
    if (line === '' || line.startsWith('#')) return;
    tables.push({ line: index + 1, ids: line.split(/[\s,;]+/).filter((id) => id !== '') });
  });

  const byId = new Map(players.map((p) => [p.playerId, p]));
  const problems: UploadProblem[] = [];
  const linesOf = new Map<string, number[]>();
  for (const table of tables) {
    if (table.ids.length < SMALLEST_TABLE || table.ids.length > LARGEST_TABLE)
      problems.push({ kind: 'table-size', line: table.line, size: table.ids.length });
    for (const id of table.ids) {
      linesOf.set(id, [...(linesOf.get(id) ?? []), table.line]);
      const player = byId.get(id);
      if (player === undefined) problems.push({ kind: 'unknown-player', line: table.line, id });
      else if (player.status !== 'active') problems.push({ kind: 'not-active', line: table.line, id });
    }
  }
  for (const [id, lines] of linesOf) if (lines.length > 1) problems.push({ kind: 'seated-twice', id, lines });
  const leftOut = players
    .filter((p) => p.status === 'active' && !linesOf.has(p.playerId))
    .map((p) => p.playerId);
  if (tables.length > 0 && leftOut.length > 0) problems.push({ kind: 'left-out', ids: leftOut });
  return { tables, problems };
}
