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
  const finished = gameEvents.findLast((e) => e.type === 'GameFinished');
  if (started?.type !== 'GameStarted' || finished?.type !== 'GameFinished') return undefined;
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
      scores: finished.data.scores,
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
