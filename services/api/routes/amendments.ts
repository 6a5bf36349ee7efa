// Amendments of a tournament's ruleset over HTTP, for organizers: make one (its recompute queued as one job),
// preview one (the same computation, nothing written), list them with their jobs, follow a recompute's
// progress as server-sent events, and queue a recompute again (refused while its job is known).
import { randomBytes } from 'node:crypto';
import { amendmentScope } from '../../../domain/tournament/index.ts';
import { standingsDocOf } from '../../../projections/index.ts';
import { previewAmendment } from '../../amendments/preview.ts';
import { type Amendments, amendmentJobId } from '../../amendments/service.ts';
import type { Platform } from '../../platform.ts';
import type { JobEvent } from '../../queue/index.ts';
import { notFound, ProblemError, rejected } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { openEventStream } from '../sse.ts';
import { z } from '../zod.ts';
import { idField } from './ids.ts';
import type { QuerySources } from './platform-routes.ts';
import { AppendedEvents, byOf, REJECTION_STATUS } from './tournament-command.ts';
import { reasonField, TournamentParams } from './tournaments.ts';

/** How often a progress stream reads the job's state again, in case its end was not heard. */
const STATE_RECHECK_MS = 2000;

const AmendBody = z
  .object({
    amendmentId: idField('Else generated').optional(),
    changes: z
      .record(z.string().min(1).max(100), z.unknown())
      .openapi({ description: 'Option name → new value, e.g. {"multipleWinners": "score-priority"}' }),
    scope: amendmentScope.default({ kind: 'event' }).openapi({
      description:
        'event: every hand; round: from that round on; hand: from hand n of every table of a round on; ' +
        'next-hand: only hands dealt after it (the only scope for options that change play once hands are played)',
    }),
    reason: reasonField,
  })
  .openapi('AmendRuleset');

const JobView = z
  .object({
    id: z.string(),
    added: z.boolean().openapi({
      description: 'false: a job of this amendment was known already, or the queue did not answer in time',
    }),
    status: z.string().optional().openapi({
      description: 'the known job’s status, or queue-unavailable (queue it again with …/recompute)',
    }),
  })
  .openapi('AmendmentJob');

const AmendAnswer = AppendedEvents.extend({ job: JobView.nullable() }).openapi('RulesetAmendedAnswer');
const AmendmentParams = TournamentParams.extend({ amendmentId: idField('The amendment') });

const generated = () => `amend-${randomBytes(6).toString('hex')}`;

export function amendmentRoutes(
  platform: Platform,
  amendments: Amendments,
  queries: QuerySources | undefined,
): Route[] {
  const organizer = { tags: ['amendments'], auth: { roles: ['organizer'] } } as const;
  return [
    defineRoute({
      ...organizer,
      method: 'post',
      path: '/api/tournaments/:tournamentId/amendments',
      summary: 'Amend the ruleset: settlement options re-settle finished hands in scope',
      description:
        'RulesetAmended on the tournament; when settlement options change over hands already played, the ' +
        'recompute is queued as one job (`job`). 422 unknown-option, bad-option-value, option-not-amendable, ' +
        'amendment-not-retroactive (an option that changes play, over hands already played: amend it with ' +
        'scope next-hand), amendment-changes-nothing; 409 amendment-exists. Nothing is written on a refusal.',
      ifMatch: 'optional',
      idempotency: 'optional',
      params: TournamentParams,
      body: AmendBody,
      responses: {
        201: { description: 'RulesetAmended, and the recompute’s job', schema: AmendAnswer },
        409: { description: 'rejected: amendment-exists, tournament-finished' },
        422: { description: 'rejected: unknown-option, bad-option-value, amendment-not-retroactive…' },
      },
      handler: async (ctx) => {
        const { body, principal } = ctx;
        const { outcome, job } = await amendments.amend(
          ctx.params.tournamentId,
          {
            type: 'AmendRuleset',
            amendmentId: body.amendmentId ?? generated(),
            changes: body.changes,
            scope: body.scope,
            reason: body.reason,
            at: platform.now(),
            by: byOf(principal),
          },
          { role: principal.role, id: principal.tokenId },
          { commandId: ctx.commandId, correlationId: ctx.requestId || ctx.commandId },
          typeof ctx.expectedVersion === 'number' ? ctx.expectedVersion : undefined,
        );
        if (outcome.status === 'rejected')
          throw rejected(outcome.rejection, REJECTION_STATUS[outcome.rejection.code]);
        for (const event of outcome.events) ctx.api.metrics.eventsAppended.inc({ type: event.type });
        const revision = outcome.after.revision;
        return {
          status: 201,
          revision,
          body: {
            events: outcome.events.map(({ type, data }) => ({ type, data })),
            revision,
            job:
              job === undefined
                ? null
                : {
                    id: job.id,
                    added: job.added,
                    ...(job.added ? {} : { status: 'existing' in job ? job.existing.status : job.reason }),
                  },
          },
        };
      },
    }),
    defineRoute({
      tags: ['amendments'],
      auth: { roles: ['organizer', 'referee'] },
      method: 'post',
      path: '/api/tournaments/:tournamentId/amendments/preview',
      summary: 'Preview an amendment: nothing is written',
      description:
        'The recompute’s own computation on the hands as stored: per hand and per player before, after and ' +
        'the change, the counts, and the standings before and after. Refused as the amendment would be.',
      params: TournamentParams,
      body: AmendBody,
      responses: {
        200: {
          description: 'what the amendment would do',
          schema: z.object({}).passthrough().openapi('AmendmentPreview'),
        },
        422: { description: 'rejected: unknown-option, bad-option-value, amendment-not-retroactive…' },
      },
      handler: async ({ params, body, principal }) => {
        await queries?.catchUp?.();
        const standings =
          queries === undefined ? undefined : await standingsDocOf(queries.readModels, params.tournamentId);
        const outcome = await previewAmendment(
          platform,
          params.tournamentId,
          {
            type: 'AmendRuleset',
            amendmentId: body.amendmentId ?? 'preview',
            changes: body.changes,
            scope: body.scope,
            reason: body.reason,
            at: platform.now(),
            by: { role: 'organizer', id: principal.tokenId },
          },
          standings,
        );
        if (outcome.status === 'rejected')
          throw rejected(outcome.rejection, REJECTION_STATUS[outcome.rejection.code]);
        return { status: 200, body: outcome.preview };
      },
    }),
    defineRoute({
      tags: ['amendments'],
      auth: { roles: ['organizer', 'referee'] },
      method: 'get',
      path: '/api/tournaments/:tournamentId/amendments',
      summary: 'The amendments made, each with its recompute’s job',
      params: TournamentParams,
      responses: {
        200: {
          description: 'amendments, oldest first',
          schema: z.object({}).passthrough().openapi('Amendments'),
        },
      },
      handler: async ({ params }) => {
        const { state, revision } = await platform.tournaments.current(params.tournamentId);
        if (revision === -1) throw notFound(`no tournament ${params.tournamentId}`);
        const list = await Promise.all(
          state.amendments.map(async (a) => ({
            ...a,
            job: a.recompute
              ? ((await amendments.queue.state(
                  amendmentJobId({ tournamentId: params.tournamentId, ...a }),
                )) ?? null)
              : null,
          })),
        );
        return { status: 200, body: { amendments: list } };
      },
    }),
    defineRoute({
      ...organizer,
      method: 'post',
      path: '/api/tournaments/:tournamentId/amendments/:amendmentId/recompute',
      summary: 'Queue an amendment’s recompute again (409 duplicate-job while its job is known)',
      params: AmendmentParams,
      responses: {
        202: { description: 'queued', schema: JobView },
        409: { description: 'duplicate-job: a job of this amendment is known to the queue' },
        422: { description: 'unknown-amendment' },
      },
      handler: async ({ params }) => {
        const { state } = await platform.tournaments.current(params.tournamentId);
        const amendment = state.amendments.find((a) => a.amendmentId === params.amendmentId);
        if (amendment === undefined)
          throw rejected(
            {
              code: 'unknown-amendment',
              rule: 'an amendment of this tournament',
              message: `no amendment ${params.amendmentId}`,
            },
            422,
          );
        const job = await amendments.enqueue({
          tournamentId: params.tournamentId,
          amendmentId: params.amendmentId,
        });
        if (!job.added && !('existing' in job))
          throw new ProblemError(
            503,
            'queue-unavailable',
            `the job queue did not answer: ${job.id} was not queued`,
          );
        if (!job.added)
          throw rejected(
            {
              code: 'duplicate-job',
              rule: 'one job per amendment: its id is the job id',
              message: `the job ${job.id} is ${job.existing.status}`,
            },
            409,
          );
        return { status: 202, body: { id: job.id, added: true } };
      },
    }),
    defineRoute({
      tags: ['amendments'],
      auth: { roles: ['organizer', 'referee'] },
      method: 'get',
      path: '/api/tournaments/:tournamentId/amendments/:amendmentId/progress',
      summary: 'A recompute’s progress as server-sent events: `progress` {done,total}, `completed`, `failed`',
      params: AmendmentParams,
      responses: { 200: { description: 'text/event-stream', contentType: 'text/event-stream' } },
      handler: async ({ req, res, params }) => {
        const id = amendmentJobId(params);
        // Listen (onEvent resolves once listening) before reading the state, so an end between the two is not
        // lost; what is heard meanwhile follows the state, in order.
        const heard: JobEvent[] = [];
        let forward: ((event: JobEvent) => void) | undefined;
        const stop = await amendments.queue.onEvent((event: JobEvent) => {
          if (event.id !== id) return;
          if (forward === undefined) heard.push(event);
          else forward(event);
        });
        const state = await amendments.queue.state(id);
        const stream = openEventStream(req, res);
        let ended = false;
        const end = () => {
          ended = true;
          clearInterval(recheck);
          stream.close();
        };
        // The state first, so a client that comes late still learns where the job stands.
        stream.send('state', state ?? { id, status: 'unknown' });
        forward = (event) => {
          if (ended) return;
          const { kind, ...data } = event;
          stream.send(kind, data);
          if (kind === 'completed' || (kind === 'failed' && !event.willRetry)) end();
        };
        // A queue's event feed may still miss an end (BullMQ's stream of events is gone after a Redis restart
        // and trimmed to its last events): the state is read again now and then, and an end found there is
        // sent as the event would be.
        const recheck = setInterval(() => {
          void amendments.queue.state(id).then((now) => {
            if (ended || now === undefined) return;
            if (now.status === 'completed') forward?.({ id, kind: 'completed', result: now.result });
            else if (now.status === 'failed')
              forward?.({ id, kind: 'failed', reason: now.failedReason ?? 'failed', willRetry: false });
          });
        }, STATE_RECHECK_MS);
        stream.onClose(() => {
          clearInterval(recheck);
          stop();
        });
        for (const event of heard.splice(0)) forward(event);
        if (!ended && (state?.status === 'completed' || state?.status === 'failed')) end();
        return undefined;
      },
    }),
  ];
}
