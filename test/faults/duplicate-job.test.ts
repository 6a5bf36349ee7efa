// Faults: one amendment's recompute asked for more than once. Its job queued again (Amendments.enqueue, and
// POST …/amendments/:id/recompute over HTTP) while the queue knows it is refused as a duplicate (409
// duplicate-job naming the job); two `worker` processes on one queue, the one holding the job frozen past its
// lock so that the other takes the job over, then thawed so that both run it at once on the same store; and
// the completed job run again by calling recomputeAmendment. Each hand is corrected once, and once the job
// is complete nothing more is appended: the store's head stays where it was.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAmendmentQueue } from '../../services/amendments/open.ts';
import { type AmendmentJob, recomputeAmendment } from '../../services/amendments/recompute.ts';
import { Amendments, amendmentJobId } from '../../services/amendments/service.ts';
import { createLogger } from '../../services/api/logging.ts';
import { loadConfig } from '../../services/config.ts';
import type { EventStore } from '../../services/eventstore/port.ts';
import { createPlatform, type Platform } from '../../services/platform.ts';
import type { JobEvent, JobQueue, JobState } from '../../services/queue/index.ts';
import { deleteKeys, redisUrlForTests } from '../../services/queue/testing/redis.ts';
import { type RunningServer, startPlatformServer } from '../../services/server.ts';
import {
  CHANGES,
  type CliProcess,
  CliProcesses,
  CorrectionWatch,
  expectEndState,
  freezeOutsideWrites,
  headOf,
  REASON,
  type Reference,
  sqliteStoreOf,
  sqliteTournament,
  TempDirs,
  until,
} from './support.ts';

const redisUrl = await redisUrlForTests();
const AMENDMENT = 'east-undoubled';
/** 8 tables × 2 rounds × 8 hands: 128 hands. */
const SHAPE = { players: 32, rounds: 2, hands: 8, seed: 'faults-duplicate' } as const;
const LOCK_MS = 1000;

describe.skipIf(redisUrl === undefined)('an amendment’s recompute asked for twice', () => {
  const prefix = `faults-dup-${process.pid}-${randomBytes(4).toString('hex')}`;
  const processes = new CliProcesses();
  const temp = new TempDirs('faults-dup-');
  const dataDir = () => temp.dir('data');
  let tournamentId: string;
  let jobId: string;
  let reference: Reference;
  let server: RunningServer | undefined;
  let store: EventStore | undefined;
  let platform: Platform | undefined;
  let queue: JobQueue<AmendmentJob> | undefined;
  let amendments: Amendments;
  /** The store's head once the job completed. */
  let headAtCompletion: bigint;

  const config = () => ({ redisUrl: redisUrl!, queuePrefix: prefix, queueLockMs: LOCK_MS });
  const env = () => ({
    DATA_DIR: dataDir(),
    REDIS_URL: redisUrl!,
    QUEUE_PREFIX: prefix,
    QUEUE_LOCK_MS: String(LOCK_MS),
  });
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${server!.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', authorization: `Bearer ${server!.organizerToken}` },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  /**
   * The API on the same DATA_DIR and queue, with no worker of its own (`cli worker` processes take the job).
   * Open only while a test calls it: its projections, following the store in this process, would slow the
   * watch of the race below.
   */
  const serving = async (work: () => Promise<void>) => {
    server = await startPlatformServer(loadConfig(env()), {
      port: 0,
      host: '127.0.0.1',
      logger: createLogger({ level: 'silent' }),
      rateLimit: false,
      worker: false,
    });
    try {
      await work();
    } finally {
      await server.close();
      server = undefined;
    }
  };
  const recompute = () => call('POST', `/api/tournaments/${tournamentId}/amendments/${AMENDMENT}/recompute`);

  beforeAll(async () => {
    ({ tournamentId, reference } = await sqliteTournament(
      dataDir(),
      temp.dir('reference'),
      SHAPE,
      AMENDMENT,
    ));
    jobId = amendmentJobId({ tournamentId, amendmentId: AMENDMENT });
    store = sqliteStoreOf(dataDir());
    platform = createPlatform(store, { deadlines: false, movesTablesOn: false });
    queue = openAmendmentQueue(config(), prefix, () => {});
    amendments = new Amendments(platform, queue);
  }, 120_000);

  afterAll(async () => {
    await processes.stopAll();
    await server?.close();
    await queue?.close();
    platform?.close();
    await store?.close();
    if (redisUrl !== undefined) await deleteKeys(redisUrl, prefix);
    temp.remove();
  }, 60_000);

  it('given the amendment made over HTTP, when its job is queued again before any worker runs, then each add is refused as a duplicate naming the job', async () => {
    await serving(async () => {
      const made = await call('POST', `/api/tournaments/${tournamentId}/amendments`, {
        amendmentId: AMENDMENT,
        changes: CHANGES,
        reason: REASON,
      });
      expect(made.status).toBe(201);
      expect(made.body.job).toEqual({ id: jobId, added: true });

      const job = { tournamentId, amendmentId: AMENDMENT };
      for (let i = 0; i < 2; i++)
        expect(await amendments.enqueue(job)).toMatchObject({
          id: jobId,
          added: false,
          reason: 'duplicate',
          existing: { id: jobId, status: 'waiting' },
        });
      const again = await recompute();
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ code: 'rejected', rejection: { code: 'duplicate-job' } });
      expect(again.body.detail).toContain(jobId);
      // Still one job, waiting: nothing has run it yet.
      expect(await queue!.state(jobId)).toMatchObject({ status: 'waiting', attemptsMade: 0 });
    });
  });

  it('given two workers on the queue, when the one running the job is frozen past its lock and thawed while the other runs it, then each hand is corrected once', {
    timeout: 120_000,
  }, async () => {
    const affected = reference.applied.corrected;
    expect(affected).toBeGreaterThan(100);
    const watch = new CorrectionWatch(store!, AMENDMENT);
    const heard: JobEvent[] = [];
    await queue!.onEvent((event) => {
      if (event.kind !== 'progress') heard.push(event);
    });
    const first = processes.start(['worker'], env());
    // The first worker takes the job and is frozen; the second is started only then, so that which one
    // holds the job is known. Frozen, the first renews no lock: the second takes the job over.
    await watch.corrected(Math.ceil(affected / 8), first);
    // Outside a write: the SQLite file's lock stays free for the second while the first is frozen.
    await freezeOutsideWrites(first, join(dataDir(), 'events.db'));
    const frozenAt = (await watch.look()).corrected;
    expect(frozenAt).toBeLessThan(affected);
    const second = processes.start(['worker'], env());
    // The second corrects a hand of its own: it took the job over. It is frozen in turn while the first is
    // thawed, so that both go on with most of the hands still to do, and race.
    await watch.corrected(frozenAt + 1, second);
    process.kill(second.pid, 'SIGSTOP');
    await new Promise((done) => setTimeout(done, 50));
    const takenOver = (await watch.look()).corrected;
    process.kill(first.pid, 'SIGCONT');
    process.kill(second.pid, 'SIGCONT');
    expect(takenOver).toBeLessThan(affected);

    const applied = await watch.applied(second);
    const state = await until<JobState>(
      async () => {
        const s = await queue!.state(jobId);
        return s?.status === 'completed' ? s : undefined;
      },
      () => `job ${jobId} completed; first ${first.describe()}; second ${second.describe()}`,
    );
    expect(state.result).toEqual(applied);
    expect(state.stalls).toBeGreaterThanOrEqual(1);
    headAtCompletion = await headOf(store!);
    // A stop lets a running job finish first: the first worker's run, cut off from its lock, ends here too.
    const stops = await Promise.all([first.stop('SIGTERM'), second.stop('SIGTERM')]);
    expect(stops, `${first.describe()}\n${second.describe()}`).toEqual([
      { code: 0, signal: null },
      { code: 0, signal: null },
    ]);
    expect(await headOf(store!)).toBe(headAtCompletion);
    // The first worker was still running its run when the second held the job: it lost its lock, and ran on.
    const lockLost = (cli: CliProcess) =>
      cli.stderr.split('\n').filter((line) => /lock/i.test(line) && line.includes(jobId));
    expect(lockLost(first).length, first.describe()).toBeGreaterThan(0);
    // Neither run failed the job for good; any run that lost a race on a stream was retried.
    expect(heard.filter((e) => e.kind === 'failed' && !e.willRetry)).toEqual([]);
    expect(heard.filter((e) => e.kind === 'completed')).toHaveLength(1);
    console.log(
      `duplicate-job: ${affected} hands to correct; the first worker was frozen at ${frozenAt}, thawed once ` +
        `the second had taken the job over, at ${takenOver}; ` +
        `the job completed after ${state.attemptsMade} runs, ${state.stalls} taken back; lock lost: ` +
        `${lockLost(first).length} times by the first worker, ${lockLost(second).length} by the second; ` +
        `failed runs heard: ${heard.filter((e) => e.kind === 'failed').length}`,
    );
    await expectEndState(store!, tournamentId, AMENDMENT, reference);
  });

  it('given the job completed, when it is queued again or run again, then it is refused or appends nothing', async () => {
    const job = { tournamentId, amendmentId: AMENDMENT };
    expect(await amendments.enqueue(job)).toMatchObject({
      added: false,
      reason: 'duplicate',
      existing: { status: 'completed' },
    });
    await serving(async () => {
      const again = await recompute();
      expect(again.status).toBe(409);
      expect(again.body).toMatchObject({ rejection: { code: 'duplicate-job' } });
      expect(again.body.detail).toContain(jobId);
    });
    // Run again by hand, twice at once: the counts on record, nothing appended.
    const runs = await Promise.all([recomputeAmendment(platform!, job), recomputeAmendment(platform!, job)]);
    expect(runs).toEqual([reference.applied, reference.applied]);
    expect(await headOf(store!)).toBe(headAtCompletion);
    await expectEndState(store!, tournamentId, AMENDMENT, reference);
  });
});
