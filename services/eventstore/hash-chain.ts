// Each stream is a hash chain: an event's hash covers its content and the previous event's hash, so
// altering or removing any event breaks every hash after it. An export carries the hashes; verifyChain
// proves a stream untouched, ChainFollower a whole store. A rewrite whose hashes were recomputed passes
// both: only a head recorded earlier (a signed audit export, `verify --export`) catches that.
import { hash } from 'node:crypto';
import { canonicalJson } from '../../domain/rules/rulesets/ruleset.ts';
import type { EventStore, NewEvent, StoredEvent } from './port.ts';

/**
 * The hash of an event at a revision of a stream, chained to the previous event's hash ('' for the first). The
 * text hashed is canonicalJson of the envelope below, written out key by key in its sorted order: data, id,
 * metadata, previousHash, revision, schemaVersion, stream, type (undefined values left out, as canonicalJson
 * leaves them out). An append's events, which have every field, are hashed by completeChainedHash.
 */
export function eventHash(stream: string, revision: number, event: NewEvent, previousHash: string): string {
  // Written out without a helper closure: this runs once per event verified. The envelope's own
  // fields are strings and integers, whose canonical JSON is JSON.stringify's (canonicalJson's first line).
  let content = '{';
  if (event.data !== undefined) content += `"data":${canonicalJson(event.data)}`;
  if (event.id !== undefined) content += `${content === '{' ? '' : ','}"id":${JSON.stringify(event.id)}`;
  if (event.metadata !== undefined)
    content += `${content === '{' ? '' : ','}"metadata":${canonicalJson(event.metadata)}`;
  if (previousHash !== undefined)
    content += `${content === '{' ? '' : ','}"previousHash":${JSON.stringify(previousHash)}`;
  if (revision !== undefined)
    content += `${content === '{' ? '' : ','}"revision":${JSON.stringify(revision)}`;
  if (event.schemaVersion !== undefined)
    content += `${content === '{' ? '' : ','}"schemaVersion":${JSON.stringify(event.schemaVersion)}`;
  if (stream !== undefined) content += `${content === '{' ? '' : ','}"stream":${JSON.stringify(stream)}`;
  if (event.type !== undefined)
    content += `${content === '{' ? '' : ','}"type":${JSON.stringify(event.type)}`;
  // The one-shot hash: the same hex digest as createHash('sha256'), without a Hash object per event.
  return hash('sha256', `${content}}`);
}

/**
 * eventHash of an event whose every envelope field is there (as an append's events from normaliseEvents
 * are), with the stream, id and type already written as JSON strings and the previous hash as one: the same
 * text, written in one template, without the checks and the quoting per field (an append quotes its stream
 * once, and a hash made here is hex, which needs no escaping). Integers are their JSON text.
 */
export function completeChainedHash(
  quoted: {
    readonly stream: string;
    readonly id: string;
    readonly type: string;
    readonly previousHash: string;
  },
  revision: number,
  schemaVersion: number,
  data: string,
  metadata: string,
): string {
  return hash(
    'sha256',
    `{"data":${data},"id":${quoted.id},"metadata":${metadata},"previousHash":${quoted.previousHash},"revision":${revision},"schemaVersion":${schemaVersion},"stream":${quoted.stream},"type":${quoted.type}}`,
  );
}

export type ChainProblem = { readonly revision: number; readonly problem: string };

/** What is wrong with one event, given the revision and previous hash its place in the chain calls for. */
function linkProblems(event: StoredEvent, revision: number, previousHash: string): ChainProblem[] {
  const problems: ChainProblem[] = [];
  if (event.revision !== revision)
    problems.push({ revision: event.revision, problem: `expected revision ${revision}` });
  if (event.previousHash !== previousHash)
    problems.push({ revision: event.revision, problem: 'previous hash does not match the event before' });
  if (eventHash(event.stream, event.revision, event, event.previousHash) !== event.hash)
    problems.push({ revision: event.revision, problem: 'content does not match its hash' });
  return problems;
}

/** Checks a stream's events, in revision order, against their hashes; lists every break found. */
export function verifyChain(events: readonly StoredEvent[]): ChainProblem[] {
  const problems: ChainProblem[] = [];
  let previousHash = '';
  events.forEach((event, index) => {
    problems.push(...linkProblems(event, index, previousHash));
    previousHash = event.hash;
  });
  return problems;
}

/** Hands every event of the store to `visit` in position order, a batch at a time: a store of any size. */
export async function forEachStoredEvent(
  store: Pick<EventStore, 'readAll'>,
  visit: (event: StoredEvent) => void,
  batchSize = 1000,
): Promise<void> {
  for (let after = 0n; ; ) {
    const batch = await store.readAll({ after, limit: batchSize });
    for (const event of batch) visit(event);
    if (batch.length < batchSize) return;
    after = batch.at(-1)!.position;
  }
}

/** A stream's last event as a chain follower saw it. */
export interface FollowedHead {
  readonly revision: number;
  readonly hash: string;
  readonly events: number;
}

/**
 * Checks every stream of a store at once from its events in position order (readAll, batch by batch),
 * holding only each stream's head: a store of any size is verified in one pass. Within a stream positions
 * follow revisions, so an event out of that order (one rewritten at a new position) is a break here too.
 */
export class ChainFollower {
  readonly heads = new Map<string, FollowedHead>();
  readonly problems: (ChainProblem & { readonly stream: string })[] = [];
  events = 0;

  follow(event: StoredEvent): void {
    const head = this.heads.get(event.stream);
    for (const problem of linkProblems(event, head === undefined ? 0 : head.revision + 1, head?.hash ?? ''))
      this.problems.push({ stream: event.stream, ...problem });
    this.heads.set(event.stream, {
      revision: event.revision,
      hash: event.hash,
      events: (head?.events ?? 0) + 1,
    });
    this.events += 1;
  }
}
