// The standings' rows as this page shows them: the API's rows (place, points, table points, games) with each
// player's club and penalties from the tournament, and the filters. A filter hides rows and never re-ranks:
// a player's place is their place in the whole field.
import type { PenaltyView, StandingRow, TournamentView } from './standings-data.ts';

/** What the rows need of the tournament: clubs and penalties. */
export interface ClubsAndPenalties {
  readonly players: readonly Pick<TournamentView['players'][number], 'playerId' | 'club'>[];
  readonly penalties: readonly Pick<PenaltyView, 'playerId' | 'points' | 'status'>[];
}

export interface Row extends StandingRow {
  readonly club: string | undefined;
  /** Points of the penalties in force (already taken off `points`). */
  readonly penalties: number;
  /** Another player holds the same place. */
  readonly shared: boolean;
}

export function rowsOf(standings: readonly StandingRow[], tournament: ClubsAndPenalties | undefined): Row[] {
  const clubs = new Map((tournament?.players ?? []).map((p) => [p.playerId, p.club]));
  const penalties = penaltiesByPlayer(tournament?.penalties ?? []);
  const placeCount = new Map<number, number>();
  for (const row of standings) placeCount.set(row.place, (placeCount.get(row.place) ?? 0) + 1);
  return standings.map((row) => ({
    ...row,
    club: clubs.get(row.playerId) || undefined,
    penalties: penalties.get(row.playerId) ?? 0,
    shared: (placeCount.get(row.place) ?? 0) > 1,
  }));
}

function penaltiesByPlayer(penalties: ClubsAndPenalties['penalties']): Map<string, number> {
  const out = new Map<string, number>();
  for (const p of penalties)
    if (p.status === 'active') out.set(p.playerId, (out.get(p.playerId) ?? 0) + p.points);
  return out;
}

/** "=3" for a place held by several players (Pantheon's users asked for shared places on tied scores). */
export const placeLabel = (row: Pick<Row, 'place' | 'shared'>): string =>
  row.shared ? `=${row.place}` : String(row.place);

export interface Filter {
  /** Part of a name (or player id), any case. */
  readonly search: string;
  /** A club, or undefined for every club. */
  readonly club: string | undefined;
}

export const noFilter: Filter = { search: '', club: undefined };

export function filterRows(rows: readonly Row[], filter: Filter): Row[] {
  const search = filter.search.trim().toLocaleLowerCase();
  return rows.filter(
    (row) =>
      (search === '' ||
        row.name.toLocaleLowerCase().includes(search) ||
        row.playerId.toLocaleLowerCase().includes(search)) &&
      (filter.club === undefined || row.club === filter.club),
  );
}

export const clubsOf = (rows: readonly Row[]): string[] =>
  [...new Set(rows.flatMap((r) => (r.club === undefined ? [] : [r.club])))].sort((a, b) =>
    a.localeCompare(b),
  );
