import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createJobQueue } from './index.ts';
import { deleteKeys, redisUrlForTests } from './testing/redis.ts';

describe('createJobQueue', () => {
  it('given no Redis URL, when a queue is made, then it is the in-process one', async () => {
    for (const redisUrl of [undefined, '']) {
      const queue = createJobQueue<{ n: number }>({ name: 'amendments', redisUrl });
      expect(queue.kind).toBe('in-process');
      await queue.close();
    }
  });
});

const url = await redisUrlForTests();
const prefix = `test-queue-${process.pid}-${randomBytes(4).toString('hex')}`;

describe.skipIf(url === undefined)('createJobQueue with Redis', () => {
  if (url === undefined) return;
  afterAll(() => deleteKeys(url, prefix));

  it('given a Redis URL, when a queue is made, then it is BullMQ on that Redis', async () => {
    const queue = createJobQueue<{ n: number }>({ name: 'amendments', redisUrl: url, prefix });
    expect(queue.kind).toBe('bullmq');
    expect(await queue.state('amend-none')).toBeUndefined();
    await queue.close();
  });
});
