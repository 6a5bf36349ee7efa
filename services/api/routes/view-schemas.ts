// The read models' replies as the web app reads them (projections/): standings, the tables board and its event
// stream, a hand's replay, the audit log and player histories; and the parts of a tournament's view. Each
// follows the projection's own types, so a field added there and not here fails the reply-schema test.
import { seat } from '../../../domain/play/fields.ts';
import {
  AmendmentApplied,
  amendmentScope,
  gameEnd,
  RulesetAmended,
  ruling,
  scoring,
  seatedTable,
  seatingCost,
  TournamentCreated,
  TournamentEvent,
} from '../../../domain/tournament/events.ts';
import { z } from '../zod.ts';

/** Player (or seat) → points. */
const Points = z.record(z.string(), z.number());

const Transfer = z
  .object({ from: z.string(), to: z.string(), points: z.number(), reason: z.string() })
  .openapi('Transfer');

export const Standings = z
  .object({
    standings: z.array(
      z
        .object({
          playerId: z.string(),
          name: z.string(),
          place: z.int().positive().openapi({ description: 'Shared on equal scores' }),
          points: z.number(),
          tablePoints: z.number(),
          games: z.int().nonnegative(),
          withdrawn: z.boolean(),
        })
        .openapi('StandingRow'),
    ),
  })
  .openapi('Standings');

export const StandingsProgress = z
  .object({
    steps: z
      .array(
        z.object({
          round: z.int().nonnegative(),
          hand: z.int().nonnegative().openapi({ description: "The hand's number in its game" }),
        }),
      )
      .openapi({
        description: 'Hand 3 of round 2 is one step at every table; (0, 0) holds penalties before any hand',
      }),
    players: z.array(
      z.object({
        playerId: z.string(),
        totals: z
          .array(z.number())
          .openapi({ description: 'The points after each step; the last is the standings’' }),
      }),
    ),
  })
  .openapi('StandingsProgress');

const BoardTable = z
  .object({
    table: z.int().positive(),
    gameId: z.string(),
    seats: z.record(z.string(), z.string()).openapi({ description: 'Seat → player as seated' }),
    phase: z.enum(['seated', 'playing', 'finished']),
    closed: z.boolean().openapi({ description: 'Closed by the round before its game finished' }),
    hand: z.int().nullable(),
    prevalentWind: z.string().nullable(),
    dealer: z.string().nullable(),
    seatWinds: z.record(z.string(), z.string()).openapi({ description: 'Seat → player of the hand in play' }),
    points: Points,
    lastAction: z.string().nullable(),
    wallRemaining: z.int().nullable(),
    extraMinutes: z.number(),
    endsAt: z.string().nullable().openapi({ description: 'The round’s end plus this table’s extra minutes' }),
  })
  .openapi('BoardTable');

export const Board = z
  .object({
    tournamentId: z.string(),
    round: z.int().nullable(),
    minutes: z.record(z.string(), z.number()).openapi({ description: 'Round → its clock in minutes' }),
    roundEndsAt: z.string().nullable(),
    tables: z.array(BoardTable),
  })
  .openapi('Board');

/**
 * One event of the board's stream. OpenAPI 3.1 has no schema for an event stream's items: this is each
 * `event: board` frame, its `id:` line and its `data:` line (the board as JSON).
 */
export const BoardStreamEvent = z
  .object({
    event: z.literal('board'),
    id: z.string().openapi({ description: 'Counts the boards sent on this stream, from 1' }),
    data: Board,
  })
  .openapi('BoardStreamEvent', {
    description:
      'text/event-stream: a `retry:` line, then one `event: board` frame per change (`id:` and `data:`, ' +
      'the whole board as JSON), and `: heartbeat` comments between',
  });

const SeatTable = z.object({
  player: z.string(),
  concealed: z.string().openapi({ description: 'Notation; shown to players once the hand is over' }),
  melds: z.array(z.string()),
  flowers: z.string(),
  pond: z.string(),
});

const Step = z
  .object({
    revision: z.int().nonnegative(),
    eventId: z.string(),
    type: z.string().openapi({ description: 'The event type' }),
    who: z.string().openapi({ description: 'The seat that acted, else the actor’s role' }),
    what: z.string(),
    at: z.string(),
    table: z.object({
      phase: z.string(),
      wallRemaining: z.int().nonnegative(),
      seats: z.record(z.string(), SeatTable),
    }),
  })
  .openapi('ReplayStep');

const ClaimWindow = z
  .object({
    revision: z.int().nonnegative(),
    offer: z.object({ tile: z.string(), from: z.string(), kind: z.string() }),
    deadline: z.string(),
    open: z.record(
      z.string(),
      z.object({
        win: z.boolean(),
        kong: z.boolean(),
        pong: z.boolean(),
        chows: z.array(z.string()),
        barredFromWin: z.string().optional(),
      }),
    ),
    answers: z.record(
      z.string(),
      z.object({
        answer: z.enum(['claim', 'pass', 'timeout']),
        claim: z.string().optional(),
        late: z.string().optional(),
      }),
    ),
    resolution: z
      .object({
        outcome: z.string(),
        detail: z.string(),
        lapsed: z.array(z.object({ seat: z.string(), claim: z.string(), reason: z.string() })),
        lockedUntilDraw: z.array(z.string()),
      })
      .nullable(),
  })
  .openapi('ClaimWindow');

/** What every read model says of a correction (projections/shared/correction.ts). */
const correctionFacts = {
  mode: z.enum(['adjustment', 'replacement']),
  corrects: z.string().openapi({ description: 'The settlement or correction it corrects, by event id' }),
  correctedBy: z.object({ role: z.string(), id: z.string() }),
  wrong: z.string(),
  reason: z.string(),
  amendmentId: z.string().optional(),
};

const Payment = z
  .object({
    revision: z.int().nonnegative(),
    eventId: z.string(),
    kind: z.enum(['settlement', 'correction', 'immediate', 'penalty']),
    detail: z.string(),
    transfers: z.array(Transfer),
    inForce: z.boolean().openapi({ description: 'Part of the settlement that stands' }),
    correction: z
      .object({
        ...correctionFacts,
        replaced: z.array(Transfer),
        standing: z.array(Transfer),
        deltas: Points,
      })
      .optional(),
  })
  .openapi('Payment');

export const Replay = z
  .object({
    over: z.boolean().openapi({ description: 'Whether the hand has ended' }),
    stream: z.string(),
    gameId: z.string(),
    hand: z.int().positive(),
    steps: z.array(Step),
    windows: z.array(ClaimWindow),
    payments: z.array(Payment),
  })
  .openapi('Replay');

const AuditEntry = z
  .object({
    kind: z.enum([
      'penalty',
      'penalty-cancelled',
      'dispute',
      'ruling',
      'correction',
      'table-corrected',
      'amendment',
      'amendment-applied',
      'void',
    ]),
    type: z.string().openapi({ description: 'The event type' }),
    event: z.object({ id: z.string(), stream: z.string(), revision: z.int(), hash: z.string() }),
    who: z.object({ role: z.string().optional(), seat: z.string().optional(), id: z.string().optional() }),
    at: z.string(),
    why: z.string(),
    detail: z.string(),
    before: Points.openapi({ description: 'Each affected player’s tournament points before' }),
    after: Points,
    settlementBefore: Points.optional(),
    settlementAfter: Points.optional(),
    correction: z
      .object({ ...correctionFacts, seatsBefore: Points, seatsAfter: Points, deltas: Points })
      .optional(),
    table: z
      .object({
        round: z.int(),
        table: z.int(),
        gameId: z.string(),
        hand: z.int(),
        correction: z.string(),
        before: Points,
        after: Points,
      })
      .optional(),
    amendment: z
      .object({
        amendmentId: z.string(),
        changes: RulesetAmended.shape.data.shape.changes,
        scope: amendmentScope,
        revision: z.int(),
        hash: z.string(),
        previousHash: z.string(),
        recompute: z.boolean(),
        amendedBy: z.object({ role: z.string(), id: z.string() }),
      })
      .optional(),
    applied: AmendmentApplied.shape.data.optional(),
  })
  .openapi('AuditEntry');

export const AuditLog = z.object({ entries: z.array(AuditEntry) }).openapi('AuditLog');

export const PlayerHistory = z
  .object({
    games: z.array(
      z
        .object({
          playerId: z.string(),
          gameId: z.string(),
          tournamentId: z.string().nullable(),
          round: z.int().nullable(),
          table: z.int().nullable(),
          finished: z.boolean(),
          seat: z.string().openapi({ description: 'The first hand’s seat' }),
          points: z.number(),
          place: z.int().nullable().openapi({ description: 'Shared on equal points; null until finished' }),
          handsWon: z.int().nonnegative(),
          penalties: z.int().nonnegative(),
          penaltyPoints: z.number(),
        })
        .openapi('PlayerGame'),
    ),
  })
  .openapi('PlayerHistory');

// The tournament's view (tournaments.ts tournamentView): its parts, as the tournament aggregate keeps them.

export const TournamentRuleset = TournamentCreated.shape.data.shape.ruleset;
export const TournamentScoring = scoring;

export const TournamentPlayer = z
  .object({
    playerId: z.string(),
    name: z.string(),
    club: z.string().optional(),
    status: z.enum(['active', 'withdrawn', 'replaced']),
    replacedBy: z.string().optional(),
    replaces: z.string().optional(),
  })
  .openapi('TournamentPlayer');

export const TournamentRound = z
  .object({
    round: z.int().positive(),
    phase: z.enum(['scheduled', 'seated', 'started', 'closed']),
    method: z.enum(['random', 'swiss', 'uploaded']),
    end: gameEnd,
    minutes: z.number(),
    recording: z.enum(['live', 'entered']),
    seed: z.string().optional().openapi({ description: 'Organizers and referees only, from seating on' }),
    endsAt: z.string().nullable(),
    tables: z.array(
      z
        .object({
          table: z.int().positive(),
          gameId: z.string(),
          seats: z.partialRecord(seat, z.string()),
          ruleset: seatedTable.shape.ruleset,
          finished: z.boolean(),
          scores: z.array(z.object({ playerId: z.string(), points: z.number() })).nullable(),
          extraMinutes: z.number(),
          endsAt: z.string().nullable(),
        })
        .openapi('TournamentTable'),
    ),
    substitutes: z.array(z.string()),
    unfinished: z.array(z.int()),
    cost: seatingCost.nullable(),
  })
  .openapi('TournamentRound');

export const TournamentPenalty = z
  .object({
    penaltyId: z.string(),
    playerId: z.string(),
    points: z.number(),
    reason: z.string(),
    status: z.enum(['active', 'cancelled']),
    round: z.int().optional(),
    gameId: z.string().optional(),
    hand: z.int().optional(),
  })
  .openapi('TournamentPenalty');

export const TournamentDispute = z
  .object({
    disputeId: z.string(),
    gameId: z.string(),
    hand: z.int().positive(),
    reason: z.string(),
    status: z.enum(['open', 'ruled']),
    ruling: ruling.optional().openapi({ description: 'Once ruled' }),
  })
  .openapi('TournamentDispute');

// For amendments.ts (its owner to adopt): the recompute progress stream's events, as AmendmentProgressEvent.

const JobProgress = z.object({ done: z.int().nonnegative(), total: z.int().nonnegative() });

/** One event of an amendment's progress stream (services/queue/port.ts JobState and JobEvent). */
export const AmendmentProgressEvent = z
  .discriminatedUnion('event', [
    z.object({
      event: z.literal('state'),
      data: z.object({
        id: z.string(),
        status: z.enum(['waiting', 'active', 'delayed', 'completed', 'failed', 'unknown']),
        progress: JobProgress.optional(),
        attemptsMade: z.int().nonnegative().optional(),
        stalls: z.int().nonnegative().optional(),
        failedReason: z.string().optional(),
        result: z.unknown().optional().openapi({ description: 'The recompute’s result, once completed' }),
      }),
    }),
    z.object({ event: z.literal('progress'), data: z.object({ id: z.string(), progress: JobProgress }) }),
    z.object({
      event: z.literal('completed'),
      data: z.object({
        id: z.string(),
        result: z.unknown().openapi({ description: 'The recompute’s result' }),
      }),
    }),
    z.object({
      event: z.literal('failed'),
      data: z.object({ id: z.string(), reason: z.string(), willRetry: z.boolean() }),
    }),
  ])
  .openapi('AmendmentProgressEvent', {
    description:
      'text/event-stream: `state` first (where the job stands), then `progress`, and `completed` or `failed` ' +
      '(the stream ends with the job)',
  });

// For tournament-command.ts (its owner to adopt): the events a tournament command appended, as they are
// stored, instead of `{ type: string, data: unknown }`. TournamentEventsAppended.events: z.array(this).

export const AppendedTournamentEvent = z
  .discriminatedUnion(
    'type',
    TournamentEvent.options.map((schema) =>
      z
        .object({ type: schema.shape.type, data: schema.shape.data })
        .openapi(`${schema.shape.type.value}Event`),
    ) as unknown as [z.ZodObject<{ type: z.ZodLiteral<string> }>],
  )
  .openapi('TournamentEvent');
