// The StartGame of a seated table: its game id, its players at their first hand's winds, the table's own
// ruleset (hu-mahjong's `players` set to the table's size) and the round's game end.
import type { StartGame } from '../../domain/play/game/index.ts';
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import type { Round, Table, TournamentState } from '../../domain/tournament/index.ts';

export function tableGameStart(
  tournament: TournamentState,
  round: Round,
  table: Table,
  at: string,
): StartGame {
  const players = (Object.entries(table.seats) as [Seat, string][]).map(([seat, playerId]) => ({
    seat,
    playerId,
  }));
  return {
    type: 'StartGame',
    gameId: table.gameId,
    tournamentId: tournament.tournamentId,
    ruleset: rulesetOf(table.ruleset.preset, table.ruleset.options),
    players,
    end: round.end,
    at,
  };
}
