// The KurrentDB adapter: its mapping helpers (always), the adapter on an in-memory model of the client
// (always: it pins the adapter's own logic to the server behaviour it relies on), and the same checks
// against a real server when KURRENTDB_URL is set. There is no KurrentDB on CI machines by design, so
// unlike ../shared data these tests skip even under REQUIRE_ALL=1.
import { randomUUID } from 'node:crypto';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateEventId, normaliseEvents, planEvents } from './append-plan.ts';
import { eventHash, verifyChain } from './hash-chain.ts';
import {
  createKurrentDbEventStore,
  EVENT_ID_NAMESPACE,
  fromKurrentMetadata,
  isSystemEvent,
  type KurrentClient,
  type KurrentLib,
  meetsExpectation,
  openKurrentDbEventStore,
  toActualRevision,
  toKurrentEvent,
  toKurrentEventId,
  toReadPosition,
  toStoredEvent,
  toStreamState,
  uuidV5,
} from './kurrentdb.ts';
import { type EventStore, type NewEvent, type StoredEvent, WrongExpectedVersion } from './port.ts';

const KURRENTDB_URL = process.env.KURRENTDB_URL;
if (!KURRENTDB_URL)
  console.warn("skip: KURRENTDB_URL is not set: the KurrentDB adapter's tests need a server");

function newEvent(id: string = randomUUID(), data: unknown = { tile: '5p' }): NewEvent {
  return { id, type: 'TileDiscarded', schemaVersion: 1, data, metadata: { role: 'player', seat: 'east' } };
}

const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('mapping helpers', () => {
  it('maps expected revisions to stream states: revisions from 0 on both sides', () => {
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState('no-stream')).toBe('no_stream');
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
    expect(toStreamState(7n)).toBe(7n);
    expect(() => toStreamState(-1)).toThrow(RangeError);
    expect(() => toStreamState(-1n)).toThrow(RangeError);
    expect(() => toStreamState(1.5)).toThrow(RangeError);
    expect(() => toStreamState(Number.NaN)).toThrow(RangeError);
  });

  it("maps the client's current stream state to the port's actual revision", () => {
    expect(toActualRevision('no_stream')).toBe(-1);
    expect(toActualRevision(undefined)).toBe(-1);
    expect(toActualRevision(0n)).toBe(0);
    expect(toActualRevision(12n)).toBe(12);
    expect(toActualRevision(-5n)).toBe(-1); // deleted
  });

  it('checks an expectation against an actual revision', () => {
    expect(meetsExpectation('any', -1)).toBe(true);
    expect(meetsExpectation('no-stream', -1)).toBe(true);
    expect(meetsExpectation('no-stream', 0)).toBe(false);
    expect(meetsExpectation(3, 3)).toBe(true);
    expect(meetsExpectation(3n, 3)).toBe(true);
    expect(meetsExpectation(3, 4)).toBe(false);
  });

  it('reads $all from the start for position 0, else from the event at the position', () => {
    expect(toReadPosition(0n)).toBe('start');
    expect(toReadPosition(4242n)).toEqual({ commit: 4242n, prepare: 4242n });
    expect(() => toReadPosition(-1n)).toThrow(RangeError);
  });

  it('recognises system events by type or by stream', () => {
    expect(isSystemEvent({ streamId: 'table-1', type: 'TileDiscarded' })).toBe(false);
    expect(isSystemEvent({ streamId: '$$table-1', type: '$metadata' })).toBe(true);
    expect(isSystemEvent({ streamId: '$stats-127.0.0.1:2113', type: '$statsCollected' })).toBe(true);
    expect(isSystemEvent({ streamId: '$ce-table', type: '$>' })).toBe(true);
    expect(isSystemEvent({ streamId: '$ce-table', type: 'TileDiscarded' })).toBe(true);
    expect(isSystemEvent({ streamId: 'table-1', type: '$>' })).toBe(true);
  });

  it('computes standard version 5 UUIDs', () => {
    // The classic example (RFC 4122 errata, Python's uuid.uuid5): the DNS namespace and "www.example.com".
    expect(uuidV5('www.example.com', '6ba7b810-9dad-11d1-80b4-00c04fd430c8')).toBe(
      '2ed6657d-e927-568b-95e1-2665a8aea6a2',
    );
    // Pinned: a derived id must never change, or retries and exports stop matching.
    expect(uuidV5('hand-3/discard-17', EVENT_ID_NAMESPACE)).toBe('c9e04b40-3e51-5af3-bb8a-7d768e29b289');
  });

  it('keeps lowercase UUIDs as event ids and derives a deterministic UUID from any other id', () => {
    const uuid = randomUUID();
    expect(toKurrentEventId(uuid)).toBe(uuid);
    const derived = toKurrentEventId('hand-3/discard-17');
    expect(derived).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(toKurrentEventId('hand-3/discard-17')).toBe(derived);
    expect(toKurrentEventId('hand-3/discard-18')).not.toBe(derived);
    expect(derived).toBe(uuidV5('hand-3/discard-17', EVENT_ID_NAMESPACE));
    // An uppercase UUID would come back lowercased (and the hash covers the id): it is derived too.
    expect(toKurrentEventId(uuid.toUpperCase())).not.toBe(uuid.toUpperCase());
    expect(toKurrentEventId(uuid.toUpperCase())).not.toBe(uuid);
  });

  it("stores append-plan's events with their hashes in the metadata, and a non-UUID id beside them", () => {
    const uuid = randomUUID();
    const events = normaliseEvents('table-1', [newEvent('a'), { ...newEvent(uuid), data: [undefined] }]);
    const planned = planEvents('table-1', events, { revision: 4, hash: 'f'.repeat(64) });
    const [first, second] = planned.map(toKurrentEvent);
    expect(first).toEqual({
      kurrentId: toKurrentEventId('a'),
      metadata: {
        schemaVersion: 1,
        previousHash: 'f'.repeat(64),
        hash: planned[0]!.hash,
        eventId: 'a',
        metadata: { role: 'player', seat: 'east' },
      },
    });
    expect(second!.kurrentId).toBe(uuid);
    expect(second!.metadata.eventId).toBeUndefined();
    expect(second!.metadata.previousHash).toBe(first!.metadata.hash);
    // The hash covers the JSON form, which is what reads give back.
    expect(planned[1]!.data).toEqual([null]);
    expect(second!.metadata.hash).toBe(eventHash('table-1', 6, events[1]!, first!.metadata.hash));
  });

  it('an event appended without an id gets a UUID the store made, used as the KurrentDB id itself', () => {
    const { id: _named, ...unnamed } = newEvent('x');
    const [planned] = planEvents('table-1', normaliseEvents('table-1', [unnamed]), undefined);
    const { kurrentId, metadata } = toKurrentEvent(planned!);
    expect(kurrentId).toBe(planned!.id);
    expect(kurrentId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(metadata.eventId).toBeUndefined();
  });

  it('reads a recorded event back into a stored event', () => {
    const [planned] = planEvents('table-1', normaliseEvents('table-1', [newEvent('hand-1/deal')]), undefined);
    const chained = toKurrentEvent(planned!);
    const created = new Date('2026-01-02T03:04:05.678Z');
    const stored = toStoredEvent({
      event: {
        streamId: 'table-1',
        id: chained.kurrentId,
        isJson: true,
        revision: 0n,
        type: 'TileDiscarded',
        created,
        data: { tile: '5p' },
        metadata: chained.metadata as never,
        position: { commit: 1234n, prepare: 1234n },
      },
    });
    expect(stored).toEqual({
      stream: 'table-1',
      revision: 0,
      position: 1234n,
      recordedAt: created.toISOString(),
      id: 'hand-1/deal',
      type: 'TileDiscarded',
      schemaVersion: 1,
      data: { tile: '5p' },
      metadata: { role: 'player', seat: 'east' },
      previousHash: '',
      hash: chained.metadata.hash,
    });
    expect(verifyChain([stored])).toEqual([]);
  });

  it('refuses events it did not write', () => {
    expect(() => fromKurrentMetadata(undefined, 'e')).toThrow(/not written by this adapter/);
    expect(() => fromKurrentMetadata({ hash: 'x' }, 'e')).toThrow(/not written by this adapter/);
    expect(() =>
      toStoredEvent({
        event: {
          streamId: 's',
          id: randomUUID(),
          isJson: false,
          revision: 0n,
          type: 't',
          created: new Date(),
          data: new Uint8Array(),
          metadata: undefined,
        },
        commitPosition: 1n,
      }),
    ).toThrow(/not a JSON event/);
  });
});

// ---------------------------------------------------------------------------------------------------
// An in-memory model of the KurrentDB client: only the behaviour the adapter relies on. Each assumption
// here is one the live tests check against a server: revisions from 0; commit == prepare position, one
// per event, increasing; readStream of a missing stream fails with type 'stream-not-found'; a conflict
// fails with type 'wrong-expected-version' and the actual state; readAll from a position includes the
// event there; a subscription from a position starts after it; the event-type filter is a regex.

interface FakeRecord {
  streamId: string;
  id: string;
  isJson: true;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position: { commit: bigint; prepare: bigint };
}

type FakeEventData = { id: string; type: string; data: unknown; metadata?: unknown };
type FakeFilter = { regex: string } | undefined;
type FakePosition = 'start' | 'end' | { commit: bigint; prepare: bigint };

class FakeKurrent {
  readonly log: FakeRecord[] = [];
  private nextPosition = 1_000n;
  private readonly live = new Set<(record: FakeRecord) => void>();
  disposed = false;

  constructor() {
    // What a fresh server already holds.
    this.write('$stats-127.0.0.1:2113', '$statsCollected', {}, undefined);
    this.write('$$$stats-127.0.0.1:2113', '$metadata', {}, undefined);
  }

  write(
    streamId: string,
    type: string,
    data: unknown,
    metadata: unknown,
    id: string = randomUUID(),
  ): FakeRecord {
    const commit = this.nextPosition;
    this.nextPosition += 137n;
    const record: FakeRecord = {
      streamId,
      id,
      isJson: true,
      revision: BigInt(this.stream(streamId).length),
      type,
      created: new Date(),
      data: JSON.parse(JSON.stringify(data)),
      metadata: metadata === undefined ? undefined : JSON.parse(JSON.stringify(metadata)),
      position: { commit, prepare: commit },
    };
    this.log.push(record);
    for (const listener of this.live) listener(record);
    return record;
  }

  stream(streamId: string): FakeRecord[] {
    return this.log.filter((record) => record.streamId === streamId);
  }

  async appendToStream(
    streamId: string,
    events: FakeEventData[],
    { streamState = 'any' }: { streamState?: 'any' | 'no_stream' | bigint } = {},
  ) {
    await tick(); // a round trip: concurrent callers interleave here
    const current = this.stream(streamId);
    const last = current.length - 1;
    const ok =
      streamState === 'any' || (streamState === 'no_stream' ? last === -1 : BigInt(last) === streamState);
    if (!ok) {
      throw Object.assign(new Error(`wrong expected version on ${streamId}`), {
        type: 'wrong-expected-version',
        streamName: streamId,
        expectedState: streamState,
        actualState: last === -1 ? 'no_stream' : BigInt(last),
      });
    }
    let written: FakeRecord | undefined;
    for (const event of events)
      written = this.write(streamId, event.type, event.data, event.metadata, event.id);
    return { success: true, nextExpectedRevision: written!.revision, position: written!.position };
  }

  readStream(
    streamId: string,
    { fromRevision = 'start', direction = 'forwards', maxCount = Number.MAX_SAFE_INTEGER } = {} as {
      fromRevision?: 'start' | 'end' | bigint;
      direction?: 'forwards' | 'backwards';
      maxCount?: number;
    },
  ) {
    const fake = this;
    return (async function* () {
      await tick();
      const records = fake.stream(streamId);
      if (records.length === 0) {
        throw Object.assign(new Error(`${streamId} not found`), { type: 'stream-not-found' });
      }
      const selected =
        direction === 'forwards'
          ? records.filter(
              (r) => fromRevision === 'start' || (fromRevision !== 'end' && r.revision >= fromRevision),
            )
          : records
              .reverse()
              .filter(
                (r) => fromRevision === 'end' || (fromRevision !== 'start' && r.revision <= fromRevision),
              );
      for (const record of selected.slice(0, Number(maxCount))) yield { event: { ...record } };
    })();
  }

  readAll({
    fromPosition = 'start',
    filter,
    maxCount = Number.MAX_SAFE_INTEGER,
  }: {
    fromPosition?: FakePosition;
    filter?: FakeFilter;
    maxCount?: number;
  } = {}) {
    const fake = this;
    return (async function* () {
      await tick();
      const selected = fake.log.filter(
        (r) =>
          (fromPosition === 'start' ||
            (fromPosition !== 'end' && r.position.commit >= fromPosition.commit)) &&
          (filter === undefined || new RegExp(filter.regex).test(r.type)),
      );
      for (const record of selected.slice(0, Number(maxCount))) {
        yield { event: { ...record }, commitPosition: record.position.commit };
      }
    })();
  }

  subscribeToAll({
    fromPosition = 'start',
    filter,
  }: {
    fromPosition?: FakePosition;
    filter?: FakeFilter;
  } = {}) {
    const out = new PassThrough({ objectMode: true });
    const wanted = (r: FakeRecord) =>
      (fromPosition === 'start' || (fromPosition !== 'end' && r.position.commit > fromPosition.commit)) &&
      (filter === undefined || new RegExp(filter.regex).test(r.type));
    const listener = (record: FakeRecord) => {
      if (wanted(record) && !out.destroyed)
        out.write({ event: { ...record }, commitPosition: record.position.commit });
    };
    for (const record of this.log) listener(record); // catch-up, then live without a gap
    this.live.add(listener);
    return Object.assign(out, {
      unsubscribe: async () => {
        this.live.delete(listener);
        if (!out.destroyed) out.end();
      },
    });
  }

  async dispose() {
    this.disposed = true;
  }
}

const fakeLib = {
  jsonEvent: ({ id, type, data, metadata }: FakeEventData) => ({
    id,
    contentType: 'application/json',
    type,
    data,
    metadata,
  }),
  excludeSystemEvents: () => ({ filterOn: 'eventType', regex: '^[^$].*', checkpointInterval: 1 }),
} as unknown as KurrentLib;

function fakeStore(fake = new FakeKurrent()): EventStore {
  return createKurrentDbEventStore(fake as unknown as KurrentClient, fakeLib);
}

// ---------------------------------------------------------------------------------------------------
// The checks, on the model and on a server. Stream names are unique per run: a server keeps its data.

/** Watches what a subscription delivers for the given streams. */
function collect(store: EventStore, after: bigint, streams: readonly string[]) {
  const received: StoredEvent[] = [];
  let inFlight = 0;
  let overlapped = false;
  const subscription = store.subscribe(after, async (event) => {
    inFlight++;
    if (inFlight > 1) overlapped = true;
    await tick();
    if (streams.includes(event.stream)) received.push(event);
    inFlight--;
  });
  /** Resolves once `count` events arrived (fails after 15 s). */
  const until = async (count: number) => {
    for (const deadline = Date.now() + 15_000; received.length < count; ) {
      if (Date.now() > deadline) throw new Error(`only ${received.length} of ${count} events arrived`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };
  return { received, subscription, until, overlapped: () => overlapped };
}

function contract(open: () => Promise<EventStore>) {
  let store: EventStore;
  const name = (kind: string) => `${kind}-${randomUUID()}`;

  beforeAll(async () => {
    store = await open();
  });
  afterAll(async () => {
    await store?.close();
  });

  it('appends and reads with revisions from 0', async () => {
    const stream = name('table');
    const first = [newEvent(), newEvent('hand-1/discard-1', { tile: 'E', riichi: false })];
    const appended = await store.append(stream, first, 'no-stream');
    expect(appended.nextExpectedRevision).toBe(1);
    const events = await store.readStream(stream);
    expect(events.map((e) => e.revision)).toEqual([0, 1]);
    expect(events.map((e) => e.id)).toEqual(first.map((e) => e.id));
    expect(events[1]).toMatchObject({
      stream,
      type: 'TileDiscarded',
      schemaVersion: 1,
      data: { tile: 'E', riichi: false },
      metadata: { role: 'player', seat: 'east' },
    });
    expect(events[1]!.position).toBe(appended.position);
    expect(events[0]!.position).toBeLessThan(events[1]!.position);
    expect(Number.isNaN(Date.parse(events[0]!.recordedAt))).toBe(false);

    const next = await store.append(stream, [newEvent()], 1);
    expect(next.nextExpectedRevision).toBe(2);
    expect(next.position).toBeGreaterThan(appended.position);
    expect((await store.readStream(stream, 2)).map((e) => e.revision)).toEqual([2]);
    expect(await store.readStream(name('missing'))).toEqual([]);
  });

  it('refuses an append at the wrong revision, saying the actual one', async () => {
    const stream = name('table');
    await store.append(stream, [newEvent(), newEvent()], 'no-stream');
    for (const expected of ['no-stream', 0, 5] as const) {
      const error = await store.append(stream, [newEvent()], expected).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersion);
      expect(error).toMatchObject({ stream, expected, actual: 1 });
    }
    const missing = await store.append(name('missing'), [newEvent()], 0).catch((e: unknown) => e);
    expect(missing).toMatchObject({ name: 'WrongExpectedVersion', actual: -1 });
    expect((await store.readStream(stream)).length).toBe(2);
  });

  it('lets one of two concurrent appends at the same revision win', async () => {
    const stream = name('table');
    await store.append(stream, [newEvent()], 'no-stream');
    const results = await Promise.allSettled([
      store.append(stream, [newEvent(), newEvent()], 0),
      store.append(stream, [newEvent()], 0),
    ]);
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r) => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    const winner = (won[0] as PromiseFulfilledResult<{ nextExpectedRevision: number }>).value;
    expect((lost[0] as PromiseRejectedResult).reason).toMatchObject({
      name: 'WrongExpectedVersion',
      actual: winner.nextExpectedRevision,
    });
    const events = await store.readStream(stream);
    expect(events).toHaveLength(winner.nextExpectedRevision + 1);
    expect(verifyChain(events)).toEqual([]);
  });

  it("keeps the chain whole under concurrent 'any' appends", async () => {
    const stream = name('table');
    await Promise.all(Array.from({ length: 4 }, () => store.append(stream, [newEvent(), newEvent()], 'any')));
    const events = await store.readStream(stream);
    expect(events.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(verifyChain(events)).toEqual([]);
  });

  it('refuses a retried append, and ids repeated within one append, as DuplicateEventId', async () => {
    const stream = name('table');
    const batch = [newEvent('retry-1'), newEvent()];
    await store.append(stream, batch, 'no-stream');
    await expect(store.append(stream, batch, 'no-stream')).rejects.toMatchObject({
      name: 'DuplicateEventId',
      ids: batch.map((e) => e.id),
    });
    const more = [newEvent('retry-2')];
    await store.append(stream, more, 1);
    await expect(store.append(stream, more, 1)).rejects.toBeInstanceOf(DuplicateEventId);
    await expect(store.append(stream, more, 'any')).rejects.toMatchObject({ ids: ['retry-2'] });
    await expect(store.append(stream, [newEvent('twice'), newEvent('twice')], 2)).rejects.toMatchObject({
      ids: ['twice'],
    });
    // A different append at a revision the stream has left is a conflict, not a duplicate.
    await expect(store.append(stream, [newEvent()], 1)).rejects.toMatchObject({ actual: 2 });
    expect((await store.readStream(stream)).map((e) => e.id)).toEqual([...batch, ...more].map((e) => e.id));
  });

  it('reads everything after a position in commit order, with and without a limit', async () => {
    const marker = await store.append(name('marker'), [newEvent()], 'no-stream');
    const [s1, s2] = [name('table'), name('table')];
    await store.append(s1, [newEvent('A')], 'no-stream');
    await store.append(s2, [newEvent('B')], 'no-stream');
    await store.append(s1, [newEvent('C')], 0);
    const ours = (events: StoredEvent[]) => events.filter((e) => e.stream === s1 || e.stream === s2);
    const all = await store.readAll({ after: marker.position });
    expect(ours(all).map((e) => e.id)).toEqual(['A', 'B', 'C']);
    const positions = all.map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    expect(new Set(positions).size).toBe(positions.length);
    expect(positions[0]).toBeGreaterThan(marker.position);

    // Paging one at a time gives the same sequence.
    const paged: StoredEvent[] = [];
    let after = marker.position;
    for (let page = 0; page < all.length + 5; page++) {
      const next = await store.readAll({ after, limit: 1 });
      if (next.length === 0) break;
      expect(next).toHaveLength(1);
      paged.push(next[0]!);
      after = next[0]!.position;
    }
    expect(ours(paged).map((e) => e.id)).toEqual(['A', 'B', 'C']);
    expect((await store.readAll({ after: marker.position, limit: 2 })).map((e) => e.position)).toEqual(
      positions.slice(0, 2),
    );
  });

  it('subscribes: catch-up from a position, then live, one event at a time', async () => {
    const marker = await store.append(name('marker'), [newEvent()], 'no-stream');
    const stream = name('table');
    await store.append(stream, [newEvent('one'), newEvent('two')], 'no-stream');
    const watch = collect(store, marker.position, [stream]);
    await watch.until(2);
    await store.append(stream, [newEvent('three')], 1);
    await watch.until(3);
    await watch.subscription.close();
    expect(watch.received.map((e) => [e.id, e.revision])).toEqual([
      ['one', 0],
      ['two', 1],
      ['three', 2],
    ]);
    expect(watch.overlapped()).toBe(false);
    expect(verifyChain(watch.received)).toEqual([]);
  });

  it('closes an idle subscription', async () => {
    const marker = await store.append(name('marker'), [newEvent()], 'no-stream');
    const subscription = store.subscribe(marker.position, () => {});
    await tick();
    await subscription.close();
  });

  it('keeps a verifiable hash chain, with any JSON data and ids that are not UUIDs', async () => {
    const stream = name('table');
    await store.append(stream, [newEvent('deal'), newEvent(randomUUID(), 'a string')], 'no-stream');
    await store.append(stream, [newEvent('draw', [1, null, { nested: true }]), newEvent('x', null)], 1);
    await store.append(stream, [{ ...newEvent('meta'), metadata: { at: undefined, seat: 'south' } }], 'any');
    const events = await store.readStream(stream);
    expect(events.map((e) => e.data)).toEqual([
      { tile: '5p' },
      'a string',
      [1, null, { nested: true }],
      null,
      {
        tile: '5p',
      },
    ]);
    expect(events[4]!.metadata).toEqual({ seat: 'south' });
    expect(verifyChain(events)).toEqual([]);
    expect(events[0]!.previousHash).toBe('');
    expect(events.slice(1).map((e) => e.previousHash)).toEqual(events.slice(0, -1).map((e) => e.hash));
  });

  it("refuses KurrentDB's $-prefixed names", async () => {
    await expect(store.append('$ce-table', [newEvent()], 'any')).rejects.toThrow(RangeError);
    await expect(store.append(name('table'), [{ ...newEvent(), type: '$>' }], 'any')).rejects.toThrow(
      RangeError,
    );
  });
}

describe('the KurrentDB adapter on an in-memory model of the client', () => {
  contract(async () => fakeStore());

  it('leaves system events out of readAll and subscriptions', async () => {
    const fake = new FakeKurrent();
    const store = fakeStore(fake);
    fake.write('$ce-table', '$>', '0@table-1', undefined);
    fake.write('$ce-table', 'TileDiscarded', {}, undefined); // a system stream with an ordinary type
    await store.append('table-1', [newEvent('mine')], 'no-stream');
    expect((await store.readAll()).map((e) => e.id)).toEqual(['mine']);
    expect((await store.readAll({ limit: 1 })).map((e) => e.id)).toEqual(['mine']);
    const watch = collect(store, 0n, ['table-1', '$ce-table']);
    await watch.until(1);
    fake.write('$$table-1', '$metadata', {}, undefined);
    await store.append('table-1', [newEvent('mine too')], 0);
    await watch.until(2);
    expect(watch.received.map((e) => e.id)).toEqual(['mine', 'mine too']);
    await store.close();
    expect(fake.disposed).toBe(true);
  });

  it('stops a subscription whose handler fails; close() reports the error', async () => {
    const store = fakeStore();
    await store.append('table-1', [newEvent('a'), newEvent('b')], 'no-stream');
    const seen: string[] = [];
    const subscription = store.subscribe(0n, (event) => {
      seen.push(event.id);
      throw new Error(`projection failed on ${event.id}`);
    });
    for (let i = 0; i < 20 && seen.length === 0; i++) await tick();
    await store.append('table-1', [newEvent('c')], 1);
    for (let i = 0; i < 20; i++) await tick();
    expect(seen).toEqual(['a']);
    await expect(subscription.close()).rejects.toThrow('projection failed on a');
    await store.close();
  });

  it('refuses use after close', async () => {
    const store = fakeStore();
    await store.close();
    await expect(store.readStream('table-1')).rejects.toThrow(/closed/);
  });
});

describe.skipIf(!KURRENTDB_URL)('the KurrentDB adapter on the server at KURRENTDB_URL', () => {
  contract(() => openKurrentDbEventStore(KURRENTDB_URL!));
});
