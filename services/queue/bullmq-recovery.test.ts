// What the BullMQ adapter is for beyond the contract: a worker process killed mid-job, and a Redis restarted
// mid-job. Both end with the job completed by a worker that is still alive.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BullMqJobQueue } from './bullmq.ts';
import type { JobEvent, JobState } from './port.ts';
import {
  deleteKeys,
  freePort,
  OwnRedisServer,
  redisServerAvailable,
  redisUrlForTests,
} from './testing/redis.ts';

const url = await redisUrlForTests();
const canRunRedis = redisServerAvailable();
const prefix = `test-queue-${process.pid}-${randomBytes(4).toString('hex')}`;
const unique = (what: string) => `${what}-${randomBytes(4).toString('hex')}`;
const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const TEST = { timeout: 45_000 };
const WAIT = { timeout: 30_000, interval: 50 };

const children: ChildProcess[] = [];
const queues: BullMqJobQueue<unknown>[] = [];
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await Promise.all(queues.map((queue) => queue.close()));
  // After the close: a worker still open writes to its queue's keys.
  if (url !== undefined) await deleteKeys(url, prefix);
});

async function completed(queue: BullMqJobQueue<unknown>, id: string): Promise<JobState> {
  let state: JobState | undefined;
  await vi.waitFor(async () => {
    state = await queue.state(id);
    expect(state?.status).toBe('completed');
  }, WAIT);
  return state!;
}

/** Resolves with the first stdout line of the child that starts with `prefix`. */
function lineFrom(child: ChildProcess, start: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const line = output.split('\n').find((l) => l.startsWith(start));
      if (line !== undefined) resolve(line);
    });
    child.once('exit', (code, signal) => reject(new Error(`worker exited (${code ?? signal}): ${output}`)));
  });
}

describe.skipIf(url === undefined)('BullMQ job queue: a worker process killed mid-job', () => {
  if (url === undefined) return;

  it(
    'given a worker SIGKILLed mid-job, when its lock expires, then another worker runs the job to completion',
    TEST,
    async () => {
      const name = unique('crash');
      const options = { lockDurationMs: 1500, stalledIntervalMs: 500 };
      const queue = new BullMqJobQueue<unknown>({ name, redisUrl: url, prefix, options, onError: () => {} });
      queues.push(queue);
      await queue.add('amend-crash', { hands: 2 });

      const env = { ...process.env, REDIS_URL: url, QUEUE_NAME: name, QUEUE_PREFIX: prefix };
      const child = spawn(process.execPath, ['--import', 'tsx', 'services/queue/testing/crash-worker.ts'], {
        cwd: repoRoot,
        env: {
          ...env,
          LOCK_MS: String(options.lockDurationMs),
          STALLED_MS: String(options.stalledIntervalMs),
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      children.push(child);
      expect(await lineFrom(child, 'started')).toBe('started amend-crash 1');
      child.kill('SIGKILL');
      expect((await queue.state('amend-crash'))?.status).toBe('active');

      const events: JobEvent[] = [];
      await queue.onEvent((event) => events.push(event));
      const killedAt = Date.now();
      queue.work(async (_data, ctx) => ({ attempt: ctx.attempt, recoveredAfterMs: Date.now() - killedAt }));
      const state = await completed(queue, 'amend-crash');
      expect(state).toMatchObject({ attemptsMade: 2, stalls: 1, result: { attempt: 2 } });
      expect((state.result as { recoveredAfterMs: number }).recoveredAfterMs).toBeGreaterThanOrEqual(1000);
      await vi.waitFor(
        () => expect(events.at(-1)).toMatchObject({ id: 'amend-crash', kind: 'completed' }),
        WAIT,
      );
      await queue.close();
    },
  );
});

describe.skipIf(!canRunRedis)('BullMQ job queue: a Redis of its own, restarted and then gone', () => {
  const dir = canRunRedis ? mkdtempSync(join(tmpdir(), 'queue-redis-')) : '';
  let server: OwnRedisServer;
  beforeEach(async () => {
    server = new OwnRedisServer(await freePort(), dir);
    await server.start();
  });
  afterEach(() => server.stop('SIGKILL'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it(
    'given a job running, when Redis stops and starts again, then the worker reconnects and the job completes',
    TEST,
    async () => {
      const errors: unknown[] = [];
      const queue = new BullMqJobQueue<unknown>({
        name: unique('restart'),
        redisUrl: server.url,
        prefix,
        onError: (error) => errors.push(error),
      });
      queues.push(queue);
      const events: JobEvent[] = [];
      await queue.onEvent((event) => events.push(event));
      let reached: () => void = () => {};
      const running = new Promise<void>((resolve) => {
        reached = resolve;
      });
      let release: () => void = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      queue.work(async (_data, ctx) => {
        await ctx.progress({ done: 1, total: 2 });
        reached();
        await released;
        await ctx.progress({ done: 2, total: 2 }); // sent while Redis is down: kept until it is back
        return { attempt: ctx.attempt };
      });
      await queue.add('amend-restart', { hands: 2 });
      await running;

      await server.stop();
      release();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      await server.start();

      const state = await completed(queue, 'amend-restart');
      expect(state).toMatchObject({ result: { attempt: 1 }, progress: { done: 2, total: 2 } });
      await vi.waitFor(
        () => expect(events.at(-1)).toMatchObject({ id: 'amend-restart', kind: 'completed' }),
        WAIT,
      );
      expect(errors.length).toBeGreaterThan(0); // the outage was seen, and reported, not thrown
      await queue.close();
    },
  );

  it(
    'given Redis gone for good, when the queue closes, then close returns instead of waiting for it',
    TEST,
    async () => {
      const queue = new BullMqJobQueue<unknown>({
        name: unique('gone'),
        redisUrl: server.url,
        prefix,
        onError: () => {},
      });
      queues.push(queue);
      await queue.onEvent(() => {});
      queue.work(async () => 'done');
      await queue.add('amend-gone', {});
      await completed(queue, 'amend-gone');
      await server.stop('SIGKILL');
      const started = Date.now();
      await queue.close();
      expect(Date.now() - started).toBeLessThan(5000);
    },
  );
});
