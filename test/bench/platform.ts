// npm run bench, second part: the platform. The headless demo (256 players × 8 rounds by default, 4 hands per
// table) on the embedded SQLite store: wall time and events/s for playing and for projecting; beside it, the
// raw limit of the medium — the same events inserted into a bare SQLite table (no hash chain, no checks), one
// transaction per hand as the demo appends them — and our store appending them again the same way; then the
// load time of a hand's replay from the read model and folded from the event store. Printed, never asserted.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { replayFromEvents, replayOf } from '../../projections/index.ts';
import { playDemo } from '../../services/commands/demo.ts';
import { loadConfig } from '../../services/config.ts';
import { EVENTS_FILE } from '../../services/eventstore/open.ts';
import type { StoredEvent } from '../../services/eventstore/port.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { openStores } from '../../services/server.ts';

const PLAYERS = Number(process.env.BENCH_DEMO_PLAYERS ?? 256);
const ROUNDS = Number(process.env.BENCH_DEMO_ROUNDS ?? 8);
const TARGET_SECONDS = 60;
const REPLAYS = 300;

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

/** Every stream's events in the order appended, grouped as the demo appended them (one batch per stream run). */
function batchesOf(events: readonly StoredEvent[]): StoredEvent[][] {
  const batches: StoredEvent[][] = [];
  for (const event of events) {
    const last = batches.at(-1);
    if (last !== undefined && last[0]!.stream === event.stream) last.push(event);
    else batches.push([event]);
  }
  return batches;
}

function rawInsert(file: string, batches: readonly StoredEvent[][]): number {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec(`CREATE TABLE events (position INTEGER PRIMARY KEY, stream TEXT NOT NULL, revision INTEGER NOT NULL,
    id TEXT NOT NULL, type TEXT NOT NULL, data TEXT NOT NULL, metadata TEXT NOT NULL)`);
  const insert = db.prepare(
    'INSERT INTO events (stream, revision, id, type, data, metadata) VALUES (?, ?, ?, ?, ?, ?)',
  );
  const append = db.transaction((batch: readonly StoredEvent[]) => {
    for (const e of batch)
      insert.run(e.stream, e.revision, e.id, e.type, JSON.stringify(e.data), JSON.stringify(e.metadata));
  });
  const started = performance.now();
  for (const batch of batches) append(batch);
  const ms = performance.now() - started;
  db.close();
  return ms;
}

async function ourAppend(file: string, batches: readonly StoredEvent[][]): Promise<number> {
  const store = openSqliteEventStore(file);
  const started = performance.now();
  for (const batch of batches) {
    const first = batch[0]!;
    await store.append(
      first.stream,
      batch.map(({ id, type, schemaVersion, data, metadata }) => ({
        id,
        type,
        schemaVersion,
        data,
        metadata,
      })),
      first.revision === 0 ? 'no-stream' : first.revision - 1,
    );
  }
  const ms = performance.now() - started;
  await store.close();
  return ms;
}

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-bench-'));
  try {
    const config = loadConfig({ DATA_DIR: dir });
    console.log(
      `\nplatform: the headless demo, ${PLAYERS} players × ${ROUNDS} rounds of hu-mahjong, 4 hands a table, on SQLite`,
    );
    const demo = await playDemo(config, {
      players: PLAYERS,
      rounds: ROUNDS,
      ruleset: 'hu-mahjong',
      seed: 'bench',
      hands: 4,
    });
    const { result } = demo;
    const total = demo.ms + demo.projectMs;
    console.log(
      `  played:    ${result.games} games, ${int(result.hands)} hands, ${int(result.events)} events in ${seconds(demo.ms)} ` +
        `(${int(result.events / (demo.ms / 1000))} events/s, ${int(result.hands / (demo.ms / 1000))} hands/s)`,
    );
    console.log(
      `  projected: 5 read models in ${seconds(demo.projectMs)} (${int(result.events / (demo.projectMs / 1000))} events/s)`,
    );
    console.log(
      `  demo wall time ${seconds(total)}: target under ${TARGET_SECONDS} s ${total / 1000 < TARGET_SECONDS ? 'met' : 'NOT met'}`,
    );

    const { store, readModels, apiDb } = await openStores(config);
    const events = await store.readAll({ after: 0n, limit: Number.MAX_SAFE_INTEGER });
    const batches = batchesOf(events);
    const raw = rawInsert(join(dir, 'raw.db'), batches);
    const ours = await ourAppend(join(dir, `again-${EVENTS_FILE}`), batches);
    console.log(
      `\n  appending the same ${int(events.length)} events in ${int(batches.length)} appends (one per hand or game step):`,
    );
    console.log(
      `    raw SQLite inserts (no hash chain, no checks): ${seconds(raw)}, ${int(events.length / (raw / 1000))} events/s`,
    );
    console.log(
      `    our event store (hash chain, revisions, ids): ${seconds(ours)}, ${int(events.length / (ours / 1000))} events/s ` +
        `(${(ours / raw).toFixed(1)}× the raw time)`,
    );
    console.log(
      `    playing the hands (bots + deciders) took the rest of the demo: ${seconds(Math.max(0, demo.ms - ours))}`,
    );

    const hands = [...new Set(events.filter((e) => e.stream.startsWith('hand-')).map((e) => e.stream))].slice(
      0,
      REPLAYS,
    );
    const parse = (stream: string) => {
      const match = /^hand-(.+)-(\d+)$/.exec(stream)!;
      return { gameId: match[1]!, hand: Number(match[2]) };
    };
    let started = performance.now();
    for (const stream of hands) {
      const { gameId, hand } = parse(stream);
      if ((await replayOf(readModels, gameId, hand)) === undefined) throw new Error(`no replay of ${stream}`);
    }
    const fromReadModel = (performance.now() - started) / hands.length;
    started = performance.now();
    for (const stream of hands) replayFromEvents(await store.readStream(stream));
    const fromStore = (performance.now() - started) / hands.length;
    console.log(`\n  replay load time, mean of ${hands.length} hands:`);
    console.log(`    from the read model: ${fromReadModel.toFixed(2)} ms`);
    console.log(
      `    folded from the event store: ${fromStore.toFixed(2)} ms (${(fromStore / fromReadModel).toFixed(1)}× the read model)`,
    );
    await apiDb.destroy();
    await readModels.destroy();
    await store.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
