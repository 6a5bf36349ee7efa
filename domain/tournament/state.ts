// The tournament aggregate's state, folded from the tournament stream alone: players, rounds and their tables,
// penalties and disputes.
import type { Seat } from '../rules/seats.ts';
import type { GameEnd, Scoring } from './commands.ts';
import type {
  AmendmentApplied,
  AmendmentScope,
  RoundSeated,
  Ruling,
  SeatingPlanned,
  TournamentCreated,
} from './events.ts';

export type PlayerStatus = 'active' | 'withdrawn' | 'replaced';

export interface Player {
  readonly playerId: string;
  readonly name: string;
  /** As registered; absent when none was given. */
  readonly club?: string;
  readonly status: PlayerStatus;
  /** Who took this player's place (status 'replaced'). */
  readonly replacedBy?: string;
  /** Whose place this player took. */
  readonly replaces?: string;
}

export type RoundPhase = 'scheduled' | 'seated' | 'started' | 'closed';

export interface Table {
  readonly table: number;
  readonly gameId: string;
  /** Who sits at each wind; a replacement takes their predecessor's seat while the round has not started. */
  readonly seats: Readonly<Partial<Record<Seat, string>>>;
  readonly ruleset: RoundSeated['data']['tables'][number]['ruleset'];
  readonly finished: boolean;
  readonly scores: readonly { readonly playerId: string; readonly points: number }[] | undefined;
  /** Minutes granted beyond the round clock. */
  readonly extraMinutes: number;
}

export interface Round {
  readonly round: number;
  readonly phase: RoundPhase;
  readonly method: 'random' | 'swiss' | 'uploaded';
  readonly end: GameEnd;
  readonly minutes: number;
  /** Hands played live through the API, or entered by a table scorer (physical tables). */
  readonly recording: 'live' | 'entered';
  /** From seating on. */
  readonly seed: string | undefined;
  readonly tables: readonly Table[];
  readonly substitutes: readonly string[];
  readonly cost: RoundSeated['data']['cost'] | undefined;
  /** From the start on: when the round clock runs out (a table's extra minutes come on top). */
  readonly endsAt: string | undefined;
  /** Tables closed before their game finished. */
  readonly unfinished: readonly number[];
}

export interface Penalty {
  readonly penaltyId: string;
  readonly playerId: string;
  readonly points: number;
  readonly reason: string;
  readonly status: 'active' | 'cancelled';
  readonly round?: number;
  readonly gameId?: string;
  readonly hand?: number;
}

export interface Dispute {
  readonly disputeId: string;
  readonly gameId: string;
  readonly hand: number;
  readonly reason: string;
  readonly status: 'open' | 'ruled';
  readonly ruling: Ruling | undefined;
}

export interface Amendment {
  readonly amendmentId: string;
  /** Each option changed, to its new value. */
  readonly changes: Readonly<Record<string, unknown>>;
  readonly scope: AmendmentScope;
  readonly reason: string;
  /** The tournament ruleset's revision it made. */
  readonly revision: number;
  readonly hash: string;
  readonly recompute: boolean;
  /** Once its recompute is done (AmendmentApplied): what came of it. */
  readonly applied: AmendmentApplied['data'] | undefined;
}

export interface TournamentState {
  readonly status: 'not-created' | 'open' | 'finished';
  readonly tournamentId: string;
  readonly name: string;
  /** As created: each table's rules derive from it, each hand's with the amendments that cover it. */
  readonly ruleset: TournamentCreated['data']['ruleset'] | undefined;
  /** The ruleset with every amendment so far applied (the revision's), for the hands dealt next. */
  readonly amended: TournamentCreated['data']['ruleset'] | undefined;
  /** In the order made; the revision of the ruleset is one more than their number. */
  readonly amendments: readonly Amendment[];
  readonly scoring: Scoring;
  readonly seed: string;
  /** In registration order (replacements when they came in): the order seating reads them in. */
  readonly players: readonly Player[];
  /** Round n at index n − 1. */
  readonly rounds: readonly Round[];
  readonly penalties: Readonly<Record<string, Penalty>>;
  readonly disputes: Readonly<Record<string, Dispute>>;
  /** The seating planned ahead (SeatingPlanned), with its repairs since; a random round it covers follows it. */
  readonly plan: SeatingPlan | undefined;
}

/** As planned; `rounds` and `players` as last repaired. */
export type SeatingPlan = SeatingPlanned['data'];

export const initialTournamentState: TournamentState = {
  status: 'not-created',
  tournamentId: '',
  name: '',
  ruleset: undefined,
  amended: undefined,
  amendments: [],
  scoring: { kind: 'points' },
  seed: '',
  players: [],
  rounds: [],
  penalties: {},
  disputes: {},
  plan: undefined,
};

export const playerOf = (state: TournamentState, playerId: string): Player | undefined =>
  state.players.find((p) => p.playerId === playerId);

export const roundOf = (state: TournamentState, round: number): Round | undefined => state.rounds[round - 1];

/** The players a new round seats: registered, not withdrawn, not replaced (replacements in). */
export const activePlayers = (state: TournamentState): string[] =>
  state.players.filter((p) => p.status === 'active').map((p) => p.playerId);

/** The players seated at a table, in seat order. */
export const playersAt = (table: Pick<Table, 'seats'>): string[] =>
  (['E', 'S', 'W', 'N'] as const).flatMap((s) => (table.seats[s] === undefined ? [] : [table.seats[s]]));

/** When a table's clock runs out: the round's end plus the minutes granted to that table. */
export const tableEndsAt = (round: Round, table: Table): string | undefined =>
  round.endsAt === undefined
    ? undefined
    : new Date(Date.parse(round.endsAt) + table.extraMinutes * 60_000).toISOString();
