// The standings as CSV, built here from the rows shown: the API has no HTTP export (the command line's
// `export --what standings` writes the same columns, less club and penalties). Cells are quoted as RFC 4180
// asks, and a text cell a spreadsheet would run as a formula (=, +, -, @ first) is opened with an apostrophe,
// so a player's name can never be a formula on the organizer's computer.
import type { Row } from './standings-rows.ts';

export const CSV_HEADER = [
  'place',
  'shared',
  'playerId',
  'name',
  'club',
  'points',
  'tablePoints',
  'penaltyPoints',
  'games',
  'withdrawn',
] as const;

export function csvCell(value: string | number | boolean): string {
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function standingsCsv(rows: readonly Row[]): string {
  const lines = rows.map((r) =>
    [
      r.place,
      r.shared,
      r.playerId,
      r.name,
      r.club ?? '',
      r.points,
      r.tablePoints,
      r.penalties,
      r.games,
      r.withdrawn,
    ]
      .map(csvCell)
      .join(','),
  );
  return `${[CSV_HEADER.join(','), ...lines].join('\r\n')}\r\n`;
}

/** Has the browser save `text` as `fileName`. */
export function download(fileName: string, text: string): void {
  // A byte-order mark, so a spreadsheet opens Chinese names as UTF-8.
  const url = URL.createObjectURL(new Blob(['\ufeff', text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}
