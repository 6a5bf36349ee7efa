// Queries over the read models: standings and the tables board (public: a tournament's room shows them on a
// screen), the board as server-sent events, hand replays, the audit log and player histories. A replay of a
// hand still being played is for referees and organizers only; players see it once the hand is over.
import { handStream } from '../../../domain/play/metadata.ts';
import { isHandOver } from '../../../domain/play/visibility.ts';
import {
  auditOf,
  boardOf,
  historyOf,
  type ReadModels,
  replayFromEvents,
  standingsDocOf,
  standingsOf,
  standingsProgress,
} from '../../../projections/index.ts';
import type { Platform } from '../../platform.ts';
import { forbidden, notFound, ProblemError } from '../problem.ts';
import { clientKey, DEFAULT_STREAMS_PER_CLIENT, StreamSlots } from '../rate-limit.ts';
import { defineRoute, type Route } from '../route.ts';
import { coalesce, openEventStream } from '../sse.ts';
import { z } from '../zod.ts';
import { gameScope } from './tables.ts';
import {
  AuditLog,
  Board,
  BoardStreamEvent,
  PlayerHistory,
  Replay,
  Standings,
  StandingsProgress,
} from './view-schemas.ts';

const tournamentParams = z.object({ tournamentId: z.string().min(1).max(200) });
const handParams = z.object({ gameId: z.string().min(1).max(200), hand: z.coerce.number().int().positive() });

export interface BoardFeedOptions {
  /** Board streams one client (a token, or an IP without one) may hold open at once; default 8. */
  readonly streamsPerClient?: number;
  /** The least time between two boards on one stream; default 250 ms. */
  readonly minIntervalMs?: number;
}

/**
 * Tables-board changes, from the projection runner to the open event streams of that tournament, and the
 * bounds on those streams: a public route, so anyone may open them.
 */
export class BoardFeed {
  readonly #listeners = new Map<string, Set<() => void>>();
  readonly slots: StreamSlots;
  readonly minIntervalMs: number;

  constructor(options: BoardFeedOptions = {}) {
    this.slots = new StreamSlots(options.streamsPerClient ?? DEFAULT_STREAMS_PER_CLIENT);
    this.minIntervalMs = options.minIntervalMs ?? 250;
  }

  changed(tournamentIds: readonly string[]): void {
    for (const id of tournamentIds) for (const listener of this.#listeners.get(id) ?? []) listener();
  }

  listen(tournamentId: string, listener: () => void): () => void {
    const set = this.#listeners.get(tournamentId) ?? new Set();
    set.add(listener);
    this.#listeners.set(tournamentId, set);
    return () => {
      set.delete(listener);
      // Streams of made-up tournament ids come and go: an id nobody listens to keeps no entry.
      if (set.size === 0 && this.#listeners.get(tournamentId) === set) this.#listeners.delete(tournamentId);
    };
  }

  /** Tournaments with a stream open (for tests: closed streams leave none). */
  get tournamentsListened(): number {
    return this.#listeners.size;
  }

  close(): void {
    this.#listeners.clear();
  }
}

/**
 * The query routes over the read models. `settled` resolves once the read models hold what this process
 * appended before the call (projections in a thread of their own lag the store): each answer reads after it,
 * so a client that wrote and then reads finds what it wrote.
 */
export function queryRoutes(
  platform: Platform,
  readModels: ReadModels,
  feed: BoardFeed,
  settled: () => Promise<void> = async () => {},
): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/standings',
      summary: 'Standings: points (or table points), places shared on equal scores',
      tags: ['queries'],
      params: tournamentParams,
      responses: { 200: { description: 'One row per player, best first', schema: Standings } },
      handler: async ({ params }) => {
        await settled();
        return { body: { standings: await standingsOf(readModels, params.tournamentId) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/standings/progress',
      summary: "Every player's running points after each hand, for the standings chart",
      description:
        'The steps are (round, hand): hand 3 of round 2 is one step at every table. A player’s total after a step ' +
        'adds the hands of that step (settlements in force and payments made at once) and the penalties in force ' +
        'given there (at their hand, else at the last step of their round); the last total is the standings’ points.',
      tags: ['queries'],
      params: tournamentParams,
      responses: { 200: { description: 'The steps and each player’s totals', schema: StandingsProgress } },
      handler: async ({ params }) => {
        await settled();
        const doc = await standingsDocOf(readModels, params.tournamentId);
        if (doc === undefined) throw notFound(`no standings for tournament ${params.tournamentId}`);
        return { body: standingsProgress(doc) };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/board',
      summary: "The tables board: the current round's tables as they play",
      tags: ['queries'],
      params: tournamentParams,
      responses: { 200: { description: 'The board', schema: Board } },
      handler: async ({ params }) => {
        await settled();
        const board = await boardOf(readModels, params.tournamentId);
        if (board === undefined) throw notFound(`no board for tournament ${params.tournamentId}`);
        return { body: board };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/board/stream',
      summary: 'The tables board as server-sent events: `board` with the whole board on every change',
      description:
        'Changes are coalesced: at most one board per 250 ms on a stream, the latest always sent. At most 8 ' +
        'open streams per client (token, or IP without one): 429 `too-many-streams` beyond.',
      tags: ['queries'],
      params: tournamentParams,
      responses: {
        200: {
          description: 'An event stream: one `board` event (the whole board) per change',
          contentType: 'text/event-stream',
          schema: BoardStreamEvent,
        },
        429: { description: 'too-many-streams: the client holds its limit of open streams' },
      },
      handler: ({ req, res, params }) => {
        // Taken before the stream opens, so the refusal is still a plain 429 problem.
        const release = feed.slots.take(clientKey(req, res));
        const stream = openEventStream(req, res);
        let version = 0;
        let last = '';
        // The first board reads after what was appended before the stream opened; later ones follow commits.
        let opening = true;
        const pushes = coalesce(async () => {
          try {
            if (opening) {
              opening = false;
              await settled();
            }
            const board = await boardOf(readModels, params.tournamentId);
            // The same board again is not sent: a push on an event that changes nothing shown (another
            // seat's silent pass) would tell the room that some seat was eligible to claim.
            const text = JSON.stringify(board);
            if (board === undefined || text === last) return;
            last = text;
            stream.send('board', board, String(++version));
          } catch {
            stream.close();
          }
        }, feed.minIntervalMs);
        const stop = feed.listen(params.tournamentId, () => pushes.poke());
        stream.onClose(() => {
          pushes.stop();
          stop();
          release();
        });
        pushes.poke();
        return undefined;
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/games/:gameId/hands/:hand/replay',
      summary:
        'A hand step by step: tiles, ponds, melds, wall, claim windows and their resolutions, payments',
      description: 'Referees and organizers always; a player of the game once the hand is over (403 before).',
      tags: ['queries'],
      auth: { roles: ['organizer', 'referee', 'player'], scope: gameScope(platform) },
      params: handParams,
      responses: { 200: { description: 'The replay', schema: Replay } },
      handler: async ({ params, principal }) => {
        // Straight from the hand's stream: a referee disputing a live hand sees every event already stored.
        const events = await platform.store.readStream(handStream(params.gameId, params.hand));
        if (events.length === 0) throw notFound(`no hand ${params.hand} in game ${params.gameId}`);
        const over = isHandOver(events);
        if (principal.role === 'player' && !over)
          throw new ProblemError(
            403,
            'forbidden',
            'the hand is still being played: its replay opens when it ends',
            {
              reason: 'hand-live',
            },
          );
        return { revision: events.at(-1)!.revision, body: { over, ...replayFromEvents(events) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/audit',
      summary: 'The audit log: penalties, rulings, corrections and voids — who, when, why, before and after',
      tags: ['queries'],
      auth: { roles: ['organizer', 'referee'] },
      params: tournamentParams,
      responses: { 200: { description: 'Entries in the order they happened', schema: AuditLog } },
      handler: async ({ params }) => {
        await settled();
        return { body: { entries: await auditOf(readModels, params.tournamentId) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/players/:playerId/history',
      summary: "A player's games in this tournament: round, table, seat, points, place, wins, penalties",
      description:
        'Organizers and referees of the tournament; only its own games, whatever else the player played. ' +
        '404 for a player the tournament never registered.',
      tags: ['queries'],
      auth: { roles: ['organizer', 'referee'] },
      params: tournamentParams.extend({ playerId: z.string().min(1).max(200) }),
      responses: { 200: { description: 'One row per game of the tournament', schema: PlayerHistory } },
      handler: async ({ params }) => {
        const { state } = await platform.tournaments.current(params.tournamentId);
        if (!state.players.some((p) => p.playerId === params.playerId))
          throw notFound(`no player ${params.playerId} in tournament ${params.tournamentId}`);
        await settled();
        const games = await historyOf(readModels, params.playerId);
        return { body: { games: games.filter((g) => g.tournamentId === params.tournamentId) } };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/players/:playerId/history',
      summary: "A player's games in every tournament: for a global organizer",
      description:
        'Every tournament’s games, so only an organizer bound to no tournament; others ask ' +
        '`/api/tournaments/{tournamentId}/players/{playerId}/history` (403 here).',
      tags: ['queries'],
      auth: { roles: ['organizer'] },
      params: z.object({ playerId: z.string().min(1).max(200) }),
      responses: { 200: { description: 'One row per game', schema: PlayerHistory } },
      handler: async ({ params, principal }) => {
        if (principal.tournamentId !== undefined)
          throw forbidden(
            `the token is bound to tournament ${principal.tournamentId}: ask ` +
              `/api/tournaments/${principal.tournamentId}/players/${params.playerId}/history`,
          );
        await settled();
        return { body: { games: await historyOf(readModels, params.playerId) } };
      },
    }),
  ];
}
