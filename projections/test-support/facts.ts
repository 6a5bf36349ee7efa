// Given-events for the projections' evolve tests: events as a store would hand them out (stream, revision,
// metadata), read by the projections' own decoder so that every fixture is a valid event.
import type { PlayEvent } from '../../domain/play/events.ts';
import type { Decoded } from '../runtime/decode.ts';
import { decode } from '../runtime/decode.ts';

export interface Fact {
  readonly type: string;
  readonly schemaVersion?: number;
  readonly data: unknown;
}

let position = 0n;

/** The events of one stream from `revision` on, each with its actor and time (the same for all). */
export function facts(
  stream: string,
  events: readonly (Fact | PlayEvent)[],
  { actor = { role: 'system' }, at = '2026-03-01T10:00:00.000Z', revision = 0 } = {},
): Decoded[] {
  return events.map((e, i) => {
    position += 1n;
    const decoded = decode({
      stream,
      revision: revision + i,
      position,
      type: e.type,
      schemaVersion: e.schemaVersion ?? 1,
      data: e.data,
      metadata: { actor, at, correlationId: `c-${position}` },
      id: `${stream}:${revision + i}`,
      recordedAt: at,
      hash: `sha256:${'0'.repeat(63)}${i % 10}`,
    });
    if (decoded === undefined) throw new Error(`${e.type} is no event the projections read`);
    return decoded;
  });
}

/** Folds given events into a document. */
export const foldAll = <D>(
  evolve: (doc: D, event: Decoded) => D,
  initial: D,
  events: readonly Decoded[],
): D => events.reduce(evolve, initial);
