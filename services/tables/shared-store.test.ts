// Two table services on one store, as two server processes would run: either decides commands on any table
// (a copy behind the store reads what it lacks first), only the lease holder times claim windows, and a
// table whose holder died is taken over once its lease expires, its overdue window closed as passes.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StartGame } from '../../domain/play/game/index.ts';
import { handStream } from '../../domain/play/metadata.ts';
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { openSqliteApiDatabase } from '../api/db.ts';
import { botCommandFor } from '../bots/agent.ts';
import { createBot } from '../bots/index.ts';
import { seatViewOf } from '../bots/seat-view.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { seatWindsOfLoaded } from './bot-seats.ts';
import type { TableLeases } from './leases/port.ts';
import { openSqlLeases } from './leases/sql-leases.ts';
import { LiveTables } from './live-tables.ts';

const LEASE_MS = 600;
const SYSTEM = { role: 'system', id: 'test' } as const;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const ids = (commandId: string) => ({ commandId, correlationId: 'test' });

let dir: string;
const stores: EventStore[] = [];
const dbs: Kysely<unknown>[] = [];
const services: LiveTables[] = [];
const leases: TableLeases[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-shared-tables-'));
});

afterEach(async () => {
  for (const tables of services.splice(0)) tables.close();
  for (const lease of leases.splice(0)) await lease.close();
  for (const store of stores.splice(0)) await store.close();
  for (const db of dbs.splice(0)) await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** A process: its own store connection, lease table connection and table service. */
async function process(owner: string, options: { renew?: boolean } = {}) {
  const store = openSqliteEventStore(join(dir, 'events.db'));
  const db = (await openSqliteApiDatabase(join(dir, 'api.db'))) as unknown as Kysely<unknown>;
  const lease = await openSqlLeases(db, { leaseMs: LEASE_MS, owner });
  const tables = new LiveTables(store, { deadlines: true, leases: lease });
  if (options.renew !== false) lease.start((lost) => tables.leasesLost(lost));
  stores.push(store);
  dbs.push(db);
  services.push(tables);
  leases.push(lease);
  return { store, lease, tables };
}

function startGame(gameId: string, claimDeadlineMs: number): StartGame {
  return {
    type: 'StartGame',
    gameId,
    tournamentId: null,
    ruleset: rulesetOf('hu-mahjong', { claimDeadlineMs }),
    players: ['ana', 'bo', 'cy', 'di'].map((playerId, i) => ({
      playerId,
      seat: (['E', 'S', 'W', 'N'] as const)[i]!,
    })),
    end: { kind: 'hands', count: 1 },
    at: new Date().toISOString(),
  };
}

/** The turn's seat plays its bot's move through `tables`; undefined once a claim window is open. */
async function playTurn(tables: LiveTables, gameId: string, step: number) {
  const { hand } = await tables.snapshot(gameId);
  const state = hand!.state;
  if (state.phase.kind !== 'turn') return undefined;
  const seat = state.phase.seat;
  const command = botCommandFor(
    seat,
    seatViewOf(state, seat),
    createBot(`shared:${seatWindsOfLoaded(hand)[seat]}`),
    new Date().toISOString(),
    () => ({}),
    { selfDraw: true },
  );
  return tables.act(gameId, command!, { role: 'player', seat }, ids(`step-${step}`), hand!.revision);
}

describe('two table services on one store', () => {
  it('given a table started on A, when its turns go through A and B by turns, then every command is appended once and both read the same hand', async () => {
    const a = await process('a');
    const b = await process('b');
    await a.tables.startGame(startGame('g-both', 60_000), SYSTEM, ids('start'));
    expect(a.lease.holds('g-both')).toBe(true);

    let steps = 0;
    for (let step = 0; step < 30; step++) {
      // Each move through the process that did not make the last one, pinned to the revision it read there.
      const outcome = await playTurn(step % 2 === 0 ? b.tables : a.tables, 'g-both', step);
      if (outcome === undefined) break;
      expect(outcome.status).toBe('appended');
      steps++;
    }

    expect(steps).toBeGreaterThan(0);
    const [fromA, fromB] = [await a.tables.snapshot('g-both'), await b.tables.snapshot('g-both')];
    const stored = await a.store.readStream(handStream('g-both', 1));
    expect(fromA.hand!.revision).toBe(stored.at(-1)!.revision);
    expect(fromB.hand!.revision).toBe(stored.at(-1)!.revision);
    expect(fromB.hand!.state).toEqual(fromA.hand!.state);
    const causes = stored.map((e) => e.metadata.causationId as string);
    const steps_ = causes.filter((c) => c.startsWith('step-'));
    expect(new Set(steps_).size).toBe(steps);
    // B never took the lease: the table's clock stayed on A.
    expect(b.lease.holds('g-both')).toBe(false);
  });

  it('given A holds a table whose claim window is open and A dies, when its lease expires, then B takes it over and closes the overdue window as passes, once', async () => {
    const a = await process('a', { renew: false });
    const b = await process('b');
    await a.tables.startGame(startGame('g-dies', 200), SYSTEM, ids('start'));
    for (let step = 0; step < 40; step++) if ((await playTurn(a.tables, 'g-dies', step)) === undefined) break;
    const open = (await a.tables.snapshot('g-dies')).hand!;
    expect(open.state.phase.kind).toBe('claim-window');
    // B serves the table's reads meanwhile: its copy is in memory when it takes the table over.
    expect((await b.tables.snapshot('g-dies')).hand!.revision).toBe(open.revision);
    // A dies: its timers stop with it, and nobody renews its lease.
    a.tables.close();
    expect(await b.tables.takeOverExpired()).toEqual([]);

    await sleep(LEASE_MS + 100);
    const taken = await b.tables.takeOverExpired();

    expect(taken).toEqual(['g-dies']);
    expect(b.lease.holds('g-dies')).toBe(true);
    const deadline = Date.now() + 3000;
    let types: string[] = [];
    while (Date.now() < deadline) {
      types = (await b.store.readStream(handStream('g-dies', 1))).map((e) => e.type);
      if (types.includes('ClaimTimedOut')) break;
      await sleep(20);
    }
    const stored = await b.store.readStream(handStream('g-dies', 1));
    const closing = stored.filter((e) => e.type === 'ClaimTimedOut');
    expect(closing.length).toBeGreaterThan(0);
    // Closed after the window's deadline passed, and by one command only.
    expect(new Set(closing.map((e) => e.metadata.causationId)).size).toBe(1);
    expect(closing[0]!.revision).toBeGreaterThan(open.revision);
    const after = (await b.tables.snapshot('g-dies')).hand!;
    expect(after.state.phase.kind).not.toBe('claim-window');
  });
});
