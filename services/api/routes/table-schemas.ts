// The table routes' fields and replies: a chow names the two tiles it takes from the hand; a table, a seat's own
// view and the events an action appended are documented as the handlers build them (tables.ts), so the web
// app is typed from what the server really sends.
import { PLAY_EVENT_SCHEMAS, type PlayEventType } from '../../../domain/play/events.ts';
import { playTile, preset, seat, sha256Hash, tile } from '../../../domain/play/fields.ts';
import { ScoreRequestSchema } from '../../../domain/rules/contract/schema.ts';
import { parseTiles, WALL_ALGORITHM } from '../../../domain/tiles/index.ts';
import { z } from '../zod.ts';
import { ScoreRequest } from './score.ts';

const oneTile = z
  .string()
  .regex(/^[1-9][mps]$/, 'a suited tile in compact notation: 4p')
  .transform((text) => parseTiles(text)[0]!);

export const chowTilesSchema = z.tuple([oneTile, oneTile]);

/** Seat → player id: who holds each wind this hand. */
export const SeatWinds = z
  .partialRecord(seat, z.string())
  .openapi({ description: 'Seat wind → the player holding it this hand' });

/** Tiles as indices (0..33, flowers 34..41) and in compact notation. */
const TileList = z
  .object({ tiles: z.array(tile), notation: z.string().openapi({ example: '123m 55p' }) })
  .openapi('TileList');

const Meld = z
  .object({
    kind: z.enum(['chow', 'pung', 'kong']),
    tile: z.int().min(0).max(33).openapi({ description: 'The lowest tile of the meld' }),
    concealed: z.boolean().openapi({ description: 'Only a kong is concealed' }),
  })
  .openapi('Meld');

const handPhaseKind = z.enum(['not-started', 'turn', 'claim-window', 'won', 'ended']);

export const GameView = z
  .object({
    gameId: z.string(),
    tournamentId: z.string().nullable(),
    preset: preset.nullable(),
    phase: z.enum(['not-started', 'playing', 'finished']),
    players: z.array(z.string()).openapi({ description: 'In their first hand’s seat order: E, S, W, N' }),
    scores: z.record(z.string(), z.number()).openapi({ description: 'Player → running points' }),
    standings: z
      .array(z.object({ playerId: z.string(), points: z.number(), place: z.int().positive() }))
      .nullable()
      .openapi({ description: 'Once the game is finished; tied players share a place' }),
    hand: z.int().nonnegative().openapi({ description: 'The hand being played, else the one dealt next' }),
    handPhase: handPhaseKind.nullable(),
    seatWinds: SeatWinds,
    prevalentWind: seat,
    wallRemaining: z.int().nullable(),
    handRevision: z
      .int()
      .openapi({ description: 'The hand’s revision as the reader sees it; -1 for no hand' }),
  })
  .openapi('Game');

/** What the seat may do now (services/bots/seat-view.ts). */
const SeatPhase = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('waiting') }),
    z.object({
      kind: z.literal('turn'),
      drawn: tile.nullable().openapi({ description: 'The tile just drawn (a self-drawn win may follow)' }),
    }),
    z.object({
      kind: z.literal('claim'),
      offer: z.object({
        // The tile offered: a flower only when kind is flower.
        tile,
        kind: z.enum(['discard', 'added-kong', 'concealed-kong', 'flower']).openapi({
          description:
            'flower: a declared flower that completes the seat’s eight (seed 003, Eight Immortals); its tile is that flower',
        }),
        from: seat,
      }),
      open: z.object({
        win: z.boolean(),
        thirteenOrphans: z.boolean(),
        kong: z.boolean(),
        pong: z.boolean(),
        chows: z.array(z.tuple([playTile, playTile])),
      }),
      answered: z.boolean(),
      deadlineMs: z.number().openapi({ description: 'The window’s deadline, in ms since the epoch' }),
    }),
    z.object({ kind: z.literal('ended'), how: z.enum(['settled', 'drawn', 'voided']) }),
  ])
  .openapi('SeatPhase');

export const SeatView = z
  .object({
    gameId: z.string(),
    hand: z.int().positive(),
    revision: z.int().openapi({ description: 'The hand’s revision as the seat sees it (also the ETag)' }),
    seat,
    seatWinds: SeatWinds,
    prevalentWind: seat,
    turn: seat.nullable(),
    deadHand: z.boolean(),
    phase: SeatPhase,
    concealed: z.object({
      counts: z.array(z.int().nonnegative()).openapi({ description: 'A count per tile kind, 0..41' }),
      notation: z.string(),
    }),
    melds: z.array(Meld),
    flowers: TileList,
    ponds: z.partialRecord(seat, TileList),
    exposed: z.partialRecord(seat, z.array(Meld)),
    wallRemaining: z.int(),
    scores: z.record(z.string(), z.number()),
  })
  .openapi('SeatView');

type EventData = (typeof PLAY_EVENT_SCHEMAS)[PlayEventType]['shape']['data'];

/** An event's data without the refinements that check it whole: a seat is shown some of it. */
const dataOf = (type: PlayEventType): EventData | z.ZodObject => {
  const data = PLAY_EVENT_SCHEMAS[type].shape.data as EventData;
  return data instanceof z.ZodObject ? z.strictObject(data.shape) : data;
};

/** The wall as a live hand shows it to a seat: its hash, never its seed or order (domain/play/visibility.ts). */
const WallCommitment = z.discriminatedUnion('source', [
  z.strictObject({ source: z.literal('seed'), algorithm: z.literal(WALL_ALGORITHM), hash: sha256Hash }),
  z.strictObject({ source: z.literal('arranged'), hash: sha256Hash }),
]);

const entered = PLAY_EVENT_SCHEMAS.HandResultEntered.shape.data;
const [enteredWin, ...enteredOthers] = entered.shape.result.options;

/** What differs when a seat sees an event of a live hand; everything else is shown as stored. */
const seenData: Partial<Record<PlayEventType, z.ZodType>> = {
  HandStarted: z.strictObject({
    ...PLAY_EVENT_SCHEMAS.HandStarted.shape.data.shape,
    wall: z.union([PLAY_EVENT_SCHEMAS.HandStarted.shape.data.shape.wall, WallCommitment]).openapi({
      description: 'Whole to officials and once the hand is over; else only what it is committed to',
    }),
  }),
  // The score contract's request is kept as the scorer typed it: documented by the contract's schema.
  HandResultEntered: z.strictObject({
    ...entered.shape,
    result: z.discriminatedUnion('kind', [
      z.strictObject({
        ...enteredWin.shape,
        claims: z.array(ScoreRequestSchema.shape.claims.element).min(1),
      }),
      ...enteredOthers,
    ]),
    request: ScoreRequest.nullable(),
  }),
  TileDrawn: z.strictObject({
    ...PLAY_EVENT_SCHEMAS.TileDrawn.shape.data.shape,
    tile: tile.optional().openapi({ description: 'Only to the seat that drew it, while the hand is live' }),
  }),
};

/** Each play event as a reader may see it, by type: `SeenPlayEvents.SettlementCorrected`… */
export const SeenPlayEvents = Object.fromEntries(
  (Object.keys(PLAY_EVENT_SCHEMAS) as PlayEventType[]).map((type) => [
    type,
    z.object({ type: z.literal(type), data: seenData[type] ?? dataOf(type) }).openapi(`${type}Event`),
  ]),
) as Record<PlayEventType, z.ZodObject<{ type: z.ZodLiteral<string>; data: z.ZodType }>>;

/** A play event as the reader may see it: its type and data (domain/play/events.ts). */
export const SeenPlayEvent = z
  .discriminatedUnion(
    'type',
    Object.values(SeenPlayEvents) as unknown as [(typeof SeenPlayEvents)[PlayEventType]],
  )
  .openapi('PlayEvent');

export const ActionResult = z
  .object({
    status: z.enum(['appended', 'already-applied']).openapi({
      description: 'already-applied: the same command was applied before; nothing was appended again',
    }),
    hand: z.int().positive(),
    events: z
      .array(SeenPlayEvent)
      .openapi({ description: 'The events appended, as the reader may see them' }),
    currentHand: z.int().nonnegative().openapi({ description: 'The hand being played now' }),
  })
  .openapi('ActionResult');
