// The load's fast subset (issue 13): a server process on a temp SQLite DATA_DIR, the generator as a process of
// its own for 4 tables flat out for 8 s. Then: no error; commands were acknowledged; every acknowledged action
// is in the store, as the events of exactly one append (its command id, derived from the seat token, the
// route, the Idempotency-Key and the request, is their causationId); the API's count of the games' events is
// what the store holds; and the generator stopped by itself within its bound.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredEvent } from '../../services/eventstore/port.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { checkCommands, readAcknowledged } from './acknowledged.ts';
import type { LoadReport } from './generator.ts';
import { REPO_ROOT, type ServerProcess, startServerProcess } from './server-process.ts';

const TABLES = 4;
const SECONDS = 8;
/** The generator's own bound is its seconds and 300 s more; this test waits far less before calling it stuck. */
const GENERATOR_BOUND_MS = (SECONDS + 150) * 1000;

let dir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ml-small-load-'));
  // Flat out, a seat may send more than the 20 requests a second a person's token is allowed: this test
  // checks what was acknowledged against the store, not the rate limit.
  server = await startServerProcess({ env: { DATA_DIR: dir }, rateLimit: 'off' });
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** The generator as a process of its own; its exit, output, and whether it had to be killed. */
function generator(args: readonly string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/load/run.ts', ...args], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  return new Promise<{ code: number | null; killed: boolean; stdout: string; stderr: string }>((done) => {
    let killed = false;
    const bound = setTimeout(() => {
      killed = true;
      child.kill('SIGKILL');
    }, GENERATOR_BOUND_MS);
    child.once('exit', (code) => {
      clearTimeout(bound);
      done({ code, killed, stdout, stderr });
    });
  });
}

async function storedEvents(file: string): Promise<StoredEvent[]> {
  const store = openSqliteEventStore(file);
  try {
    const out: StoredEvent[] = [];
    for (let after = 0n; ; ) {
      const batch = await store.readAll({ after, limit: 5000 });
      if (batch.length === 0) return out;
      out.push(...batch);
      after = batch.at(-1)!.position;
    }
  } finally {
    await store.close();
  }
}

describe('a small load', () => {
  it(`given a server, when ${TABLES} tables play flat out for ${SECONDS} s, then every acknowledged action is stored once and nothing failed`, async () => {
    const record = join(dir, 'acknowledged.jsonl');

    const run = await generator([
      '--url',
      server!.url,
      '--token',
      server!.organizerToken,
      '--tables',
      String(TABLES),
      '--seconds',
      String(SECONDS),
      '--pace',
      'flat',
      '--record',
      record,
    ]);

    expect(run.killed, run.stderr).toBe(false);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as LoadReport;
    expect(report.errors).toEqual({ total: 0, by: {} });
    expect(['time', 'games-finished']).toContain(report.stoppedBy);
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.eventsStored).toBeGreaterThanOrEqual(report.acknowledged);

    const acknowledged = readAcknowledged(record);
    expect(acknowledged).toHaveLength(report.acknowledged);

    await server!.stop();
    const events = (await storedEvents(join(dir, 'events.db'))).filter(
      (e) => e.stream.startsWith('game-') || e.stream.startsWith('hand-'),
    );
    // Claim windows left open at the stop still close at their deadline: the store may have moved on since.
    expect(events.length).toBeGreaterThanOrEqual(report.eventsStored);
    const check = checkCommands(events, acknowledged);
    expect(check.missing).toEqual([]);
    // Every client command the store holds was acknowledged, and appended once: one stream, one unbroken run.
    expect(check.stored).toBe(acknowledged.length);
    expect(check.twice).toEqual([]);
  }, 240_000);
});
