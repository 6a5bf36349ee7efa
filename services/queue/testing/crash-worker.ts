// A worker in a process of its own, for the stalled-job test (bullmq-recovery.test.ts): it takes one job,
// reports progress, says so on stdout, and then hangs until the test SIGKILLs it, lock and all.
import { BullMqJobQueue } from '../bullmq.ts';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} is not set`);
  return value;
};

const queue = new BullMqJobQueue<unknown>({
  name: env('QUEUE_NAME'),
  redisUrl: env('REDIS_URL'),
  prefix: env('QUEUE_PREFIX'),
  options: { lockDurationMs: Number(env('LOCK_MS')), stalledIntervalMs: Number(env('STALLED_MS')) },
});
queue.work(async (_data, ctx) => {
  await ctx.progress({ done: 1, total: 2 });
  process.stdout.write(`started ${ctx.id} ${ctx.attempt}\n`);
  return new Promise(() => {}); // never settles: the test kills this process mid-job
});
process.stdout.write('ready\n');
