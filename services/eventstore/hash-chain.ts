// Each stream is a hash chain: an event's hash covers its content and the previous event's hash, so
// altering or removing any event breaks every hash after it. An export carries the hashes; verifyChain
// proves it untouched.
import { createHash } from 'node:crypto';
import { canonicalJson } from '../../domain/rules/rulesets/ruleset.ts';
import type { NewEvent, StoredEvent } from './port.ts';

/** The hash of an event at a revision of a stream, chained to the previous event's hash ('' for the first). */
export function eventHash(stream: string, revision: number, event: NewEvent, previousHash: string): string {
  const content = canonicalJson({
    stream,
    revision,
    id: event.id,
    type: event.type,
    schemaVersion: event.schemaVersion,
    data: event.data,
    metadata: event.metadata,
    previousHash,
  });
  return createHash('sha256').update(content).digest('hex');
}

export type ChainProblem = { readonly revision: number; readonly problem: string };

/** Checks a stream's events, in revision order, against their hashes; lists every break found. */
export function verifyChain(events: readonly StoredEvent[]): ChainProblem[] {
  const problems: ChainProblem[] = [];
  let previousHash = '';
  events.forEach((event, index) => {
    if (event.revision !== index)
      problems.push({ revision: event.revision, problem: `expected revision ${index}` });
    if (event.previousHash !== previousHash) {
      problems.push({ revision: event.revision, problem: 'previous hash does not match the event before' });
    }
    if (eventHash(event.stream, event.revision, event, event.previousHash) !== event.hash) {
      problems.push({ revision: event.revision, problem: 'content does not match its hash' });
    }
    previousHash = event.hash;
  });
  return problems;
}
