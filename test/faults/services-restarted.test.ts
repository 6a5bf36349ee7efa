// PostgreSQL and Redis restarted under load (issue 13, fault c): two server processes on one PostgreSQL, the
// load's seats spread over both, the amendment queue on Redis. PostgreSQL is restarted mid-run, then Redis.
// The servers recover by themselves (their pools and the store's listening connection reconnect, leases are
// renewed or taken over), no acknowledged action is lost or doubled, and every chain verifies. It restarts
// services other tests use, so it runs only in the full fault run (`npm run test:faults`, FAULTS_FULL=1).
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import { checkCommands, readAcknowledged } from '../load/acknowledged.ts';
import { postgresUrl } from '../support/services.ts';
import { runNode, type ServeProcess, startServe } from './serve-process.ts';
import { eventsAfter, PostgresDatabases, TempDirs, withStore } from './support.ts';

const FULL = process.env.FAULTS_FULL === '1';
if (!FULL)
  console.warn(
    'skip: restarting PostgreSQL and Redis under load runs in `npm run test:faults` only (FAULTS_FULL=1)',
  );
const serverUrl = FULL ? await postgresUrl() : undefined;
const SECONDS = 60;
const TABLES = 8;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

function restartPostgres(): void {
  const version = readdirSync('/etc/postgresql')[0]!;
  execFileSync('pg_ctlcluster', ['--skip-systemctl-redirect', version, 'main', 'restart'], {
    stdio: 'ignore',
  });
}

function restartRedis(): void {
  execFileSync('redis-cli', ['-h', '127.0.0.1', '-p', '6379', 'shutdown', 'nosave'], { stdio: 'ignore' });
  execFileSync(
    'redis-server',
    ['--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
}

describe.skipIf(!FULL || serverUrl === undefined)('PostgreSQL and Redis restarted under load', () => {
  const databases = new PostgresDatabases(serverUrl ?? 'postgres://unused');
  const dirs = new TempDirs('faults-services-');
  const servers: ServeProcess[] = [];
  afterAll(async () => {
    for (const server of servers) await server.stop();
    await databases.dropAll();
    dirs.remove();
  });

  it('given two servers under load, when PostgreSQL and then Redis restart, then the servers recover and no acknowledged action is lost or doubled', async () => {
    const databaseUrl = await databases.create(`services_${process.pid}_${randomBytes(3).toString('hex')}`);
    const env = (name: string) => ({
      DATA_DIR: dirs.dir(name),
      DATABASE_URL: databaseUrl,
      REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
      QUEUE_PREFIX: `faults-${randomBytes(3).toString('hex')}`,
      TABLE_LEASE_MS: '2000',
    });
    servers.push(await startServe(env('a')), await startServe(env('b')));
    const [a, b] = servers as [ServeProcess, ServeProcess];
    const record = join(dirs.dir('load'), 'acknowledged.jsonl');
    const load = runNode([
      'test/load/run.ts',
      '--url',
      a.url,
      '--url',
      b.url,
      '--token',
      a.organizerToken,
      '--tables',
      String(TABLES),
      '--seconds',
      String(SECONDS),
      '--pace',
      'human',
      '--record',
      record,
    ]);
    await sleep(15_000);
    restartPostgres();
    await sleep(15_000);
    restartRedis();
    const finished = await load;
    expect(finished.code, `${finished.stderr}\n${a.stderr()}\n${b.stderr()}`).not.toBe(3);
    const report = JSON.parse(finished.stdout.trim().split('\n').at(-1)!);
    console.info(
      `services restarted: ${report.acknowledged} actions acknowledged, ${report.errors.total} client errors during the restarts`,
    );
    expect(report.acknowledged).toBeGreaterThan(0);
    for (const server of [a, b]) expect((await fetch(`${server.url}/api/health`)).status).toBe(200);

    const events = await withStore(
      () => openPostgresEventStore(databaseUrl),
      (store) => eventsAfter(store),
    );
    const check = checkCommands(events, readAcknowledged(record));
    expect(check.missing).toEqual([]);
    expect(check.twice).toEqual([]);
    const verified = await runNode(['services/cli.ts', 'verify', '--json'], { DATABASE_URL: databaseUrl });
    expect(verified.code, verified.stdout + verified.stderr).toBe(0);
  }, 300_000);
});
