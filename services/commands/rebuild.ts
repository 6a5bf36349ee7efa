// `rebuild`: every read model (or one) dropped and projected again from the first event, one projection after
// another. Progress goes to standard error: on a terminal a bar per projection (events done of the store's,
// the rate, the time left); otherwise a plain line at each tenth of the store, so that a log shows the
// command is moving without a bar's control characters. Each projection ends with its line
// `NAME: N events in S s`. Standard output is left to the machine-readable error of a failed command.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SingleBar } from 'cli-progress';
import type { Command } from 'commander';
import { ALL_PROJECTIONS } from '../../projections/index.ts';
import { type Io, reportInvalid } from '../cli.ts';
import type { Config } from '../config.ts';
import { forEachStoredEvent } from '../eventstore/hash-chain.ts';
import { EVENTS_FILE } from '../eventstore/open.ts';
import type { EventStore, ReadAllOptions, StoredEvent } from '../eventstore/port.ts';
import { runnerOf } from '../read-models.ts';
import { config, fail } from './arguments.ts';
import { openCommandStores, reportBusy } from './stores.ts';

export function registerRebuildCommand(program: Command, io: Io): void {
  program
    .command('rebuild')
    .description('rebuild the read models (projections) from the first event')
    .option('--projection <name>', `one of ${ALL_PROJECTIONS.map((p) => p.name).join(', ')} (default all)`)
    .action(async (options: { projection?: string }) => {
      const names = ALL_PROJECTIONS.map((p) => p.name);
      if (options.projection !== undefined && !names.includes(options.projection))
        return fail(reportInvalid(io, '--projection', `one of ${names.join(', ')}`));
      const env = config(io);
      if (typeof env === 'number') return fail(env);
      // The events are only read: beside a server, or a writer holding their file, rebuild still runs.
      let stores: Awaited<ReturnType<typeof openCommandStores>> | undefined;
      const progress = rebuildProgress(io);
      try {
        stores = await openCommandStores(env, { readonlyEvents: true });
        const { store, readModels, projecting } = stores;
        const total = await countEvents(env, store);
        const runner = runnerOf(
          watchReads(store, (done) => progress.update(done)),
          readModels,
        );
        for (const name of options.projection === undefined ? names : [options.projection]) {
          const started = performance.now();
          progress.start(name, total);
          const events = await projecting(() => runner.rebuild(name));
          progress.stop();
          io.stderr(`${name}: ${events} events in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
        }
      } catch (error) {
        progress.stop();
        const busy = reportBusy(io, error, env.dataDir);
        if (busy === undefined) throw error;
        return fail(busy);
      } finally {
        await stores?.close();
      }
    });
}

/**
 * How many events the store holds, for the bar's total: one query on the embedded SQLite file, else (a
 * server store, whose port has no count) a pass over every event, once for all the projections rebuilt.
 */
export async function countEvents(config: Config, store: Pick<EventStore, 'readAll'>): Promise<number> {
  const file = join(config.dataDir, EVENTS_FILE);
  if (config.kurrentDbUrl === undefined && config.databaseUrl === undefined && existsSync(file)) {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()!.n;
    } finally {
      db.close();
    }
  }
  let events = 0;
  await forEachStoredEvent(
    store,
    () => {
      events++;
    },
    5000,
  );
  return events;
}

/**
 * The store with its readAll watched from outside the runner: the runner reads its next batch after the
 * position it has committed, so each read says how many events of the earlier batches are projected.
 */
export function watchReads(store: EventStore, onProjected: (events: number) => void): EventStore {
  let projected = 0;
  let lastBatch: StoredEvent[] = [];
  return {
    append: (stream, events, expected) => store.append(stream, events, expected),
    readStream: (stream, fromRevision) => store.readStream(stream, fromRevision),
    subscribe: (after, handler) => store.subscribe(after, handler),
    close: () => store.close(),
    async readAll(options?: ReadAllOptions) {
      const after = options?.after ?? 0n;
      // A read from zero starts a projection over (a rebuild clears its checkpoint first).
      if (after === 0n) projected = 0;
      else for (const event of lastBatch) if (event.position <= after) projected++;
      onProjected(projected);
      lastBatch = await store.readAll(options);
      return lastBatch;
    },
  };
}

export interface RebuildProgress {
  start(projection: string, total: number): void;
  update(done: number): void;
  stop(): void;
}

const int = (n: number): string => Math.round(n).toLocaleString('en-US');

/** A bar when standard error is a terminal, else a line at each tenth of the events. */
export function rebuildProgress(
  io: Io,
  stream: NodeJS.WriteStream = process.stderr,
  now: () => number = () => performance.now(),
): RebuildProgress {
  let projection = '';
  let total = 0;
  let started = 0;
  let done = 0;
  const rate = (): string => {
    const seconds = (now() - started) / 1000;
    return seconds > 0 ? int(done / seconds) : '0';
  };
  if (stream.isTTY) {
    let bar: SingleBar | undefined;
    return {
      start(name, events) {
        projection = name;
        total = events;
        started = now();
        done = 0;
        bar = new SingleBar({
          format: `${projection} [{bar}] {done}/{all} events | {rate} events/s | {eta_formatted} left`,
          stream,
          clearOnComplete: true,
          hideCursor: true,
        });
        bar.start(Math.max(1, total), 0, { done: '0', all: int(total), rate: '0' });
      },
      update(events) {
        done = events;
        // Events appended beside a running server since the count: the total grows with them.
        if (done > total) {
          total = done;
          bar?.setTotal(total);
        }
        bar?.update(done, { done: int(done), all: int(total), rate: rate() });
      },
      stop() {
        bar?.stop();
        bar = undefined;
      },
    };
  }
  let tenth = 0;
  return {
    start(name, events) {
      projection = name;
      total = events;
      started = now();
      done = 0;
      tenth = 0;
    },
    update(events) {
      done = events;
      if (total === 0 || done >= total) return;
      const reached = Math.floor((10 * done) / total);
      if (reached <= tenth) return;
      tenth = reached;
      io.stderr(
        `rebuild ${projection}: ${int(done)}/${int(total)} events (${Math.floor((100 * done) / total)}%), ${rate()} events/s\n`,
      );
    },
    stop() {},
  };
}
