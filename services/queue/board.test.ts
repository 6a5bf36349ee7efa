import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { queueBoardRouter } from './board.ts';
import { BullMqJobQueue } from './bullmq.ts';
import { InProcessJobQueue } from './in-process.ts';
import { deleteKeys, redisUrlForTests } from './testing/redis.ts';

const url = await redisUrlForTests();
const prefix = `test-queue-${process.pid}-${randomBytes(4).toString('hex')}`;

describe.skipIf(url === undefined)('queue board', () => {
  if (url === undefined) return;
  afterAll(() => deleteKeys(url, prefix));

  it('given a BullMQ and an in-process queue, when the board is mounted, then it serves the page and lists the BullMQ one', async () => {
    const bull = new BullMqJobQueue<unknown>({
      name: `amendments-${randomBytes(4).toString('hex')}`,
      redisUrl: url,
      prefix,
    });
    const local = new InProcessJobQueue<unknown>('local-only');
    await bull.add('amend-b', { hands: 1 });
    const app = express();
    app.use('/admin/queues', queueBoardRouter({ basePath: '/admin/queues', queues: [bull, local] }));
    const server = app.listen(0, '127.0.0.1');
    await once(server, 'listening');
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/admin/queues`;
    try {
      const page = await fetch(`${base}/`);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toMatch(/text\/html/);
      expect(await page.text()).toContain('<base href="/admin/queues/" />');

      const api = await fetch(`${base}/api/queues`);
      const body = (await api.json()) as { queues: { name: string; counts: Record<string, number> }[] };
      expect(body.queues.map((queue) => queue.name)).toEqual([bull.name]);
      expect(body.queues[0]?.counts.waiting).toBe(1);
    } finally {
      server.close();
      await Promise.all([bull.close(), local.close()]);
    }
  });
});
