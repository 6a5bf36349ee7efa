// Faults: the Redis of the amendment queue stopped (SIGTERM) while a `worker` process runs the job, and
// started again on the same port and folder a moment later. The Redis is one of the test's own, with an
// append-only file synced on every write (services/queue/testing/redis.ts): what a production Redis for BullMQ
// must be. The job completes, with the end state of an undisturbed recompute: one correction per hand.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAmendmentQueue } from '../../services/amendments/open.ts';
import type { AmendmentJob } from '../../services/amendments/recompute.ts';
import { Amendments, amendmentJobId } from '../../services/amendments/service.ts';
import type { EventStore } from '../../services/eventstore/port.ts';
import { createPlatform, type Platform } from '../../services/platform.ts';
import type { JobQueue, JobState } from '../../services/queue/index.ts';
import { freePort, OwnRedisServer, redisServerAvailable } from '../../services/queue/testing/redis.ts';
import {
  amendCommand,
  CliProcesses,
  CorrectionWatch,
  expectEndState,
  ORGANIZER,
  type Reference,
  sqliteStoreOf,
  sqliteTournament,
  TempDirs,
  until,
} from './support.ts';

const canRunRedis = redisServerAvailable();
const AMENDMENT = 'east-undoubled';
/** 6 tables × 3 rounds × 8 hands: 144 hands. */
const SHAPE = { players: 24, rounds: 3, hands: 8, seed: 'faults-redis' } as const;
const LOCK_MS = 1000;
/** How long Redis stays down: longer than the lock, so the worker's hold on the job lapses meanwhile. */
const OUTAGE_MS = 2000;

describe.skipIf(!canRunRedis)('the queue’s Redis restarted mid-job', () => {
  const prefix = `faults-redis-${process.pid}-${randomBytes(4).toString('hex')}`;
  const processes = new CliProcesses();
  const temp = new TempDirs('faults-redis-');
  const dataDir = () => temp.dir('data');
  let server: OwnRedisServer | undefined;
  let tournamentId: string;
  let reference: Reference;
  let store: EventStore | undefined;
  let platform: Platform | undefined;
  let queue: JobQueue<AmendmentJob> | undefined;

  beforeAll(async () => {
    ({ tournamentId, reference } = await sqliteTournament(
      dataDir(),
      temp.dir('reference'),
      SHAPE,
      AMENDMENT,
    ));
    server = new OwnRedisServer(await freePort(), temp.dir('redis'));
    await server.start();
  }, 120_000);

  afterAll(async () => {
    await processes.stopAll();
    await queue?.close();
    platform?.close();
    await store?.close();
    await server?.stop('SIGKILL');
    temp.remove();
  }, 60_000);

  it('given a worker running the job, when Redis stops and starts again, then the job completes with one correction per hand', {
    timeout: 120_000,
  }, async () => {
    const redis = server!;
    const affected = reference.applied.corrected;
    expect(affected).toBeGreaterThan(100);
    const config = { redisUrl: redis.url, queuePrefix: prefix, queueLockMs: LOCK_MS };
    const worker = processes.start(['worker'], {
      DATA_DIR: dataDir(),
      REDIS_URL: redis.url,
      QUEUE_PREFIX: prefix,
      QUEUE_LOCK_MS: String(LOCK_MS),
    });
    await worker.said('worker: taking amendment jobs');

    store = sqliteStoreOf(dataDir());
    platform = createPlatform(store, { deadlines: false, movesTablesOn: false });
    // The outage is heard by this process's queue too: reported, not thrown.
    const errors: unknown[] = [];
    queue = openAmendmentQueue(config, prefix, (error) => errors.push(error));
    const { outcome, job } = await new Amendments(platform, queue).amend(
      tournamentId,
      amendCommand(AMENDMENT),
      ORGANIZER,
      { commandId: `test:${AMENDMENT}`, correlationId: AMENDMENT },
    );
    expect(outcome.status).toBe('appended');
    const jobId = amendmentJobId({ tournamentId, amendmentId: AMENDMENT });
    expect(job).toEqual({ id: jobId, added: true });

    const watch = new CorrectionWatch(store, AMENDMENT);
    const atStop = await watch.corrected(Math.ceil(affected / 4), worker);
    await redis.stop('SIGTERM');
    await new Promise((done) => setTimeout(done, OUTAGE_MS));
    const { corrected: atStart, applied: appliedWhileDown } = await watch.look();
    expect(worker.running, worker.describe()).toBe(true);
    await redis.start();

    const applied = await watch.applied(worker);
    const state = await until<JobState>(
      async () => {
        const s = await queue!.state(jobId);
        return s?.status === 'completed' ? s : undefined;
      },
      () => `job ${jobId} completed; ${worker.describe()}`,
    );
    expect(state.result).toEqual(applied);
    expect(errors.length).toBeGreaterThan(0);
    // Redis is back: the worker stops as asked, its connections closed.
    expect(await worker.stop('SIGTERM')).toEqual({ code: 0, signal: null });

    console.log(
      `redis-restarted: ${affected} hands to correct; ${atStop} corrected when Redis was stopped, ` +
        `${atStart} when it started again ${OUTAGE_MS} ms later${appliedWhileDown ? ' (applied meanwhile)' : ''}; ` +
        `the job completed after ${state.attemptsMade} run(s), ${state.stalls} taken back`,
    );
    await expectEndState(store, tournamentId, AMENDMENT, reference);
  });
});
