// The tournament as GET /api/tournaments/:id answers it, the board's tables as GET …/board does, and what the
// organizer must look at now, derived from both: disputes to rule, tables past their time or quiet for long,
// a round whose tables are all done (to close), tables a closed round left unfinished, and a round waiting
// to be seated or started.
import type { Schemas } from '../../api/client.ts';

export type TournamentView = Schemas['Tournament'];
export type TournamentRound = Schemas['TournamentRound'];
export type TournamentTable = Schemas['TournamentTable'];
export type TournamentPlayer = Schemas['TournamentPlayer'];
export type TournamentDispute = Schemas['TournamentDispute'];
export type Board = Schemas['Board'];
export type BoardTable = Schemas['BoardTable'];

/** The fewest players a round can seat: a preset with a `players` option seats 2 to 4, the others 4. */
const smallestTable = (view: TournamentView): number => ('players' in view.ruleset.options ? 2 : 4);

/** How long a playing table may show no change before the overview calls it quiet. */
export const QUIET_AFTER_MS = 10 * 60_000;

export type Attention =
  | {
      readonly kind: 'dispute';
      readonly dispute: TournamentDispute;
      readonly round?: number;
      readonly table?: number;
    }
  | { readonly kind: 'late'; readonly round: number; readonly table: number; readonly minutes: number }
  | { readonly kind: 'quiet'; readonly round: number; readonly table: number; readonly minutes: number }
  | { readonly kind: 'not-started'; readonly round: number; readonly table: number }
  | { readonly kind: 'round-to-close'; readonly round: number }
  | { readonly kind: 'unfinished'; readonly round: number; readonly tables: readonly number[] }
  | { readonly kind: 'round-to-seat'; readonly round: number }
  | { readonly kind: 'round-to-schedule'; readonly round: number }
  | { readonly kind: 'players-to-register'; readonly active: number }
  | { readonly kind: 'round-to-start'; readonly round: number };

/** Where a game sits: its round and table. */
export function tableOfGame(
  view: TournamentView,
  gameId: string,
): { round: number; table: TournamentTable } | undefined {
  for (const round of view.rounds)
    for (const table of round.tables) if (table.gameId === gameId) return { round: round.round, table };
  return undefined;
}

/**
 * What needs the organizer, most urgent first. `quietSince` gives, per game id, since when the board has shown
 * the table unchanged (the overview keeps it while open: the board carries no time of a table's last move).
 */
export function attentionOf(
  view: TournamentView,
  board: Board | undefined,
  now: number,
  quietSince: ReadonlyMap<string, number> = new Map(),
): Attention[] {
  const items: Attention[] = [];
  for (const dispute of view.disputes)
    if (dispute.status === 'open') {
      const at = tableOfGame(view, dispute.gameId);
      items.push({
        kind: 'dispute',
        dispute,
        ...(at === undefined ? {} : { round: at.round, table: at.table.table }),
      });
    }
  const boardTables = new Map((board?.tables ?? []).map((t) => [t.gameId, t]));
  for (const round of view.rounds) {
    if (round.phase === 'started') {
      for (const table of round.tables) {
        if (table.finished) continue;
        const shown = boardTables.get(table.gameId);
        const endsAt = table.endsAt === null ? undefined : Date.parse(table.endsAt);
        const since = quietSince.get(table.gameId);
        // One item per table: past its time says it all; else not dealt yet; else quiet for long.
        if (endsAt !== undefined && now > endsAt)
          items.push({
            kind: 'late',
            round: round.round,
            table: table.table,
            minutes: Math.floor((now - endsAt) / 60_000),
          });
        else if (shown?.phase === 'seated' && round.recording === 'live')
          items.push({ kind: 'not-started', round: round.round, table: table.table });
        else if (since !== undefined && now - since >= QUIET_AFTER_MS)
          items.push({
            kind: 'quiet',
            round: round.round,
            table: table.table,
            minutes: Math.floor((now - since) / 60_000),
          });
      }
      if (round.tables.length > 0 && round.tables.every((t) => t.finished))
        items.push({ kind: 'round-to-close', round: round.round });
    }
    if (round.phase === 'closed' && round.unfinished.length > 0)
      items.push({ kind: 'unfinished', round: round.round, tables: round.unfinished });
    if (round.phase === 'scheduled') items.push({ kind: 'round-to-seat', round: round.round });
    if (round.phase === 'seated') items.push({ kind: 'round-to-start', round: round.round });
  }
  // Between rounds (or before the first): the next step is players enough for a table, then the next round.
  if (view.rounds.every((round) => round.phase === 'closed')) {
    const active = view.players.filter((p) => p.status === 'active').length;
    if (active < smallestTable(view)) items.push({ kind: 'players-to-register', active });
    else items.push({ kind: 'round-to-schedule', round: view.rounds.length + 1 });
  }
  return items;
}

/** What stands in the way of finishing: a started round, an open dispute (the API refuses both, 409). */
export function finishBlockers(view: TournamentView): { openRounds: number[]; openDisputes: string[] } {
  return {
    openRounds: view.rounds.filter((r) => r.phase === 'started').map((r) => r.round),
    openDisputes: view.disputes.filter((d) => d.status === 'open').map((d) => d.disputeId),
  };
}

/** A board table's signature: when it changes, the table moved. */
export const boardSignature = (table: BoardTable): string =>
  `${table.phase}|${table.hand}|${table.lastAction}`;
