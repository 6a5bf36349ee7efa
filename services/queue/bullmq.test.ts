import { randomBytes } from 'node:crypto';
import { afterAll, describe } from 'vitest';
import { BullMqJobQueue } from './bullmq.ts';
import { describeJobQueueContract, type Payload } from './job-queue.contract.ts';
import type { JobQueue, QueueOptions } from './port.ts';
import { connectionsNamed, deleteKeys, redisUrlForTests } from './testing/redis.ts';

const url = await redisUrlForTests();
/** This run's keys and connection names, apart from any other run's on the shared Redis. */
const prefix = `test-queue-${process.pid}-${randomBytes(4).toString('hex')}`;

// redisUrlForTests() printed why when there is no Redis to use (and failed instead under REQUIRE_ALL=1).
describe.skipIf(url === undefined)('BullMQ job queue', () => {
  if (url === undefined) return;
  afterAll(() => deleteKeys(url, prefix));

  const options = new WeakMap<JobQueue<Payload>, QueueOptions | undefined>();
  const open = (name: string, queueOptions: QueueOptions | undefined) => {
    const queue = new BullMqJobQueue<Payload>({ name, redisUrl: url, prefix, options: queueOptions });
    options.set(queue, queueOptions);
    return queue;
  };
  describeJobQueueContract('BullMQ', {
    open: (queueOptions) => open(`q-${randomBytes(4).toString('hex')}`, queueOptions),
    peer: (queue) => open(queue.name, options.get(queue)),
    openConnections: () => connectionsNamed(url, prefix),
  });
});
