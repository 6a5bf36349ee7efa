// Two table services on one store, as two server processes would run: either decides commands on any table
// (a copy behind the store reads what it lacks first), only the lease holder times claim windows, and a
// table whose holder died is taken over once its lease expires, its overdue window closed as passes.
import { EventEmitter } from 'node:events';
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
import { type EventStore, WrongExpectedVersion } from '../eventstore/port.ts';
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

/** A process: its own store connection (its stream reads counted), lease table connection and table service. */
async function process(owner: string, options: { renew?: boolean } = {}) {
  const reads = { count: 0 };
  const store = countingReads(openSqliteEventStore(join(dir, 'events.db')), reads);
  const db = (await openSqliteApiDatabase(join(dir, 'api.db'))) as unknown as Kysely<unknown>;
  const lease = await openSqlLeases(db, { leaseMs: LEASE_MS, owner });
  const tables = new LiveTables(store, { deadlines: true, leases: lease });
  if (options.renew !== false) lease.start((lost) => tables.leasesLost(lost));
  stores.push(store);
  dbs.push(db);
  services.push(tables);
  leases.push(lease);
  return { store, lease, tables, reads };
}

function countingReads(store: EventStore, reads: { count: number }): EventStore {
  return new Proxy(store, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (key !== 'readStream' || typeof value !== 'function') return value;
      return (...args: Parameters<EventStore['readStream']>) => {
        reads.count += 1;
        return value.apply(target, args);
      };
    },
  });
}

/** `work` served as one client request (LiveTables.forRequest), the request closed when it is done. */
function inRequest<T>(tables: LiveTables, work: () => Promise<T>): Promise<T> {
  const res = new EventEmitter();
  return new Promise<T>((done, fail) =>
    tables.forRequest(res, () => {
      work().then(done, fail);
    }),
  ).finally(() => res.emit('close'));
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
async function playTurn(tables: LiveTables, gameId: string, step: number, commandId = `step-${step}`) {
  const { hand } = await tables.snapshot(gameId);
  const move = botMove(hand!);
  if (move === undefined) return undefined;
  return tables.act(
    gameId,
    move.command,
    { role: 'player', seat: move.seat },
    ids(commandId),
    hand!.revision,
  );
}

/** The events a command appended (it must have). */
function appended(outcome: Awaited<ReturnType<typeof playTurn>>) {
  if (outcome?.status !== 'appended') throw new Error(`expected the move appended, got ${outcome?.status}`);
  return outcome.stored;
}

/** The bot's move for the seat whose turn it is in this copy of the hand; undefined in a claim window. */
function botMove(hand: NonNullable<Awaited<ReturnType<LiveTables['snapshot']>>['hand']>) {
  const state = hand.state;
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
  return { seat, command: command! };
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

describe('a client request beside another process', () => {
  async function tableOnBoth() {
    const a = await process('a');
    const b = await process('b');
    await a.tables.startGame(startGame('g-req', 60_000), SYSTEM, ids('start'));
    await b.tables.snapshot('g-req');
    return { a, b };
  }

  it('given a table both processes hold, when one request asks B for it three times, then B reads the store once for it (two streams), not once per ask', async () => {
    const { b } = await tableOnBoth();
    const before = b.reads.count;

    await inRequest(b.tables, async () => {
      await b.tables.snapshot('g-req');
      await b.tables.snapshot('g-req');
      await b.tables.snapshot('g-req');
    });

    // The game's stream and the hand's.
    expect(b.reads.count - before).toBe(2);
    // Outside a request every ask reads.
    await b.tables.snapshot('g-req');
    await b.tables.snapshot('g-req');
    expect(b.reads.count - before).toBe(6);
  });

  it('given a move made through A, when a request on B begins after it, then the request sees it (its own move, made through another process)', async () => {
    const { a, b } = await tableOnBoth();
    await inRequest(b.tables, () => b.tables.snapshot('g-req'));
    const moved = await playTurn(a.tables, 'g-req', 1);
    expect(moved?.status).toBe('appended');

    const seen = await inRequest(b.tables, () => b.tables.snapshot('g-req'));

    expect(seen.hand!.revision).toBe(appended(moved).at(-1)!.revision);
  });

  it('given a request on B that read the table, when A appends a move and B is delivered it, then the same request reads it on its next ask', async () => {
    const { a, b } = await tableOnBoth();

    const [first, second, moved] = await inRequest(b.tables, async () => {
      const first = await b.tables.snapshot('g-req');
      const moved = await playTurn(a.tables, 'g-req', 1);
      for (const event of appended(moved)) b.tables.observe(event);
      return [first, await b.tables.snapshot('g-req'), moved] as const;
    });

    expect(second.hand!.revision).toBe(appended(moved).at(-1)!.revision);
    expect(second.hand!.revision).toBeGreaterThan(first.hand!.revision);
  });

  it('given a request on B that read the table, when A appends a move B was not told of and B acts on its copy, then the command is refused and the same request reads the table on its next ask', async () => {
    const { a, b } = await tableOnBoth();

    const { refused, after, moved } = await inRequest(b.tables, async () => {
      const { hand } = await b.tables.snapshot('g-req');
      const move = botMove(hand!)!;
      const moved = await playTurn(a.tables, 'g-req', 1);
      const refused = await b.tables
        .act('g-req', move.command, { role: 'player', seat: move.seat }, ids('stale'), hand!.revision)
        .then(
          () => undefined,
          (error: unknown) => error,
        );
      return { refused, after: await b.tables.snapshot('g-req'), moved };
    });

    expect(refused).toBeInstanceOf(WrongExpectedVersion);
    expect(after.hand!.revision).toBe(appended(moved).at(-1)!.revision);
  });
});
