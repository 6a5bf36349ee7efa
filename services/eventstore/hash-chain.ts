// Each stream is a hash chain: an event's hash covers its content and the previous event's hash, so
// altering or removing any event breaks every hash after it. An export carries the hashes; verifyChain
// proves a stream untouched, ChainFollower a whole store. A rewrite whose hashes were recomputed passes
// both: only a head recorded earlier (a signed audit export, `verify --export`) catches that.
import { hash } from 'node:crypto';
import type { EventStore, NewEvent, StoredEvent } from './port.ts';

/** The hash of an event at a revision of a stream, chained to the previous event's hash ('' for the first). */
export function eventHash(stream: string, revision: number, event: NewEvent, previousHash: string): string {
  return chainedHash(
    stream,
    revision,
    event,
    previousHash,
    canonicalText(event.data),
    canonicalText(event.metadata),
  );
}

/**
 * canonicalJson (domain/rules/rulesets/ruleset.ts), the definition every stored chain was hashed with, written
 * for the store's hot path: the same text for every value (a property test holds it to canonicalJson, quirks
 * such as an undefined array item included), with small key sets sorted in place and object keys quoted once.
 * Every event appended and every event verified goes through here twice (data and metadata).
 */
export function canonicalText(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let text: string;
  if (Array.isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) text += ',';
      const item: unknown = value[i];
      // As canonicalJson: JSON.stringify of undefined (a hole, a function) is undefined, written as such.
      text += item !== null && typeof item === 'object' ? canonicalText(item) : JSON.stringify(item);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length <= 16) {
    // Insertion sort: the order of Array.prototype.sort() on strings (UTF-16 code units), without its call.
    for (let i = 1; i < keys.length; i++) {
      const key = keys[i]!;
      let j = i - 1;
      while (j >= 0 && keys[j]! > key) {
        keys[j + 1] = keys[j]!;
        j--;
      }
      keys[j + 1] = key;
    }
  } else keys.sort();
  text = '{';
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = record[key];
    if (item === undefined) continue;
    if (first) first = false;
    else text += ',';
    text += quotedKey(key);
    text += ':';
    text += item !== null && typeof item === 'object' ? canonicalText(item) : JSON.stringify(item);
  }
  return `${text}}`;
}

/** Object keys are few (the events' field names): each is quoted once, up to a bound on what is kept. */
const quotedKeys = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 4096) quotedKeys.set(key, quoted);
  }
  return quoted;
}

/**
 * eventHash with the payloads already in canonical form (`data` is canonicalJson(event.data), `metadata`
 * canonicalJson(event.metadata)), so that an append puts a payload its events share in that form once. The
 * text hashed is canonicalJson of the envelope below, written out key by key in its sorted order:
 * data, id, metadata, previousHash, revision, schemaVersion, stream, type (undefined values left out, as
 * canonicalJson leaves them out).
 */
export function chainedHash(
  stream: string,
  revision: number,
  event: NewEvent,
  previousHash: string,
  data: string | undefined,
  metadata: string | undefined,
): string {
  // Written out without a helper closure: this runs once per event appended or verified.
  let content = '{';
  if (event.data !== undefined) content += `"data":${data}`;
  if (event.id !== undefined) content += `${content === '{' ? '' : ','}"id":${canonicalText(event.id)}`;
  if (event.metadata !== undefined) content += `${content === '{' ? '' : ','}"metadata":${metadata}`;
  if (previousHash !== undefined)
    content += `${content === '{' ? '' : ','}"previousHash":${canonicalText(previousHash)}`;
  if (revision !== undefined) content += `${content === '{' ? '' : ','}"revision":${canonicalText(revision)}`;
  if (event.schemaVersion !== undefined)
    content += `${content === '{' ? '' : ','}"schemaVersion":${canonicalText(event.schemaVersion)}`;
  if (stream !== undefined) content += `${content === '{' ? '' : ','}"stream":${canonicalText(stream)}`;
  if (event.type !== undefined) content += `${content === '{' ? '' : ','}"type":${canonicalText(event.type)}`;
  // The one-shot hash: the same hex digest as createHash('sha256'), without a Hash object per event.
  return hash('sha256', `${content}}`);
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
