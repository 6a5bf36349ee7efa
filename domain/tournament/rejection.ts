// A refusal names the rule that refused, so that an organizer, a referee and a log all read the same reason.
import type { ByRole, TournamentCommandType } from './commands.ts';

export type TournamentRejectionCode =
  | 'not-allowed'
  | 'tournament-exists'
  | 'not-created'
  | 'tournament-finished'
  | 'bad-scoring'
  | 'player-exists'
  | 'bad-player-id'
  | 'unknown-player'
  | 'player-withdrawn'
  | 'wrong-round'
  | 'round-not-scheduled'
  | 'round-already-seated'
  | 'wrong-method'
  | 'previous-round-open'
  | 'too-few-players'
  | 'bad-seating'
  | 'round-not-seated'
  | 'round-already-started'
  | 'round-not-started'
  | 'round-closed'
  | 'round-open'
  | 'unknown-table'
  | 'table-finished'
  | 'bad-scores'
  | 'tables-unfinished'
  | 'bad-minutes'
  | 'penalty-exists'
  | 'bad-penalty'
  | 'unknown-penalty'
  | 'penalty-cancelled'
  | 'unknown-game'
  | 'dispute-exists'
  | 'unknown-dispute'
  | 'dispute-closed'
  | 'dispute-open'
  | 'amendment-exists'
  | 'unknown-amendment'
  | 'unknown-option'
  | 'bad-option-value'
  | 'option-not-amendable'
  | 'amendment-not-retroactive'
  | 'amendment-changes-nothing';

export interface TournamentRejection {
  readonly code: TournamentRejectionCode;
  /** The rule that refused. */
  readonly rule: string;
  readonly message: string;
}

export const TOURNAMENT_RULES = {
  roles:
    'an organizer runs the tournament; a referee or organizer penalises, extends time and rules disputes; the system records finished tables',
  create: 'a tournament is created once, before anything else (tournament stream)',
  finished: 'a finished tournament records nothing more',
  scoring:
    'table points are whole numbers of any sign, one per place at a table of up to 4 (2 to 4 values), first place first, none more than a better place’s',
  players: 'each player is registered once, under one id that is not a substitute’s (substitute-k)',
  withdrawn: 'a withdrawn or replaced player is seated in no later round',
  order: 'rounds are scheduled in order from 1, and may be scheduled again until seated',
  method: 'a round is seated by the method it was scheduled with',
  sequence: 'round n is seated and started only when round n − 1 is closed',
  seating: 'seating: every active player once, at tables of the sizes the ruleset allows',
  plan: 'a seating plan covers 1 to 30 rounds from the first round not yet seated, for the active players',
  tooFew: 'a round needs at least one table of the smallest size the ruleset allows',
  lifecycle: 'a round is scheduled, seated, started, then closed',
  tables: 'a table is one of the round’s seated tables, and finishes once with its own players',
  close: 'a round closes when every table has finished, or by force',
  minutes: 'minutes are whole and positive',
  penalties: 'a penalty deducts positive whole points, has its own id, and is cancelled at most once',
  penaltyScope:
    'a penalty names only a game of the tournament (of its round, if it names one) and a player seated at it; a hand only with its game',
  disputes: 'a dispute is about a game of the tournament, has its own id, and is ruled once',
  finish: 'a tournament finishes when every started round is closed and every dispute ruled',
  corrected: 'a corrected hand changes the result of its finished table, with the same players',
  amendments:
    'an amendment changes known options of the preset to valid values, has its own id, and is applied once',
  retroactive:
    'options that change play (amendable from the next hand) never apply to hands already played; settlement options may',
} as const;

/** Who may send each command. */
export const ALLOWED: { readonly [C in TournamentCommandType]: readonly ByRole[] } = {
  CreateTournament: ['organizer'],
  RegisterPlayer: ['organizer'],
  RegisterPlayers: ['organizer'],
  WithdrawPlayer: ['organizer'],
  ReplacePlayer: ['organizer'],
  ScheduleRound: ['organizer'],
  SeatRound: ['organizer'],
  PlanSeating: ['organizer'],
  StartRound: ['organizer'],
  CloseRound: ['organizer'],
  FinishTournament: ['organizer'],
  ExtendTableTime: ['organizer', 'referee'],
  PenalisePlayer: ['organizer', 'referee'],
  CancelPenalty: ['organizer', 'referee'],
  OpenDispute: ['organizer', 'referee'],
  RuleDispute: ['organizer', 'referee'],
  RecordTableFinished: ['system'],
  RecordTableCorrected: ['system'],
  AmendRuleset: ['organizer'],
  RecordAmendmentApplied: ['system'],
};

export const rejectTournament = (
  code: TournamentRejectionCode,
  rule: string,
  message: string,
): { rejection: TournamentRejection } => ({ rejection: { code, rule, message } });
