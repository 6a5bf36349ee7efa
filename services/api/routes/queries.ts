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
  standingsOf,
} from '../../../projections/index.ts';
import type { Platform } from '../../platform.ts';
import { notFound, ProblemError } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { openEventStream } from '../sse.ts';
import { z } from '../zod.ts';
import { gameScope } from './tables.ts';

const tournamentParams = z.object({ tournamentId: z.string().min(1).max(200) });
const handParams = z.object({ gameId: z.string().min(1).max(200), hand: z.coerce.number().int().positive() });

/** Tables-board changes, from the projection runner to the open event streams of that tournament. */
export class BoardFeed {
  readonly #listeners = new Map<string, Set<() => void>>();

  changed(tournamentIds: readonly string[]): void {
    for (const id of tournamentIds) for (const listener of this.#listeners.get(id) ?? []) listener();
  }

  listen(tournamentId: string, listener: () => void): () => void {
    const set = this.#listeners.get(tournamentId) ?? new Set();
    set.add(listener);
    this.#listeners.set(tournamentId, set);
    return () => set.delete(listener);
  }

  close(): void {
    this.#listeners.clear();
  }
}

export function queryRoutes(platform: Platform, readModels: ReadModels, feed: BoardFeed): Route[] {
  return [
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/standings',
      summary: 'Standings: points (or table points), places shared on equal scores',
      tags: ['queries'],
      params: tournamentParams,
      responses: { 200: { description: 'One row per player, best first' } },
      handler: async ({ params }) => ({
        body: { standings: await standingsOf(readModels, params.tournamentId) },
      }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/board',
      summary: "The tables board: the current round's tables as they play",
      tags: ['queries'],
      params: tournamentParams,
      responses: { 200: { description: 'The board' } },
      handler: async ({ params }) => {
        const board = await boardOf(readModels, params.tournamentId);
        if (board === undefined) throw notFound(`no board for tournament ${params.tournamentId}`);
        return { body: board };
      },
    }),
    defineRoute({
      method: 'get',
      path: '/api/tournaments/:tournamentId/board/stream',
      summary: 'The tables board as server-sent events: `board` with the whole board on every change',
      tags: ['queries'],
      params: tournamentParams,
      responses: { 200: { description: 'text/event-stream', contentType: 'text/event-stream' } },
      handler: async ({ req, res, params }) => {
        const stream = openEventStream(req, res);
        let version = 0;
        let last = '';
        const push = async () => {
          const board = await boardOf(readModels, params.tournamentId);
          // The same board again is not sent: a push on an event that changes nothing shown (another seat's
          // silent pass) would tell the room that some seat was eligible to claim.
          const text = JSON.stringify(board);
          if (board === undefined || text === last) return;
          last = text;
          stream.send('board', board, String(++version));
        };
        const stop = feed.listen(params.tournamentId, () => void push().catch(() => stream.close()));
        res.on('close', stop);
        await push();
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
      responses: { 200: { description: 'The replay' } },
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
      responses: { 200: { description: 'Entries in the order they happened' } },
      handler: async ({ params }) => ({ body: { entries: await auditOf(readModels, params.tournamentId) } }),
    }),
    defineRoute({
      method: 'get',
      path: '/api/players/:playerId/history',
      summary: "A player's games: tournament, round, table, seat, points, place, wins, penalties",
      tags: ['queries'],
      auth: { roles: ['organizer', 'referee'] },
      params: z.object({ playerId: z.string().min(1).max(200) }),
      responses: { 200: { description: 'One row per game' } },
      handler: async ({ params }) => ({ body: { games: await historyOf(readModels, params.playerId) } }),
    }),
  ];
}
