// Standings of one tournament: every player's points (the ledger: hands' settlements in force, payments made
// at once, tournament penalties), games played, and table points by place at each finished table's result
// in force (as recorded, then as corrected).
import type { Decoded } from '../runtime/decode.ts';
import type { GameRef } from '../runtime/projection.ts';
import {
  emptyLedger,
  evolveLedger,
  LEDGER_HAND_TYPES,
  type Ledger,
  pointsOf,
  sharedPlaces,
} from '../shared/ledger.ts';
import { tournamentKeys } from '../shared/route.ts';

export interface StandingsGame {
  readonly round: number | null;
  readonly table: number | null;
  readonly players: readonly string[];
  /**
   * Final points per player at the table; null until the table finishes. The tournament's record of the table
   * (TableFinished, then each TableResultCorrected), else the game's own (GameFinished, then each
   * HandResultCorrected after it): a correction moves a finished table's result.
   */
  readonly final: readonly { readonly playerId: string; readonly points: number }[] | null;
  /** `final` is the tournament's record: the game's own events no longer set it. */
  readonly recorded: boolean;
  /** Closed by the round before its game finished: played, but no table points. */
  readonly closed: boolean;
}

export interface StandingsDoc {
  readonly tournamentId: string;
  readonly name: string;
  readonly scoring:
    | { readonly kind: 'points' }
    | { readonly kind: 'table-points'; readonly values: readonly number[] };
  readonly players: Readonly<Record<string, { readonly name: string; readonly withdrawn: boolean }>>;
  readonly games: Readonly<Record<string, StandingsGame>>;
  readonly ledger: Ledger;
  readonly finished: boolean;
}

export interface StandingRow {
  readonly playerId: string;
  readonly name: string;
  readonly place: number;
  readonly points: number;
  readonly tablePoints: number;
  readonly games: number;
  readonly withdrawn: boolean;
}

export const initialStandings = (tournamentId: string): StandingsDoc => ({
  tournamentId,
  name: '',
  scoring: { kind: 'points' },
  players: {},
  games: {},
  ledger: emptyLedger,
  finished: false,
});

/** The tournament a standings document is kept for: its own stream's, or its game's. */
export const standingsKeys = (event: Decoded, game: GameRef | undefined): string[] =>
  tournamentKeys(event, game, LEDGER_HAND_TYPES);

/**
 * The standings with one game changed (a game new to them sits where the lookup seats it). Outside the fold:
 * docs/projections.md "Choices and limits".
 */
function withGame(
  doc: StandingsDoc,
  game: GameRef | undefined,
  gameId: string,
  change: (g: StandingsGame) => StandingsGame,
): StandingsDoc {
  return {
    ...doc,
    games: {
      ...doc.games,
      [gameId]: change(
        doc.games[gameId] ?? {
          round: game?.round ?? null,
          table: game?.table ?? null,
          players: [],
          final: null,
          recorded: false,
          closed: false,
        },
      ),
    },
  };
}

export function evolveStandings(
  doc: StandingsDoc,
  decoded: Decoded,
  game: GameRef | undefined,
): StandingsDoc {
  const next = { ...doc, ledger: evolveLedger(doc.ledger, decoded) };
  const { event } = decoded;
  switch (event.type) {
    case 'TournamentCreated': {
      const { name, scoring } = event.data;
      return {
        ...next,
        name,
        scoring:
          scoring.kind === 'points' ? { kind: 'points' } : { kind: 'table-points', values: scoring.values },
      };
    }
    case 'PlayerRegistered':
      return withPlayer(next, event.data.playerId, { name: event.data.name, withdrawn: false });
    case 'PlayerWithdrawn': {
      const player = next.players[event.data.playerId];
      return player === undefined
        ? next
        : withPlayer(next, event.data.playerId, { ...player, withdrawn: true });
    }
    case 'PlayerReplaced': {
      const { playerId, replacement } = event.data;
      const player = next.players[playerId];
      const out = player === undefined ? next : withPlayer(next, playerId, { ...player, withdrawn: true });
      return withPlayer(out, replacement.playerId, { name: replacement.name, withdrawn: false });
    }
    case 'RoundSeated': {
      let out: StandingsDoc = next;
      for (const t of event.data.tables) {
        const players = Object.values(t.seats).filter((p): p is string => p !== undefined);
        out = {
          ...out,
          games: {
            ...out.games,
            [t.gameId]: {
              round: event.data.round,
              table: t.table,
              players,
              final: out.games[t.gameId]?.final ?? null,
              recorded: out.games[t.gameId]?.recorded ?? false,
              closed: false,
            },
          },
        };
      }
      return out;
    }
    case 'GameStarted':
      return withGame(next, game, event.data.gameId, (g) => ({
        ...g,
        players: event.data.players.map((p) => p.playerId),
      }));
    case 'GameFinished':
      return game === undefined
        ? next
        : withGame(next, game, game.gameId, (g) => (g.recorded ? g : { ...g, final: event.data.scores }));
    // A hand corrected after the game finished moves its final scores: counted here while the tournament's
    // record of the table lags (TableFinished, written with the corrected scores, or TableResultCorrected).
    case 'HandResultCorrected':
      return game === undefined
        ? next
        : withGame(next, game, game.gameId, (g) =>
            g.recorded || g.final === null ? g : { ...g, final: event.data.scores },
          );
    // The tournament's own record of a finished table wins over the game's.
    case 'TableFinished':
    case 'TableResultCorrected':
      return withGame(next, game, event.data.gameId, (g) => ({
        ...g,
        final: event.data.scores,
        recorded: true,
      }));
    case 'RoundClosed': {
      let out: StandingsDoc = next;
      for (const [gameId, g] of Object.entries(out.games))
        if (g.round === event.data.round && g.final === null && event.data.unfinished.includes(g.table ?? -1))
          out = { ...out, games: { ...out.games, [gameId]: { ...g, closed: true } } };
      return out;
    }
    case 'TournamentFinished':
      return { ...next, finished: true };
    default:
      return next;
  }
}

function withPlayer(doc: StandingsDoc, id: string, player: StandingsDoc['players'][string]): StandingsDoc {
  return { ...doc, players: { ...doc.players, [id]: player } };
}

export const isSubstitute = (playerId: string): boolean => playerId.startsWith('substitute-');

/**
 * Table points of one finished table: by place, tied places sharing the sum of their values equally. Values
 * may be negative (uma: 15, 5, -5, -15); a table of fewer players takes the first values, a place beyond the
 * values gets 0.
 */
export function tablePointsOf(
  scores: readonly { readonly playerId: string; readonly points: number }[],
  values: readonly number[],
): Record<string, number> {
  const out: Record<string, number> = {};
  const places = sharedPlaces(scores, (a, b) => b.points - a.points);
  scores.forEach((s, i) => {
    const place = places[i]!;
    const tied = places.filter((p) => p === place).length;
    let sum = 0;
    for (let k = place - 1; k < place - 1 + tied; k++) sum += values[k] ?? 0;
    out[s.playerId] = sum / tied;
  });
  return out;
}

/**
 * The standings: every registered or seated player but substitutes. Ranked by table points then points when
 * the tournament scores table points, by points otherwise; equal on every key = a shared place. Listed by
 * place, then player id.
 */
export function standingRows(doc: StandingsDoc): StandingRow[] {
  const points = pointsOf(doc.ledger);
  const tablePoints: Record<string, number> = {};
  const games: Record<string, number> = {};
  for (const gameId of Object.keys(doc.games).sort()) {
    const g = doc.games[gameId]!;
    const played = g.final !== null || g.closed;
    if (played) for (const p of g.players) games[p] = (games[p] ?? 0) + 1;
    if (doc.scoring.kind === 'table-points' && g.final !== null)
      for (const [p, tp] of Object.entries(tablePointsOf(g.final, doc.scoring.values)))
        tablePoints[p] = (tablePoints[p] ?? 0) + tp;
  }
  const ids = new Set([
    ...Object.keys(doc.players),
    ...Object.values(doc.games).flatMap((g) => g.players),
    ...Object.keys(points),
  ]);
  const rows = [...ids]
    .filter((id) => !isSubstitute(id) && !id.startsWith('seat-'))
    .sort()
    .map((playerId) => ({
      playerId,
      name: doc.players[playerId]?.name ?? playerId,
      points: points[playerId] ?? 0,
      tablePoints: tablePoints[playerId] ?? 0,
      games: games[playerId] ?? 0,
      withdrawn: doc.players[playerId]?.withdrawn ?? false,
    }));
  const byTablePoints = doc.scoring.kind === 'table-points';
  const compare = (a: (typeof rows)[number], b: (typeof rows)[number]): number =>
    (byTablePoints ? b.tablePoints - a.tablePoints : 0) || b.points - a.points;
  const places = sharedPlaces(rows, compare);
  return rows
    .map((row, i) => ({ ...row, place: places[i]! }))
    .sort((a, b) => a.place - b.place || (a.playerId < b.playerId ? -1 : 1));
}
