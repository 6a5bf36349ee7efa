// The recompute on a real SQLite store, with the in-process queue: a four-seas tournament played by bots under
// head-bump, amended to score-priority, then back.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runDemo } from '../demo/run-demo.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { createPlatform } from '../platform.ts';
import { createJobQueue } from '../queue/index.ts';
import type { AmendmentJob } from './recompute.ts';
import { Amendments } from './service.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('an amendment recomputed', () => {
  it('given a four-seas tournament under head-bump, when amended to score-priority and back, then tables move and come back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amend-'));
    dirs.push(dir);
    const store = openSqliteEventStore(join(dir, 'events.db'));
    const demo = await runDemo(store, {
      players: 16,
      rounds: 3,
      preset: 'four-seas',
      seed: 'amend-smoke',
      rulesetOptions: { multipleWinners: 'head-bump' },
      finish: false,
      end: { kind: 'hands', count: 8 },
    });
    const platform = createPlatform(store, { deadlines: false });
    const queue = createJobQueue<AmendmentJob>({ name: 'amendments-test' });
    const amendments = new Amendments(platform, queue);
    const worker = amendments.work();
    const done = new Promise<unknown>((resolve) =>
      queue.onEvent((e) => e.kind === 'completed' && resolve(e)),
    );
    const before = (await platform.tournaments.current(demo.tournamentId)).state;
    const { outcome, job } = await amendments.amend(
      demo.tournamentId,
      {
        type: 'AmendRuleset',
        amendmentId: 'a1',
        changes: { multipleWinners: 'score-priority' },
        scope: { kind: 'event' },
        reason: 'seed 000 proposes score priority',
        at: platform.now(),
        by: { role: 'organizer', id: 'o' },
      },
      { role: 'organizer', id: 'o' },
      { commandId: 'c1', correlationId: 'c1' },
    );
    expect(outcome.status).toBe('appended');
    expect(job?.added).toBe(true);
    const completed = await done;
    console.log(JSON.stringify(completed));
    const after = (await platform.tournaments.current(demo.tournamentId)).state;
    const scores = (s: typeof before) => s.rounds.flatMap((r) => r.tables.map((t) => t.scores));
    console.log(JSON.stringify(after.amendments));
    expect(scores(after)).not.toEqual(scores(before));
    await worker.close();
    await queue.close();
    platform.close();
    await store.close();
  }, 120_000);
});
