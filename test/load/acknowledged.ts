// What the load's clients were told was done, against what the store holds: every acknowledged action's
// events stored (found by the command id the server derives from the token, the Idempotency-Key and the
// request), and no client command appended twice (its events one unbroken run of one stream).
import { readFileSync } from 'node:fs';
import { fingerprintOf } from '../../services/api/idempotency.ts';
import type { StoredEvent } from '../../services/eventstore/port.ts';
import { clientCommandId } from '../../services/play/command-ids.ts';
import type { Acknowledged } from './seat-client.ts';

const ACTIONS_ROUTE = '/api/games/:gameId/hands/:hand/actions';

/** The generator's `--record` file: one acknowledged action per line. */
export function readAcknowledged(file: string): Acknowledged[] {
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Acknowledged);
}

export interface CommandCheck {
  /** Acknowledged actions with no event in the store (each must be none). */
  readonly missing: string[];
  /** Client commands whose events are not one run of one stream (appended twice). */
  readonly twice: string[];
  /** Client commands the store holds. */
  readonly stored: number;
}

export function checkCommands(
  events: readonly StoredEvent[],
  acknowledged: readonly Acknowledged[],
): CommandCheck {
  const byCommand = new Map<string, StoredEvent[]>();
  for (const event of events) {
    const cause = (event.metadata as { causationId?: string }).causationId;
    if (cause?.startsWith('client:')) byCommand.set(cause, [...(byCommand.get(cause) ?? []), event]);
  }
  const missing: string[] = [];
  for (const command of acknowledged) {
    const id = clientCommandId(
      { principal: command.tokenId, method: 'post', route: ACTIONS_ROUTE },
      command.key,
      fingerprintOf('POST', command.path, command.body),
    );
    if (!byCommand.has(id)) missing.push(`${command.path} ${JSON.stringify(command.body)}`);
  }
  const twice = [...byCommand]
    .filter(
      ([, list]) =>
        new Set(list.map((e) => e.stream)).size !== 1 ||
        list.some((e, i) => i > 0 && e.revision !== list[i - 1]!.revision + 1),
    )
    .map(([id]) => id);
  return { missing, twice, stored: byCommand.size };
}
