// The store's and the projections' speed against the raw limit of the medium, on a demo's events (issue 13,
// item 5): raw better-sqlite3 inserts of the same rows (a bare table, one transaction per hand or game step,
// as test/bench/platform.ts measures them), our SQLite store appending them the same way into a new file, and
// the runner catching up every projection from position zero over the demo's store into new read models.
// Printed, never asserted.
//
//   node --import tsx test/bench/store-speed.ts [append|project|all] [EVENTS_DB] [--limit N] [--rounds N]
//
// EVENTS_DB (default /work/bench-fixture-256x8/events.db: `npm run -s cli -- demo --players 256 --rounds 8
// --ruleset hu-mahjong --seed s` in a DATA_DIR of its own) is only ever opened read-only. --limit takes the
// first N events (the projections read no further). Raw and ours take turns, --rounds times (default 3), so
// that a shared machine's noise falls on both; CPU time is printed beside wall time for the same reason.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { ALL_PROJECTIONS, createRunner, openReadModels } from '../../projections/index.ts';
import type { StoredEvent } from '../../services/eventstore/port.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { appendBatches, batchesOf, rawEventTable } from './event-batches.ts';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { limit: { type: 'string' }, rounds: { type: 'string' } },
});
const what = positionals[0] ?? 'all';
const source = positionals[1] ?? '/work/bench-fixture-256x8/events.db';
const limit = values.limit === undefined ? Number.MAX_SAFE_INTEGER : Number(values.limit);
const rounds = Number(values.rounds ?? 3);

const int = (n: number): string => Math.round(n).toLocaleString('en-US');

interface Timed {
  readonly ms: number;
  readonly cpuMs: number;
}

async function timed(work: () => Promise<void> | void): Promise<Timed> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  await work();
  const ms = performance.now() - started;
  const { user, system } = process.cpuUsage(cpu);
  return { ms, cpuMs: (user + system) / 1000 };
}

/** As test/bench/platform.ts: the same rows in a bare table, no checks, one transaction per batch. */
function rawInsert(file: string, batches: readonly StoredEvent[][]): Promise<Timed> {
  const { db, append } = rawEventTable(file);
  return timed(() => {
    for (const batch of batches) append(batch);
    db.close();
  });
}

async function ourAppend(file: string, batches: readonly StoredEvent[][]): Promise<Timed> {
  const store = openSqliteEventStore(file);
  return timed(async () => {
    await appendBatches(store, batches);
    await store.close();
  });
}

/** The runner catching up every projection from position zero, up to the last event taken, into new read models. */
async function ourProjection(dir: string, last: bigint): Promise<Timed> {
  const store = openSqliteEventStore(source, { readonly: true });
  const readModels = await openReadModels({ kind: 'sqlite', file: join(dir, 'read-models.db') });
  const runner = createRunner({
    db: readModels,
    readAll: async ({ after, limit }) =>
      after >= last ? [] : (await store.readAll({ after, limit })).filter((e) => e.position <= last),
    projections: ALL_PROJECTIONS,
  });
  await runner.migrate();
  const time = await timed(() => runner.catchUp().then(() => {}));
  await readModels.destroy();
  await store.close();
  return time;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'store-speed-'));
  try {
    const reader = openSqliteEventStore(source, { readonly: true });
    const events = await reader.readAll({ after: 0n, limit });
    await reader.close();
    const batches = batchesOf(events);
    const n = events.length;
    console.log(`${int(n)} events in ${int(batches.length)} appends, from ${source}; ${rounds} rounds`);
    const rate = ({ ms, cpuMs }: Timed) =>
      `${int(n / (ms / 1000))} events/s (cpu ${(cpuMs / 1000).toFixed(1)} s)`;
    const share = (raw: Timed, ours: Timed) =>
      `${((100 * raw.ms) / ours.ms).toFixed(0)}% of raw, cpu ${((100 * raw.cpuMs) / ours.cpuMs).toFixed(0)}%`;
    for (let round = 1; round <= rounds; round++) {
      const roundDir = mkdtempSync(join(dir, 'round-'));
      const raw = await rawInsert(join(roundDir, 'raw.db'), batches);
      let line = `round ${round}: raw inserts ${rate(raw)}`;
      if (what === 'append' || what === 'all') {
        const ours = await ourAppend(join(roundDir, 'ours.db'), batches);
        line += ` | our appends ${rate(ours)}, ${share(raw, ours)}`;
      }
      if (what === 'project' || what === 'all') {
        const projected = await ourProjection(roundDir, events.at(-1)?.position ?? 0n);
        line += ` | projections ${rate(projected)}, ${share(raw, projected)}`;
      }
      console.log(line);
      rmSync(roundDir, { recursive: true, force: true });
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
