// Faults: a recompute must let its process's event loop turn. On SQLite every read and append answers at once,
// so a pass that never turns runs as one chain of resolved promises: a server running it answers no request
// until it ends (POST …/amendments itself answered only after the whole recompute), and a BullMQ worker renews
// no lock, so with a short QUEUE_LOCK_MS its live job is taken back and run again (worker-killed.test.ts counts
// the runs). Here, timers are seen to fire while the recompute runs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recomputeAmendment } from '../../services/amendments/recompute.ts';
import type { EventStore } from '../../services/eventstore/port.ts';
import { createPlatform, type Platform } from '../../services/platform.ts';
import { amendCommand, buildTournament, ORGANIZER, sqliteStoreOf, TempDirs } from './support.ts';

const AMENDMENT = 'east-undoubled';
/** 6 tables × 2 rounds × 12 hands: 144 hands, a few hundred milliseconds of recompute (142 ms at 8 hands on Node 24). */
const SHAPE = { players: 24, rounds: 2, hands: 12, seed: 'faults-loop' } as const;
const TICK_MS = 10;
/** Four of turns.ts's 50 ms slices: room for a slow machine, far below a run that never turns. */
const MAX_GAP_MS = 200;

describe('a recompute on SQLite and the event loop of its process', () => {
  const temp = new TempDirs('faults-loop-');
  let store: EventStore;
  let platform: Platform;
  let tournamentId: string;

  beforeAll(async () => {
    store = sqliteStoreOf(temp.dir('data'));
    tournamentId = await buildTournament(store, SHAPE);
    platform = createPlatform(store, { deadlines: false, movesTablesOn: false });
    const outcome = await platform.tournaments.command(tournamentId, amendCommand(AMENDMENT), ORGANIZER, {
      commandId: `test:${AMENDMENT}`,
      correlationId: AMENDMENT,
    });
    expect(outcome.status).toBe('appended');
  }, 60_000);

  afterAll(async () => {
    platform?.close();
    await store?.close();
    temp.remove();
  });

  it('when it runs, then timers of the same process fire meanwhile', async () => {
    const started = Date.now();
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(Date.now() - started), TICK_MS);
    let applied: Awaited<ReturnType<typeof recomputeAmendment>>;
    try {
      applied = await recomputeAmendment(platform, { tournamentId, amendmentId: AMENDMENT });
    } finally {
      clearInterval(timer);
    }
    const took = Date.now() - started;
    console.log(`event-loop: the recompute took ${took} ms; timers fired at ${ticks.join(', ')} ms`);
    expect(applied.corrected).toBeGreaterThan(60);
    // Long enough that a pass which never turns would have let no timer fire at all.
    expect(took).toBeGreaterThan(100);
    expect(ticks.length, `no tick in ${took} ms`).toBeGreaterThanOrEqual(1);
    // And it turns all along, not once: no stretch of the run, from its start to its end, went without a tick
    // for more than a few of the recompute's slices (turns.ts, 50 ms), however fast this machine runs it.
    const seen = [0, ...ticks, took];
    const longest = Math.max(...seen.slice(1).map((at, i) => at - seen[i]!));
    expect(longest, `ticks at ${ticks.join(' ')} in ${took} ms`).toBeLessThanOrEqual(MAX_GAP_MS);
  });
});
