// The job queue contract: one behavioural suite that both adapters run (in-process.test.ts, bullmq.test.ts).
// It holds each to port.ts: results, progress heard by another handle, duplicates refused, retries with
// backoff, workers that never share a job, and a close that leaves nothing running.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { JobEvent, JobQueue, JobState, QueueOptions } from './port.ts';

/** The data of the suite's jobs. */
export interface Payload {
  readonly n: number;
}

/** How the suite reaches an adapter. */
export interface QueueTarget {
  /** A new, empty queue with a name of its own. */
  open(options?: QueueOptions): JobQueue<Payload>;
  /** Another handle on the same queue, as another process opens it (in process: the queue itself). */
  peer(queue: JobQueue<Payload>): JobQueue<Payload>;
  /** Redis connections still open for the target's queues (undefined: nothing to count). */
  openConnections(): Promise<number | undefined>;
}

const WAIT = { timeout: 10_000, interval: 20 };
const TEST = { timeout: 30_000 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Registers the suite for one adapter; each test opens its own queues, closed after it. */
export function describeJobQueueContract(name: string, target: QueueTarget): void {
  describe(`job queue contract: ${name}`, () => {
    const opened: JobQueue<Payload>[] = [];
    const open = (options?: QueueOptions) => remember(target.open(options));
    const peer = (queue: JobQueue<Payload>) => remember(target.peer(queue));
    function remember(queue: JobQueue<Payload>): JobQueue<Payload> {
      opened.push(queue);
      return queue;
    }
    afterEach(async () => {
      await Promise.all(opened.splice(0).map((queue) => queue.close()));
    });

    async function settled(queue: JobQueue<Payload>, id: string): Promise<JobState> {
      let state: JobState | undefined;
      await vi.waitFor(async () => {
        state = await queue.state(id);
        expect(state?.status).toMatch(/^(completed|failed)$/);
      }, WAIT);
      return state!;
    }

    it(
      'given a job, when a worker runs it, then it completes with its result on attempt 1',
      TEST,
      async () => {
        const queue = open();
        expect(await queue.add('amend-1', { n: 21 })).toEqual({ added: true });
        queue.work(async (data, ctx) => ({ doubled: data.n * 2, id: ctx.id, attempt: ctx.attempt }));
        const state = await settled(queue, 'amend-1');
        expect(state).toMatchObject({ id: 'amend-1', status: 'completed', attemptsMade: 1, stalls: 0 });
        expect(state.result).toEqual({ doubled: 42, id: 'amend-1', attempt: 1 });
        expect(await queue.state('amend-unknown')).toBeUndefined();
      },
    );

    it(
      'given ids the store cannot take as they are, when they run, then every report names the original id',
      TEST,
      async () => {
        const queue = open();
        const ids = ['42', 'amend:a:b', 'ünï/côdé ✓', '~tilde'];
        const events: JobEvent[] = [];
        await queue.onEvent((event) => events.push(event));
        for (const id of ids) expect(await queue.add(id, { n: 1 })).toEqual({ added: true });
        queue.work(async (_data, ctx) => ctx.id);
        for (const id of ids)
          expect(await settled(queue, id)).toMatchObject({ id, status: 'completed', result: id });
        await vi.waitFor(
          () => expect(events.filter((e) => e.kind === 'completed').length).toBe(ids.length),
          WAIT,
        );
        expect(events.map((e) => e.id).sort()).toEqual([...ids].sort());
      },
    );

    it(
      'given a listener on another handle, when the handler reports progress, then it hears progress and completion in order',
      TEST,
      async () => {
        const queue = open();
        const events: JobEvent[] = [];
        await peer(queue).onEvent((event) => events.push(event));
        await queue.add('amend-p', { n: 3 });
        queue.work(async (data, ctx) => {
          for (let done = 1; done <= data.n; done += 1) await ctx.progress({ done, total: data.n });
          return 'recomputed';
        });
        await vi.waitFor(() => expect(events.at(-1)?.kind).toBe('completed'), WAIT);
        expect(events).toEqual([
          { id: 'amend-p', kind: 'progress', progress: { done: 1, total: 3 } },
          { id: 'amend-p', kind: 'progress', progress: { done: 2, total: 3 } },
          { id: 'amend-p', kind: 'progress', progress: { done: 3, total: 3 } },
          { id: 'amend-p', kind: 'completed', result: 'recomputed' },
        ]);
        expect((await queue.state('amend-p'))?.progress).toEqual({ done: 3, total: 3 });
      },
    );

    it(
      'given a job running and a listener on a handle just opened, when onEvent has resolved, then the very next progress is heard',
      TEST,
      async () => {
        const queue = open();
        let running = () => {};
        const reached = new Promise<void>((resolve) => {
          running = resolve;
        });
        let release = () => {};
        const gate = new Promise<void>((resolve) => {
          release = resolve;
        });
        queue.work(async (_data, ctx) => {
          running();
          await gate;
          await ctx.progress({ done: 1, total: 1 });
          return 'heard';
        });
        await queue.add('amend-l', { n: 1 });
        await reached;
        const events: JobEvent[] = [];
        // A new handle's reader is still connecting when the progress below is sent on the queue's own,
        // connected one: only a listener whose place in the feed is fixed before onEvent resolves hears it.
        await peer(queue).onEvent((event) => events.push(event));
        release();
        await settled(queue, 'amend-l');
        await vi.waitFor(() => expect(events.at(-1)?.kind).toBe('completed'), WAIT);
        expect(events).toEqual([
          { id: 'amend-l', kind: 'progress', progress: { done: 1, total: 1 } },
          { id: 'amend-l', kind: 'completed', result: 'heard' },
        ]);
      },
    );

    it(
      'given a known id, when it is added again (waiting, at once, or completed), then only the first add is taken',
      TEST,
      async () => {
        const queue = open();
        const other = peer(queue);
        expect(await queue.add('amend-d', { n: 1 })).toEqual({ added: true });
        const again = await other.add('amend-d', { n: 2 });
        expect(again).toMatchObject({
          added: false,
          reason: 'duplicate',
          existing: { id: 'amend-d', status: 'waiting' },
        });

        const racers = [0, 1, 2, 3].map((n) => ({
          n,
          outcome: (n % 2 ? queue : other).add('amend-race', { n }),
        }));
        const outcomes = await Promise.all(racers.map((racer) => racer.outcome));
        const winners = racers.filter((_, i) => outcomes[i]?.added);
        expect(winners).toHaveLength(1);

        const runs: number[] = [];
        queue.work(async (data) => {
          runs.push(data.n);
          return data.n;
        });
        await settled(queue, 'amend-d');
        const late = await other.add('amend-d', { n: 3 });
        expect(late).toMatchObject({ added: false, existing: { status: 'completed', result: 1 } });
        await settled(queue, 'amend-race');
        await sleep(200);
        expect(runs).toEqual([1, winners[0]!.n]);
      },
    );

    it(
      'given a handler that throws twice, when it is retried with backoff, then it completes on attempt 3',
      TEST,
      async () => {
        const queue = open({ attempts: 4, backoffMs: 100 });
        const events: JobEvent[] = [];
        await peer(queue).onEvent((event) => events.push(event));
        const starts: { attempt: number; at: number }[] = [];
        queue.work(async (_data, ctx) => {
          starts.push({ attempt: ctx.attempt, at: Date.now() });
          if (ctx.attempt < 3) throw new Error(`boom ${ctx.attempt}`);
          return 'third time';
        });
        await queue.add('amend-r', { n: 1 });
        expect(await settled(queue, 'amend-r')).toMatchObject({
          status: 'completed',
          attemptsMade: 3,
          result: 'third time',
        });
        expect(starts.map((s) => s.attempt)).toEqual([1, 2, 3]);
        const [first, second, third] = starts.map((s) => s.at);
        expect(second! - first!).toBeGreaterThanOrEqual(100 - 5);
        expect(third! - second!).toBeGreaterThanOrEqual(200 - 5);
        await vi.waitFor(() => expect(events.at(-1)?.kind).toBe('completed'), WAIT);
        expect(events.filter((e) => e.kind === 'failed')).toEqual([
          { id: 'amend-r', kind: 'failed', reason: 'boom 1', willRetry: true },
          { id: 'amend-r', kind: 'failed', reason: 'boom 2', willRetry: true },
        ]);
      },
    );

    it(
      'given a handler that always throws, when its attempts run out, then the job fails for good',
      TEST,
      async () => {
        const queue = open({ attempts: 2, backoffMs: 50 });
        const events: JobEvent[] = [];
        await queue.onEvent((event) => events.push(event));
        queue.work(async (_data, ctx) => {
          throw new Error(`broken ${ctx.attempt}`);
        });
        await queue.add('amend-f', { n: 1 });
        expect(await settled(queue, 'amend-f')).toMatchObject({
          status: 'failed',
          attemptsMade: 2,
          failedReason: 'broken 2',
        });
        await vi.waitFor(
          () => expect(events.at(-1)).toMatchObject({ kind: 'failed', willRetry: false }),
          WAIT,
        );
        expect(await queue.add('amend-f', { n: 2 })).toMatchObject({
          added: false,
          existing: { status: 'failed' },
        });
      },
    );

    it(
      'given two workers with concurrency, when many jobs run, then no job ever runs twice or twice at once',
      TEST,
      async () => {
        const queue = open();
        const ids = Array.from({ length: 12 }, (_, i) => `amend-c${i}`);
        const running = new Set<string>();
        const runs = new Map<string, number>();
        const overlaps: string[] = [];
        let peak = 0;
        const handler = async (_data: Payload, ctx: { id: string }) => {
          if (running.has(ctx.id)) overlaps.push(ctx.id);
          running.add(ctx.id);
          runs.set(ctx.id, (runs.get(ctx.id) ?? 0) + 1);
          peak = Math.max(peak, running.size);
          await sleep(40);
          running.delete(ctx.id);
        };
        queue.work(handler, { concurrency: 3 });
        peer(queue).work(handler, { concurrency: 3 });
        for (const id of ids) await queue.add(id, { n: 1 });
        for (const id of ids) expect((await settled(queue, id)).status).toBe('completed');
        expect(overlaps).toEqual([]);
        expect([...runs.values()]).toEqual(ids.map(() => 1));
        expect(peak).toBeGreaterThan(1);
        expect(peak).toBeLessThanOrEqual(6);
      },
    );

    it(
      'given a running job and a retry waiting, when the queue closes, then close waits for the job and nothing runs after',
      TEST,
      async () => {
        const queue = open({ attempts: 3, backoffMs: 300 });
        let calls = 0;
        let finished = false;
        queue.work(async (data) => {
          calls += 1;
          if (data.n === 0) throw new Error('retry me later');
          await sleep(200);
          finished = true;
        });
        await queue.add('amend-retry', { n: 0 });
        await queue.add('amend-slow', { n: 1 });
        await vi.waitFor(() => expect(calls).toBe(2), WAIT);
        await queue.close();
        expect(finished).toBe(true);
        await sleep(600);
        expect(calls).toBe(2);
        await expect(queue.add('amend-after', { n: 1 })).rejects.toThrow();
        expect(await target.openConnections()).toBeOneOf([0, undefined]);
      },
    );
  });
}
