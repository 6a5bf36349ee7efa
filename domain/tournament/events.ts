// Events of the tournament stream (tournament-{id}): the contract between the tournament aggregate, the
// projections and the services — players, rounds and their seating, tables finished, penalties and disputes.
import { z } from 'zod';
import {
  eventSchema,
  firstRepeat,
  id,
  isoTime,
  reason,
  rulesetInPlay,
  rulesetRef,
  seat,
  seatsOf,
  seatsProblem,
  transfer,
} from '../play/fields.ts';
import { GameStarted } from '../play/game-events.ts';

export const tournamentStream = (tournamentId: string): string => `tournament-${tournamentId}`;

/** The game id of a table of a round: the game stream is game-{gameId}. */
export const tableGameId = (tournamentId: string, round: number, table: number): string =>
  `${tournamentId}-r${round}-t${table}`;

/** How each table's game ends: the same field as GameStarted's `end`. */
export const gameEnd = GameStarted.shape.data.shape.end;

export const SEATING_METHODS = ['random', 'swiss', 'uploaded'] as const;
export const seatingMethod = z.enum(SEATING_METHODS);

const round = z.int().positive();
const tableNumber = z.int().positive();
const minutes = z.int().positive();

/** Table points per place, first place first (4, 2, 1, 0 by default). */
export const DEFAULT_TABLE_POINTS = [4, 2, 1, 0] as const;

export const scoring = z.discriminatedUnion('kind', [
  /** The sum of the players' game points. */
  z.strictObject({ kind: z.literal('points') }),
  /**
   * Points per place at each table, first place first, of any sign (uma: 15, 5, -5, -15); game points break
   * ties. The decider asks that no place earn more than a better one; events recorded before negative values
   * were allowed hold values 0 or more, in any order, and still decode.
   */
  z.strictObject({
    kind: z.literal('table-points'),
    values: z.array(z.int()).min(2).max(4),
  }),
]);

export const TournamentCreated = eventSchema(
  'TournamentCreated',
  1,
  z.strictObject({
    tournamentId: id,
    name: z.string().min(1),
    ruleset: rulesetInPlay,
    scoring,
    /** Seating and walls derive from it: each round's seating seed is `{seed}:round-{n}`. */
    seed: z.string().min(1),
    createdBy: z.strictObject({ role: z.enum(['organizer', 'referee', 'system']), id }),
  }),
);
export type TournamentCreated = z.infer<typeof TournamentCreated>;

/** A player's club (or team, city): absent on registrations recorded before clubs were kept. */
const club = z.string().min(1).max(200);

export const PlayerRegistered = eventSchema(
  'PlayerRegistered',
  1,
  z.strictObject({ playerId: id, name: z.string().min(1), club: club.optional() }),
);
export type PlayerRegistered = z.infer<typeof PlayerRegistered>;

/** Seated in no later round; results so far still count. */
export const PlayerWithdrawn = eventSchema('PlayerWithdrawn', 1, z.strictObject({ playerId: id, reason }));
export type PlayerWithdrawn = z.infer<typeof PlayerWithdrawn>;

/**
 * The replacement takes the player's place from the next round on, and at the table of a round seated but
 * not started; both keep their own results.
 */
export const PlayerReplaced = eventSchema(
  'PlayerReplaced',
  1,
  z
    .strictObject({
      playerId: id,
      replacement: z.strictObject({ playerId: id, name: z.string().min(1), club: club.optional() }),
      reason,
    })
    .refine((data) => data.playerId !== data.replacement.playerId, {
      message: 'a player does not replace themselves',
      path: ['replacement', 'playerId'],
    }),
);
export type PlayerReplaced = z.infer<typeof PlayerReplaced>;

export const RoundScheduled = eventSchema(
  'RoundScheduled',
  1,
  z.strictObject({
    round,
    method: seatingMethod,
    /** How each table's game ends. */
    end: gameEnd,
    /** The round clock, from its start. */
    minutes,
    /**
     * How hands are recorded: played live through the API ('live', also when absent), or entered by a table
     * scorer after each hand at a physical table ('entered').
     */
    recording: z.enum(['live', 'entered']).optional(),
  }),
);
export type RoundScheduled = z.infer<typeof RoundScheduled>;

const seats = z.partialRecord(seat, id).superRefine((record, ctx) => {
  const problem = seatsProblem(seatsOf(record));
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
  const repeated = firstRepeat(Object.values(record));
  if (repeated !== undefined) ctx.addIssue({ code: 'custom', message: `${repeated} has two seats` });
});

export const seatedTable = z
  .strictObject({
    table: tableNumber,
    gameId: id,
    /** Who sits at each wind for the first hand: E deals first. */
    seats,
    /** The table's rules: hu-mahjong's `players` set to the table's size. */
    ruleset: rulesetInPlay,
  })
  .superRefine((table, ctx) => {
    const players = table.ruleset.options.players;
    const size = seatsOf(table.seats).length;
    if (typeof players === 'number' && players !== size)
      ctx.addIssue({
        code: 'custom',
        path: ['ruleset'],
        message: `the ruleset seats ${players} players, not ${size}`,
      });
  });

export const seatingCost = z.strictObject({
  repeatPairs: z.int().nonnegative(),
  consecutiveRepeats: z.int().nonnegative(),
  windImbalance: z.int().nonnegative(),
});

export const RoundSeated = eventSchema(
  'RoundSeated',
  1,
  z
    .strictObject({
      round,
      method: seatingMethod,
      /** `{tournament seed}:round-{n}`: the seating can be computed again and checked. */
      seed: z.string().min(1),
      tables: z.array(seatedTable).min(1),
      /** Substitutes seated to fill tables of 4: their results never count. */
      substitutes: z.array(id),
      /** The cost of the seating history with this round added. */
      cost: seatingCost,
    })
    .superRefine((data, ctx) => {
      data.tables.forEach((t, i) => {
        if (t.table !== i + 1)
          ctx.addIssue({ code: 'custom', path: ['tables', i, 'table'], message: `table ${i + 1} expected` });
      });
      const repeated = firstRepeat(data.tables.flatMap((t) => Object.values(t.seats)));
      if (repeated !== undefined)
        ctx.addIssue({ code: 'custom', path: ['tables'], message: `${repeated} sits at two tables` });
    }),
);
export type RoundSeated = z.infer<typeof RoundSeated>;

/** A planned round: who sits at each wind of each table, substitutes by their ids (`substitute-k`). */
const plannedRounds = z
  .array(
    z.strictObject({ round, tables: z.array(z.strictObject({ seats })).min(1), substitutes: z.array(id) }),
  )
  .min(1)
  .superRefine((rounds, ctx) => {
    rounds.forEach((r, i) => {
      if (r.round !== rounds[0]!.round + i)
        ctx.addIssue({
          code: 'custom',
          path: [i, 'round'],
          message: `round ${rounds[0]!.round + i} expected`,
        });
      const repeated = firstRepeat(r.tables.flatMap((t) => Object.values(t.seats)));
      if (repeated !== undefined)
        ctx.addIssue({ code: 'custom', path: [i, 'tables'], message: `${repeated} sits at two tables` });
    });
  });

/**
 * The seating of the rounds to come, planned at once (issue 11): from the first round not yet seated, for the
 * active players, the rounds seated so far taken as history. A random round of these numbers follows the plan
 * (its RoundSeated holds the planned tables); swiss and uploaded rounds do not. A later plan replaces it.
 */
export const SeatingPlanned = eventSchema(
  'SeatingPlanned',
  1,
  z.strictObject({
    rounds: plannedRounds,
    /** The players planned for, in registration order. */
    players: z.array(id).min(1),
    /** `{tournament seed}:plan-{first round}`: the plan can be made again with `algorithm` and checked. */
    seed: z.string().min(1),
    algorithm: z.string().min(1),
    /** Where its meetings come from: a design, a schedule kept in the code, or the search. */
    source: z.enum(['design', 'schedule', 'search']),
    /** The cost of the rounds seated so far with the planned rounds added. */
    cost: seatingCost,
  }),
);
export type SeatingPlanned = z.infer<typeof SeatingPlanned>;

/**
 * The plan's rounds from the round being seated on, changed for the players now active (a withdrawal, a
 * replacement, a newcomer): recorded with that round's RoundSeated, before it.
 */
export const SeatingPlanRepaired = eventSchema(
  'SeatingPlanRepaired',
  1,
  z.strictObject({
    rounds: plannedRounds,
    players: z.array(id).min(1),
    /** Each player seated elsewhere than the plan said, or new to it (a replacement: whose seat they took). */
    changes: z.array(
      z.strictObject({
        round,
        playerId: id,
        from: tableNumber.optional(),
        to: tableNumber,
        replaces: id.optional(),
      }),
    ),
    /** Repeat pairs the repair added to the plan. */
    repeatsCaused: z.int().nonnegative(),
  }),
);
export type SeatingPlanRepaired = z.infer<typeof SeatingPlanRepaired>;

export const RoundStarted = eventSchema('RoundStarted', 1, z.strictObject({ round, endsAt: isoTime }));
export type RoundStarted = z.infer<typeof RoundStarted>;

export const TableTimeExtended = eventSchema(
  'TableTimeExtended',
  1,
  z.strictObject({ round, table: tableNumber, minutes, reason }),
);
export type TableTimeExtended = z.infer<typeof TableTimeExtended>;

export const TableFinished = eventSchema(
  'TableFinished',
  1,
  z
    .strictObject({
      round,
      table: tableNumber,
      gameId: id,
      /** The game's final points per player (GameFinished), most first. */
      scores: z
        .array(z.strictObject({ playerId: id, points: z.int() }))
        .min(2)
        .max(4),
    })
    .refine((data) => firstRepeat(data.scores.map((s) => s.playerId)) === undefined, {
      message: 'each player has one score',
      path: ['scores'],
    }),
);
export type TableFinished = z.infer<typeof TableFinished>;

export const RoundClosed = eventSchema(
  'RoundClosed',
  1,
  /** Tables closed before their game finished. */
  z.strictObject({ round, unfinished: z.array(tableNumber) }),
);
export type RoundClosed = z.infer<typeof RoundClosed>;

export const PlayerPenalised = eventSchema(
  'PlayerPenalised',
  1,
  z.strictObject({
    penaltyId: id,
    playerId: id,
    /** Deducted from the player's tournament score. */
    points: z.int().positive(),
    reason,
    round: round.optional(),
    gameId: id.optional(),
    hand: z.int().positive().optional(),
  }),
);
export type PlayerPenalised = z.infer<typeof PlayerPenalised>;

export const PenaltyCancelled = eventSchema(
  'PenaltyCancelled',
  1,
  z.strictObject({
    penaltyId: id,
    reason,
    /**
     * What the cancelled penalty was, repeated so a reader of this event alone (a player's history) can undo
     * it; absent on events recorded before these fields existed.
     */
    playerId: id.optional(),
    points: z.int().positive().optional(),
    gameId: id.optional(),
  }),
);
export type PenaltyCancelled = z.infer<typeof PenaltyCancelled>;

export const DisputeOpened = eventSchema(
  'DisputeOpened',
  1,
  z.strictObject({ disputeId: id, gameId: id, hand: z.int().positive(), reason }),
);
export type DisputeOpened = z.infer<typeof DisputeOpened>;

export const ruling = z.discriminatedUnion('kind', [
  /** The penalty itself is the PlayerPenalised event with the same penaltyId, written beside this one. */
  z.strictObject({ kind: z.literal('penalty'), penaltyId: id, playerId: id, points: z.int().positive() }),
  /** The hand is void and dealt again: the service voids it in its hand stream. */
  z.strictObject({ kind: z.literal('void-and-redeal') }),
  /**
   * The hand's settlement corrected: the service writes SettlementCorrected in the hand stream. An
   * 'adjustment' adds the transfers to what stands; a 'replacement' (also when absent, as in rulings recorded
   * before adjustments existed) restates the settlement whole.
   */
  z.strictObject({
    kind: z.literal('correction'),
    mode: z.enum(['adjustment', 'replacement']).optional(),
    wrong: z.string().min(1),
    transfers: z.array(transfer),
  }),
  z.strictObject({ kind: z.literal('no-change') }),
]);
export type Ruling = z.infer<typeof ruling>;

export const DisputeRuled = eventSchema('DisputeRuled', 1, z.strictObject({ disputeId: id, ruling, reason }));
export type DisputeRuled = z.infer<typeof DisputeRuled>;

const tableScores = z
  .array(z.strictObject({ playerId: id, points: z.int() }))
  .min(2)
  .max(4);

/**
 * A finished table's result changed because one of its hands was corrected (a ruling, an amendment): the game
 * stream's HandResultCorrected, carried to the tournament. Standings, placements and later Swiss seating read
 * `scores` from here on.
 */
export const TableResultCorrected = eventSchema(
  'TableResultCorrected',
  1,
  z.strictObject({
    round,
    table: tableNumber,
    gameId: id,
    /** The hand corrected, and its hand stream's SettlementCorrected by event id. */
    hand: z.int().positive(),
    correction: id,
    previous: tableScores,
    /** The table's final points per player now, most first. */
    scores: tableScores,
  }),
);
export type TableResultCorrected = z.infer<typeof TableResultCorrected>;

/**
 * Which hands an amendment covers: the whole event, every hand from a round on, every hand from hand `hand`
 * of every table of a round on (and all later rounds), or only hands dealt after it.
 */
export const amendmentScope = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('event') }),
  z.strictObject({ kind: z.literal('round'), round }),
  z.strictObject({ kind: z.literal('hand'), round, hand: z.int().positive() }),
  z.strictObject({ kind: z.literal('next-hand') }),
]);
export type AmendmentScope = z.infer<typeof amendmentScope>;

/**
 * The organizer changed options of the tournament's ruleset. Settlement options in scope re-settle finished
 * hands (a recompute appends SettlementCorrected where a hand's result changes); play options apply only to
 * hands dealt after. The course of play is never rewritten. A later amendment may set an option back.
 */
export const RulesetAmended = eventSchema(
  'RulesetAmended',
  1,
  z.strictObject({
    amendmentId: id,
    /** Each option changed: its value before and after. */
    // `from` null: the option had no value (patternPoints before any was set).
    changes: z.record(z.string(), z.strictObject({ from: z.unknown(), to: z.unknown() })),
    scope: amendmentScope,
    reason,
    /** The tournament ruleset's revision: 1 as created, one more per amendment. */
    revision: z.int().min(2),
    /** The tournament's ruleset with every amendment so far applied, and its hash. */
    ruleset: rulesetInPlay,
    previous: rulesetRef,
    /** Whether finished hands are re-settled: some settlement option changed over hands that may be played. */
    recompute: z.boolean(),
    amendedBy: z.strictObject({ role: z.enum(['organizer', 'referee', 'system']), id }),
  }),
);
export type RulesetAmended = z.infer<typeof RulesetAmended>;

const handCount = z.int().nonnegative();

/** The recompute of an amendment is done: every hand in scope re-settled, and what came of it. */
export const AmendmentApplied = eventSchema(
  'AmendmentApplied',
  1,
  z.strictObject({
    amendmentId: id,
    /** Hands in scope with a settlement. */
    hands: handCount,
    /** Given a SettlementCorrected by this amendment. */
    corrected: handCount,
    /** Settled the same under the amended rules. */
    unchanged: handCount,
    /** Restated whole by a referee or organizer: their word stands. */
    kept: handCount,
    /** Refused by the score contract under the amended rules: left as they stand. */
    refused: handCount,
  }),
);
export type AmendmentApplied = z.infer<typeof AmendmentApplied>;

export const TournamentFinished = eventSchema('TournamentFinished', 1, z.strictObject({}));
export type TournamentFinished = z.infer<typeof TournamentFinished>;

const SCHEMAS = [
  TournamentCreated,
  PlayerRegistered,
  PlayerWithdrawn,
  PlayerReplaced,
  RoundScheduled,
  RoundSeated,
  SeatingPlanned,
  SeatingPlanRepaired,
  RoundStarted,
  TableTimeExtended,
  TableFinished,
  RoundClosed,
  PlayerPenalised,
  PenaltyCancelled,
  DisputeOpened,
  DisputeRuled,
  TableResultCorrected,
  RulesetAmended,
  AmendmentApplied,
  TournamentFinished,
] as const;

export const TournamentEvent = z.discriminatedUnion('type', SCHEMAS);
export type TournamentEvent = z.infer<typeof TournamentEvent>;
export type TournamentEventType = TournamentEvent['type'];
export type TournamentEventOf<T extends TournamentEventType> = Extract<TournamentEvent, { type: T }>;

export const TOURNAMENT_EVENT_TYPES: readonly TournamentEventType[] = SCHEMAS.map((s) => s.shape.type.value);
