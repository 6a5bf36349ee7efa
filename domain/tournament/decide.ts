// The tournament aggregate's decider: a command and the state folded so far give the events that follow, or a
// rejection naming the rule that refused. Each group of commands is decided in a file of its own.
import type { TournamentCommand } from './commands.ts';
import { amendRuleset, recordAmendmentApplied, recordTableCorrected } from './decide-amendments.ts';
import {
  createTournament,
  registerPlayer,
  registerPlayers,
  replacePlayer,
  withdrawPlayer,
} from './decide-players.ts';
import {
  closeRound,
  extendTableTime,
  planSeats,
  recordTableFinished,
  scheduleRound,
  seat,
  startRound,
} from './decide-rounds.ts';
import { cancelPenalty, finish, openDispute, penalise, ruleDispute } from './decide-rulings.ts';
import type { TournamentDecision } from './decide-shared.ts';
import { ALLOWED, TOURNAMENT_RULES as RULES, rejectTournament as reject } from './rejection.ts';
import type { TournamentState } from './state.ts';

export { allowedSizes } from './decide-rounds.ts';
export type { TournamentDecision } from './decide-shared.ts';

const AFTER_THE_END: ReadonlySet<TournamentCommand['type']> = new Set([
  'RecordTableCorrected',
  'RecordAmendmentApplied',
  'AmendRuleset',
]);

export function decideTournament(command: TournamentCommand, state: TournamentState): TournamentDecision {
  if (!ALLOWED[command.type].includes(command.by.role))
    return reject(
      'not-allowed',
      RULES.roles,
      `${command.type} is for ${ALLOWED[command.type].join(' or ')}, not ${command.by.role}`,
    );
  if (command.type === 'CreateTournament') return createTournament(command, state);
  if (state.status === 'not-created') return reject('not-created', RULES.create, 'no tournament yet');
  // What was set in motion before the end still lands (a corrected table, a recompute finishing), and an
  // organizer may still amend the rules the results were settled by: the standings follow, on the record.
  if (state.status === 'finished' && !AFTER_THE_END.has(command.type))
    return reject('tournament-finished', RULES.finished, 'the tournament is over');
  switch (command.type) {
    case 'RegisterPlayer':
      return registerPlayer(command, state);
    case 'RegisterPlayers':
      return registerPlayers(command, state);
    case 'WithdrawPlayer':
      return withdrawPlayer(command, state);
    case 'ReplacePlayer':
      return replacePlayer(command, state);
    case 'ScheduleRound':
      return scheduleRound(command, state);
    case 'SeatRound':
      return seat(command, state);
    case 'PlanSeating':
      return planSeats(command, state);
    case 'StartRound':
      return startRound(command, state);
    case 'ExtendTableTime':
      return extendTableTime(command, state);
    case 'RecordTableFinished':
      return recordTableFinished(command, state);
    case 'CloseRound':
      return closeRound(command, state);
    case 'PenalisePlayer':
      return penalise(command, state);
    case 'CancelPenalty':
      return cancelPenalty(command, state);
    case 'OpenDispute':
      return openDispute(command, state);
    case 'RuleDispute':
      return ruleDispute(command, state);
    case 'RecordTableCorrected':
      return recordTableCorrected(command, state);
    case 'AmendRuleset':
      return amendRuleset(command, state);
    case 'RecordAmendmentApplied':
      return recordAmendmentApplied(command, state);
    case 'FinishTournament':
      return finish(state);
  }
}
