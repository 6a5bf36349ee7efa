// An amendment's preview is what its recompute then does: asked over HTTP and with `cli amend --preview` (a
// process of its own on the server's DATA_DIR) before the amendment is made, both alike and neither writing
// anything; then the amendment made and its recompute run by the server. Per hand the preview's changes are
// the SettlementCorrected deltas written, per player its totals are the change in standings points, and its
// standings after are the standings after the job. Seed 'b2' (four-seas under head-bump, 16 players, 3
// rounds of 8 hands): five hands with two win claims on one discard, which score priority settles otherwise.
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayEventOf } from '../../domain/play/events.ts';
import { handStream } from '../../domain/play/metadata.ts';
import { runDemo } from '../../services/demo/run-demo.ts';
import { sqliteBackend, type TestServer } from './servers.ts';
import { difference, eventsOfTypes, headOf, type Json, waitFor } from './support.ts';

const SEED = 'b2';
const TOURNAMENT = `demo-${SEED}`;
const AMENDMENTS = `/api/tournaments/${TOURNAMENT}/amendments`;
const AMENDMENT = {
  amendmentId: 'priority',
  changes: { multipleWinners: 'score-priority' },
  scope: { kind: 'event' },
  reason: 'seed 000: score priority without excluding wins',
};
const root = resolve(import.meta.dirname, '../..');
/** A bound for the CLI to do its work on a loaded machine: waited for, not measured. */
const CLI_BOUND_MS = 120_000;

/** `cli amend … --preview` on the DATA_DIR: its exit status and the JSON it printed. */
function cliPreview(dataDir: string): Promise<{ status: number | null; preview: Json; stderr: string }> {
  const args = ['amend', '--tournament', TOURNAMENT, '--set', 'multipleWinners=score-priority'];
  args.push('--reason', AMENDMENT.reason, '--id', AMENDMENT.amendmentId, '--preview');
  const child = spawn(process.execPath, ['--import', 'tsx', 'services/cli.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', KURRENTDB_URL: '', REDIS_URL: '', PORT: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  return new Promise((resolvePromise, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`cli amend --preview still running after ${CLI_BOUND_MS} ms: ${stderr}`));
    }, CLI_BOUND_MS);
    child.once('exit', (status) => {
      clearTimeout(timer);
      try {
        resolvePromise({ status, preview: JSON.parse(stdout), stderr });
      } catch {
        reject(new Error(`cli amend --preview printed no JSON (exit ${status}): ${stdout}\n${stderr}`));
      }
    });
  });
}

/** Points per player as the standings rows give them. */
const pointsOf = (rows: readonly Json[]): Record<string, number> =>
  Object.fromEntries(rows.map((r) => [r.playerId, r.points]));

describe('given a four-seas tournament played under head-bump, on a running server (SQLite)', () => {
  let t: TestServer;
  let http: Json;
  let cli: Awaited<ReturnType<typeof cliPreview>>;
  let untouched: { head: bigint; revision: number };
  let written: { head: bigint; revision: number };
  let before: Json[];
  let after: Json[];
  let corrections: Map<string, PlayEventOf<'SettlementCorrected'>['data']>;
  let applied: Json;

  const standings = async (): Promise<Json[]> => {
    await t.server.projections.catchUp();
    return (await t.call('GET', `/api/tournaments/${TOURNAMENT}/standings`)).body.standings;
  };
  const state = async () => ({
    head: await headOf(t.server.platform.store),
    revision: (await t.call('GET', `/api/tournaments/${TOURNAMENT}`)).body.revision as number,
  });

  beforeAll(async () => {
    t = await sqliteBackend.start((store) =>
      runDemo(store, {
        players: 16,
        rounds: 3,
        preset: 'four-seas',
        seed: SEED,
        rulesetOptions: { multipleWinners: 'head-bump' },
        finish: false,
        seating: 'random',
        end: { kind: 'hands', count: 8 },
      }),
    );
    before = await standings();
    untouched = await state();
    const previewed = await t.call('POST', `${AMENDMENTS}/preview`, AMENDMENT);
    if (previewed.status !== 200)
      throw new Error(`preview: ${previewed.status} ${JSON.stringify(previewed.body)}`);
    http = previewed.body;
    cli = await cliPreview(t.dataDir);
    written = await state();

    const made = await t.call('POST', AMENDMENTS, AMENDMENT);
    if (made.status !== 201) throw new Error(`amend: ${made.status} ${JSON.stringify(made.body)}`);
    await waitFor(async () => {
      const { body } = await t.call('GET', AMENDMENTS);
      applied = body.amendments.find((a: Json) => a.amendmentId === AMENDMENT.amendmentId)?.applied;
      return applied !== undefined;
    }, 'the recompute to be applied');
    after = await standings();
    corrections = new Map(
      (await eventsOfTypes(t.server.platform.store, ['SettlementCorrected'])).map((e) => [
        e.stream,
        e.data as PlayEventOf<'SettlementCorrected'>['data'],
      ]),
    );
  }, 240_000);

  afterAll(() => t?.close(), 60_000);

  it('then previewing over HTTP and on the command line writes nothing, and both previews are the same', () => {
    expect(written).toEqual(untouched);
    expect(cli.status, cli.stderr).toBe(0);
    const { amendment: fromCli, ...restCli } = cli.preview;
    const { amendment: fromHttp, ...restHttp } = http;
    expect(restCli).toEqual(restHttp);
    // The same amendment, by another organizer.
    expect({ ...fromCli, amendedBy: null }).toEqual({ ...fromHttp, amendedBy: null });
    expect(http.hands.length).toBeGreaterThanOrEqual(3);
  });

  it('then the recompute corrects exactly the hands the preview listed, each by the deltas it showed', () => {
    expect([...corrections.keys()].sort()).toEqual(
      http.hands.map((h: Json) => handStream(h.gameId, h.hand)).sort(),
    );
    for (const hand of http.hands) {
      const stream = handStream(hand.gameId, hand.hand);
      const shown = Object.fromEntries(
        hand.seats.filter((s: Json) => s.delta !== 0).map((s: Json) => [s.seat, s.delta]),
      );
      expect(corrections.get(stream)!.deltas, stream).toEqual(shown);
      expect(corrections.get(stream)!.amendmentId).toBe(AMENDMENT.amendmentId);
      for (const seat of hand.seats)
        expect(seat.after - seat.before, `${stream} ${seat.seat}`).toBe(seat.delta);
    }
    expect(applied).toEqual({
      amendmentId: AMENDMENT.amendmentId,
      hands: http.counts.hands,
      corrected: http.counts.changed,
      unchanged: http.counts.unchanged,
      kept: http.counts.kept,
      refused: http.counts.refused,
    });
  });

  it('then per player the preview’s totals are the change in standings points, and its standings are the standings before and after', () => {
    const shown = Object.fromEntries(
      http.players.filter((p: Json) => p.delta !== 0).map((p: Json) => [p.playerId, p.delta]),
    );
    expect(Object.keys(shown).length).toBeGreaterThan(0);
    expect(difference(pointsOf(before), pointsOf(after))).toEqual(shown);
    expect(http.standings.before).toEqual(before);
    expect(http.standings.after).toEqual(after);
    for (const change of http.standings.changed)
      expect(change.delta.points, change.playerId).toBe(shown[change.playerId] ?? 0);
  });
});
