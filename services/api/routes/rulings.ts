// Penalties and disputes over HTTP, for referees and organizers: a penalty assessed or cancelled, a dispute
// opened about a hand and ruled. A ruling's effect on the hand (a corrected settlement, a voided hand) is
// checked before the ruling is recorded and carried out after it (ruling-effects.ts).
import { randomBytes } from 'node:crypto';
import { SEATS } from '../../../domain/rules/seats.ts';
import type { RulingCommand } from '../../../domain/tournament/index.ts';
import type { Platform } from '../../platform.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';
import { idField } from './ids.ts';
import {
  checkCorrection,
  checkVoid,
  correctSettlement,
  type RulingEffect,
  voidHand,
} from './ruling-effects.ts';
import { AppendedEvents, byOf, runTournamentCommand } from './tournament-command.ts';
import { reasonField, TournamentParams } from './tournaments.ts';

const generated = (prefix: string): string => `${prefix}-${randomBytes(6).toString('hex')}`;

const points = z.int().positive();
const handNumber = z.int().positive();
const gameId = z.string().min(1).max(200);
const seat = z.enum(SEATS);

const PenaltyBody = z
  .object({
    playerId: idField('The player penalised'),
    points: points.openapi({ description: 'Deducted from the player’s tournament score' }),
    reason: reasonField,
    round: z.int().positive().optional(),
    gameId: gameId.optional(),
    hand: handNumber.optional(),
  })
  .openapi('PenalisePlayer');
const CancelBody = z.object({ reason: reasonField }).openapi('CancelPenalty');
const DisputeBody = z.object({ gameId, hand: handNumber, reason: reasonField }).openapi('OpenDispute');

const RulingBody = z
  .object({
    ruling: z.discriminatedUnion('kind', [
      z.object({
        kind: z.literal('penalty'),
        penaltyId: idField('Else generated').optional(),
        playerId: idField('The player penalised'),
        points,
      }),
      z.object({ kind: z.literal('void-and-redeal') }),
      z.object({
        kind: z.literal('correction'),
        wrong: reasonField.openapi({ description: 'What was wrong with the settlement in force' }),
        transfers: z.array(
          z
            .object({ from: seat, to: seat, points: z.int().nonnegative(), reason: reasonField })
            .refine((t) => t.from !== t.to, { message: 'a seat does not pay itself', path: ['to'] }),
        ),
      }),
      z.object({ kind: z.literal('no-change') }),
    ]),
    reason: reasonField,
  })
  .openapi('RuleDispute');

const PenaltyParams = TournamentParams.extend({ penaltyId: idField('The penalty') });
const DisputeParams = TournamentParams.extend({ disputeId: idField('The dispute') });

const RulingAnswer = AppendedEvents.extend({
  hand: z
    .object({
      stream: z.string(),
      events: z.array(z.object({ type: z.string(), data: z.unknown() })),
      revision: z.int(),
    })
    .optional()
    .openapi({ description: 'What the ruling appended to the hand stream (correction, void-and-redeal)' }),
}).openapi('DisputeRuled');

export function rulingRoutes(platform: Platform): Route[] {
  const officialCommand = {
    tags: ['rulings'],
    auth: { roles: ['referee', 'organizer'] },
    ifMatch: 'optional',
    idempotency: 'optional',
  } as const;
  return [
    defineRoute({
      ...officialCommand,
      method: 'post',
      path: '/api/tournaments/:tournamentId/penalties',
      summary: 'Penalise a player (penaltyId generated)',
      params: TournamentParams,
      body: PenaltyBody,
      responses: {
        201: { description: 'PlayerPenalised', schema: AppendedEvents },
        422: { description: 'rejected: unknown-player, bad-penalty…' },
      },
      handler: (ctx) => {
        const { body } = ctx;
        return runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          {
            type: 'PenalisePlayer',
            penaltyId: generated('penalty'),
            playerId: body.playerId,
            points: body.points,
            reason: body.reason,
            ...(body.round === undefined ? {} : { round: body.round }),
            ...(body.gameId === undefined ? {} : { gameId: body.gameId }),
            ...(body.hand === undefined ? {} : { hand: body.hand }),
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
          201,
        );
      },
    }),
    defineRoute({
      ...officialCommand,
      method: 'post',
      path: '/api/tournaments/:tournamentId/penalties/:penaltyId/cancel',
      summary: 'Cancel a penalty (it stays on record, cancelled)',
      params: PenaltyParams,
      body: CancelBody,
      responses: { 200: { description: 'PenaltyCancelled', schema: AppendedEvents } },
      handler: (ctx) =>
        runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          {
            type: 'CancelPenalty',
            penaltyId: ctx.params.penaltyId,
            reason: ctx.body.reason,
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
        ),
    }),
    defineRoute({
      ...officialCommand,
      method: 'post',
      path: '/api/tournaments/:tournamentId/disputes',
      summary: 'Open a dispute about a hand (disputeId generated)',
      params: TournamentParams,
      body: DisputeBody,
      responses: { 201: { description: 'DisputeOpened', schema: AppendedEvents } },
      handler: (ctx) =>
        runTournamentCommand(
          platform,
          ctx.params.tournamentId,
          {
            type: 'OpenDispute',
            disputeId: generated('dispute'),
            gameId: ctx.body.gameId,
            hand: ctx.body.hand,
            reason: ctx.body.reason,
            at: platform.now(),
            by: byOf(ctx.principal),
          },
          ctx,
          ctx.api.metrics,
          201,
        ),
    }),
    defineRoute({
      ...officialCommand,
      method: 'post',
      path: '/api/tournaments/:tournamentId/disputes/:disputeId/ruling',
      summary: 'Rule a dispute, and carry out the ruling on the hand',
      description:
        'penalty: PlayerPenalised beside DisputeRuled. correction: SettlementCorrected in the hand stream, ' +
        'replacing the settlement in force (409 hand-not-settled without one; 422 bad-correction for a seat ' +
        'not at the table). void-and-redeal: the game’s live hand is voided and the same dealer deals again ' +
        '(409 hand-not-live otherwise). Both checks come before the ruling is recorded.',
      params: DisputeParams,
      body: RulingBody,
      responses: {
        200: { description: 'DisputeRuled (and what it appended to the hand)', schema: RulingAnswer },
        409: { description: 'rejected: dispute-closed, hand-not-settled, hand-not-live' },
        422: { description: 'rejected: unknown-dispute, bad-correction, bad-penalty' },
      },
      handler: async (ctx) => {
        const { params, body, principal } = ctx;
        const by = byOf(principal);
        const given = body.ruling;
        const ruling: RulingCommand =
          given.kind === 'penalty' ? { ...given, penaltyId: given.penaltyId ?? generated('penalty') } : given;
        const { state } = await platform.tournaments.current(params.tournamentId);
        const dispute = state.disputes[params.disputeId];
        // Checked only while open: a retry of a ruling already recorded goes on to its effect.
        if (dispute?.status === 'open') {
          if (ruling.kind === 'correction') await checkCorrection(platform, dispute, ruling);
          if (ruling.kind === 'void-and-redeal') await checkVoid(platform, dispute);
        }
        const answer = await runTournamentCommand(
          platform,
          params.tournamentId,
          {
            type: 'RuleDispute',
            disputeId: params.disputeId,
            ruling,
            reason: body.reason,
            at: platform.now(),
            by,
          },
          ctx,
          ctx.api.metrics,
        );
        if (dispute === undefined) return answer;
        const actor = { role: by.role as 'organizer' | 'referee', id: by.id };
        const ids = { commandId: ctx.commandId, correlationId: ctx.requestId || ctx.commandId };
        let hand: RulingEffect | undefined;
        switch (ruling.kind) {
          case 'correction':
            hand = await correctSettlement(platform, dispute, ruling, body.reason, actor, ids);
            break;
          case 'void-and-redeal':
            hand = await voidHand(platform, dispute, body.reason, actor, ids);
            break;
          case 'penalty':
          case 'no-change':
            break;
        }
        if (hand !== undefined)
          for (const event of hand.events) ctx.api.metrics.eventsAppended.inc({ type: event.type });
        return { ...answer, body: { ...answer.body, ...(hand === undefined ? {} : { hand }) } };
      },
    }),
  ];
}
