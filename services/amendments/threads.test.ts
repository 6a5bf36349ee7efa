// An amendment's recompute shared out to threads (threads.ts) decides what the calling thread alone decides:
// given a four-seas tournament played by bots on a store that can be opened again (a SQLite file; a
// PostgreSQL schema), when every hand is recomputed in threads and then in the calling thread, then each hand
// gets the same result, in the same order, and every hand to correct comes with its stream read.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { postgresUrl } from '../../test/support/services.ts';
import { runDemo } from '../demo/run-demo.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openPostgresEventStore } from '../eventstore/postgres.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { createPlatform } from '../platform.ts';
import { load } from '../play/table.ts';
import { TOURNAMENT_AGGREGATE } from '../tournament/service.ts';
import { amendmentPositions, recomputesInScope } from './hands.ts';
import { recomputeInThreads, threadsFor } from './threads.ts';

const ORGANIZER = { role: 'organizer', id: 'o' } as const;
const cores = availableParallelism();
if (cores < 2) console.warn(`skip: ${cores} core: a recompute is never shared out to threads here`);
const url = await postgresUrl();

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Bots play a small four-seas tournament; the amendment (every discard win paid three times) is recorded. */
async function playedAndAmended(store: EventStore, players: number, rounds: number, hands: number) {
  const demo = await runDemo(store, {
    players,
    rounds,
    preset: 'four-seas',
    seed: 'threads',
    finish: false,
    end: { kind: 'hands', count: hands },
  });
  const platform = createPlatform(store, { deadlines: false });
  const outcome = await platform.tournaments.command(
    demo.tournamentId,
    {
      type: 'AmendRuleset',
      amendmentId: 'a1',
      changes: { discardMultiplier: 3 },
      scope: { kind: 'event' },
      reason: 'discards pay three times',
      at: platform.now(),
      by: ORGANIZER,
    },
    ORGANIZER,
    { commandId: 'c1', correlationId: 'c1' },
  );
  platform.close();
  expect(outcome.status).toBe('appended');
  const tournament = await load(store, tournamentStream(demo.tournamentId), TOURNAMENT_AGGREGATE);
  const amendment = tournament.state.amendments.find((a) => a.amendmentId === 'a1')!;
  return { state: tournament.state, positions: amendmentPositions(tournament), amendment };
}

/** Every hand's result as recomputesInScope yields it, with how many events were read for it. */
async function recomputed(
  store: EventStore,
  amended: Awaited<ReturnType<typeof playedAndAmended>>,
  threadedFrom: number,
) {
  const out: { hand: string; result: unknown; read: number | undefined; done: number }[] = [];
  for await (const r of recomputesInScope(store, amended.state, amended.positions, amended.amendment, {
    threadedFrom,
  }))
    out.push({
      hand: `${r.scoped.gameId}#${r.scoped.hand}`,
      result: r.result,
      read: r.found?.stored.length,
      done: r.done,
    });
  return out;
}

async function expectThreadsAgree(store: EventStore, amended: Awaited<ReturnType<typeof playedAndAmended>>) {
  const alone = await recomputed(store, amended, Number.POSITIVE_INFINITY);
  expect(threadsFor(store, alone.length, 1)?.count).toBeGreaterThanOrEqual(2);
  const threaded = await recomputed(store, amended, 1);
  expect(threaded.map((r) => [r.hand, r.result, r.done])).toEqual(
    alone.map((r) => [r.hand, r.result, r.done]),
  );
  const changed = threaded.filter((r) => (r.result as { kind: string }).kind === 'changed');
  // The comparison means something only if some hands change: every discard win pays more.
  expect(changed.length).toBeGreaterThan(0);
  for (const r of changed) expect(r.read).toBeGreaterThan(0);
}

describe.skipIf(cores < 2)('a recompute shared out to threads', () => {
  it('given a tournament on a SQLite file, when recomputed in threads and alone, then every hand gets the same result in the same order', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amend-threads-'));
    dirs.push(dir);
    const store = openSqliteEventStore(join(dir, 'events.db'));
    try {
      await expectThreadsAgree(store, await playedAndAmended(store, 16, 2, 6));
    } finally {
      await store.close();
    }
  }, 120_000);

  it.skipIf(url === undefined)(
    'given a tournament in a PostgreSQL schema, when recomputed in threads and alone, then every hand gets the same result',
    async () => {
      const schema = `amend_threads_${process.pid}_${randomBytes(4).toString('hex')}`;
      const store = await openPostgresEventStore(url!, { schema });
      try {
        await expectThreadsAgree(store, await playedAndAmended(store, 8, 1, 4));
      } finally {
        await store.close();
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await admin.end();
      }
    },
    120_000,
  );

  it('given a thread that cannot open the store, when a result is asked for, then it is refused with the reason', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'amend-threads-'));
    dirs.push(dir);
    const results = recomputeInThreads(
      { address: { kind: 'sqlite', file: join(dir, 'missing.db') }, count: 2 },
      // No hand is reached: the thread fails opening the store.
      { scoped: [], state: {} as never, positions: new Map(), amendment: {} as never },
    );
    try {
      await expect(results.of(0)).rejects.toThrow(/a recompute thread failed: .*missing\.db|unable to open/);
    } finally {
      await results.close();
    }
  });
});
