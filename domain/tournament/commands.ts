// What an organizer, a referee or the system asks of a tournament. Time and who asks come in with the command:
// the decider reads no clock.
import type { Ruleset } from '../rules/rulesets/index.ts';
import type { Seat } from '../rules/seats.ts';
import type {
  AmendmentApplied,
  AmendmentScope,
  RoundScheduled,
  Ruling,
  TournamentCreated,
} from './events.ts';

/** An ISO 8601 time with offset, as the command was received. */
export type At = string;

export type ByRole = 'organizer' | 'referee' | 'system';

/** Who asks: the role decides what is allowed (rejection.ts `ALLOWED`). */
export interface By {
  readonly role: ByRole;
  readonly id: string;
}

interface Base {
  readonly at: At;
  readonly by: By;
}

export type Scoring = TournamentCreated['data']['scoring'];
export type GameEnd = RoundScheduled['data']['end'];

export interface CreateTournament extends Base {
  readonly type: 'CreateTournament';
  readonly tournamentId: string;
  readonly name: string;
  readonly ruleset: Ruleset;
  /** Game points by default; table points default to 4, 2, 1, 0. */
  readonly scoring?:
    | { readonly kind: 'points' }
    | { readonly kind: 'table-points'; readonly values?: readonly number[] };
  readonly seed: string;
}

export interface RegisterPlayer extends Base {
  readonly type: 'RegisterPlayer';
  readonly playerId: string;
  readonly name: string;
  readonly club?: string;
}

/** Several players at once (an imported list): all are registered, or none. */
export interface RegisterPlayers extends Base {
  readonly type: 'RegisterPlayers';
  readonly players: readonly {
    readonly playerId: string;
    readonly name: string;
    readonly club?: string;
  }[];
}

export interface WithdrawPlayer extends Base {
  readonly type: 'WithdrawPlayer';
  readonly playerId: string;
  readonly reason: string;
}

export interface ReplacePlayer extends Base {
  readonly type: 'ReplacePlayer';
  readonly playerId: string;
  readonly replacement: { readonly playerId: string; readonly name: string; readonly club?: string };
  readonly reason: string;
}

export interface ScheduleRound extends Base {
  readonly type: 'ScheduleRound';
  readonly round: number;
  readonly method: 'random' | 'swiss' | 'uploaded';
  readonly end: GameEnd;
  readonly minutes: number;
  /** Live play through the API (default), or results entered by a table scorer (physical tables). */
  readonly recording?: 'live' | 'entered';
}

/** How the round is seated: the scheduled method, with what it needs. */
export type SeatingChoice =
  | { readonly kind: 'random' }
  /** Player ids best first, from the standings projection. */
  | { readonly kind: 'swiss'; readonly standings: readonly string[] }
  /** The organizer's tables, each in seat order E, S, W, N. */
  | { readonly kind: 'uploaded'; readonly tables: readonly (readonly string[])[] };

export interface SeatRound extends Base {
  readonly type: 'SeatRound';
  readonly round: number;
  readonly method: SeatingChoice;
  /** Seat again a round seated but not started (a withdrawn player at its tables). */
  readonly reseat?: boolean;
}

/**
 * Plan the seating of the rounds to come (issue 11): `rounds` rounds from the first round not yet seated, for
 * the active players, taking the rounds seated so far as history. A random round of those numbers then
 * follows the plan; a new plan replaces the old one.
 */
export interface PlanSeating extends Base {
  readonly type: 'PlanSeating';
  readonly rounds: number;
}

export interface StartRound extends Base {
  readonly type: 'StartRound';
  readonly round: number;
}

export interface ExtendTableTime extends Base {
  readonly type: 'ExtendTableTime';
  readonly round: number;
  readonly table: number;
  readonly minutes: number;
  readonly reason: string;
}

/** From a table's GameFinished: recorded by the system. */
export interface RecordTableFinished extends Base {
  readonly type: 'RecordTableFinished';
  readonly round: number;
  readonly table: number;
  readonly gameId: string;
  readonly scores: readonly { readonly playerId: string; readonly points: number }[];
}

export interface CloseRound extends Base {
  readonly type: 'CloseRound';
  readonly round: number;
  /** Close while tables still play: they are recorded as unfinished. */
  readonly force?: boolean;
}

export interface PenalisePlayer extends Base {
  readonly type: 'PenalisePlayer';
  readonly penaltyId: string;
  readonly playerId: string;
  /** Positive: deducted. */
  readonly points: number;
  readonly reason: string;
  readonly round?: number;
  readonly gameId?: string;
  readonly hand?: number;
}

export interface CancelPenalty extends Base {
  readonly type: 'CancelPenalty';
  readonly penaltyId: string;
  readonly reason: string;
}

export interface OpenDispute extends Base {
  readonly type: 'OpenDispute';
  readonly disputeId: string;
  readonly gameId: string;
  readonly hand: number;
  readonly reason: string;
}

export type RulingCommand =
  | Extract<Ruling, { kind: 'penalty' | 'void-and-redeal' | 'no-change' }>
  | {
      readonly kind: 'correction';
      readonly mode: 'adjustment' | 'replacement';
      readonly wrong: string;
      readonly transfers: readonly {
        readonly from: Seat;
        readonly to: Seat;
        readonly points: number;
        readonly reason: string;
      }[];
    };

export interface RuleDispute extends Base {
  readonly type: 'RuleDispute';
  readonly disputeId: string;
  readonly ruling: RulingCommand;
  readonly reason: string;
}

/** A finished table's result changed by a corrected hand: recorded by the system. */
export interface RecordTableCorrected extends Base {
  readonly type: 'RecordTableCorrected';
  readonly gameId: string;
  readonly hand: number;
  readonly correction: string;
  /** The game's final scores now. */
  readonly scores: readonly { readonly playerId: string; readonly points: number }[];
}

/** The organizer changes options of the ruleset: which, to what, over which hands, and why. */
export interface AmendRuleset extends Base {
  readonly type: 'AmendRuleset';
  readonly amendmentId: string;
  readonly changes: Readonly<Record<string, unknown>>;
  readonly scope: AmendmentScope;
  readonly reason: string;
}

/** An amendment's recompute is done: recorded by the worker. */
export interface RecordAmendmentApplied extends Base {
  readonly type: 'RecordAmendmentApplied';
  readonly result: AmendmentApplied['data'];
}

export interface FinishTournament extends Base {
  readonly type: 'FinishTournament';
}

export type TournamentCommand =
  | CreateTournament
  | RegisterPlayer
  | RegisterPlayers
  | WithdrawPlayer
  | ReplacePlayer
  | ScheduleRound
  | SeatRound
  | PlanSeating
  | StartRound
  | ExtendTableTime
  | RecordTableFinished
  | CloseRound
  | PenalisePlayer
  | CancelPenalty
  | OpenDispute
  | RuleDispute
  | RecordTableCorrected
  | AmendRuleset
  | RecordAmendmentApplied
  | FinishTournament;

export type TournamentCommandType = TournamentCommand['type'];
