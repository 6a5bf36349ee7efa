// `export --what replays` and `rebuild` as an organizer runs them, in real processes on one temp DATA_DIR
// holding two demos: a small one (8 players, 2 rounds, 1 hand a table) and one of some size (64 players,
// 4 rounds, 4 hands a table: 256 hands, about 65,000 events, a replay document of about 98 MB). They share
// the store because playing it is most of their cost. No assertion here depends on time.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { wholeReplaysDocument } from './export-replays.reference.ts';

const root = resolve(import.meta.dirname, '../..');
const SMALL = 'demo-small';
const LARGER = 'demo-larger';
const LARGER_HANDS = 256;
/**
 * The heap the bounded-memory test gives the export: above what it needs (about 48 MB, most of it the CLI's
 * modules; the same at any size of tournament), below the document alone, which the export as it was had
 * to hold as one string beside every replay.
 */
const HEAP_MB = 64;

function run(dataDir: string, nodeArgs: string[], args: string[]) {
  const child = spawnSync(process.execPath, [...nodeArgs, '--import', 'tsx', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', KURRENTDB_URL: '' },
    maxBuffer: 64 * 1024 * 1024,
    timeout: 600_000,
  });
  return { status: child.status, signal: child.signal, stdout: child.stdout, stderr: child.stderr };
}
const cli = (dataDir: string, args: string[], nodeArgs: string[] = []) =>
  run(dataDir, nodeArgs, ['services/cli.ts', ...args]);

let dataDir: string;
let outDir: string;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'ml-replays-rebuild-'));
  outDir = mkdtempSync(join(tmpdir(), 'ml-replays-out-'));
  for (const [players, rounds, hands, seed] of [
    ['8', '2', '1', 'small'],
    ['64', '4', '4', 'larger'],
  ] as const) {
    const demo = cli(dataDir, [
      'demo',
      '--players',
      players,
      '--rounds',
      rounds,
      '--hands',
      hands,
      '--seed',
      seed,
    ]);
    if (demo.status !== 0) throw new Error(`demo ${seed}: ${demo.stderr}`);
  }
}, 900_000);

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(outDir, { recursive: true, force: true });
});

describe('export --what replays', () => {
  it('given the small demo, then the streamed document is byte for byte the whole-document export', async () => {
    const exported = cli(dataDir, ['export', '--tournament', SMALL, '--what', 'replays']);

    expect(exported.status, exported.stderr).toBe(0);
    const store = openSqliteEventStore(join(dataDir, 'events.db'), { readonly: true });
    try {
      expect(exported.stdout).toBe(await wholeReplaysDocument(store, SMALL));
    } finally {
      await store.close();
    }
    const document = JSON.parse(exported.stdout) as { tournamentId: string; replays: { stream: string }[] };
    expect(document.tournamentId).toBe(SMALL);
    expect(document.replays.map((r) => r.stream.split('-')[0])).toEqual(['hand', 'hand', 'hand', 'hand']);
  });

  it('given --out FILE, then the file holds the same bytes and nothing partial is left beside it', () => {
    const file = join(outDir, 'small.json');
    const toFile = cli(dataDir, ['export', '--tournament', SMALL, '--what', 'replays', '--out', file]);
    const toStdout = cli(dataDir, ['export', '--tournament', SMALL, '--what', 'replays']);

    expect(toFile.status, toFile.stderr).toBe(0);
    expect(toFile.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(toStdout.stdout);
    expect(readdirSync(outDir)).toEqual(['small.json']);
  });

  it('given an unknown tournament, then exit 2, one JSON error on stdout and no file', () => {
    const file = join(outDir, 'none.json');
    const refused = cli(dataDir, ['export', '--tournament', 'nope', '--what', 'replays', '--out', file]);

    expect(refused.status).toBe(2);
    expect(JSON.parse(refused.stdout).error).toMatchObject({ code: 'invalid-input', field: '--tournament' });
    expect(existsSync(file)).toBe(false);
    expect(readdirSync(outDir).filter((f) => f.startsWith('none'))).toEqual([]);
  });

  it(`given a heap of ${HEAP_MB} MB, smaller than the document, then the export streams it whole where the whole-document export fails`, () => {
    const file = join(outDir, 'larger.json');
    const streamed = cli(
      dataDir,
      ['export', '--tournament', LARGER, '--what', 'replays', '--out', file],
      [`--max-old-space-size=${HEAP_MB}`],
    );

    expect(streamed.status, streamed.stderr.slice(-2000)).toBe(0);
    const size = statSync(file).size;
    // The document alone is more than the heap: the old export had to hold it as one string.
    expect(size).toBeGreaterThan(HEAP_MB * 2 ** 20 * 1.25);
    const text = readFileSync(file, 'utf8');
    expect(text.startsWith(`{\n  "tournamentId": "${LARGER}",\n  "replays": [\n    {\n`)).toBe(true);
    expect(text.endsWith('\n    }\n  ]\n}\n')).toBe(true);
    expect(text.split('\n    {\n      "stream": "hand-').length - 1).toBe(LARGER_HANDS);
    rmSync(file);

    const whole = run(
      dataDir,
      [`--max-old-space-size=${HEAP_MB}`],
      ['services/commands/export-replays.reference.ts', dataDir, LARGER, join(outDir, 'whole.json')],
    );
    expect(whole.status === 0 && whole.signal === null, 'the whole-document export fits after all').toBe(
      false,
    );
    expect(whole.stderr).toMatch(/heap out of memory|Invalid string length/);
  }, 600_000);
});

describe('rebuild', () => {
  const eventCount = (): number => {
    const db = new Database(join(dataDir, 'events.db'), { readonly: true });
    try {
      return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()!.n;
    } finally {
      db.close();
    }
  };
  const int = (n: number): string => n.toLocaleString('en-US');

  it('given stderr not a terminal, then a plain line at each tenth of the events, the closing line, and nothing on stdout', () => {
    const total = eventCount();

    const rebuilt = cli(dataDir, ['rebuild', '--projection', 'standings']);

    expect(rebuilt.status, rebuilt.stderr).toBe(0);
    expect(rebuilt.stdout).toBe('');
    const lines = rebuilt.stderr.trim().split('\n');
    expect(lines.at(-1)).toMatch(new RegExp(`^standings: ${total} events in \\d+\\.\\d s$`));
    const progress = lines.slice(0, -1);
    // About 65,000 events, read 5,000 a batch: a line at most every tenth, at least a few of them.
    expect(progress.length).toBeGreaterThanOrEqual(5);
    expect(progress.length).toBeLessThanOrEqual(10);
    let last = 0;
    for (const line of progress) {
      const match = new RegExp(
        `^rebuild standings: ([\\d,]+)/${int(total)} events \\((\\d+)%\\), [\\d,]+ events/s$`,
      ).exec(line);
      expect(match, line).not.toBeNull();
      const done = Number(match![1]!.replaceAll(',', ''));
      expect(done).toBeGreaterThan(last);
      expect(done).toBeLessThan(total);
      expect(Number(match![2])).toBe(Math.floor((100 * done) / total));
      last = done;
    }
    // No terminal control sequence (ESC) in a log.
    expect(rebuilt.stderr).not.toContain(String.fromCharCode(27));
  });

  it('given an unknown projection, then stdout is one JSON document naming --projection', () => {
    const refused = cli(dataDir, ['rebuild', '--projection', 'nope']);

    expect(refused.status).toBe(2);
    expect(JSON.parse(refused.stdout).error).toMatchObject({ code: 'invalid-input', field: '--projection' });
  });

  const script = ['/usr/bin/script', '/bin/script'].find((path) => existsSync(path));
  it.skipIf(script === undefined)(
    'given stderr a terminal (util-linux script), then a bar of events done with the rate on it, and stdout still empty',
    () => {
      const total = eventCount();
      const stdoutFile = join(outDir, 'rebuild-stdout.txt');
      const command = `${JSON.stringify(process.execPath)} --import tsx services/cli.ts rebuild --projection board > ${JSON.stringify(stdoutFile)}`;

      const onTerminal = spawnSync(script!, ['-qec', command, '/dev/null'], {
        cwd: root,
        encoding: 'utf8',
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', KURRENTDB_URL: '' },
        timeout: 600_000,
      });

      expect(onTerminal.status, onTerminal.stdout).toBe(0);
      expect(readFileSync(stdoutFile, 'utf8')).toBe('');
      const screen = onTerminal.stdout;
      expect(screen).toMatch(
        new RegExp(`board \\[[=-]+\\] [\\d,]+/${int(total)} events \\| [\\d,]+ events/s`),
      );
      expect(screen).toContain(`board: ${total} events in`);
      expect(screen).not.toContain('rebuild board:');
    },
    600_000,
  );
});
