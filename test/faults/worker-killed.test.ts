// Faults: a `worker` process SIGKILLed mid-job, and another started each time, finishes the amendment with
// exactly one correction per affected hand, and the outcome is the one an undisturbed recompute gives on a
// pristine copy of the same store. Each kill lands inside a hand: frozen (SIGSTOP) at the moment the store
// shows a correction on record that its game has not counted yet, or counted in its game but not yet
// carried to its table, then killed, so the next run must carry that hand through. The amendment is recorded
// with `cli amend`, which with REDIS_URL only queues its job; the workers are `cli worker` processes on the
// shared Redis under a queue prefix of this run's own, with QUEUE_LOCK_MS=1000 so that a dead worker's job is
// taken over within a second or two. On SQLite (a DATA_DIR in WAL mode, shared with this process), killed
// twice; on PostgreSQL (DATABASE_URL, a database of the test's own), killed once.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAmendmentQueue } from '../../services/amendments/open.ts';
import type { AmendmentJob } from '../../services/amendments/recompute.ts';
import { amendmentJobId } from '../../services/amendments/service.ts';
import type { EventStore } from '../../services/eventstore/port.ts';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import type { JobQueue, JobState } from '../../services/queue/index.ts';
import { deleteKeys, redisUrlForTests } from '../../services/queue/testing/redis.ts';
import { postgresUrl } from '../support/services.ts';
import {
  buildTournament,
  CLI_SET,
  CliProcesses,
  CorrectionWatch,
  expectEndState,
  type HandMoment,
  PostgresDatabases,
  REASON,
  type Reference,
  referenceOf,
  sqliteStoreOf,
  sqliteTournament,
  TempDirs,
  type TournamentShape,
  until,
  withStore,
} from './support.ts';

const redisUrl = await redisUrlForTests();
const databaseUrl = redisUrl === undefined ? undefined : await postgresUrl();
const AMENDMENT = 'east-undoubled';
const LOCK_MS = 1000;

/** A kill: from this share of the affected hands on, at the first moment the store shows the worker at `aim`. */
interface Kill {
  readonly aim: HandMoment;
  readonly from: number;
  /** Past this share, the worker is killed wherever it is (the test then fails on the moment). */
  readonly upTo: number;
}

interface Backend {
  readonly name: string;
  readonly shape: TournamentShape;
  readonly kills: readonly Kill[];
  /** Builds the tournament and its reference; the environment of the CLI processes on its store. */
  prepare(): Promise<{ tournamentId: string; reference: Reference; env: Record<string, string> }>;
  /** This process's own connection to the store the workers write. */
  open(): Promise<EventStore> | EventStore;
  dispose(): Promise<void>;
}

function sqliteBackend(): Backend {
  const temp = new TempDirs('faults-kill-');
  return {
    name: 'SQLite',
    // 8 tables × 3 rounds × 8 hands: 192 hands, nearly all corrected, a few seconds of recompute.
    shape: { players: 32, rounds: 3, hands: 8, seed: 'faults-kill' },
    kills: [
      { aim: 'corrected-not-counted', from: 1 / 4, upTo: 1 / 2 },
      { aim: 'counted-not-carried', from: 3 / 5, upTo: 9 / 10 },
    ],
    async prepare() {
      const built = await sqliteTournament(temp.dir('data'), temp.dir('reference'), this.shape, AMENDMENT);
      return { ...built, env: { DATA_DIR: temp.dir('data') } };
    },
    open: () => sqliteStoreOf(temp.dir('data')),
    async dispose() {
      temp.remove();
    },
  };
}

function postgresBackend(serverUrl: string): Backend {
  const databases = new PostgresDatabases(serverUrl);
  const name = `faults_kill_${process.pid}_${randomBytes(4).toString('hex')}`;
  const temp = new TempDirs('faults-kill-pg-');
  return {
    name: 'PostgreSQL',
    // 6 tables × 2 rounds × 8 hands: 96 hands (a PostgreSQL recompute takes about twice as long per hand).
    shape: { players: 24, rounds: 2, hands: 8, seed: 'faults-kill-pg' },
    kills: [{ aim: 'corrected-not-counted', from: 1 / 3, upTo: 2 / 3 }],
    async prepare() {
      const url = await databases.create(name);
      const tournamentId = await withStore(
        () => openPostgresEventStore(url),
        (store) => buildTournament(store, this.shape),
      );
      const pristine = await databases.create(`${name}_reference`, name);
      const reference = await withStore(
        () => openPostgresEventStore(pristine),
        (store) => referenceOf(store, tournamentId, AMENDMENT),
      );
      return { tournamentId, reference, env: { DATA_DIR: temp.dir('data'), DATABASE_URL: url } };
    },
    open: () => openPostgresEventStore(databases.url(name)),
    async dispose() {
      await databases.dropAll();
      temp.remove();
    },
  };
}

function killedWorkerSuite(url: string, backend: Backend): void {
  describe(`a worker process SIGKILLed mid-job and restarted (${backend.name})`, () => {
    const prefix = `faults-kill-${process.pid}-${randomBytes(4).toString('hex')}`;
    const processes = new CliProcesses();
    let tournamentId: string;
    let reference: Reference;
    let env: Record<string, string>;
    let store: EventStore | undefined;
    let queue: JobQueue<AmendmentJob> | undefined;

    beforeAll(async () => {
      const prepared = await backend.prepare();
      ({ tournamentId, reference } = prepared);
      env = { ...prepared.env, REDIS_URL: url, QUEUE_PREFIX: prefix, QUEUE_LOCK_MS: String(LOCK_MS) };
    }, 120_000);

    afterAll(async () => {
      await processes.stopAll();
      await queue?.close();
      await store?.close();
      await deleteKeys(url, prefix);
      await backend.dispose();
    }, 60_000);

    it(`given a worker killed ${backend.kills.length === 1 ? 'once' : 'twice'} inside a hand, when another takes the job over after each kill, then each affected hand is corrected once and the standings are the undisturbed recompute’s`, {
      timeout: 150_000,
    }, async () => {
      const affected = reference.applied.corrected;
      // Enough hands move for the job to be cut short at moments of our choosing.
      expect(affected).toBeGreaterThan(90);
      store = await backend.open();
      const watch = new CorrectionWatch(store, AMENDMENT);

      let worker = processes.start(['worker'], env);
      await worker.said('worker: taking amendment jobs');
      const amend = processes.start(
        ['amend', '--tournament', tournamentId, '--id', AMENDMENT, ...CLI_SET, '--reason', REASON],
        env,
      );
      expect(await amend.done(), amend.stderr).toEqual({ code: 0, signal: null });
      const jobId = amendmentJobId({ tournamentId, amendmentId: AMENDMENT });
      // With REDIS_URL the command only queues the job: the worker takes it.
      expect(JSON.parse(amend.stdout).job).toEqual({ id: jobId, added: true });

      const killedAt: { corrected: number; moment: HandMoment }[] = [];
      for (const kill of backend.kills) {
        const before = killedAt.at(-1)?.corrected ?? 0;
        const at = await watch.freezeInside(
          worker,
          kill.aim,
          Math.max(before + 10, Math.ceil(affected * kill.from)),
          Math.ceil(affected * kill.upTo),
        );
        await worker.stop('SIGKILL');
        killedAt.push(at);
        expect(at.moment).toBe(kill.aim);
        // Killed, it wrote nothing more; some hands, not all, are corrected; the last worker got further.
        expect((await watch.look()).corrected).toBe(at.corrected);
        expect(at.corrected).toBeGreaterThan(before);
        expect(at.corrected).toBeLessThan(affected);
        // A worker started after the kill takes the job over once its lock lapses.
        worker = processes.start(['worker'], env);
      }

      const applied = await watch.applied(worker);
      queue = openAmendmentQueue(
        { redisUrl: url, queuePrefix: prefix, queueLockMs: LOCK_MS },
        prefix,
        () => {},
      );
      const state = await until<JobState>(
        async () => {
          const s = await queue!.state(jobId);
          return s?.status === 'completed' ? s : undefined;
        },
        () => `job ${jobId} completed; ${worker.describe()}`,
      );
      // A run per worker, each but the last taken back from a dead one; the last one's result is on record.
      expect(state).toMatchObject({
        attemptsMade: backend.kills.length + 1,
        stalls: backend.kills.length,
        result: applied,
      });
      expect(await worker.stop('SIGTERM')).toEqual({ code: 0, signal: null });

      console.log(
        `worker-killed (${backend.name}): ${affected} hands to correct; SIGKILLed with ` +
          `${killedAt.map((k) => `${k.corrected} corrected (${k.moment})`).join(', then ')}; ` +
          `${applied.corrected} corrected when AmendmentApplied closed it`,
      );
      await expectEndState(store, tournamentId, AMENDMENT, reference);
    });
  });
}

if (redisUrl === undefined)
  it.skip('a worker process SIGKILLed mid-job: no Redis (the reason is printed above)');
else {
  killedWorkerSuite(redisUrl, sqliteBackend());
  if (databaseUrl !== undefined) killedWorkerSuite(redisUrl, postgresBackend(databaseUrl));
}
