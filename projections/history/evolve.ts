// Each player's history, kept per game: tournament, round, table, first seat, points, place, hands won and
// penalties of every player at the table; the store writes one row per player and game. Points are the game's
// (HandRecorded, HandResultCorrected, GameFinished), so a corrected hand moves them and the place; a hand won is
// one whose settlement in force names the player as a winner (a correction may change who won, and an entered
// hand declares no win).
import type { Decoded } from '../runtime/decode.ts';
import { streamRef } from '../runtime/decode.ts';
import type { GameRef } from '../runtime/projection.ts';
import { sharedPlaces, winnersAfter } from '../shared/ledger.ts';

export interface PlayerGame {
  readonly seat: string;
  readonly points: number;
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
  /** Hand number → the seats its settlement in force names as winners. */
  readonly winners: Readonly<Record<string, readonly string[]>>;
}

export interface HistoryRow extends PlayerGame {
  /** Hands whose settlement in force names the player as a winner. */
  readonly handsWon: number;
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
  winners: {},
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

// Helpers outside the fold, not closures in it: docs/projections.md "Choices and limits".

/** The game with one player's line changed (none when the player is not in it). */
function changePlayer(
  doc: HistoryDoc,
  id: string | undefined,
  change: (p: PlayerGame) => PlayerGame,
): HistoryDoc {
  const current = id === undefined ? undefined : doc.players[id];
  return id === undefined || current === undefined
    ? doc
    : { ...doc, players: { ...doc.players, [id]: change(current) } };
}

/** The game with its players' points as listed. */
function withScores(doc: HistoryDoc, list: readonly { playerId: string; points: number }[]): HistoryDoc {
  let out = doc;
  for (const s of list) {
    const current = out.players[s.playerId];
    if (current !== undefined)
      out = { ...out, players: { ...out.players, [s.playerId]: { ...current, points: s.points } } };
  }
  return out;
}

export function evolveHistory(
  doc: HistoryDoc,
  { event, meta }: Decoded,
  game: GameRef | undefined,
): HistoryDoc {
  // The same document when the lookup says nothing new of the game (most events): the runner writes nothing
  // for a batch that leaves it the same object.
  const next =
    game === undefined ||
    (doc.tournamentId === game.tournamentId && doc.round === game.round && doc.table === game.table)
      ? doc
      : { ...doc, tournamentId: game.tournamentId, round: game.round, table: game.table };
  const ref = streamRef(meta.stream);
  const seatsOfHand = ref.kind === 'hand' ? (next.hands[ref.hand] ?? {}) : {};
  switch (event.type) {
    case 'GameStarted':
      return {
        ...next,
        players: Object.fromEntries(
          event.data.players.map((p) => [
            p.playerId,
            { seat: p.seat, points: event.data.startingPoints, penalties: 0, penaltyPoints: 0 },
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
    case 'HandSettled':
    case 'SettlementCorrected':
      return ref.kind === 'hand'
        ? { ...next, winners: { ...next.winners, [ref.hand]: winnersAfter(event) } }
        : next;
    case 'PenaltyAssessed':
      return changePlayer(next, seatsOfHand[event.data.seat], (p) => ({
        ...p,
        penalties: p.penalties + 1,
        penaltyPoints: p.penaltyPoints + event.data.points,
      }));
    case 'PlayerPenalised':
      return changePlayer(next, event.data.playerId, (p) => ({
        ...p,
        penalties: p.penalties + 1,
        penaltyPoints: p.penaltyPoints + event.data.points,
      }));
    case 'PenaltyCancelled': {
      const { points } = event.data;
      return points === undefined
        ? next
        : changePlayer(next, event.data.playerId, (p) => ({
            ...p,
            penalties: p.penalties - 1,
            penaltyPoints: p.penaltyPoints - points,
          }));
    }
    case 'HandRecorded':
    case 'HandResultCorrected':
      return withScores(next, event.data.scores);
    case 'GameFinished':
      return { ...withScores(next, event.data.scores), finished: true };
    default:
      return next;
  }
}

export function historyRows(doc: HistoryDoc): HistoryRow[] {
  const ids = Object.keys(doc.players).sort();
  const places = sharedPlaces(ids, (a, b) => doc.players[b]!.points - doc.players[a]!.points);
  const won: Record<string, number> = {};
  for (const [hand, seats] of Object.entries(doc.winners))
    for (const seat of seats) {
      const playerId = doc.hands[hand]?.[seat];
      if (playerId !== undefined) won[playerId] = (won[playerId] ?? 0) + 1;
    }
  return ids.map((playerId, i) => ({
    ...doc.players[playerId]!,
    handsWon: won[playerId] ?? 0,
    playerId,
    gameId: doc.gameId,
    tournamentId: doc.tournamentId,
    round: doc.round,
    table: doc.table,
    finished: doc.finished,
    place: doc.finished ? places[i]! : null,
  }));
}
