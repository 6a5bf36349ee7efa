// A player's own seat as server-sent events: the seat view GET /api/games/:gameId/seat answers, pushed when
// the table moves instead of polled. Only seatViewBody builds what is sent (domain/play/visibility.ts decides
// what a seat is shown), and a view is sent only when it differs from the last one sent: another seat's
// silent pass changes nothing the seat reads, so it sends nothing either (an event would tell that some seat
// was eligible to claim).
import { SEATS, type Seat } from '../../../domain/rules/seats.ts';
import type { Platform } from '../../platform.ts';
import { seatWindsOfLoaded } from '../../tables/bot-seats.ts';
import type { TableSnapshot } from '../../tables/live-tables.ts';
import type { PlayerPrincipal } from '../auth.ts';
import { notFound, ProblemError } from '../problem.ts';
import { clientKey, DEFAULT_STREAMS_PER_CLIENT, StreamSlots } from '../rate-limit.ts';
import { defineRoute, type Route } from '../route.ts';
import { type Coalesced, coalesce, openEventStream } from '../sse.ts';
import { z } from '../zod.ts';
import { SeatView } from './table-schemas.ts';
import { gameScope, seatViewBody } from './tables.ts';

export interface SeatStreamOptions {
  /** Seat streams one client (its token) may hold open at once; default 8, as the board's. */
  readonly streamsPerClient?: number;
  /** The least time between two views on one stream; default 50 ms (a seat acts on what it is sent). */
  readonly minIntervalMs?: number;
}

export const SeatStreamEnded = z
  .object({
    gameId: z.string(),
    reason: z.literal('game-finished'),
    scores: z.record(z.string(), z.number()).openapi({ description: 'The game’s final scores, by player' }),
  })
  .openapi('SeatStreamEnded');

export const SeatStreamEvent = z
  .discriminatedUnion('event', [
    z.object({
      event: z.literal('seat'),
      id: z.string().openapi({ description: 'Counts the frames sent on this stream, from 1' }),
      data: SeatView,
    }),
    z.object({ event: z.literal('ended'), id: z.string(), data: SeatStreamEnded }),
  ])
  .openapi('SeatStreamEvent', {
    description:
      'text/event-stream: a `retry:` line, then one `event: seat` frame (`id:` and `data:`, the seat view as ' +
      'GET /api/games/{gameId}/seat answers it) at once and on every change the seat can see, `: heartbeat` ' +
      'comments between, and a last `event: ended` frame once the game is finished',
  });

const gameParams = z.object({ gameId: z.string().min(1).max(200) });

/** The seat the player holds in the table's current hand, or undefined (GET /seat answers 403 then). */
function seatOf(snapshot: TableSnapshot, principal: PlayerPrincipal): Seat | undefined {
  const winds = seatWindsOfLoaded(snapshot.hand);
  return SEATS.find((s) => winds[s] === principal.playerId);
}

export function seatStreamRoutes(platform: Platform, options: SeatStreamOptions = {}): Route[] {
  const slots = new StreamSlots(options.streamsPerClient ?? DEFAULT_STREAMS_PER_CLIENT);
  const minIntervalMs = options.minIntervalMs ?? 50;
  return [
    defineRoute({
      method: 'get',
      path: '/api/games/:gameId/seat/stream',
      summary: "The player's own seat as server-sent events: `seat` with the seat view on every change",
      description:
        'The seat token’s own seat, as GET /api/games/{gameId}/seat answers it (the same refusals: 403 for a ' +
        'player seated nowhere this hand or a token of another game, 409 `no-hand` at a table whose hands are ' +
        'entered). A `seat` frame at once, then whenever what the seat reads changes (its visible revision, ' +
        'the hand): never the same view twice in a row, at most one per 50 ms (the latest always sent). ' +
        '`ended` once the game is finished, then the stream closes. At most 8 open streams per token: 429 ' +
        '`too-many-streams` beyond.',
      tags: ['tables'],
      auth: { roles: ['player'], scope: gameScope(platform) },
      params: gameParams,
      responses: {
        200: {
          description: 'An event stream: `seat` (the whole seat view) per change, `ended` at the game’s end',
          contentType: 'text/event-stream',
          schema: SeatStreamEvent,
        },
        409: { description: 'no-hand: the table’s hands are entered by a scorer, no seat is dealt one' },
        429: { description: 'too-many-streams: the client holds its limit of open streams' },
      },
      handler: async ({ req, res, params, principal }) => {
        // Listening before the first read: a change after it is read again, never missed. Until the stream
        // is open a change is only noted; a refusal stops the listening.
        let pushes: Coalesced | undefined;
        let changedMeanwhile = false;
        const stop = platform.changes.subscribe(params.gameId, () => {
          if (pushes === undefined) changedMeanwhile = true;
          else pushes.poke();
        });
        let first: TableSnapshot;
        let release: () => void;
        try {
          // Refused as GET /seat refuses, while the response is still a plain problem.
          first = await platform.tables.snapshot(params.gameId);
          if (first.game.revision === -1) throw notFound(`no game ${params.gameId}`);
          const finished = first.game.state.phase === 'finished';
          if (first.hand === undefined && !finished)
            throw new ProblemError(409, 'conflict', 'no hand is being played', { reason: 'no-hand' });
          if (first.hand !== undefined && seatOf(first, principal) === undefined)
            throw new ProblemError(
              403,
              'forbidden',
              `player ${principal.playerId} holds no seat in this hand`,
            );
          release = slots.take(clientKey(req, res));
        } catch (error) {
          stop();
          throw error;
        }
        const stream = openEventStream(req, res);
        let frames = 0;
        let last = '';
        const show = (snapshot: TableSnapshot) => {
          const seat = snapshot.hand === undefined ? undefined : seatOf(snapshot, principal);
          if (seat !== undefined) {
            // What the seat reads did not change (another seat's silent pass): nothing is sent.
            const text = JSON.stringify(seatViewBody(snapshot, seat));
            if (text !== last) {
              last = text;
              stream.sendJson('seat', text, String(++frames));
            }
          }
          const { state } = snapshot.game;
          if (state.phase === 'finished') {
            stream.send(
              'ended',
              { gameId: state.gameId, reason: 'game-finished', scores: state.scores },
              String(++frames),
            );
            stream.close();
          }
        };
        const coalesced = coalesce(async () => {
          try {
            show(await platform.tables.snapshot(params.gameId, { asKnown: true }));
          } catch {
            stream.close();
          }
        }, minIntervalMs);
        stream.onClose(() => {
          coalesced.stop();
          stop();
          release();
        });
        // The first view is the one just read, sent with the headers in one write: at a round's start every
        // seat opens its stream at once, and a second read and a timer's turn each was a wait behind all the
        // others.
        try {
          show(first);
        } catch {
          stream.close();
        }
        coalesced.sent();
        pushes = coalesced;
        if (changedMeanwhile) coalesced.poke();
        return undefined;
      },
    }),
  ];
}
