// The CLI beside a running server (issue 9, item 7), for real: `serve --demo` in its own process on a temp
// DATA_DIR, bots playing, then `rebuild`, `export` and `demo` run against the same folder. Each either works
// (exit 0) or stops at once with exit 5 and a message naming the locked file, never a stack trace. A raw
// better-sqlite3 connection holding a write transaction open stands for a process that keeps a file locked.
// The server stops on SIGTERM and on SIGINT (exit 0) while a command or that connection holds the files, and
// a restarted server prints the organizer token it printed before (DATA_DIR/organizer-token, mode 0600).
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
/** Bounds for a process to do its work or stop, on a loaded machine: not measured, only waited for. */
const COMMAND_BOUND_MS = 90_000;
const STOP_BOUND_MS = 45_000;

let dataDir: string;
const spawned: ChildProcess[] = [];

const env = () => ({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', KURRENTDB_URL: '', PORT: '' });

interface Finished {
  readonly status: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
}

function exited(child: ChildProcess, out: { stdout: string; stderr: string }, bound: number) {
  return new Promise<Finished>((resolvePromise, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`pid ${child.pid} still running after ${bound} ms`)),
      bound,
    );
    child.once('exit', (status, signal) => {
      clearTimeout(timer);
      resolvePromise({ status, signal, ...out });
    });
  });
}

/** Starts a CLI command; `done` resolves when it exits. */
function start(args: readonly string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/cli.ts', ...args], {
    cwd: root,
    env: env(),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.push(child);
  const out = { stdout: '', stderr: '' };
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => (out.stdout += chunk));
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => (out.stderr += chunk));
  return { child, out, done: exited(child, out, COMMAND_BOUND_MS) };
}

const cli = (...args: string[]) => start(args).done;

/** What no refusal of the CLI may print. */
function expectNoTrace(run: Finished): void {
  expect(run.stderr).not.toMatch(/\n\s+at /);
  expect(run.stderr).not.toContain('SqliteError');
}

async function waitFor(done: () => boolean, what: string, bound = COMMAND_BOUND_MS): Promise<void> {
  const until = Date.now() + bound;
  while (!done()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** `serve --demo` on the DATA_DIR, once it listens: its URL and the organizer token it printed. */
async function startServer() {
  const server = start([
    'serve',
    '--demo',
    '--port',
    '0',
    '--players',
    '8',
    '--rounds',
    '3',
    '--hands',
    '2',
    '--pace',
    '10',
  ]);
  // `done` is replaced by the stop tests' own bound; keep its rejection from going unhandled meanwhile.
  server.done.catch(() => {});
  await waitFor(
    () => /Organizer token: \S+/.test(server.out.stderr) || server.child.exitCode !== null,
    'the server',
  );
  const url = /running on (http:\/\/\S+)/.exec(server.out.stderr)?.[1];
  const token = /Organizer token: (\S+)/.exec(server.out.stderr)?.[1];
  if (url === undefined || token === undefined)
    throw new Error(`the server did not start:\n${server.out.stderr}`);
  return { ...server, url, token };
}

/** A write transaction held open on a file of the DATA_DIR until released. */
function holdWriteLock(file: string) {
  const db = new Database(join(dataDir, file));
  db.exec('BEGIN IMMEDIATE');
  return {
    release() {
      if (db.inTransaction) db.exec('ROLLBACK');
      db.close();
    },
  };
}

let server: Awaited<ReturnType<typeof startServer>>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ml-beside-server-'));
  server = await startServer();
  // Some of the first hand on record before the commands read it.
  const until = Date.now() + 60_000;
  for (;;) {
    const game = await fetch(`${server.url}/api/games/demo-r1-t1`, {
      headers: { authorization: `Bearer ${server.token}` },
    });
    if (game.ok && ((await game.json()) as { handRevision: number }).handRevision >= 20) break;
    if (Date.now() > until) throw new Error('the bots did not play');
    await new Promise((r) => setTimeout(r, 200));
  }
}, 120_000);

afterAll(() => {
  for (const child of spawned)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('beside a running server', () => {
  it(
    'given bots playing, when the read models are rebuilt, then exit 0 and every projection rebuilt',
    async () => {
      const run = await cli('rebuild');
      expect(run.status, run.stderr).toBe(0);
      for (const name of ['standings', 'board', 'replay', 'audit', 'history'])
        expect(run.stderr).toMatch(new RegExp(`^${name}: \\d+ events in`, 'm'));
      expectNoTrace(run);
    },
    COMMAND_BOUND_MS,
  );

  it(
    'given bots playing, when the demo tournament is exported, then exit 0 with its standings and verified chains',
    async () => {
      const standings = await cli('export', '--tournament', 'demo', '--what', 'standings');
      expect(standings.status, standings.stderr).toBe(0);
      expect(standings.stdout.split('\n')[0]).toBe('place,playerId,name,points,tablePoints,games,withdrawn');
      expect(standings.stdout.trim().split('\n')).toHaveLength(9);
      const audit = await cli('export', '--tournament', 'demo', '--what', 'audit');
      expect(audit.status, audit.stderr).toBe(0);
      const chains = JSON.parse(audit.stdout).chains as { verified: boolean }[];
      expect(chains.length).toBeGreaterThan(0);
      expect(chains.every((c) => c.verified)).toBe(true);
      expectNoTrace(audit);
    },
    COMMAND_BOUND_MS,
  );

  it(
    'given bots playing, when a headless demo is played into the same folder, then exit 0 and its standings',
    async () => {
      const run = await cli('demo', '--players', '4', '--rounds', '1', '--hands', '1');
      expect(run.status, run.stderr).toBe(0);
      expect(run.stderr).toMatch(/^demo-[0-9a-f]{8}: 1 games, 1 hands/m);
      expect(run.stdout.trim().split('\n')).toHaveLength(5);
      expectNoTrace(run);
    },
    COMMAND_BOUND_MS,
  );
});

describe('a second server on the same port', () => {
  it(
    'given a server listening, when another serve is started on its port, then exit 2 naming --port, no stack trace, and the first goes on',
    async () => {
      const port = new URL(server.url).port;
      const second = await cli('serve', '--port', port);
      expect(second.status, second.stderr).toBe(2);
      expect(JSON.parse(second.stdout)).toMatchObject({ error: { code: 'invalid-input', field: '--port' } });
      expect(second.stdout).toContain(`address already in use`);
      expectNoTrace(second);
      const health = await fetch(`${server.url}/api/health`);
      expect(health.status).toBe(200);
    },
    COMMAND_BOUND_MS,
  );
});

describe('beside a process holding a write transaction open', () => {
  it(
    'given events.db locked, then export and rebuild still run (they only read it) and demo stops with exit 5 naming it',
    async () => {
      const lock = holdWriteLock('events.db');
      try {
        const exported = await cli('export', '--tournament', 'demo', '--what', 'standings');
        expect(exported.status, exported.stderr).toBe(0);
        const rebuilt = await cli('rebuild', '--projection', 'standings');
        expect(rebuilt.status, rebuilt.stderr).toBe(0);
        const demo = await cli('demo', '--players', '4', '--rounds', '1', '--hands', '1');
        expect(demo.status).toBe(5);
        expect(demo.stderr).toContain(`busy: ${join(dataDir, 'events.db')} is locked by another process`);
        expect(JSON.parse(demo.stdout).error).toMatchObject({
          code: 'store-busy',
          where: join(dataDir, 'events.db'),
        });
        expectNoTrace(demo);
      } finally {
        lock.release();
      }
    },
    3 * COMMAND_BOUND_MS,
  );

  it(
    'given read-models.db locked, then rebuild stops with exit 5 naming it; released, it runs',
    async () => {
      const lock = holdWriteLock('read-models.db');
      try {
        const rebuilt = await cli('rebuild', '--projection', 'board');
        expect(rebuilt.status).toBe(5);
        expect(rebuilt.stderr).toContain(
          `busy: ${join(dataDir, 'read-models.db')} is locked by another process`,
        );
        expectNoTrace(rebuilt);
      } finally {
        lock.release();
      }
      // Released, the same command works.
      const again = await cli('rebuild', '--projection', 'board');
      expect(again.status, again.stderr).toBe(0);
    },
    2 * COMMAND_BOUND_MS,
  );
});

describe('stopping the server', () => {
  it(
    'given a write transaction held on events.db, when the server gets SIGTERM, then it exits 0',
    async () => {
      const lock = holdWriteLock('events.db');
      try {
        const stopped = exited(server.child, server.out, STOP_BOUND_MS);
        server.child.kill('SIGTERM');
        const run = await stopped;
        expect(run.status, run.stderr).toBe(0);
        expect(run.stderr).toContain('SIGTERM: stopping the server');
      } finally {
        lock.release();
      }
    },
    STOP_BOUND_MS + 5_000,
  );

  it(
    'given a restart, then it prints the same organizer token, kept in DATA_DIR/organizer-token with mode 0600',
    async () => {
      const first = server.token;
      server = await startServer();
      expect(server.token).toBe(first);
      expect(statSync(join(dataDir, 'organizer-token')).mode & 0o777).toBe(0o600);
      const response = await fetch(`${server.url}/api/tokens`, {
        headers: { authorization: `Bearer ${first}` },
      });
      expect(response.status).toBe(200);
    },
    COMMAND_BOUND_MS,
  );

  it(
    'given a rebuild running, when the server gets SIGINT, then it exits 0 and the rebuild finishes with 0',
    async () => {
      const rebuild = start(['rebuild']);
      // The first projection rebuilt: the command is in the middle of its work on the files.
      await waitFor(
        () => /^standings: /m.test(rebuild.out.stderr) || rebuild.child.exitCode !== null,
        'the rebuild',
      );
      const stopped = exited(server.child, server.out, STOP_BOUND_MS);
      server.child.kill('SIGINT');
      const run = await stopped;
      expect(run.status, run.stderr).toBe(0);
      const rebuilt = await rebuild.done;
      expect(rebuilt.status, rebuilt.stderr).toBe(0);
      expectNoTrace(rebuilt);
    },
    COMMAND_BOUND_MS + STOP_BOUND_MS,
  );
});
