// Live play over HTTP: a seat's view of its table and the actions it may send, each player acting from the
// seat it holds this hand (its token names the player and the game, never a seat: winds move each hand).
// A player is shown its own concealed tiles and nothing else hidden: every event, revision and refusal a
// player reads goes through domain/play/visibility.ts. Referees and organizers see everything.

import type { HandCommand } from '../../../domain/play/hand/index.ts';
import { handStream } from '../../../domain/play/metadata.ts';
import {
  eventsFor,
  isHandOver,
  OFFICIAL,
  PUBLIC,
  rejectionFor,
  seatViewer,
  seesLatest,
  type Viewer,
  visibleRevision,
} from '../../../domain/play/visibility.ts';
import { SEATS, type Seat } from '../../../domain/rules/seats.ts';
import { formatCounts, formatTiles, parseTiles, type Tile } from '../../../domain/tiles/index.ts';
import { seatViewOf } from '../../bots/seat-view.ts';
import type { Platform } from '../../platform.ts';
import { tournamentOf } from '../../platform.ts';
import { seatWindsOfLoaded } from '../../tables/bot-seats.ts';
import type { TableSnapshot } from '../../tables/live-tables.ts';
import type { Principal } from '../auth.ts';
import { type ExpectedVersion, etagOf, isWrongExpectedVersion } from '../concurrency.ts';
import { notFound, ProblemError, rejected } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';
import { ActionResult, chowTilesSchema, GameView, SeatView } from './table-schemas.ts';

const gameParams = z.object({ gameId: z.string().min(1).max(200) });
const handParams = gameParams.extend({ hand: z.coerce.number().int().positive() });

const tile = z
  .string()
  .regex(/^[1-9][mps]$|^[1-7]z$/, 'one tile in compact notation: 5p, 7z…')
  .transform((text) => parseTiles(text)[0]!);

const declared = {
  handScore: z.int().nonnegative().optional(),
  loserScores: z.partialRecord(z.enum(SEATS), z.int().nonnegative()).optional(),
};

export const SeatAction = z
  .discriminatedUnion('action', [
    z.strictObject({ action: z.literal('discard'), tile }),
    z.strictObject({ action: z.literal('pass') }),
    z.strictObject({ action: z.literal('pong') }),
    z.strictObject({ action: z.literal('kong') }),
    z.strictObject({ action: z.literal('chow'), tiles: chowTilesSchema }),
    z.strictObject({ action: z.literal('win'), ...declared }),
    z.strictObject({ action: z.literal('self-draw'), ...declared }),
    z.strictObject({ action: z.literal('declare-kong'), tile, kind: z.enum(['concealed', 'added']) }),
    z.strictObject({ action: z.literal('place-streak-die') }),
  ])
  .openapi('SeatAction');
export type SeatAction = z.infer<typeof SeatAction>;

export const RefereeAction = z
  .discriminatedUnion('action', [
    z.strictObject({ action: z.literal('dead-hand'), seat: z.enum(SEATS), held: z.int().min(0).max(18) }),
    z.strictObject({ action: z.literal('charge-unshown-gong'), seat: z.enum(SEATS) }),
  ])
  .openapi('RefereeAction');

/** The hand command a seat's action stands for. */
export function commandOf(action: SeatAction, seat: Seat, at: string): HandCommand {
  switch (action.action) {
    case 'discard':
      return { type: 'Discard', seat, tile: action.tile, at };
    case 'pass':
      return { type: 'Pass', seat, at };
    case 'pong':
    case 'kong':
      return { type: 'MakeClaim', seat, claim: { claim: action.action }, at };
    case 'chow':
      return { type: 'MakeClaim', seat, claim: { claim: 'chow', tiles: action.tiles }, at };
    case 'win': {
      const { handScore, loserScores } = action;
      return {
        type: 'MakeClaim',
        seat,
        claim: { claim: 'win' },
        at,
        ...(handScore === undefined ? {} : { handScore }),
        ...(loserScores === undefined ? {} : { loserScores }),
      };
    }
    case 'self-draw': {
      const { handScore, loserScores } = action;
      return {
        type: 'DeclareSelfDraw',
        seat,
        at,
        ...(handScore === undefined ? {} : { handScore }),
        ...(loserScores === undefined ? {} : { loserScores }),
      };
    }
    case 'declare-kong':
      return { type: 'DeclareKong', seat, tile: action.tile, kind: action.kind, at };
    case 'place-streak-die':
      return { type: 'PlaceStreakDie', seat, at };
  }
}

const tileList = (tiles: readonly Tile[]) => ({ tiles: [...tiles], notation: formatTiles(tiles) });

/**
 * The seat view as JSON: tiles as indices and in notation, for people and programs alike. `revision` is the
 * hand's revision as the seat sees it (visibility.ts): another seat's silent pass does not move it.
 */
export function seatViewBody(snapshot: TableSnapshot, seat: Seat) {
  const state = snapshot.hand!.state;
  const { view, phase, turn, deadHand } = seatViewOf(state, seat);
  const concealed = Array.from(view.concealed);
  return {
    gameId: snapshot.game.state.gameId,
    hand: snapshot.handNumber,
    revision: visibleRevision(snapshot.hand!.events, seatViewer(seat)),
    seat,
    seatWinds: seatWindsOfLoaded(snapshot.hand),
    prevalentWind: view.prevalent,
    turn,
    deadHand,
    phase,
    concealed: { counts: concealed, notation: formatCounts(concealed) },
    melds: view.melds,
    flowers: tileList(view.flowers),
    ponds: Object.fromEntries(Object.entries(view.ponds).map(([s, tiles]) => [s, tileList(tiles ?? [])])),
    exposed: view.exposed,
    wallRemaining: view.wallRemaining,
    scores: snapshot.game.state.scores,
  };
}

/** Who reads the table: officials see everything, a player what their seat this hand shows (or the public's). */
function viewerAt(snapshot: TableSnapshot, principal: Principal): Viewer {
  if (principal.role !== 'player') return OFFICIAL;
  const winds = seatWindsOfLoaded(snapshot.hand);
  const seat = SEATS.find((s) => winds[s] === principal.playerId);
  return seat === undefined ? PUBLIC : seatViewer(seat);
}

/** The seat the player holds in the table's current hand; 403 when they hold none. */
function seatOfPlayer(snapshot: TableSnapshot, principal: Principal): Seat {
  if (principal.role !== 'player')
    throw new ProblemError(403, 'forbidden', 'only a seated player has a seat');
  const winds = seatWindsOfLoaded(snapshot.hand);
  const seat = SEATS.find((s) => winds[s] === principal.playerId);
  if (seat === undefined)
    throw new ProblemError(403, 'forbidden', `player ${principal.playerId} holds no seat in this hand`);
  return seat;
}

async function liveTable(platform: Platform, gameId: string): Promise<TableSnapshot> {
  const snapshot = await platform.tables.snapshot(gameId);
  if (snapshot.game.revision === -1) throw notFound(`no game ${gameId}`);
  return snapshot;
}

function currentHand(snapshot: TableSnapshot, hand: number): void {
  if (snapshot.hand === undefined || snapshot.handNumber !== hand)
    throw new ProblemError(
      409,
      'conflict',
      `hand ${hand} is not being played (current: ${snapshot.handNumber})`,
      { reason: 'not-current-hand', currentHand: snapshot.handNumber },
    );
}

/** The tournament of the game in the path, so a token bound to another tournament is refused. */
export const gameScope =
  (platform: Platform) =>
  async ({ params }: { params: { gameId: string } }) => {
    const snapshot = await platform.tables.snapshot(params.gameId);
    // No game: the route answers 404 whoever asks. A game of no tournament is no bound token's: '' matches
    // no tournament a token is bound to, so only global organizers reach it.
    if (snapshot.game.revision === -1) return { gameId: params.gameId };
    return { gameId: params.gameId, tournamentId: tournamentOf(snapshot.game) ?? '' };
  };

export function tableRoutes(platform: Platform): Route[] {
  const scope = gameScope(platform);
  return [
    defineRoute({
      method: 'get',
      path: '/api/games/:gameId',
      summary: 'A table: its players, scores and current hand (nothing hidden in it)',
      description:
        'ETag: the game stream’s revision. `handRevision` is the hand’s revision as the reader sees it: a player’s counts only the events their seat is shown.',
      tags: ['tables'],
      auth: { roles: ['organizer', 'referee', 'player'], scope },
      params: gameParams,
      responses: { 200: { description: 'The table', schema: GameView } },
      handler: async ({ params, principal }) => {
        const snapshot = await liveTable(platform, params.gameId);
        const viewer = viewerAt(snapshot, principal);
        const { state } = snapshot.game;
        const hand = snapshot.hand?.state;
        return {
          revision: snapshot.game.revision,
          body: {
            gameId: state.gameId,
            tournamentId: tournamentOf(snapshot.game),
            preset: state.preset ?? null,
            phase: state.phase,
            players: state.players,
            scores: state.scores,
            standings: state.standings ?? null,
            hand: snapshot.handNumber,
            handPhase: hand?.phase.kind ?? null,
            seatWinds: seatWindsOfLoaded(snapshot.hand),
            prevalentWind: hand?.prevalentWind ?? state.deal.prevalentWind,
            wallRemaining: hand === undefined ? null : hand.back - hand.front + 1,
            handRevision: snapshot.hand === undefined ? -1 : visibleRevision(snapshot.hand.events, viewer),
          },
        };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/games/:gameId/seat',
      summary: "The player's own seat this hand: their tiles, the table's exposed tiles, what they may do",
      tags: ['tables'],
      auth: { roles: ['player'], scope },
      params: gameParams,
      responses: {
        200: {
          description: 'The seat view; ETag is the hand’s revision as the seat sees it',
          schema: SeatView,
        },
      },
      handler: async ({ params, principal }) => {
        const snapshot = await liveTable(platform, params.gameId);
        if (snapshot.hand === undefined)
          throw new ProblemError(409, 'conflict', 'no hand is being played', { reason: 'no-hand' });
        const seat = seatOfPlayer(snapshot, principal);
        const body = seatViewBody(snapshot, seat);
        return { revision: body.revision, body };
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/games/:gameId/hands/:hand/actions',
      summary: 'A player acts from their seat: discard, claim, pass, kong, self-drawn win…',
      tags: ['tables'],
      auth: { roles: ['player'], scope },
      params: handParams,
      body: SeatAction,
      ifMatch: 'optional',
      idempotency: 'optional',
      responses: {
        200: {
          description:
            'The events the action appended, as the seat sees them; ETag the hand’s revision as the seat sees it',
          schema: ActionResult,
        },
      },
      handler: async ({ params, body, principal, expectedVersion, commandId, requestId }) => {
        const { outcome, seat } = await actFromSeat(
          platform,
          params,
          principal,
          body,
          expectedVersion,
          commandId,
          requestId,
        );
        return actionReply(platform, params.gameId, outcome, seatViewer(seat));
      },
    }),
    defineRoute({
      method: 'post',
      path: '/api/games/:gameId/hands/:hand/referee',
      summary:
        'A referee acts on a live hand: a dead hand found, an unshown concealed gong charged (table law)',
      tags: ['tables'],
      auth: { roles: ['referee', 'organizer'], scope },
      params: handParams,
      body: RefereeAction,
      ifMatch: 'optional',
      idempotency: 'optional',
      responses: { 200: { description: 'The events appended', schema: ActionResult } },
      handler: async ({ params, body, principal, expectedVersion, commandId, requestId }) => {
        const snapshot = await liveTable(platform, params.gameId);
        currentHand(snapshot, params.hand);
        const at = platform.now();
        const command: HandCommand =
          body.action === 'dead-hand'
            ? { type: 'DeclareDeadHand', seat: body.seat, held: body.held, at }
            : { type: 'ChargeUnshownGong', seat: body.seat, at };
        const outcome = await platform.tables.act(
          params.gameId,
          command,
          {
            role: principal.role === 'organizer' ? 'organizer' : 'referee',
            seat: body.seat,
            id: principal.tokenId,
          },
          { commandId, correlationId: requestId },
          typeof expectedVersion === 'number' ? expectedVersion : undefined,
        );
        return actionReply(platform, params.gameId, outcome, OFFICIAL);
      },
    }),
  ];
}

type ActOutcome = Awaited<ReturnType<Platform['tables']['act']>>;

/** Attempts at a player's command whose If-Match is met while events hidden from the seat keep coming. */
const SEAT_ATTEMPTS = 3;

/**
 * A player's action from the seat they hold. Their If-Match is the hand's revision as their seat sees it: met
 * when no event the seat may see came after it, and then sent on as the stream's own revision, so that an
 * event hidden from the seat (another seat's pass) neither refuses the command nor shows in the answer.
 */
async function actFromSeat(
  platform: Platform,
  params: { gameId: string; hand: number },
  principal: Principal,
  action: SeatAction,
  expectedVersion: ExpectedVersion | undefined,
  commandId: string,
  requestId: string,
): Promise<{ outcome: ActOutcome; seat: Seat }> {
  for (let attempt = 1; ; attempt++) {
    const snapshot = await liveTable(platform, params.gameId);
    currentHand(snapshot, params.hand);
    const seat = seatOfPlayer(snapshot, principal);
    const hand = snapshot.hand!;
    if (typeof expectedVersion === 'number' && !seesLatest(hand.events, seatViewer(seat), expectedVersion))
      throw staleForSeat(snapshot, seat, expectedVersion);
    try {
      const outcome = await platform.tables.act(
        params.gameId,
        commandOf(action, seat, platform.now()),
        { role: 'player', seat, id: principal.role === 'player' ? principal.playerId : principal.tokenId },
        { commandId, correlationId: requestId },
        typeof expectedVersion === 'number' ? hand.revision : undefined,
      );
      return { outcome, seat };
    } catch (error) {
      // The stream moved between the look and the command: look again, and answer in the seat's revisions.
      if (!isWrongExpectedVersion(error)) throw error;
      if (attempt >= SEAT_ATTEMPTS) {
        const now = await liveTable(platform, params.gameId);
        throw staleForSeat(now, seatOfPlayer(now, principal), expectedVersion);
      }
    }
  }
}

/** 412 with the revision the seat sees, never the stream's own (it counts events hidden from the seat). */
function staleForSeat(
  snapshot: TableSnapshot,
  seat: Seat,
  expected: ExpectedVersion | undefined,
): ProblemError {
  const current = snapshot.hand === undefined ? -1 : visibleRevision(snapshot.hand.events, seatViewer(seat));
  return new ProblemError(
    412,
    'stale-version',
    `hand ${snapshot.handNumber} has moved on${typeof expected === 'number' ? ` since revision ${expected}` : ''}: your seat sees revision ${current}`,
    { stream: handStream(snapshot.game.state.gameId, snapshot.handNumber), currentRevision: current },
    current >= 0 ? { ETag: etagOf(current) } : {},
  );
}

/**
 * The events a command appended as `viewer` may see them, and the hand's revision after them as it sees it.
 * A rejection is the decider's, as the viewer may read it. A hand over by now shows everything.
 */
async function actionReply(platform: Platform, gameId: string, outcome: ActOutcome, viewer: Viewer) {
  if (outcome.status === 'rejected') throw rejected(rejectionFor(outcome.rejection, viewer), 409);
  // The copy holds what the command appended here: no read of the store for the reply.
  const after = await platform.tables.snapshot(gameId, { asKnown: true });
  const hand = after.handNumber === outcome.hand ? after.hand : undefined;
  const last = outcome.stored.at(-1)?.revision ?? hand?.revision ?? -1;
  // The table deals on as soon as a hand ends: a hand no longer current is over.
  const over = hand === undefined || isHandOver(hand.events);
  return {
    // A stream's revision is its event's index: the seat counts the events it is shown up to this one.
    revision: over || hand === undefined ? last : visibleRevision(hand.events.slice(0, last + 1), viewer),
    body: {
      status: outcome.status,
      hand: outcome.hand,
      events: eventsFor(outcome.events, viewer, over).map((event) => ({
        type: event.type,
        data: event.data,
      })),
      /** The table moved on: the hand being played now. */
      currentHand: after.handNumber,
    },
  };
}
