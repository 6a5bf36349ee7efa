// The recompute on a real SQLite store, with the in-process queue: a four-seas tournament played by bots under
// head-bump, amended to score-priority, then back; its hands settled in the calling thread, and shared out to
// threads (threads.ts; from one hand on, where the default waits for 1,024).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { TournamentState } from '../../domain/tournament/index.ts';
import { runDemo } from '../demo/run-demo.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { createPlatform } from '../platform.ts';
import { createJobQueue } from '../queue/index.ts';
import type { AmendmentJob } from './recompute.ts';
import { Amendments } from './service.ts';

const ORGANIZER = { role: 'organizer', id: 'o' } as const;

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Every table's result, round by round. */
const tableScores = (state: TournamentState) => state.rounds.flatMap((r) => r.tables.map((t) => t.scores));

describe.each([
  { where: 'in the calling thread', threadedFrom: Number.POSITIVE_INFINITY },
  { where: 'in threads', threadedFrom: 1 },
])('an amendment recomputed $where', ({ threadedFrom }) => {
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
    const amendments = new Amendments(platform, queue, { threadedFrom });
    const worker = amendments.work();
    try {
      const amend = async (amendmentId: string, multipleWinners: string) => {
        let heardCompletion = () => {};
        const completed = new Promise<void>((resolve) => {
          heardCompletion = resolve;
        });
        await queue.onEvent(
          (e) => e.kind === 'completed' && e.id.endsWith(`.${amendmentId}`) && heardCompletion(),
        );
        const { outcome, job } = await amendments.amend(
          demo.tournamentId,
          {
            type: 'AmendRuleset',
            amendmentId,
            changes: { multipleWinners },
            scope: { kind: 'event' },
            reason: `seed 000: ${multipleWinners}`,
            at: platform.now(),
            by: ORGANIZER,
          },
          ORGANIZER,
          { commandId: `c-${amendmentId}`, correlationId: amendmentId },
        );
        expect(outcome.status).toBe('appended');
        expect(job?.added).toBe(true);
        await completed;
        const { state } = await platform.tournaments.current(demo.tournamentId);
        return { state, applied: state.amendments.find((a) => a.amendmentId === amendmentId)!.applied! };
      };
      const before = (await platform.tournaments.current(demo.tournamentId)).state;

      const priority = await amend('a1', 'score-priority');
      // Some hand was won by two claims on one discard: score priority pays one winner where head-bump paid…
      expect(priority.applied.corrected).toBeGreaterThan(0);
      expect(priority.applied.hands).toBe(priority.applied.corrected + priority.applied.unchanged);
      expect(tableScores(priority.state)).not.toEqual(tableScores(before));

      const back = await amend('a2', 'head-bump');
      // …and head-bump again settles those same hands as they were first settled.
      expect(back.applied.corrected).toBe(priority.applied.corrected);
      expect(tableScores(back.state)).toEqual(tableScores(before));
    } finally {
      await worker.close();
      await queue.close();
      platform.close();
      await store.close();
    }
  }, 120_000);
});
