// `correct` and `amend` on the command line, each a process of its own on a DATA_DIR: a preview writes
// nothing and equals what the command then does; bad input exits 2 naming what is wrong, writing nothing.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { netOf, settlementInForce } from '../../domain/play/correction/index.ts';
import { handStream } from '../../domain/play/metadata.ts';
import { parseEvent } from '../../domain/play/parse.ts';
import { runDemo } from '../../services/demo/run-demo.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';

const TOURNAMENT = 'cli-fix';
const GAME = `${TOURNAMENT}-r1-t1`;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cli-correct-'));
  const store = openSqliteEventStore(join(dir, 'events.db'));
  await runDemo(store, {
    players: 8,
    rounds: 1,
    preset: 'hu-mahjong',
    seed: 'cli-fix',
    tournamentId: TOURNAMENT,
    finish: false,
  });
  await store.close();
}, 60_000);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The command's exit status and what it printed as JSON (REDIS_URL unset: everything runs in the command). */
// biome-ignore lint/suspicious/noExplicitAny: the commands print JSON of several shapes
function cli(...args: string[]): Promise<{ status: number; json: any; stderr: string }> {
  return new Promise((resolve, reject) => {
    const env = { ...process.env, DATA_DIR: dir, REDIS_URL: '', DATABASE_URL: '' };
    const child = spawn(process.execPath, ['--import', 'tsx', 'services/cli.ts', ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`still running after 60 s: ${args.join(' ')}`));
    }, 60_000);
    child.on('close', (status) => {
      clearTimeout(timer);
      resolve({ status: status ?? -1, json: stdout.trim() === '' ? undefined : JSON.parse(stdout), stderr });
    });
  });
}

async function hand1() {
  const store = openSqliteEventStore(join(dir, 'events.db'), { readonly: true });
  try {
    const stored = await store.readStream(handStream(GAME, 1));
    const events = stored.map(parseEvent);
    return { count: stored.length, net: netOf(settlementInForce(events)?.transfers ?? []) };
  } finally {
    await store.close();
  }
}

const fix = ['correct', '--tournament', TOURNAMENT, '--game', GAME, '--hand', '1', '--mode', 'adjustment'];
const why = ['--wrong', 'an undeclared flower', '--reason', 'ruled at the table'];

describe('cli correct', () => {
  it('given a settled hand, when N is charged 300 to W with --preview, then it shows +300 / -300 and writes nothing; run for real, the hand moves exactly so', async () => {
    const before = await hand1();
    const preview = await cli(...fix, '--transfer', 'N>W:300', ...why, '--preview');
    expect(preview.status).toBe(0);
    const seat = (s: string) => preview.json.seats.find((x: { seat: string }) => x.seat === s);
    expect(seat('W')).toMatchObject({
      before: before.net.W ?? 0,
      after: (before.net.W ?? 0) + 300,
      delta: 300,
    });
    expect(seat('N')).toMatchObject({ delta: -300 });
    expect(
      preview.json.standings.changed.map((c: { delta: { points: number } }) => c.delta.points).sort(),
    ).toEqual([-300, 300].sort());
    expect((await hand1()).count).toBe(before.count);

    const done = await cli(...fix, '--transfer', 'N>W:300', ...why);
    expect(done.status).toBe(0);
    expect(done.json.hand.events[0]).toMatchObject({
      type: 'SettlementCorrected',
      data: { mode: 'adjustment' },
    });
    const after = await hand1();
    expect(after.count).toBe(before.count + 1);
    expect((after.net.W ?? 0) - (before.net.W ?? 0)).toBe(300);
    expect((after.net.N ?? 0) - (before.net.N ?? 0)).toBe(-300);
  }, 90_000);

  it('given points that sum to 100, or a seat nobody holds, then exit 2 naming it, nothing written', async () => {
    const before = await hand1();
    const uneven = await cli(...fix, '--points', 'N=-300,W=400', ...why);
    expect(uneven.status).toBe(2);
    expect(uneven.json.error).toMatchObject({
      field: '--points',
      message: 'the points per seat sum to 100, not 0',
    });
    const both = await cli(...fix, '--points', 'N=-300,W=300', '--transfer', 'N>W:300', ...why);
    expect(both.status).toBe(2);
    expect(both.json.error.field).toBe('--transfer');
    expect((await hand1()).count).toBe(before.count);
  }, 60_000);
});

describe('cli amend', () => {
  it('given an unknown option, a bad value or a play option over played hands, then exit 2 naming options.<name>', async () => {
    const before = await hand1();
    const amend = (...set: string[]) => cli('amend', '--tournament', TOURNAMENT, '--reason', 'x', ...set);
    const unknown = await amend('--set', 'tsumoBonus=100');
    expect([unknown.status, unknown.json.error.code]).toEqual([2, 'unknown-option']);
    expect(unknown.json.error.message).toMatch(/^options\.tsumoBonus: /);
    const bad = await amend('--set', 'limit=-5');
    expect([bad.status, bad.json.error.code]).toEqual([2, 'bad-option-value']);
    expect(bad.json.error.message).toMatch(/^options\.limit: /);
    const play = await amend('--set', 'sacredDiscard=false');
    expect([play.status, play.json.error.code]).toEqual([2, 'amendment-not-retroactive']);
    expect(play.json.error.message).toContain('scope next-hand');
    const scope = await amend('--set', 'limit=6000', '--scope', 'round:x');
    expect([scope.status, scope.json.error.field]).toEqual([2, '--scope']);
    expect((await hand1()).count).toBe(before.count);
  }, 90_000);

  it('given the ready-hand payment amended (seed 003: 1000 at an exhaustive draw), then the recompute runs in the command and reports its counts', async () => {
    const done = await cli(
      'amend',
      '--tournament',
      TOURNAMENT,
      '--set',
      'readyHandPayment=200',
      '--reason',
      'house',
    );
    expect(done.status).toBe(0);
    expect(done.json.events[0]).toMatchObject({
      type: 'RulesetAmended',
      data: { changes: { readyHandPayment: { from: 1000, to: 200 } } },
    });
    const { hands, corrected, unchanged, kept, refused } = done.json.applied;
    expect(hands).toBe(corrected + unchanged + kept + refused);
    expect(corrected).toBeGreaterThan(0);
  }, 90_000);
});
