// The hash chain is written out key by key for speed: given any event, then its hash must equal sha256 of the
// canonical JSON of its envelope, the definition every stored chain was made with.
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from '../../domain/rules/rulesets/ruleset.ts';
import { normaliseEvents, planEvents } from './append-plan.ts';
import { ChainFollower, eventHash } from './hash-chain.ts';
import { plainCanonicalJson } from './plain-json.ts';
import type { NewEvent, StoredEvent } from './port.ts';

const reference = (stream: string, revision: number, event: NewEvent, previousHash: string): string =>
  createHash('sha256')
    .update(
      canonicalJson({
        stream,
        revision,
        id: event.id,
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata: event.metadata,
        previousHash,
      }),
    )
    .digest('hex');

const jsonObject = fc.dictionary(fc.string(), fc.jsonValue());

describe('the hash chain', () => {
  it('hashes an event as sha256 of its canonical envelope', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1 }),
        fc.nat(),
        fc.jsonValue(),
        jsonObject,
        fc.constantFrom('', 'f'.repeat(64)),
        (stream, revision, data, metadata, previousHash) => {
          const event: NewEvent = { id: 'id-1', type: 'T', schemaVersion: 2, data, metadata };
          expect(eventHash(stream, revision, event, previousHash)).toBe(
            reference(stream, revision, event, previousHash),
          );
        },
      ),
      { numRuns: 500 },
    );
  });

  it('plans the same hashes from the JSON text kept by normalisation as from the events themselves', () => {
    // Any stream, type, ids and head hash (quotes, escapes, non-ASCII): the append writes their JSON once.
    const text = fc.string({ minLength: 1, unit: 'binary' });
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.jsonValue(), jsonObject), { minLength: 1, maxLength: 5 }),
        text,
        text,
        fc.option(fc.tuple(fc.nat(1000), fc.string({ unit: 'binary' })), { nil: undefined }),
        (pairs, stream, type, head) => {
          const events: NewEvent[] = pairs.map(([data, metadata], i) => ({
            id: `${type}\u0000${i}`,
            type,
            schemaVersion: 1,
            data,
            metadata,
          }));
          const [headRevision, headHash] = head ?? [-1, ''];
          const planned = planEvents(
            stream,
            normaliseEvents(stream, events),
            head === undefined ? undefined : { revision: headRevision, hash: headHash },
          );
          let previous = headHash;
          planned.forEach((p, i) => {
            const roundTripped = JSON.parse(JSON.stringify(events[i]!)) as NewEvent;
            expect(p.hash).toBe(
              reference(
                stream,
                headRevision + 1 + i,
                { ...roundTripped, data: roundTripped.data ?? null },
                previous,
              ),
            );
            previous = p.hash;
          });
        },
      ),
      { numRuns: 300 },
    );
  });

  it('given a plain payload with its keys in any order, when planned, then its text is the canonical form the hash covers, and reads back as it', () => {
    fc.assert(
      fc.property(fc.jsonValue(), jsonObject, (data, metadata) => {
        const event: NewEvent = { id: 'e0', type: 'T', schemaVersion: 1, data, metadata };
        const [planned] = planEvents('s-1', normaliseEvents('s-1', [event]), undefined);
        expect(planned!.dataJson).toBe(canonicalJson(JSON.parse(JSON.stringify(data))));
        expect(planned!.metadataJson).toBe(canonicalJson(metadata));
        expect(JSON.parse(planned!.dataJson)).toStrictEqual(JSON.parse(JSON.stringify(data)));
      }),
      { numRuns: 500 },
    );
    // given { b, a } (keys out of order), then stored as {"a":…,"b":…}
    const [planned] = planEvents(
      's-1',
      normaliseEvents('s-1', [
        {
          id: 'e0',
          type: 'T',
          schemaVersion: 1,
          data: { b: [2, { d: 1, c: 0 }], a: 'x' },
          metadata: { z: 1, y: 2 },
        },
      ]),
      undefined,
    );
    expect(planned!.dataJson).toBe('{"a":"x","b":[2,{"c":0,"d":1}]}');
    expect(planned!.metadataJson).toBe('{"y":2,"z":1}');
  });

  it('given payloads that do not read back as themselves (a Date, NaN, an undefined item, a toJSON, a class), when planned, then hashed as read back', () => {
    class Seat {
      constructor(readonly wind: string) {}
      get hidden() {
        return 'getter on the prototype: left out by JSON';
      }
    }
    const odd = fc.oneof(
      fc.date({ noInvalidDate: true }),
      fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, -0, undefined, () => 1),
      fc.constant({ toJSON: () => 'as text' }),
      fc.constant(new Seat('E')),
      fc.constant(Object.assign(Object.create(null) as object, { a: 1 })),
    );
    const payload = fc.oneof(
      fc.array(fc.oneof(fc.jsonValue(), odd), { maxLength: 4 }),
      fc.dictionary(fc.string(), fc.oneof(fc.jsonValue(), odd), { maxKeys: 4 }),
      odd,
    );
    fc.assert(
      fc.property(payload, (data) => {
        if (JSON.stringify(data) === undefined) return;
        const event: NewEvent = { id: 'e0', type: 'T', schemaVersion: 1, data, metadata: {} };
        const [planned] = planEvents('s-1', normaliseEvents('s-1', [event]), undefined);
        const readBack = JSON.parse(JSON.stringify(data)) as unknown;
        expect(JSON.parse(planned!.dataJson)).toStrictEqual(readBack);
        expect(planned!.hash).toBe(reference('s-1', 0, { ...event, data: readBack }, ''));
      }),
      { numRuns: 1000 },
    );
  });
});

/** Stored events of one append per stream, then interleaved by position as readAll gives them. */
function stored(stream: string, ids: readonly string[], positions: readonly number[]): StoredEvent[] {
  const planned = planEvents(
    stream,
    normaliseEvents(
      stream,
      ids.map((id) => ({ id, type: 'T', schemaVersion: 1, data: { id }, metadata: {} })),
    ),
    undefined,
  );
  return planned.map((p, i) => ({
    stream,
    revision: p.revision,
    position: BigInt(positions[i]!),
    id: p.id,
    type: p.type,
    schemaVersion: p.schemaVersion,
    data: p.data,
    metadata: p.metadata,
    recordedAt: '2026-01-01T00:00:00.000Z',
    previousHash: p.previousHash,
    hash: p.hash,
  }));
}

/**
 * Whether a value read back from JSON text is the value itself: the same primitives (-0 reads back as 0, and
 * canonicalJson writes both as 0), arrays item by item without holes, and objects of Object's or no prototype,
 * without toJSON, with the same defined own keys (undefined values are left out by JSON).
 */
function equalJson(readBack: unknown, value: unknown): boolean {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && Object.is(value, -0)) return readBack === 0;
    return Object.is(readBack, value);
  }
  if (readBack === null || typeof readBack !== 'object') return false;
  if (Array.isArray(value)) {
    if (!Array.isArray(readBack) || readBack.length !== value.length) return false;
    for (let i = 0; i < value.length; i++)
      if (!(i in value) || !equalJson(readBack[i], value[i])) return false;
    return true;
  }
  const prototype = Object.getPrototypeOf(value);
  if ((prototype !== Object.prototype && prototype !== null) || 'toJSON' in value || Array.isArray(readBack))
    return false;
  const keys = Object.keys(value).filter((key) => (value as Record<string, unknown>)[key] !== undefined);
  const readKeys = Object.keys(readBack);
  return (
    keys.length === readKeys.length &&
    keys.every((key) =>
      equalJson((readBack as Record<string, unknown>)[key], (value as Record<string, unknown>)[key]),
    )
  );
}

/** canonicalJson's definition, as it was written before it was written for speed: a sorted copy, stringified. */
function definition(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) text += ',';
      const item: unknown = value[i];
      text += item !== null && typeof item === 'object' ? definition(item) : JSON.stringify(item);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  let first = true;
  for (const key of Object.keys(record).sort()) {
    const item = record[key];
    if (item === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${definition(item)}`;
    first = false;
  }
  return `${text}}`;
}

/** Any value at all: JSON's and all that JSON.stringify writes otherwise or not at all. */
const anyValue = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withNullPrototype: true,
  withObjectString: true,
  withSet: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
});

describe('the canonical text the hashes are taken over', () => {
  /** What a call gives: its text, or that it threw (a BigInt throws in both). */
  const outcome = (write: (value: unknown) => string, value: unknown) => {
    try {
      return { text: write(value) };
    } catch (error) {
      return { threw: (error as Error).name };
    }
  };

  it('is its definition for any value, its quirks included (undefined items, holes, functions, NaN, -0)', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        expect(outcome(canonicalJson, value)).toEqual(outcome(definition, value));
      }),
      { numRuns: 2000 },
    );
  });

  it('of a value that reads back as itself is its definition, and of any other none (plainCanonicalJson)', () => {
    fc.assert(
      fc.property(anyValue, (value) => {
        const text = JSON.stringify(value, (_, item) => (typeof item === 'bigint' ? null : item));
        const readsBackAsItself =
          text !== undefined && typeof value !== 'bigint' && equalJson(JSON.parse(text), value);
        expect(plainCanonicalJson(value)).toBe(readsBackAsItself ? definition(value) : undefined);
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts many keys as its definition does: integer-like, upper and lower case, non-ASCII, undefined values left out', () => {
    const record: Record<string, unknown> = { skipped: undefined, fn: () => 1 };
    for (let i = 0; i < 40; i++) record[[`k${i}`, `${i}`, `K${i}`, `é${i}`, `\u{1F600}${i}`][i % 5]!] = i;
    expect(canonicalJson(record)).toBe(definition(record));
    expect(canonicalJson([record, [undefined, record], { a: record }])).toBe(
      definition([record, [undefined, record], { a: record }]),
    );
  });

  it('given events whose metadata are equal texts in different objects, then each hash is as if alone', () => {
    const events: NewEvent[] = ['a', 'b', 'c'].map((id, i) => ({
      id,
      type: 'T',
      schemaVersion: 1,
      data: { i },
      metadata: { actor: { role: 'player', seat: 'E' }, at: '2026-01-01T00:00:00.000Z', n: i === 2 ? 2 : 1 },
    }));
    const planned = planEvents('s-1', normaliseEvents('s-1', events), undefined);
    let previous = '';
    planned.forEach((p, i) => {
      expect(p.hash).toBe(reference('s-1', i, events[i]!, previous));
      expect(JSON.parse(p.metadataJson)).toStrictEqual(events[i]!.metadata);
      previous = p.hash;
    });
  });
});

describe('the chain follower (a whole store in position order)', () => {
  const byPosition = (events: StoredEvent[]) => [...events].sort((a, b) => Number(a.position - b.position));

  it('given two interleaved intact streams, then no problem, and each head with its count', () => {
    const follower = new ChainFollower();
    for (const e of byPosition([
      ...stored('s', ['a', 'b', 'c'], [1, 3, 4]),
      ...stored('t', ['d', 'e'], [2, 5]),
    ]))
      follower.follow(e);

    expect(follower.problems).toEqual([]);
    expect(follower.events).toBe(5);
    expect([...follower.heads].map(([stream, h]) => [stream, h.revision, h.events])).toEqual([
      ['s', 2, 3],
      ['t', 1, 2],
    ]);
  });

  it('given an event moved to a later position (as a REPLACE would), then the break is named there', () => {
    const follower = new ChainFollower();
    for (const e of byPosition(stored('s', ['a', 'b', 'c'], [1, 9, 3]))) follower.follow(e);

    expect(follower.problems).toEqual([
      { stream: 's', revision: 2, problem: 'expected revision 1' },
      { stream: 's', revision: 2, problem: 'previous hash does not match the event before' },
      { stream: 's', revision: 1, problem: 'expected revision 3' },
      { stream: 's', revision: 1, problem: 'previous hash does not match the event before' },
    ]);
  });

  it('given a changed payload, then content does not match its hash', () => {
    const follower = new ChainFollower();
    const [a, b] = stored('s', ['a', 'b'], [1, 2]);
    follower.follow(a!);
    follower.follow({ ...b!, data: { id: 'b', points: 90_000 } });

    expect(follower.problems).toEqual([
      { stream: 's', revision: 1, problem: 'content does not match its hash' },
    ]);
  });
});
