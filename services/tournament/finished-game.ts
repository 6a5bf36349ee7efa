// A table's game is over: its final scores become the table's result in the tournament (RecordTableFinished,
// by the system). The command id is the game's own server step, so reporting the same game twice records it
// once.
import type { GameEvent } from '../../domain/play/game/index.ts';
import { serverSteps } from '../play/command-ids.ts';
import type { TournamentOutcome, TournamentService } from './service.ts';

const SYSTEM = { role: 'system', id: 'table-service' } as const;

/** Records the game's result at its table; undefined when the game is no tournament's or not over. */
export async function recordFinishedGame(
  tournaments: TournamentService,
  gameEvents: readonly GameEvent[],
  at: string,
): Promise<TournamentOutcome | undefined> {
  const started = gameEvents.find((e) => e.type === 'GameStarted');
  const finished = finalScoresOf(gameEvents);
  if (started?.type !== 'GameStarted' || finished === undefined) return undefined;
  const { gameId, tournamentId } = started.data;
  if (tournamentId === null) return undefined;
  const { state } = await tournaments.current(tournamentId);
  const round = state.rounds.find((r) => r.tables.some((t) => t.gameId === gameId));
  const table = round?.tables.find((t) => t.gameId === gameId);
  if (round === undefined || table === undefined) return undefined;
  const outcome = await tournaments.command(
    tournamentId,
    {
      type: 'RecordTableFinished',
      round: round.round,
      table: table.table,
      gameId,
      scores: finished,
      at,
      by: SYSTEM,
    },
    SYSTEM,
    { commandId: serverSteps.tableFinished(gameId), correlationId: gameId },
  );
  if (outcome.status === 'rejected')
    throw new Error(`${gameId}: its result cannot be recorded: ${outcome.rejection.message}`);
  return outcome;
}

/**
 * A finished game's result changed by a corrected hand: its table's result follows (RecordTableCorrected, named
 * by the correction, so a retry records it once). Nothing while the table's finish is not on record yet: it
 * will be recorded with the corrected scores.
 */
export async function recordCorrectedGame(
  tournaments: TournamentService,
  gameEvents: readonly GameEvent[],
  hand: number,
  correction: string,
  at: string,
): Promise<TournamentOutcome | undefined> {
  const started = gameEvents.find((e) => e.type === 'GameStarted');
  const scores = finalScoresOf(gameEvents);
  if (started?.type !== 'GameStarted' || scores === undefined) return undefined;
  const { gameId, tournamentId } = started.data;
  if (tournamentId === null) return undefined;
  const outcome = await tournaments.command(
    tournamentId,
    { type: 'RecordTableCorrected', gameId, hand, correction, scores, at, by: SYSTEM },
    SYSTEM,
    { commandId: serverSteps.tableCorrected(correction), correlationId: gameId },
  );
  if (outcome.status === 'rejected' && outcome.rejection.code !== 'unknown-table')
    throw new Error(`${gameId}: its corrected result cannot be recorded: ${outcome.rejection.message}`);
  return outcome;
}

/**
 * A finished game's final scores: its GameFinished's, moved by every hand corrected after it (the one result in
 * force, DESIGN.md "Events"); undefined while the game plays.
 */
export function finalScoresOf(
  gameEvents: readonly GameEvent[],
): readonly { readonly playerId: string; readonly points: number }[] | undefined {
  let scores: readonly { readonly playerId: string; readonly points: number }[] | undefined;
  for (const event of gameEvents) {
    if (event.type === 'GameFinished') scores = event.data.scores;
    else if (event.type === 'HandResultCorrected' && scores !== undefined) scores = event.data.scores;
  }
  return scores;
}
