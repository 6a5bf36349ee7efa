// The platform's commands as an organizer runs them: `node --import tsx services/cli.ts …` in a real process,
// its files in a temp DATA_DIR. A small demo (8 bots, 2 rounds, 1 hand a table) is played once; the exports
// and the rebuild read it.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '../..');
const SEED = 'cli-test';
const TOURNAMENT = `demo-${SEED}`;

function cli(dataDir: string, args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'services/cli.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', KURRENTDB_URL: '' },
    timeout: 120_000,
  });
  return { status: run.status, stdout: run.stdout, stderr: run.stderr };
}

/** The CSV's rows below its header, as records. */
function csv(text: string): Record<string, string>[] {
  const [header, ...lines] = text.trim().split('\n');
  const names = header!.split(',');
  return lines.map((line) => Object.fromEntries(line.split(',').map((cell, i) => [names[i]!, cell])));
}

let dataDir: string;
let demo: ReturnType<typeof cli>;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'ml-cli-platform-'));
  demo = cli(dataDir, ['demo', '--players', '8', '--rounds', '2', '--hands', '1', '--seed', SEED]);
}, 180_000);

afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

describe('mahjong-ledger demo', () => {
  it('given 8 players, 2 rounds of 1 hand, then it prints a standings table of 8 rows and exits 0', () => {
    expect(demo.status, demo.stderr).toBe(0);
    const [header, ...rows] = demo.stdout.trim().split('\n');
    expect(header).toMatch(/^place\s+player\s+name\s+points\s+games$/);
    expect(rows).toHaveLength(8);
    for (const row of rows) expect(row).toMatch(/^\d+\s+player-00[1-8]\s+Bot [1-8]\s+-?\d+\s+2$/);
    expect(demo.stderr).toContain(`${TOURNAMENT}: 4 games`);
  });

  it('given a demo of the same seed on record, when run again, then it exits 2 naming --seed', () => {
    const again = cli(dataDir, ['demo', '--players', '8', '--rounds', '2', '--hands', '1', '--seed', SEED]);

    expect(again.status).toBe(2);
    expect(JSON.parse(again.stdout).error).toMatchObject({ code: 'invalid-input', field: '--seed' });
    expect(again.stderr).toContain('--seed');
  });

  it('given one player, then it exits 2 naming --players and writes nothing', () => {
    const empty = mkdtempSync(join(tmpdir(), 'ml-cli-empty-'));
    try {
      const run = cli(empty, ['demo', '--players', '1']);

      expect(run.status).toBe(2);
      expect(JSON.parse(run.stdout).error).toMatchObject({ code: 'invalid-input', field: '--players' });
      expect(existsSync(join(empty, 'events.db'))).toBe(false);
    } finally {
      rmSync(empty, { recursive: true, force: true });
    }
  });
});

describe('mahjong-ledger export and rebuild', () => {
  it('exports the standings as CSV: a header and 8 rows whose points sum to 0', () => {
    const run = cli(dataDir, ['export', '--tournament', TOURNAMENT, '--what', 'standings']);

    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toBe('place,playerId,name,points,tablePoints,games,withdrawn');
    const rows = csv(run.stdout);
    expect(rows).toHaveLength(8);
    expect(rows.reduce((sum, row) => sum + Number(row.points), 0)).toBe(0);
    expect(rows.every((row) => row.games === '2')).toBe(true);
  });

  it('exports the audit with every stream’s hash chain verified, hand streams included, and signed', () => {
    const run = cli(dataDir, ['export', '--tournament', TOURNAMENT, '--what', 'audit']);

    expect(run.status, run.stderr).toBe(0);
    const audit = JSON.parse(run.stdout) as {
      tournamentId: string;
      verified: { streams: number; of: number };
      chains: { stream: string; events: number; verified: boolean }[];
      signature: { algorithm: string; keyId: string };
    };
    expect(audit.tournamentId).toBe(TOURNAMENT);
    // The tournament's stream, its 4 games' streams and their 4 hands' streams (one hand a game).
    expect(audit.chains.map((c) => c.stream.split('-')[0])).toEqual([
      'tournament',
      ...Array.from({ length: 4 }, () => ['game', 'hand']).flat(),
    ]);
    expect(audit.verified).toMatchObject({ streams: 9, of: 9 });
    expect(audit.signature).toMatchObject({
      algorithm: 'HMAC-SHA256',
      keyId: expect.stringMatching(/^[0-9a-f]{16}$/),
    });
    expect(run.stderr).toContain('9/9 streams verified');
    for (const chain of audit.chains) {
      expect(chain.verified, chain.stream).toBe(true);
      expect(chain.events).toBeGreaterThan(0);
    }
  });

  it('exits 2 naming --tournament for a tournament not in the store', () => {
    const run = cli(dataDir, ['export', '--tournament', 'nope', '--what', 'standings']);

    expect(run.status).toBe(2);
    expect(JSON.parse(run.stdout).error).toMatchObject({ field: '--tournament' });
  });

  it('rebuilds the read models and leaves the standings as they were', () => {
    const before = cli(dataDir, ['export', '--tournament', TOURNAMENT, '--what', 'standings']).stdout;

    const rebuild = cli(dataDir, ['rebuild']);

    expect(rebuild.status, rebuild.stderr).toBe(0);
    expect(rebuild.stderr).toMatch(/standings: \d+ events/);
    const after = cli(dataDir, ['export', '--tournament', TOURNAMENT, '--what', 'standings']).stdout;
    expect(csv(after)).toHaveLength(8);
    expect(after).toBe(before);
  });
});
