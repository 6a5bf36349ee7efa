// Result entry for a physical table over HTTP (domain/play/entry): the table's scorer (a scorer token bound to
// its game), or a referee or organizer of the game's tournament, reads the next hand's frame, previews its
// result (nothing is written) and then enters it. The engine checks the entry: a field it refuses is 422
// `rejected` with `rejection.code` invalid-entry and `field`; a claim that is no win is 422 `not-a-win` with
// `seat`. A scorer token sends nothing once its game is over or its round closed (401 table-ended).
import type { EntryRejection } from '../../../domain/play/entry/index.ts';
import { enteredDrawPattern } from '../../../domain/play/entry-events.ts';
import { seatWindsOf } from '../../../domain/play/game/index.ts';
import { gameStream, handStream } from '../../../domain/play/metadata.ts';
import { SEATS } from '../../../domain/rules/seats.ts';
import { tableOfGame } from '../../../domain/tournament/amendments.ts';
import { type Platform, tournamentOf } from '../../platform.ts';
import { eventsOfCommand } from '../../play/table.ts';
import type { GameLoaded } from '../../tables/live-tables.ts';
import { type Principal, tableEndedProblem } from '../auth.ts';
import { notFound, ProblemError, rejected } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';
import { tableEndedOf } from './tokens.ts';

const GameParams = z.object({ gameId: z.string().min(1).max(200) });

const EntryBody = z
  .object({
    result: z
      .looseObject({
        kind: z.enum(['win', 'drawn', 'voided']),
        patterns: z
          .array(enteredDrawPattern)
          .optional()
          .openapi({
            description:
              'A drawn hu-mahjong hand only: each seat’s pattern reached at the exhaustive draw (seed 003), ' +
              'paid as a self-draw at the ruleset’s points after the ready-hand payment. A seat holding both ' +
              'is listed once per pattern and scores Eight Immortals (the limit) alone.',
            example: [{ seat: 'S', pattern: 'all-terminal-and-honor-discards' }],
          }),
      })
      .openapi({
        description:
          'EnterHandResult’s result (domain/play/entry/README.md): { kind: "win", by, from?, claims, ' +
          'loserScores?, penalties?, dieForgotten? } in the score contract’s terms, { kind: "drawn", ready, ' +
          'patterns? }, or { kind: "voided", cause, explanation }. The engine checks the rest and names the ' +
          'field it refuses.',
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
    atDraw: z
      .array(
        z.object({
          seat: z.enum(SEATS),
          id: z.string(),
          name: z.string(),
          chinese: z.string(),
          points: z.number(),
        }),
      )
      .openapi({
        description:
          'A drawn hu-mahjong hand’s patterns reached at the draw, at the ruleset’s points: each other ' +
          'player pays the holder that much (listed in transfers). Empty otherwise.',
      }),
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

export const NextHand = z
  .object({
    gameId: z.string(),
    tournamentId: z.string().nullable(),
    round: z.int().nullable(),
    table: z.int().nullable(),
    recording: z.enum(['live', 'entered']).nullable(),
    phase: z.string().openapi({ description: 'The game’s phase: playing, finished' }),
    preset: z.string().nullable(),
    hand: z.int().nullable().openapi({ description: 'The number of the hand to enter next; null once over' }),
    handsRecorded: z.int(),
    prevalentWind: z.enum(SEATS),
    repeats: z.int().openapi({ description: 'How many times the dealer has dealt again in a row' }),
    seats: z
      .array(
        z.object({
          seat: z.enum(SEATS),
          playerId: z.string(),
          name: z.string(),
          club: z.string().nullable(),
          points: z.number(),
        }),
      )
      .openapi({ description: 'Who holds each wind in the next hand (E deals), with their points so far' }),
    ended: z
      .string()
      .nullable()
      .openapi({ description: 'For a scorer token: why it enters no more hands (else null)' }),
    revision: z.int().openapi({ description: 'The game stream’s revision (ETag)' }),
  })
  .openapi('NextHand');

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

  const tableEnded = tableEndedOf(platform);
  /** A scorer's command once its table is done: 401 table-ended (its reads stay open). */
  const refuseEnded = async (principal: Principal): Promise<void> => {
    if (principal.role !== 'scorer') return;
    const why = await tableEnded(principal);
    if (why !== undefined) throw tableEndedProblem(why);
  };
  /** Who entered the hand, for the event and its metadata. */
  const byOf = (principal: Principal & { readonly role: 'referee' | 'organizer' | 'scorer' }) =>
    ({ role: principal.role, id: principal.tokenId }) as const;

  const common = {
    tags: ['entry'],
    auth: { roles: ['referee', 'organizer', 'scorer'], scope },
    params: GameParams,
    body: EntryBody,
    idempotency: 'optional',
  } as const;

  return [
    defineRoute({
      method: 'get',
      path: '/api/games/:gameId/hands/next',
      summary: 'The next hand to enter: its number, who holds each wind, the points so far',
      description:
        'What a table scorer’s page shows (the scorer token of this game, or a referee or organizer of its ' +
        'tournament). ETag: the game stream’s revision.',
      tags: ['entry'],
      auth: { roles: ['referee', 'organizer', 'scorer'], scope },
      params: GameParams,
      responses: { 200: { description: 'The next hand’s frame', schema: NextHand } },
      handler: async ({ params, principal }) => {
        const game = await existingGame(params.gameId);
        const { state } = game;
        const tournamentId = tournamentOf(game);
        const tournament =
          tournamentId === null ? undefined : (await platform.tournaments.current(tournamentId)).state;
        const found = tournament === undefined ? undefined : tableOfGame(tournament, state.gameId);
        const winds = seatWindsOf(state.players, state.deal.dealer);
        const seats = SEATS.flatMap((seat) => {
          const playerId = winds[seat];
          if (playerId === undefined) return [];
          const player = tournament?.players.find((p) => p.playerId === playerId);
          return [
            {
              seat,
              playerId,
              name: player?.name ?? playerId,
              club: player?.club ?? null,
              points: state.scores[playerId] ?? 0,
            },
          ];
        });
        return {
          revision: game.revision,
          body: {
            gameId: state.gameId,
            tournamentId,
            round: found?.round.round ?? null,
            table: found?.table.table ?? null,
            recording: found?.round.recording ?? null,
            phase: state.phase,
            preset: state.preset ?? null,
            hand: state.phase === 'playing' ? state.hands + 1 : null,
            handsRecorded: state.hands,
            prevalentWind: state.deal.prevalentWind,
            repeats: state.deal.repeats,
            seats,
            ended: principal.role === 'scorer' ? ((await tableEnded(principal)) ?? null) : null,
            revision: game.revision,
          },
        };
      },
    }),
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
        const game = await existingGame(params.gameId);
        await refuseEnded(principal);
        await awaitingEntry(game);
        const answer = await platform.tables.previewEntry(params.gameId, {
          result: body.result as never,
          by: byOf(principal),
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
        await refuseEnded(principal);
        await awaitingEntry(game);
        const by = byOf(principal);
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
