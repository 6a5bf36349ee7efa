// Amendments over HTTP in BullMQ mode, on the whole server: the recompute's progress reaches a client as
// server-sent events and ends with its counts; the queue's dashboard is a global organizer's page only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { runDemo } from '../../demo/run-demo.ts';
import { openSqliteEventStore } from '../../eventstore/sqlite.ts';
import { redisUrlForTests } from '../../queue/testing/redis.ts';
import { type RunningServer, startPlatformServer } from '../../server.ts';
import { createLogger } from '../logging.ts';

const redisUrl = await redisUrlForTests();
const TOURNAMENT = 'sse-amend';

describe.skipIf(redisUrl === undefined)('amendments in BullMQ mode', () => {
  let dir: string;
  let server: RunningServer;
  const prefix = `ml-test-${process.pid}-${Date.now()}`;
  const auth = () => ({ authorization: `Bearer ${server.organizerToken}` });

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'amend-http-'));
    const store = openSqliteEventStore(join(dir, 'events.db'));
    await runDemo(store, {
      players: 16,
      rounds: 2,
      preset: 'hu-mahjong',
      seed: 'sse-amend',
      tournamentId: TOURNAMENT,
      finish: false,
      end: { kind: 'hands', count: 6 },
    });
    await store.close();
    server = await startPlatformServer(
      loadConfig({ DATA_DIR: dir, REDIS_URL: redisUrl, QUEUE_PREFIX: prefix }),
      {
        port: 0,
        host: '127.0.0.1',
        rateLimit: false,
        metricsPort: 0,
      },
    );
  }, 120_000);

  /** The progress stream's events until it closes itself (once the job has ended) or 60 s pass. */
  async function followProgress(amendmentId: string) {
    const response = await fetch(
      `${server.url}/api/tournaments/${TOURNAMENT}/amendments/${amendmentId}/progress`,
      { headers: auth() },
    );
    expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events: { event: string; data: Record<string, unknown> }[] = [];
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    let closed = false;
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) {
        closed = true;
        break;
      }
      buffer += value;
      for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const event = lines.find((l) => l.startsWith('event: '))?.slice(7);
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
        if (event !== undefined && data !== undefined) events.push({ event, data: JSON.parse(data) });
      }
    }
    return { events, closed };
  }

  afterAll(async () => {
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
    // This run's keys only: other tests share the Redis.
    const redis = new Redis(redisUrl!);
    const keys = await redis.keys(`${prefix}:*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('given an amendment of the limit, when its progress is followed, then progress events come in order and completed carries the counts', async () => {
    const made = await fetch(`${server.url}/api/tournaments/${TOURNAMENT}/amendments`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: JSON.stringify({
        amendmentId: 'limit-6000',
        changes: { limit: 6000 },
        reason: 'the house limit',
      }),
    });
    expect(made.status).toBe(201);
    const body = (await made.json()) as { job: { id: string; added: boolean } };
    expect(body.job).toEqual({ id: `${TOURNAMENT}.limit-6000`, added: true });

    const { events } = await followProgress('limit-6000');
    const kinds = events.map((e) => e.event);
    expect(kinds[0]).toBe('state');
    const completed = events.find((e) => e.event === 'completed');
    const listed = await fetch(`${server.url}/api/tournaments/${TOURNAMENT}/amendments`, { headers: auth() });
    const list = (await listed.json()) as { amendments: { applied: unknown; job: unknown }[] };
    const applied = list.amendments[0]!.applied;
    expect(applied).toMatchObject({ amendmentId: 'limit-6000' });
    // A client that came after the end learns it from the state; one that came before sees it complete.
    if (completed !== undefined) expect(completed.data.result).toEqual(applied);
    else expect(events[0]!.data).toMatchObject({ status: 'completed', result: applied });
    const done = events
      .filter((e) => e.event === 'progress')
      .map((e) => (e.data.progress as { done: number }).done);
    expect(done).toEqual([...done].sort((a, b) => a - b));
    expect(list.amendments[0]!.job).toMatchObject({ status: 'completed' });

    const again = await fetch(`${server.url}/api/tournaments/${TOURNAMENT}/amendments/limit-6000/recompute`, {
      method: 'POST',
      headers: auth(),
    });
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ rejection: { code: 'duplicate-job' } });
  }, 90_000);

  it('given the job’s end event lost (read as active, its completion never heard), when its progress is followed, then the stream reads the state again and still ends with the counts', async () => {
    const { queue } = server.amendments;
    const hear = queue.onEvent.bind(queue);
    const read = queue.state.bind(queue);
    let following = false;
    let reads = 0;
    // The fault: the first state read sees the job still running, and the queue's feed drops its end.
    queue.onEvent = (listener) => hear((event) => (event.kind === 'completed' ? undefined : listener(event)));
    queue.state = async (id) => {
      const state = await read(id);
      const first = following && id === `${TOURNAMENT}.limit-7000` && reads++ === 0;
      return first && state !== undefined ? { ...state, status: 'active' } : state;
    };
    try {
      const made = await fetch(`${server.url}/api/tournaments/${TOURNAMENT}/amendments`, {
        method: 'POST',
        headers: { ...auth(), 'content-type': 'application/json' },
        body: JSON.stringify({
          amendmentId: 'limit-7000',
          changes: { limit: 7000 },
          reason: 'a kinder limit',
        }),
      });
      expect(made.status).toBe(201);
      following = true;
      const { events, closed } = await followProgress('limit-7000');
      expect(closed).toBe(true);
      expect(events[0]).toMatchObject({ event: 'state', data: { status: 'active' } });
      const listed = await fetch(`${server.url}/api/tournaments/${TOURNAMENT}/amendments`, {
        headers: auth(),
      });
      const list = (await listed.json()) as {
        amendments: { amendmentId?: string; applied: { amendmentId: string } }[];
      };
      const applied = list.amendments.find((a) => a.applied?.amendmentId === 'limit-7000')?.applied;
      expect(applied).toBeDefined();
      expect(events.at(-1)).toEqual({
        event: 'completed',
        data: { id: `${TOURNAMENT}.limit-7000`, result: applied },
      });
    } finally {
      queue.onEvent = hear;
      queue.state = read;
    }
  }, 90_000);

  it('given the dashboard, then no token is 401, a referee 403, and an organizer’s link sets a cookie that opens it', async () => {
    const none = await fetch(`${server.url}/admin/queues`, { redirect: 'manual' });
    expect(none.status).toBe(401);
    expect(none.headers.get('content-type')).toMatch(/^application\/problem\+json/);

    const referee = await fetch(`${server.url}/api/tournaments/${TOURNAMENT}/referee-tokens`, {
      method: 'POST',
      headers: { ...auth(), 'content-type': 'application/json' },
      body: '{}',
    });
    const { token } = (await referee.json()) as { token: string };
    expect((await fetch(`${server.url}/admin/queues?token=${token}`, { redirect: 'manual' })).status).toBe(
      403,
    );

    const link = await fetch(`${server.url}/admin/queues?token=${server.organizerToken}`, {
      redirect: 'manual',
    });
    expect(link.status).toBe(303);
    expect(link.headers.get('location')).toBe('/admin/queues');
    const cookie = link.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Path=\/admin\/queues/);
    const page = await fetch(`${server.url}/admin/queues`, { headers: { cookie: cookie.split(';')[0]! } });
    expect(page.status).toBe(200);
    expect(await page.text()).toMatch(/<html/i);
    const api = await fetch(`${server.url}/admin/queues/api/queues`, {
      headers: { cookie: cookie.split(';')[0]! },
    });
    expect(api.status).toBe(200);
    expect(JSON.stringify(await api.json())).toContain('amendments');
  }, 30_000);
});

describe('amendments while the queue is away', () => {
  it('given REDIS_URL naming a Redis that does not answer, when an amendment is made, then it is recorded and says its job was not queued; queuing it again is 503', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amend-noredis-'));
    const store = openSqliteEventStore(join(dir, 'events.db'));
    await runDemo(store, {
      players: 8,
      rounds: 1,
      preset: 'hu-mahjong',
      seed: 'no-redis',
      tournamentId: 'away',
      finish: false,
    });
    await store.close();
    // Port 9 (discard) on loopback: nothing answers there.
    const server = await startPlatformServer(
      loadConfig({ DATA_DIR: dir, REDIS_URL: 'redis://127.0.0.1:9', QUEUE_PREFIX: 'away' }),
      {
        port: 0,
        host: '127.0.0.1',
        rateLimit: false,
        metricsPort: 0,
        logger: createLogger({ level: 'silent' }),
      },
    );
    try {
      const auth = { authorization: `Bearer ${server.organizerToken}` };
      const made = await fetch(`${server.url}/api/tournaments/away/amendments`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ amendmentId: 'rhp', changes: { readyHandPayment: 500 }, reason: 'house' }),
      });
      expect(made.status).toBe(201);
      const body = (await made.json()) as { events: { type: string }[]; job: unknown };
      expect(body.events.map((e) => e.type)).toEqual(['RulesetAmended']);
      expect(body.job).toEqual({ id: 'away.rhp', added: false, status: 'queue-unavailable' });
      const again = await fetch(`${server.url}/api/tournaments/away/amendments/rhp/recompute`, {
        method: 'POST',
        headers: auth,
      });
      expect(again.status).toBe(503);
      expect(await again.json()).toMatchObject({ code: 'queue-unavailable' });
    } finally {
      await server.close().catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
