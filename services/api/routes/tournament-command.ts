// What every tournament command route shares: the command built with the principal as `by`, run through the
// tournament service with the request's ids and If-Match, and answered with the events and the revision; a
// decider's refusal becomes 409 (the state forbids it now) or 422 (the request can never be right).
import type { By, TournamentCommand, TournamentRejectionCode } from '../../../domain/tournament/index.ts';
import type { Platform } from '../../platform.ts';
import type { Principal } from '../auth.ts';
import type { ExpectedVersion } from '../concurrency.ts';
import type { ApiMetrics } from '../metrics.ts';
import { rejected } from '../problem.ts';
import type { Reply } from '../route.ts';
import { z } from '../zod.ts';

/** Each refusal's status: 422 when the request names what is not there or breaks a rule of shape. */
export const REJECTION_STATUS: { readonly [C in TournamentRejectionCode]: 409 | 422 } = {
  'not-allowed': 422,
  'tournament-exists': 409,
  'not-created': 409,
  'tournament-finished': 409,
  'bad-scoring': 422,
  'player-exists': 409,
  'bad-player-id': 422,
  'unknown-player': 422,
  'player-withdrawn': 409,
  'wrong-round': 409,
  'round-not-scheduled': 409,
  'round-already-seated': 409,
  'wrong-method': 409,
  'previous-round-open': 409,
  'too-few-players': 409,
  'bad-seating': 422,
  'round-not-seated': 409,
  'round-already-started': 409,
  'round-not-started': 409,
  'round-closed': 409,
  'round-open': 409,
  'unknown-table': 422,
  'table-finished': 409,
  'bad-scores': 422,
  'tables-unfinished': 409,
  'bad-minutes': 422,
  'amendment-exists': 409,
  'unknown-amendment': 422,
  'unknown-option': 422,
  'bad-option-value': 422,
  'option-not-amendable': 422,
  'amendment-not-retroactive': 422,
  'amendment-changes-nothing': 422,
  'penalty-exists': 409,
  'bad-penalty': 422,
  'unknown-penalty': 422,
  'penalty-cancelled': 409,
  'unknown-game': 422,
  'dispute-exists': 409,
  'unknown-dispute': 422,
  'dispute-closed': 409,
  'dispute-open': 409,
};

/** An official principal (the routes admit no other) as the decider's `by`. */
export const byOf = (principal: Principal): By => {
  if (principal.role === 'player' || principal.role === 'scorer')
    throw new TypeError(`a ${principal.role} sends no tournament command`);
  return { role: principal.role, id: principal.tokenId };
};

export const AppendedEvents = z
  .object({
    events: z.array(z.object({ type: z.string(), data: z.unknown() })),
    revision: z.int().openapi({ description: 'The tournament stream’s revision after the command (ETag)' }),
  })
  .openapi('TournamentEventsAppended');

export interface CommandContext {
  readonly principal: Principal;
  readonly expectedVersion: ExpectedVersion | undefined;
  readonly commandId: string;
  readonly requestId: string;
}

/** The command's outcome, or the problem for its refusal; the events appended are counted in the metrics. */
export async function runTournamentCommand(
  platform: Platform,
  tournamentId: string,
  command: TournamentCommand,
  context: CommandContext,
  metrics: ApiMetrics,
  status: 200 | 201 = 200,
): Promise<Reply & { readonly body: z.infer<typeof AppendedEvents> }> {
  const { principal, expectedVersion } = context;
  const outcome = await platform.tournaments.command(
    tournamentId,
    command,
    { role: principal.role, id: principal.tokenId },
    { commandId: context.commandId, correlationId: context.requestId || context.commandId },
    typeof expectedVersion === 'number' ? expectedVersion : undefined,
  );
  if (outcome.status === 'rejected')
    throw rejected(outcome.rejection, REJECTION_STATUS[outcome.rejection.code]);
  if (outcome.status === 'appended')
    for (const event of outcome.events) metrics.eventsAppended.inc({ type: event.type });
  const revision = outcome.after.revision;
  return {
    status,
    revision,
    body: { events: outcome.events.map(({ type, data }) => ({ type, data })), revision },
  };
}
