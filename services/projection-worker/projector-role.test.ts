// The projector's lock beside other processes, on a real PostgreSQL database of its own (advisory locks and
// notifications are scoped to a database): one process holds it at a time, the others hear how far the holder
// projected, and following the store they hand each event on without projecting it themselves; when the holder
// goes, another takes the lock and projects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS, createRunner, openReadModels, type ReadModels } from '../../projections/index.ts';
import { writeTournament } from '../../projections/test-support/tournament.ts';
import { postgresUrl, throwawayDatabase } from '../../test/support/services.ts';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import { openPostgresEventStore } from '../eventstore/postgres.ts';
import { followStore } from '../follow-store.ts';
import { openProjectorRole, type ProjectorRole } from './projector-role.ts';

const base = await postgresUrl();
let database: { url: string; drop: () => Promise<void> } | undefined;

beforeAll(async () => {
  if (base !== undefined) database = await throwawayDatabase(base, 'ml_projector');
});
afterAll(async () => {
  await database?.drop();
});

const noErrors = (error: unknown) => {
  throw error;
};

async function eventually(check: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('not within the bound');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(base === undefined)('the projector role on PostgreSQL', () => {
  it('given two processes, then one holds the lock; when it closes, the other takes it', async () => {
    const first = await openProjectorRole(database!.url, noErrors, { retryMs: 50 });
    const second = await openProjectorRole(database!.url, noErrors, { retryMs: 50 });
    try {
      expect([first.holds(), second.holds()]).toEqual([true, false]);

      await first.close();

      await eventually(() => second.holds());
      expect(first.holds()).toBe(false);
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('given the holder announces a position, then another hears it; a position never announced is not reached', async () => {
    const holder = await openProjectorRole(database!.url, noErrors);
    const other = await openProjectorRole(database!.url, noErrors);
    try {
      const heard = other.until(41n, 10_000);
      holder.announce(40n);
      holder.announce(42n);

      expect(await heard).toBe(true);
      expect(await other.until(43n, 50)).toBe(false);
    } finally {
      await holder.close();
      await other.close();
    }
  });

  it('given two processes following one store, then only the holder projects and the other hands each event on once the read models reach it; when the holder goes, the other projects', async () => {
    const url = database!.url;
    const store: EventStore = await openPostgresEventStore(url, { schema: 'events_follow' });
    const readModels: ReadModels = await openReadModels({ kind: 'postgres', url, schema: 'read_follow' });
    const processes: {
      role: ProjectorRole;
      committed: number;
      handed: { position: bigint; reached: bigint }[];
      close(): Promise<void>;
    }[] = [];
    const lowestCheckpoint = async () =>
      await createRunner({
        db: readModels,
        readAll: (o) => store.readAll(o),
        projections: ALL_PROJECTIONS,
      }).lowestCheckpoint();
    for (let i = 0; i < 2; i++) {
      // The second waits as long as the test may: it must never need to project while the first is there.
      const role = await openProjectorRole(url, noErrors, { retryMs: 50, deferMs: i === 0 ? 500 : 30_000 });
      const process = {
        role,
        committed: 0,
        handed: [] as { position: bigint; reached: bigint }[],
      } as (typeof processes)[number];
      const runner = createRunner({
        db: readModels,
        readAll: (o) => store.readAll(o),
        projections: ALL_PROJECTIONS,
        onCommitted: () => {
          process.committed++;
        },
      });
      await runner.catchUp();
      const following = await followStore(
        runner,
        store,
        noErrors,
        (event: StoredEvent) => {
          // Read as the event is handed on (a read that only ever sees the checkpoints move forward).
          const handed = { position: event.position, reached: -1n };
          process.handed.push(handed);
          void lowestCheckpoint().then((reached) => {
            handed.reached = reached;
          });
        },
        { role },
      );
      process.close = async () => {
        await following.close();
        await role.close();
      };
      processes.push(process);
    }
    const [holder, other] = processes as [(typeof processes)[0], (typeof processes)[0]];
    try {
      expect([holder.role.holds(), other.role.holds()]).toEqual([true, false]);
      await writeTournament(store, { tournamentId: 'spring', seed: 'projector', rounds: 1, handsPerGame: 1 });
      const events = await store.readAll();
      // Every event handed on by both, and each hand-on's read of the checkpoints answered (it runs apart).
      await eventually(
        () =>
          holder.handed.length === events.length &&
          other.handed.length === events.length &&
          other.handed.every((h) => h.reached !== -1n),
        30_000,
      );

      expect(holder.committed).toBeGreaterThan(0);
      expect(other.committed).toBe(0);
      expect(other.handed.map((h) => h.position)).toEqual(events.map((e) => e.position));
      for (const h of other.handed) expect(h.reached).toBeGreaterThanOrEqual(h.position);

      // The holder goes: the other takes the lock and projects what comes next itself.
      await holder.close();
      await eventually(() => other.role.holds());
      await writeTournament(store, {
        tournamentId: 'summer',
        seed: 'projector-2',
        rounds: 1,
        handsPerGame: 1,
      });
      const all = await store.readAll();
      await eventually(async () => (await lowestCheckpoint()) === all.at(-1)!.position, 30_000);
      expect(other.committed).toBeGreaterThan(0);
    } finally {
      for (const p of processes) await p.close();
      await readModels.destroy();
      await store.close();
    }
  }, 60_000);
});
