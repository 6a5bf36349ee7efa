// Result entry for a physical table over HTTP (domain/play/entry): a referee or organizer of the game's
// tournament previews the next hand's result (nothing is written) and then enters it. The engine checks the
// entry: a field it refuses is 422 `rejected` with `rejection.code` invalid-entry and `field`; a claim that is
// no win is 422 `not-a-win` with `seat`.
import type { EntryRejection } from '../../../domain/play/entry/index.ts';
import { gameStream, handStream } from '../../../domain/play/metadata.ts';
import { type Platform, tournamentOf } from '../../platform.ts';
import { eventsOfCommand } from '../../play/table.ts';
import type { GameLoaded } from '../../tables/live-tables.ts';
import { notFound, ProblemError, rejected } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';

const GameParams = z.object({ gameId: z.string().min(1).max(200) });

const EntryBody = z
  .object({
    result: z.looseObject({ kind: z.enum(['win', 'drawn', 'voided']) }).openapi({
      description:
        'EnterHandResult’s result (domain/play/entry/README.md): { kind: "win", by, from?, claims, ' +
        'loserScores?, penalties?, dieForgotten? } in the score contract’s terms, { kind: "drawn", ready }, ' +
        'or { kind: "voided", cause, explanation }. The engine checks the rest and names the field it refuses.',
      example: {
        kind: 'win',
        by: 'discard',
        from: 'N',
        claims: [
          {
            seat: 'S',
            hand: '123s123p789p9p',
            melds: [{ tiles: '123m' }],
            winningTile: '9p',
            flowers: ['5f'],
          },
        ],
      },
    }),
  })
  .openapi('EnterHandResult');

const seatMap = z.record(z.string(), z.number());
const EntryPreview = z
  .object({
    hand: z.int(),
    outcome: z.enum(['won', 'drawn', 'voided']),
    winners: z.array(z.unknown()).openapi({ description: 'With their patterns where tiles are scored' }),
    lapsed: z.array(z.object({ seat: z.string(), reason: z.string() })),
    transfers: z.array(
      z.object({ from: z.string(), to: z.string(), points: z.number(), reason: z.string() }),
    ),
    seatDeltas: seatMap,
    playerDeltas: seatMap,
    request: z.unknown(),
  })
  .openapi('EntryPreview');
const EntryRecorded = z
  .object({
    hand: z.int(),
    events: z.array(z.object({ type: z.string(), data: z.unknown() })),
    revision: z.int().openapi({ description: 'The hand stream’s revision (ETag)' }),
  })
  .openapi('HandEntered');

export const ENTRY_ROUTE_RULES = {
  playing: 'a result is entered for the next hand of a game still being played',
  entered: 'results are entered only at tables of a round recorded by entry',
} as const;

function entryProblem(rejection: EntryRejection): ProblemError {
  const { code, rule, message } = rejection;
  switch (rejection.code) {
    case 'hand-already-recorded':
      return rejected(rejection, 409);
    case 'invalid-entry':
      return new ProblemError(422, 'rejected', message, {
        rejection: { code, rule },
        field: rejection.field,
        ...(rejection.contractField === undefined ? {} : { contractField: rejection.contractField }),
      });
    case 'not-a-win':
      return new ProblemError(422, 'not-a-win', message, { rejection: { code, rule }, seat: rejection.seat });
  }
}

export function entryRoutes(platform: Platform): Route[] {
  /** The game's tournament, for the token binding; '' for a game of none, which only a global token passes. */
  const scope = async ({ params }: { params: z.infer<typeof GameParams> }) => {
    const [started] = await platform.store.readStream(gameStream(params.gameId));
    const data = started?.type === 'GameStarted' ? (started.data as { tournamentId?: unknown }) : {};
    const tournamentId = typeof data.tournamentId === 'string' ? data.tournamentId : '';
    return { tournamentId, gameId: params.gameId };
  };

  const existingGame = async (gameId: string): Promise<GameLoaded> => {
    const { game } = await platform.tables.snapshot(gameId);
    if (game.revision === -1) throw notFound(`no game ${gameId}`);
    return game;
  };

  /** The game, if it is waiting for an entered hand; 409 otherwise. */
  const awaitingEntry = async (game: GameLoaded): Promise<void> => {
    const { gameId } = game.state;
    if (game.state.phase !== 'playing')
      throw rejected(
        { code: 'game-not-playing', rule: ENTRY_ROUTE_RULES.playing, message: `game ${gameId} is over` },
        409,
      );
    const tournamentId = tournamentOf(game);
    if (tournamentId !== null) {
      const { state } = await platform.tournaments.current(tournamentId);
      const round = state.rounds.find((r) => r.tables.some((t) => t.gameId === gameId));
      if (round?.recording !== 'entered')
        throw rejected(
          {
            code: 'played-live',
            rule: ENTRY_ROUTE_RULES.entered,
            message: `game ${gameId} is played live: its hands are not entered`,
          },
          409,
        );
    }
  };

  /**
   * The hand this command entered already, if it did: a retry after the game moved on must not enter the
   * same result as the next hand.
   */
  const enteredBefore = async (game: GameLoaded, commandId: string) => {
    if (game.state.hands === 0) return undefined;
    const stored = await platform.store.readStream(handStream(game.state.gameId, game.state.hands));
    const mine = eventsOfCommand(stored, commandId).map((i) => stored[i]!);
    if (mine.length === 0) return undefined;
    return {
      hand: game.state.hands,
      events: mine.map(({ type, data }) => ({ type, data })),
      revision: mine.at(-1)!.revision,
    };
  };

  const common = {
    tags: ['entry'],
    auth: { roles: ['referee', 'organizer'], scope },
    params: GameParams,
    body: EntryBody,
    idempotency: 'optional',
  } as const;

  return [
    defineRoute({
      ...common,
      method: 'post',
      path: '/api/games/:gameId/hands/next/preview',
      summary: 'Preview the next hand’s entered result: nothing is written',
      responses: {
        200: { description: 'What the entry would settle', schema: EntryPreview },
        409: { description: 'rejected: game-not-playing, played-live' },
        422: { description: 'rejected (invalid-entry, with field) or not-a-win (with seat)' },
      },
      handler: async ({ params, body, principal }) => {
        await awaitingEntry(await existingGame(params.gameId));
        const answer = await platform.tables.previewEntry(params.gameId, {
          result: body.result as never,
          by: { role: principal.role, id: principal.tokenId },
          at: platform.now(),
        });
        if ('rejection' in answer) throw entryProblem(answer.rejection);
        return { body: { hand: answer.hand, ...answer.preview } };
      },
    }),
    defineRoute({
      ...common,
      method: 'post',
      path: '/api/games/:gameId/hands/next/entry',
      summary: 'Enter the next hand’s result',
      description: 'The game records the hand and awaits the next entry. ETag: the hand stream’s revision.',
      responses: {
        201: { description: 'HandResultEntered, and HandSettled or HandVoided', schema: EntryRecorded },
        409: { description: 'rejected: hand-already-recorded, game-not-playing, played-live' },
        422: { description: 'rejected (invalid-entry, with field) or not-a-win (with seat)' },
      },
      handler: async ({ params, body, principal, commandId, requestId, api }) => {
        const game = await existingGame(params.gameId);
        const earlier = await enteredBefore(game, commandId);
        if (earlier !== undefined) return { status: 201, revision: earlier.revision, body: earlier };
        await awaitingEntry(game);
        const by = { role: principal.role, id: principal.tokenId };
        const outcome = await platform.tables.enter(
          params.gameId,
          { result: body.result as never, by, at: platform.now() },
          by,
          { commandId, correlationId: requestId || commandId },
        );
        if (outcome.status === 'rejected') throw entryProblem(outcome.rejection);
        if (outcome.status === 'appended')
          for (const event of outcome.events) api.metrics.eventsAppended.inc({ type: event.type });
        const revision = outcome.stored.at(-1)?.revision ?? -1;
        return {
          status: 201,
          revision,
          body: {
            hand: outcome.hand,
            events: outcome.events.map(({ type, data }) => ({ type, data })),
            revision,
          },
        };
      },
    }),
  ];
}
