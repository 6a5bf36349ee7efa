// Penalties and disputes over HTTP, for referees and organizers: a penalty assessed or cancelled, a dispute
// opened about a hand and ruled. A ruling's effect on the hand (a corrected settlement, a voided hand) is
// checked before the ruling is recorded and carried out after it (ruling-effects.ts).
import { randomBytes } from 'node:crypto';
import { CORRECTION_RULES, transfersOfNet } from '../../../domain/play/correction/index.ts';
import { SEATS } from '../../../domain/rules/seats.ts';
import { type RulingCommand, TOURNAMENT_RULES } from '../../../domain/tournament/index.ts';
import type { Platform } from '../../platform.ts';
import { rejected } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';
import { CorrectionPreview, correctionPreview } from './correction-preview.ts';
import { idField } from './ids.ts';
import type { QuerySources } from './platform-routes.ts';
import {
  checkCorrection,
  checkVoid,
  correctionCommand,
  correctSettlement,
  decideOnHand,
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

const CorrectionRuling = z
  .object({
    kind: z.literal('correction'),
    mode: z.enum(['adjustment', 'replacement']).openapi({
      description:
        'adjustment: the transfers are added to the settlement in force; replacement: they restate it whole',
    }),
    wrong: reasonField.openapi({ description: 'What was wrong with the settlement in force' }),
    transfers: z
      .array(
        z
          .object({ from: seat, to: seat, points: z.int().positive(), reason: reasonField })
          .refine((t) => t.from !== t.to, { message: 'a seat does not pay itself', path: ['to'] }),
      )
      .optional()
      .openapi({ description: 'Itemised transfers; or give `points`' }),
    points: z.partialRecord(seat, z.int()).optional().openapi({
      description: 'Points per seat, summing to zero (made into transfers); or give `transfers`',
    }),
  })
  .refine((c) => (c.transfers === undefined) !== (c.points === undefined), {
    message: 'a correction gives either transfers or points per seat',
    path: ['transfers'],
  });

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
      CorrectionRuling,
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

/** A ruling as the tournament records it: a correction's points per seat made into transfers. */
function rulingOf(given: z.infer<typeof RulingBody>['ruling'], reason: string): RulingCommand {
  switch (given.kind) {
    case 'penalty':
      return { ...given, penaltyId: given.penaltyId ?? generated('penalty') };
    case 'correction': {
      const { kind, mode, wrong } = given;
      if (given.points === undefined) return { kind, mode, wrong, transfers: given.transfers ?? [] };
      const sum = Object.values(given.points).reduce((a, b) => a + (b ?? 0), 0);
      // Refused here, before anything is recorded: transfers always sum to zero.
      if (sum !== 0)
        throw rejected(
          {
            code: 'correction-not-zero-sum',
            rule: CORRECTION_RULES.zero,
            message: `ruling.points sum to ${sum}, not 0`,
          },
          422,
        );
      return { kind, mode, wrong, transfers: transfersOfNet(given.points, reason) };
    }
    case 'void-and-redeal':
    case 'no-change':
      return given;
  }
}

export function rulingRoutes(platform: Platform, queries?: QuerySources): Route[] {
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
        'adding to (mode adjustment) or restating (mode replacement) the settlement in force, then the game ' +
        'and a finished table count it (409 hand-not-settled without one; 422 bad-correction for a seat not at ' +
        'the table, correction-not-zero-sum, correction-changes-nothing). void-and-redeal: the game’s live hand is voided and the same dealer deals again ' +
        '(409 hand-not-live otherwise). Both checks come before the ruling is recorded.',
      params: DisputeParams,
      body: RulingBody,
      responses: {
        200: { description: 'DisputeRuled (and what it appended to the hand)', schema: RulingAnswer },
        409: { description: 'rejected: dispute-closed, hand-not-settled, hand-not-live' },
        422: {
          description:
            'rejected: unknown-dispute, bad-correction, correction-not-zero-sum, correction-changes-nothing, bad-penalty',
        },
      },
      handler: async (ctx) => {
        const { params, body, principal } = ctx;
        const by = byOf(principal);
        const ruling = rulingOf(body.ruling, body.reason);
        const { state } = await platform.tournaments.current(params.tournamentId);
        const dispute = state.disputes[params.disputeId];
        const official = { role: by.role as 'organizer' | 'referee', id: by.id };
        // Checked only while open: a retry of a ruling already recorded goes on to its effect.
        if (dispute?.status === 'open') {
          if (ruling.kind === 'correction')
            await checkCorrection(platform, dispute, ruling, body.reason, official);
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
        const actor = official;
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
    defineRoute({
      tags: ['rulings'],
      auth: { roles: ['referee', 'organizer'] },
      method: 'post',
      path: '/api/tournaments/:tournamentId/disputes/:disputeId/ruling/preview',
      summary: 'Preview a correction ruling: nothing is written',
      description:
        'The same decision as the ruling, on the hand as stored: per seat and player the settlement before, ' +
        'after and the change, the SettlementCorrected it would append, and the standings before and after.',
      params: DisputeParams,
      body: z.object({ ruling: CorrectionRuling, reason: reasonField }).openapi('PreviewCorrection'),
      responses: {
        200: { description: 'what the correction would do', schema: CorrectionPreview },
        409: { description: 'rejected: dispute-closed, hand-not-settled' },
        422: { description: 'rejected: unknown-dispute, bad-correction, correction-not-zero-sum…' },
      },
      handler: async (ctx) => {
        const { params, body, principal } = ctx;
        const by = byOf(principal);
        const { state } = await platform.tournaments.current(params.tournamentId);
        const dispute = state.disputes[params.disputeId];
        if (dispute === undefined)
          throw rejected(
            {
              code: 'unknown-dispute',
              rule: TOURNAMENT_RULES.disputes,
              message: `no dispute ${params.disputeId}`,
            },
            422,
          );
        if (dispute.status !== 'open')
          throw rejected(
            {
              code: 'dispute-closed',
              rule: TOURNAMENT_RULES.disputes,
              message: `${params.disputeId} is ruled`,
            },
            409,
          );
        const ruling = rulingOf(body.ruling, body.reason);
        if (ruling.kind !== 'correction') throw new Error('a correction ruling was parsed');
        const official = { role: by.role as 'organizer' | 'referee', id: by.id };
        const decided = await decideOnHand(
          platform,
          dispute,
          correctionCommand(ruling, body.reason, official),
        );
        return {
          status: 200,
          body: await correctionPreview(params.tournamentId, dispute.gameId, dispute.hand, decided, queries),
        };
      },
    }),
  ];
}
