// The server's projections in a thread of their own, over a real SQLite DATA_DIR: given a tournament appended by
// this thread, the read models follow it (the thread is woken across threads, not by the store's 200 ms poll);
// the server thread hears what each batch committed; and, for a server beside other processes, each event is
// handed on only once the read models hold it.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Worker } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS, openReadModels, type ReadModels, standingsOf } from '../../projections/index.ts';
import { checkpointOf } from '../../projections/runtime/store.ts';
import { writeTournament } from '../../projections/test-support/tournament.ts';
import { loadConfig } from '../config.ts';
import { EVENTS_FILE, READ_MODELS_FILE } from '../eventstore/open.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { projectInThread, type ServerProjections } from './follower.ts';

let dir: string;
let store: EventStore;
let readModels: ReadModels;
let projections: ServerProjections | undefined;

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ml-follower-'));
  store = openSqliteEventStore(join(dir, EVENTS_FILE));
  readModels = await openReadModels({ kind: 'sqlite', file: join(dir, READ_MODELS_FILE) });
});

afterEach(async () => {
  await projections?.close();
  projections = undefined;
  await readModels.destroy();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const lowestCheckpoint = async () => {
  let lowest: bigint | undefined;
  for (const { name } of ALL_PROJECTIONS) {
    const c = await checkpointOf(readModels, name);
    if (lowest === undefined || c < lowest) lowest = c;
  }
  return lowest ?? 0n;
};

describe('projections in a thread of their own', () => {
  it('given a tournament appended after the thread started, when caught up, then the standings list its players and the board was pushed', async () => {
    const committed: string[] = [];
    projections = await projectInThread(loadConfig({ DATA_DIR: dir }), store, {
      onCommitted: (projection) => committed.push(projection),
      onError: (error) => {
        throw error;
      },
    });

    await writeTournament(store, { tournamentId: 'spring', seed: 'follower', rounds: 1, handsPerGame: 1 });
    await projections.catchUp();

    const rows = await standingsOf(readModels, 'spring');
    expect(rows.map((r) => r.playerId).sort()).toEqual(['p1', 'p2', 'p3', 'p4', 'p5', 'p6', 'p7', 'p8']);
    expect(rows.map((r) => r.games)).toEqual(rows.map(() => 1));
    expect(committed).toContain('board');
    expect(await lowestCheckpoint()).toBe((await store.readAll()).at(-1)!.position);
  });

  it('given appends while it follows, then the thread projects them without being asked', async () => {
    projections = await projectInThread(loadConfig({ DATA_DIR: dir }), store, {
      onCommitted: () => {},
      onError: (error) => {
        throw error;
      },
    });
    await writeTournament(store, { tournamentId: 'spring', seed: 'follower', handsPerGame: 1 });
    const last = (await store.readAll()).at(-1)!.position;

    // No catch-up asked for: the following thread reaches the last event on its own.
    const deadline = Date.now() + 20_000;
    while ((await lowestCheckpoint()) < last && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));

    expect(await lowestCheckpoint()).toBe(last);
  });

  it('given a server beside other processes, then each event is handed on in order, once the read models hold it', async () => {
    // Read at the moment an event is handed on, on a connection of its own: what the read models hold then.
    const checkpoints = new Database(join(dir, READ_MODELS_FILE), { readonly: true });
    const held = () =>
      (checkpoints.prepare('SELECT position FROM projection_checkpoints').all() as { position: string }[])
        .map((r) => BigInt(r.position))
        .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))[0]!;
    const handed: { position: bigint; held: bigint }[] = [];
    projections = await projectInThread(loadConfig({ DATA_DIR: dir }), store, {
      onCommitted: () => {},
      onError: (error) => {
        throw error;
      },
      onFollowed: (event) => handed.push({ position: event.position, held: held() }),
    });

    await writeTournament(store, { tournamentId: 'spring', seed: 'follower', handsPerGame: 1 });
    const events = await store.readAll();
    const deadline = Date.now() + 20_000;
    while (handed.length < events.length && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 25));

    expect(handed.map((h) => h.position)).toEqual(events.map((e) => e.position));
    for (const h of handed) expect(h.held).toBeGreaterThanOrEqual(h.position);
    checkpoints.close();
  });

  it('given the thread following, when it stops unexpectedly, then it is reported, started again, and a catch-up asked meanwhile waits for the new thread', async () => {
    const threads: Worker[] = [];
    const errors: string[] = [];
    projections = await projectInThread(loadConfig({ DATA_DIR: dir }), store, {
      onCommitted: () => {},
      onError: (error) => errors.push(String(error)),
      onThreadStarted: (thread) => threads.push(thread),
    });
    await writeTournament(store, { tournamentId: 'spring', seed: 'follower', rounds: 1, handsPerGame: 1 });
    await projections.catchUp();
    expect(threads).toHaveLength(1);

    // As a thread that crashed: it exits without closing its stores.
    const exited = new Promise<number>((resolve) => threads[0]!.once('exit', resolve));
    await threads[0]!.terminate();
    await exited;
    await writeTournament(store, { tournamentId: 'summer', seed: 'follower-2', rounds: 1, handsPerGame: 1 });
    await projections.catchUp();

    expect(threads).toHaveLength(2);
    expect(errors).toEqual([expect.stringMatching(/the projection thread stopped \(exit 1\)/)]);
    expect((await standingsOf(readModels, 'summer')).map((r) => r.games)).toEqual(Array(8).fill(1));
    expect(await lowestCheckpoint()).toBe((await store.readAll()).at(-1)!.position);
    // The new thread follows on its own too, and what was reached before the stop is still reached.
    await projections.reached((await store.readAll()).at(-1)!.position);
  });

  it('given a DATA_DIR whose read models cannot be opened, then starting fails and says why', async () => {
    const file = join(dir, 'not-a-dir');
    writeFileSync(file, 'a file, not a folder');
    await expect(
      projectInThread(loadConfig({ DATA_DIR: file }), store, {
        onCommitted: () => {},
        onError: () => {},
      }),
    ).rejects.toThrow(/the projection thread (failed|stopped)/);
  });
});
