// Each player's history, kept per game: tournament, round, table, first seat, points, place, hands won and
// penalties of every player at the table; the store writes one row per player and game.
import type { Decoded } from '../runtime/decode.ts';
import { streamRef } from '../runtime/decode.ts';
import type { GameRef } from '../runtime/projection.ts';
import { sharedPlaces } from '../shared/ledger.ts';

export interface PlayerGame {
  readonly seat: string;
  readonly points: number;
  readonly handsWon: number;
  readonly penalties: number;
  readonly penaltyPoints: number;
}

export interface HistoryDoc {
  readonly gameId: string;
  readonly tournamentId: string | null;
  readonly round: number | null;
  readonly table: number | null;
  readonly finished: boolean;
  readonly players: Readonly<Record<string, PlayerGame>>;
  /** Hand number → seat → player. */
  readonly hands: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

export interface HistoryRow extends PlayerGame {
  readonly playerId: string;
  readonly gameId: string;
  readonly tournamentId: string | null;
  readonly round: number | null;
  readonly table: number | null;
  readonly finished: boolean;
  /** Among the table by points, shared on equal points; null until the game finishes. */
  readonly place: number | null;
}

export const initialHistory = (gameId: string): HistoryDoc => ({
  gameId,
  tournamentId: null,
  round: null,
  table: null,
  finished: false,
  players: {},
  hands: {},
});

/** The game a history document is kept for: the event's own game, or the game a tournament penalty names. */
export function historyKeys({ event }: Decoded, game: GameRef | undefined): string[] {
  if (game !== undefined) return [game.gameId];
  if (
    (event.type === 'PlayerPenalised' || event.type === 'PenaltyCancelled') &&
    event.data.gameId !== undefined
  )
    return [event.data.gameId];
  return [];
}

export function evolveHistory(
  doc: HistoryDoc,
  { event, meta }: Decoded,
  game: GameRef | undefined,
): HistoryDoc {
  const next =
    game === undefined
      ? doc
      : { ...doc, tournamentId: game.tournamentId, round: game.round, table: game.table };
  const ref = streamRef(meta.stream);
  const seatsOfHand = ref.kind === 'hand' ? (next.hands[ref.hand] ?? {}) : {};
  const player = (id: string | undefined, change: (p: PlayerGame) => PlayerGame): HistoryDoc => {
    const current = id === undefined ? undefined : next.players[id];
    return id === undefined || current === undefined
      ? next
      : { ...next, players: { ...next.players, [id]: change(current) } };
  };
  const scores = (list: readonly { playerId: string; points: number }[]): HistoryDoc => {
    let out = next;
    for (const s of list) {
      const current = out.players[s.playerId];
      if (current !== undefined)
        out = { ...out, players: { ...out.players, [s.playerId]: { ...current, points: s.points } } };
    }
    return out;
  };
  switch (event.type) {
    case 'GameStarted':
      return {
        ...next,
        players: Object.fromEntries(
          event.data.players.map((p) => [
            p.playerId,
            { seat: p.seat, points: event.data.startingPoints, handsWon: 0, penalties: 0, penaltyPoints: 0 },
          ]),
        ),
      };
    case 'HandStarted':
    case 'HandResultEntered':
      return ref.kind === 'hand'
        ? {
            ...next,
            hands: { ...next.hands, [ref.hand]: { ...event.data.seatWinds } as Record<string, string> },
          }
        : next;
    case 'WinDeclared':
      return player(seatsOfHand[event.data.seat], (p) => ({ ...p, handsWon: p.handsWon + 1 }));
    case 'PenaltyAssessed':
      return player(seatsOfHand[event.data.seat], (p) => ({
        ...p,
        penalties: p.penalties + 1,
        penaltyPoints: p.penaltyPoints + event.data.points,
      }));
    case 'PlayerPenalised':
      return player(event.data.playerId, (p) => ({
        ...p,
        penalties: p.penalties + 1,
        penaltyPoints: p.penaltyPoints + event.data.points,
      }));
    case 'PenaltyCancelled': {
      const { points } = event.data;
      return points === undefined
        ? next
        : player(event.data.playerId, (p) => ({
            ...p,
            penalties: p.penalties - 1,
            penaltyPoints: p.penaltyPoints - points,
          }));
    }
    case 'HandRecorded':
      return scores(event.data.scores);
    case 'GameFinished':
      return { ...scores(event.data.scores), finished: true };
    default:
      return next;
  }
}

export function historyRows(doc: HistoryDoc): HistoryRow[] {
  const ids = Object.keys(doc.players).sort();
  const places = sharedPlaces(ids, (a, b) => doc.players[b]!.points - doc.players[a]!.points);
  return ids.map((playerId, i) => ({
    ...doc.players[playerId]!,
    playerId,
    gameId: doc.gameId,
    tournamentId: doc.tournamentId,
    round: doc.round,
    table: doc.table,
    finished: doc.finished,
    place: doc.finished ? places[i]! : null,
  }));
}
