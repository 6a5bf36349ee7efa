// The event store contract (DESIGN.md "Storage and scale"): one suite that every reachable adapter runs.
// It holds each adapter to port.ts: revisions from 0, positions from 1 strictly increasing in commit
// order, optimistic concurrency under real concurrency, readers and subscribers that never skip an event,
// immutability enforced by the database, hash chains that catch a change made behind its back, and event
// ids made by the store when the caller names none (the application never does).
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppendOutcome, ConcurrentAppend } from '../../test/support/event-store-writers.ts';
import { verifyChain } from './hash-chain.ts';
import { openStoreAt } from './open.ts';
import { type EventStore, type NewEvent, type StoredEvent, WrongExpectedVersion } from './port.ts';

/** A fresh, empty store and what the suite needs to reach behind it. */
export interface ContractTarget {
  readonly store: EventStore;
  /** Another store on the same database (closed by dispose). */
  openAnother(): Promise<EventStore>;
  /** Runs each job's appends in order from a connection or thread of its own; all jobs start together. */
  concurrently(jobs: readonly (readonly ConcurrentAppend[])[]): Promise<AppendOutcome[][]>;
  /** Runs SQL on the store's database, with its events table reachable as `events`. */
  raw(statement: string): Promise<void>;
  /** Drops the triggers that refuse UPDATE and DELETE, as someone with the database's keys could. */
  dropImmutabilityTriggers(): Promise<void>;
  /** Closes every store and removes the database file or schema. */
  dispose(): Promise<void>;
}

const WAIT = { timeout: 5000, interval: 10 };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

export function event(id: string, data: unknown = { id }, type = 'TestEvent'): NewEvent {
  return { id, type, schemaVersion: 1, data, metadata: { actor: 'referee', correlationId: `c-${id}` } };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function describeEventStoreContract(name: string, open: () => Promise<ContractTarget>): void {
  describe(`event store contract: ${name}`, () => {
    let target: ContractTarget;
    let store: EventStore;

    beforeEach(async () => {
      target = await open();
      store = target.store;
    });
    afterEach(async () => {
      await target.dispose();
    });

    it('appends and reads back: revisions from 0, positions from 1 and increasing', async () => {
      const first = await store.append(
        'game-1',
        [event('a', { tiles: '123m', n: 1.5 }), event('b')],
        'no-stream',
      );
      const second = await store.append(
        'game-2',
        [event('c', [1, 'two', null, { three: true }])],
        'no-stream',
      );
      const third = await store.append('game-1', [event('d', 'text'), event('e', null)], 1);
      expect(first.nextExpectedRevision).toBe(1);
      expect(second.nextExpectedRevision).toBe(0);
      expect(third.nextExpectedRevision).toBe(3);
      expect(first.position < second.position && second.position < third.position).toBe(true);

      const game1 = await store.readStream('game-1');
      expect(game1.map((e) => [e.revision, e.id, e.data])).toEqual([
        [0, 'a', { tiles: '123m', n: 1.5 }],
        [1, 'b', { id: 'b' }],
        [2, 'd', 'text'],
        [3, 'e', null],
      ]);
      expect(game1[0]).toMatchObject({
        stream: 'game-1',
        type: 'TestEvent',
        schemaVersion: 1,
        metadata: { actor: 'referee', correlationId: 'c-a' },
        previousHash: '',
      });
      expect(new Date(game1[0]!.recordedAt).toISOString()).toBe(game1[0]!.recordedAt);
      expect((await store.readStream('game-1', 2)).map((e) => e.id)).toEqual(['d', 'e']);
      expect(await store.readStream('no-such-stream')).toEqual([]);

      const all = await store.readAll();
      expect(all.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
      expect(all[0]!.position).toBe(1n);
      expectStrictlyIncreasing(all);
      expect(all.at(-1)!.position).toBe(third.position);
      expect(all.find((e) => e.id === 'c')!.position).toBe(second.position);
      expect((await store.readAll({ after: all[1]!.position, limit: 2 })).map((e) => e.id)).toEqual([
        'c',
        'd',
      ]);
      expect(await store.readAll({ after: third.position })).toEqual([]);
    });

    it('checks the expected revision and reports the actual one', async () => {
      const conflict = async (promise: Promise<unknown>, actual: number) => {
        const error = await promise.then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(error).toBeInstanceOf(WrongExpectedVersion);
        expect((error as WrongExpectedVersion).actual).toBe(actual);
      };
      await conflict(store.append('s', [event('x0')], 0), -1);
      await conflict(store.append('s', [event('x1')], 0n), -1);
      await store.append('s', [event('a')], 'no-stream');
      await conflict(store.append('s', [event('x2')], 'no-stream'), 0);
      await conflict(store.append('s', [event('x3')], 1), 0);
      await store.append('s', [event('b')], 0);
      await store.append('s', [event('c')], 1n);
      await conflict(store.append('s', [event('x4')], 1), 2);
      await store.append('s', [event('d')], 'any');
      await store.append('t', [event('e')], 'any');
      expect((await store.readStream('s')).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
      expect((await store.readAll()).map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'e']);
    });

    it('an empty append writes nothing but still checks the expected revision', async () => {
      await store.append('s', [event('a')], 'no-stream');
      await expect(store.append('s', [], 5)).rejects.toBeInstanceOf(WrongExpectedVersion);
      expect((await store.append('s', [], 0)).nextExpectedRevision).toBe(0);
      expect((await store.readAll()).length).toBe(1);
    });

    it('refuses a duplicate event id, from the store or within one append, and writes nothing of that append', async () => {
      await store.append('s', [event('a'), event('b')], 'no-stream');
      const duplicate = (ids: string[]) => ({ name: 'DuplicateEventId', ids });
      await expect(store.append('t', [event('c'), event('a')], 'any')).rejects.toMatchObject(
        duplicate(['a']),
      );
      await expect(store.append('s', [event('c'), event('b')], 1)).rejects.toMatchObject(duplicate(['b']));
      await expect(store.append('t', [event('d'), event('d')], 'any')).rejects.toMatchObject(
        duplicate(['d']),
      );
      expect((await store.readAll()).map((e) => e.id)).toEqual(['a', 'b']);
      expect(await store.readStream('t')).toEqual([]);
      await store.append('t', [event('c')], 'no-stream');
      expect((await store.readAll()).map((e) => [e.id, e.position])).toEqual([
        ['a', 1n],
        ['b', 2n],
        ['c', 3n],
      ]);
    });

    it('makes the id of an event appended without one: a time-ordered UUID (version 7) per event, covered by the hash', async () => {
      const unnamed = (n: number): NewEvent => {
        const { id: _named, ...rest } = event(`u${n}`);
        return rest;
      };
      await store.append('s', [unnamed(1), unnamed(2)], 'no-stream');
      await store.append('t', [unnamed(1)], 'no-stream');
      await store.append('s', [unnamed(3), event('named')], 1);
      const all = await store.readAll();
      const made = all.filter((e) => e.id !== 'named');
      expect(made).toHaveLength(4);
      for (const e of made) expect(e.id).toMatch(UUID);
      expect(new Set(made.map((e) => e.id)).size).toBe(4);
      expect(all.find((e) => e.data && (e.data as { id?: string }).id === 'named')?.id).toBe('named');
      const s = await store.readStream('s');
      expect(s.map((e) => (e.data as { id: string }).id)).toEqual(['u1', 'u2', 'u3', 'named']);
      expect(verifyChain(s)).toEqual([]);
      // The id is hashed: another id with the same content breaks the chain.
      expect(verifyChain([{ ...s[0]!, id: randomUUID() }, ...s.slice(1)])).toContainEqual({
        revision: 0,
        problem: 'content does not match its hash',
      });
    });

    it('concurrent appends to one stream with the same expected revision: exactly one wins', async () => {
      const writers = 4;
      let expected: ConcurrentAppend['expected'] = 'no-stream';
      for (let round = 0; round < 3; round += 1) {
        const jobs = Array.from({ length: writers }, (_, w) => [
          { stream: 'table-1', events: [event(`r${round}-w${w}-a`), event(`r${round}-w${w}-b`)], expected },
        ]);
        const outcomes = (await target.concurrently(jobs)).map((job) => job[0]!);
        const winners = outcomes.filter((o) => o.ok);
        expect(winners.length).toBe(1);
        const revision = 2 * round + 1;
        expect(winners[0]!.ok && winners[0]!.result.nextExpectedRevision).toBe(revision);
        for (const loser of outcomes.filter((o) => !o.ok)) {
          expect(loser.error).toMatchObject({ name: 'WrongExpectedVersion', actual: revision });
        }
        expected = revision;
      }
      const stream = await store.readStream('table-1');
      expect(stream.map((e) => e.revision)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(verifyChain(stream)).toEqual([]);
      expect((await store.readAll()).map((e) => e.position)).toEqual([1n, 2n, 3n, 4n, 5n, 6n]);
    });

    it('concurrent writers to different streams: one global order that readers and subscribers never skip', async () => {
      const writers = 4;
      const rounds = 25;
      const jobs = Array.from({ length: writers }, (_, w) =>
        Array.from({ length: rounds }, (_, r) => ({
          stream: `table-${w}`,
          events: [event(`w${w}-r${r}-a`), event(`w${w}-r${r}-b`)],
          expected: r === 0 ? ('no-stream' as const) : 2 * r - 1,
        })),
      );
      const delivered: StoredEvent[] = [];
      const subscription = store.subscribe(0n, (e) => {
        delivered.push(e);
      });
      const snapshots: string[][] = [];
      let writing = true;
      const reading = (async () => {
        while (writing) {
          snapshots.push((await store.readAll()).map((e) => `${e.position}:${e.id}`));
          await sleep(1);
        }
      })();
      const outcomes = await target.concurrently(jobs);
      writing = false;
      await reading;

      expect(outcomes.flat().filter((o) => !o.ok)).toEqual([]);
      const all = await store.readAll();
      expect(all.length).toBe(writers * rounds * 2);
      expect(all[0]!.position).toBe(1n);
      expectStrictlyIncreasing(all);
      const final = all.map((e) => `${e.position}:${e.id}`);
      // Whatever a reader saw while the writers wrote was a prefix of the final order: nothing appeared
      // later at a position it had already read past.
      for (const snapshot of snapshots) expect(snapshot).toEqual(final.slice(0, snapshot.length));
      for (let w = 0; w < writers; w += 1) {
        const stream = await store.readStream(`table-${w}`);
        expect(stream.map((e) => e.revision)).toEqual(Array.from({ length: rounds * 2 }, (_, i) => i));
        expect(verifyChain(stream)).toEqual([]);
      }
      await vi.waitFor(() => expect(delivered.length).toBe(all.length), WAIT);
      expect(delivered.map((e) => `${e.position}:${e.id}`)).toEqual(final);
      await subscription.close();
    });

    it('subscribe catches up from a position, then delivers live appends, one handler call at a time', async () => {
      await store.append('s', [event('a'), event('b'), event('c')], 'no-stream');
      const [first] = await store.readAll({ limit: 1 });
      const other = await target.openAnother();
      const delivered: string[] = [];
      let running = 0;
      let mostRunning = 0;
      const subscription = store.subscribe(first!.position, async (e) => {
        running += 1;
        mostRunning = Math.max(mostRunning, running);
        await sleep(2);
        delivered.push(e.id);
        running -= 1;
      });
      await vi.waitFor(() => expect(delivered).toEqual(['b', 'c']), WAIT);
      await store.append('s', [event('d'), event('e')], 2);
      await vi.waitFor(() => expect(delivered).toEqual(['b', 'c', 'd', 'e']), WAIT);
      await other.append('t', [event('f')], 'no-stream');
      await vi.waitFor(() => expect(delivered).toEqual(['b', 'c', 'd', 'e', 'f']), WAIT);
      expect(mostRunning).toBe(1);

      const fromOther: string[] = [];
      const otherSubscription = other.subscribe(0n, (e) => {
        fromOther.push(e.id);
      });
      await store.append('t', [event('g')], 0);
      await vi.waitFor(() => expect(fromOther).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']), WAIT);
      await vi.waitFor(() => expect(delivered.at(-1)).toBe('g'), WAIT);
      await subscription.close();
      await otherSubscription.close();
    });

    it('close() waits for the running handler, then nothing more is delivered', async () => {
      await store.append('s', [event('a'), event('b')], 'no-stream');
      let release = () => {};
      const gate = new Promise<void>((resolve) => {
        release = resolve;
      });
      const seen: string[] = [];
      let finished = false;
      const subscription = store.subscribe(0n, async (e) => {
        seen.push(e.id);
        await gate;
        finished = true;
      });
      await vi.waitFor(() => expect(seen).toEqual(['a']), WAIT);
      let closed = false;
      const closing = subscription.close().then(() => {
        closed = true;
      });
      await sleep(20);
      expect(closed).toBe(false);
      release();
      await closing;
      expect(finished).toBe(true);
      await store.append('s', [event('c')], 1);
      await sleep(50);
      expect(seen).toEqual(['a']);
    });

    it('a handler that throws stops its subscription, and close() reports the error', async () => {
      await store.append('s', [event('a'), event('b')], 'no-stream');
      const seen: string[] = [];
      const subscription = store.subscribe(0n, (e) => {
        seen.push(e.id);
        throw new Error(`projection failed on ${e.id}`);
      });
      await vi.waitFor(() => expect(seen).toEqual(['a']), WAIT);
      await store.append('s', [event('c')], 1);
      await sleep(50);
      expect(seen).toEqual(['a']);
      await expect(subscription.close()).rejects.toThrow('projection failed on a');
    });

    it('the database refuses UPDATE and DELETE of events', async () => {
      await store.append('s', [event('a'), event('b')], 'no-stream');
      await expect(target.raw(`UPDATE events SET type = 'Rewritten'`)).rejects.toThrow(/immutable/);
      await expect(target.raw(`UPDATE events SET data = '{"x":1}' WHERE id = 'b'`)).rejects.toThrow(
        /immutable/,
      );
      await expect(target.raw(`DELETE FROM events WHERE id = 'b'`)).rejects.toThrow(/immutable/);
      await expect(target.raw('DELETE FROM events')).rejects.toThrow(/immutable/);
      const stream = await store.readStream('s');
      expect(stream.map((e) => [e.id, e.type])).toEqual([
        ['a', 'TestEvent'],
        ['b', 'TestEvent'],
      ]);
      expect(verifyChain(stream)).toEqual([]);
    });

    it('readPayloads, where a store has it, gives each event of a stream as readStream does, its position, type, version and payload only', async () => {
      await store.append('hand-1', [event('a', { tile: 4, seat: 'E' }), event('b', [1, null])], 'no-stream');
      await store.append('hand-2', [event('c')], 'no-stream');
      await store.append('hand-1', [event('d', 'text', 'Other')], 1);
      if (store.readPayloads === undefined) return;
      const whole = await store.readStream('hand-1');
      expect(await store.readPayloads('hand-1')).toEqual(
        whole.map(({ position, type, schemaVersion, data }) => ({ position, type, schemaVersion, data })),
      );
      expect(whole.map((e) => e.id)).toEqual(['a', 'b', 'd']);
      expect(await store.readPayloads('hand-3')).toEqual([]);
    });

    it('a store with an address, opened again there (another thread would), reads the same events', async () => {
      await store.append('hand-1', [event('a'), event('b')], 'no-stream');
      if (store.address === undefined) return;
      const again = await openStoreAt(store.address);
      try {
        expect(await again.readStream('hand-1')).toEqual(await store.readStream('hand-1'));
      } finally {
        await again.close();
      }
    });

    it('each stream is a hash chain: verified after appends, broken by a change made behind the triggers', async () => {
      await store.append('hand-1', [event('a'), event('b')], 'no-stream');
      await store.append('hand-2', [event('c'), event('d')], 'no-stream');
      await store.append('hand-1', [event('e')], 1);
      const hand1 = await store.readStream('hand-1');
      expect(verifyChain(hand1)).toEqual([]);
      expect(hand1[1]!.previousHash).toBe(hand1[0]!.hash);
      expect(hand1[2]!.previousHash).toBe(hand1[1]!.hash);
      expect(verifyChain(await store.readStream('hand-2'))).toEqual([]);

      await target.dropImmutabilityTriggers();
      await target.raw(
        `UPDATE events SET data = '{"id":"b","points":8000}' WHERE stream = 'hand-1' AND revision = 1`,
      );
      await target.raw(`DELETE FROM events WHERE stream = 'hand-2' AND revision = 0`);
      expect(verifyChain(await store.readStream('hand-1'))).toEqual([
        { revision: 1, problem: 'content does not match its hash' },
      ]);
      expect(verifyChain(await store.readStream('hand-2'))).toEqual([
        { revision: 1, problem: 'expected revision 0' },
        { revision: 1, problem: 'previous hash does not match the event before' },
      ]);
    });
  });
}

function expectStrictlyIncreasing(events: readonly StoredEvent[]): void {
  events.forEach((e, i) => {
    if (i > 0)
      expect(
        e.position > events[i - 1]!.position,
        `position ${e.position} after ${events[i - 1]!.position}`,
      ).toBe(true);
  });
}
