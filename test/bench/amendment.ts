// npm run bench, third part: a retroactive amendment over 10,000 settled hands (DESIGN.md "Storage and scale").
// Setup, untimed: bots play a four-seas tournament under head-bump (320 players × 8 rounds × 16 hands a table
// = 10,240 hands) on a fresh SQLite file, left open; the same events are copied into a fresh PostgreSQL schema
// (same streams, ids and order). Timed: from AmendRuleset (head-bump → score-priority, the whole event) to the
// queue's 'completed' after AmendmentApplied — on SQLite with the in-process queue, on PostgreSQL with BullMQ.
// Beside each, in the same run, the raw limit of the medium: every event of the streams the recompute reads
// (the tournament's, each table's game, every hand) read with plain queries, one per stream, JSON decoded and
// nothing more. Printed, never asserted; PostgreSQL or Redis unreachable: that row is skipped, with why.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import type { PresetId } from '../../domain/rules/rulesets/index.ts';
import { tournamentStream } from '../../domain/tournament/index.ts';
import type { AmendmentJob } from '../../services/amendments/recompute.ts';
import { AMENDMENT_QUEUE, Amendments } from '../../services/amendments/service.ts';
import { runDemo } from '../../services/demo/run-demo.ts';
import type { EventStore } from '../../services/eventstore/port.ts';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { createPlatform } from '../../services/platform.ts';
import { load, loadGame } from '../../services/play/table.ts';
import { createJobQueue, type JobQueue } from '../../services/queue/index.ts';
import type { JobEvent } from '../../services/queue/port.ts';
import { deleteKeys, redisUnreachable } from '../../services/queue/testing/redis.ts';
import { TOURNAMENT_AGGREGATE } from '../../services/tournament/service.ts';
import { postgresUnreachable } from '../support/services.ts';

const PLAYERS = Number(process.env.BENCH_AMEND_PLAYERS ?? 320);
const ROUNDS = Number(process.env.BENCH_AMEND_ROUNDS ?? 8);
const HANDS_PER_TABLE = Number(process.env.BENCH_AMEND_HANDS ?? 16);
const PRESET: PresetId = 'four-seas';
const SEATED_OPTIONS = { multipleWinners: 'head-bump' };
/** The amendment timed; BENCH_AMEND_CHANGES (JSON) names another, e.g. {"discardMultiplier":3}. */
const CHANGES: Record<string, unknown> = JSON.parse(
  process.env.BENCH_AMEND_CHANGES ?? '{"multipleWinners":"score-priority"}',
);
const DATABASE_URL = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
/** Which rows to run (comma-separated: sqlite, postgres); default both. */
const BACKENDS = (process.env.BENCH_AMEND_BACKENDS ?? 'sqlite,postgres').split(',');
const TARGET_EMBEDDED_SECONDS = 10;
const TARGET_RATIO = 3;
/** A job that has not completed by then is reported as failed (the bench must end). */
const JOB_TIMEOUT_MS = 30 * 60 * 1000;

export interface AmendmentRow {
  readonly store: string;
  readonly status: 'measured' | 'skipped' | 'failed';
  /** Why the row was skipped or failed. */
  readonly why?: string;
  /** Hand streams of the tournament (every hand the amendment's scope covers). */
  readonly hands: number;
  /** Hands that settled something (AmendmentApplied's hands). */
  readonly settled: number;
  readonly corrected: number;
  readonly wallMs: number;
  /** CPU time of this process (user + system) over the wall time: the rest is I/O, the database, waiting. */
  readonly cpuMs: number;
  readonly handsPerSecond: number;
  /** The raw read of the same streams, and how many events that was. */
  readonly rawMs: number;
  readonly rawEvents: number;
  readonly ratio: number;
  /** Wall-time target in seconds, where the issue sets one (embedded only). */
  readonly targetSeconds: number | undefined;
  readonly targetRatio: number;
  readonly met: boolean;
}

const int = (n: number): string => Math.round(n).toLocaleString('en-US');
const secs = (ms: number): string => `${(ms / 1000).toFixed(2)} s`;
const elapsed = (since: number): number => performance.now() - since;

interface Tournament {
  readonly tournamentId: string;
  /** Every stream the recompute reads, in the order it reads them. */
  readonly streams: readonly string[];
  readonly hands: number;
}

const TOURNAMENT_SEED = 'amendment-bench';

/**
 * A directory where the played tournament is kept and reused by later runs (BENCH_AMEND_FIXTURE, unset by
 * default): each run amends a fresh copy. Delete the file once the deciders or events change.
 */
const FIXTURE_DIR = process.env.BENCH_AMEND_FIXTURE;

/** Plays the tournament on a fresh SQLite file (untimed), left open so it may still be amended. */
async function playTournament(file: string): Promise<Tournament & { readonly played: boolean }> {
  const fixture =
    FIXTURE_DIR === undefined || FIXTURE_DIR === ''
      ? undefined
      : join(FIXTURE_DIR, `amendment-${PLAYERS}x${ROUNDS}x${HANDS_PER_TABLE}.db`);
  const played = fixture === undefined || !existsSync(fixture);
  if (played) {
    const store = openSqliteEventStore(file);
    let reported = 0;
    await runDemo(store, {
      players: PLAYERS,
      rounds: ROUNDS,
      preset: PRESET,
      seed: TOURNAMENT_SEED,
      rulesetOptions: SEATED_OPTIONS,
      end: { kind: 'hands', count: HANDS_PER_TABLE },
      finish: false,
      onProgress: (done, total) => {
        const tenth = Math.floor((done / total) * 10);
        if (tenth > reported) {
          reported = tenth;
          process.stdout.write(` ${tenth * 10}%`);
        }
      },
    });
    process.stdout.write('\n');
    await store.close();
    if (fixture !== undefined) {
      mkdirSync(FIXTURE_DIR!, { recursive: true });
      copyFileSync(file, fixture);
    }
  } else {
    process.stdout.write(` reused from ${fixture}\n`);
    copyFileSync(fixture, file);
  }
  // The streams the recompute reads: the tournament's, then per table its game and every hand dealt there.
  const store = openSqliteEventStore(file, { readonly: true });
  const tournamentId = `demo-${TOURNAMENT_SEED}`;
  const { state } = await load(store, tournamentStream(tournamentId), TOURNAMENT_AGGREGATE);
  const streams = [tournamentStream(tournamentId)];
  let hands = 0;
  for (const round of state.rounds)
    for (const table of round.tables) {
      streams.push(gameStream(table.gameId));
      const game = await loadGame(store, table.gameId);
      for (let hand = 1; hand <= game.state.hands; hand++) streams.push(handStream(table.gameId, hand));
      hands += game.state.hands;
    }
  await store.close();
  return { tournamentId, streams, hands, played };
}

/**
 * The same rows (streams, revisions, ids, hashes, order) in a fresh PostgreSQL event store: its schema made by
 * the store, the rows inserted in bulk by the schema's owner and the position counter set after them. Untimed
 * setup; appending them one hand at a time through the store would take minutes.
 */
async function copyIntoPostgres(file: string, url: string, schema: string): Promise<EventStore> {
  const store = await openPostgresEventStore(url, { schema });
  const sqlite = new Database(file, { readonly: true });
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const s = client.escapeIdentifier(schema);
    const select = sqlite.prepare<[number, number], Record<string, unknown>>(
      'SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?',
    );
    const insert = `INSERT INTO ${s}.events (position, stream, revision, id, type, schema_version, data, metadata,
        recorded_at, previous_hash, hash)
      SELECT p, st, r, i, t, v, d::jsonb, m::jsonb, at::timestamptz, ph, h
        FROM unnest($1::bigint[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[], $7::text[],
                    $8::text[], $9::text[], $10::text[], $11::text[]) AS x(p, st, r, i, t, v, d, m, at, ph, h)`;
    const columns = [
      'position',
      'stream',
      'revision',
      'id',
      'type',
      'schema_version',
      'data',
      'metadata',
      'recorded_at',
      'previous_hash',
      'hash',
    ];
    let after = 0;
    for (;;) {
      const rows = select.all(after, 5000);
      if (rows.length === 0) break;
      await client.query(
        insert,
        columns.map((c) => rows.map((r) => r[c])),
      );
      after = Number(rows.at(-1)!.position);
    }
    await client.query(
      `UPDATE ${s}.position_counter SET last = (SELECT coalesce(max(position), 0) FROM ${s}.events)`,
    );
    await client.query(`ANALYZE ${s}.events`);
    return store;
  } catch (error) {
    await store.close();
    throw error;
  } finally {
    await client.end();
    sqlite.close();
  }
}

function countEvents(file: string): number {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare<[], { n: number }>('SELECT count(*) AS n FROM events').get()!.n;
  } finally {
    db.close();
  }
}

/** The raw limit on SQLite: a plain SELECT per stream on the same file, JSON.parse of data and metadata. */
function rawReadSqlite(file: string, streams: readonly string[]): { ms: number; events: number } {
  const db = new Database(file, { readonly: true });
  const select = db.prepare<[string], { data: string; metadata: string }>(
    'SELECT * FROM events WHERE stream = ? ORDER BY revision',
  );
  let events = 0;
  let sink = 0;
  const started = performance.now();
  for (const stream of streams)
    for (const row of select.iterate(stream)) {
      const data = JSON.parse(row.data) as unknown;
      const metadata = JSON.parse(row.metadata) as unknown;
      if (data !== null && metadata !== null) sink++;
      events++;
    }
  const ms = elapsed(started);
  db.close();
  if (sink !== events) throw new Error('raw read: an event without data');
  return { ms, events };
}

/** The raw limit on PostgreSQL: a plain pg query per stream (pg decodes the jsonb columns). */
async function rawReadPostgres(
  url: string,
  schema: string,
  streams: readonly string[],
): Promise<{ ms: number; events: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const text = `SELECT * FROM ${client.escapeIdentifier(schema)}.events WHERE stream = $1 ORDER BY revision`;
    let events = 0;
    const started = performance.now();
    for (const stream of streams)
      events += (await client.query({ name: 'raw-read', text, values: [stream] })).rowCount ?? 0;
    return { ms: elapsed(started), events };
  } finally {
    await client.end();
  }
}

interface Amended {
  readonly wallMs: number;
  readonly cpuMs: number;
  readonly settled: number;
  readonly corrected: number;
}

/** The timed part: AmendRuleset recorded, its job queued, worked and completed (AmendmentApplied on record). */
async function amend(
  store: EventStore,
  queue: JobQueue<AmendmentJob>,
  tournamentId: string,
): Promise<Amended> {
  const platform = createPlatform(store, { deadlines: false });
  const amendments = new Amendments(platform, queue);
  const worker = amendments.work();
  try {
    let timer: NodeJS.Timeout | undefined;
    let heard: (event: JobEvent) => void = () => {};
    const done = new Promise<void>((resolve, reject) => {
      heard = (event) => {
        if (event.kind === 'completed') resolve();
        if (event.kind === 'failed') reject(new Error(`the recompute failed: ${event.reason}`));
      };
      timer = setTimeout(
        () => reject(new Error(`no completion in ${JOB_TIMEOUT_MS / 60_000} min`)),
        JOB_TIMEOUT_MS,
      );
    });
    const unsubscribe = await queue.onEvent((event) => heard(event));
    const started = performance.now();
    const cpu = process.cpuUsage();
    const by = { role: 'organizer', id: 'amendment-bench' } as const;
    const { outcome, job } = await amendments.amend(
      tournamentId,
      {
        type: 'AmendRuleset',
        amendmentId: 'bench-1',
        changes: CHANGES,
        scope: { kind: 'event' },
        reason: 'benchmark: a retroactive amendment over every hand',
        at: platform.now(),
        by,
      },
      by,
      { commandId: 'amendment-bench-1', correlationId: 'amendment-bench-1' },
    );
    if (outcome.status === 'rejected') throw new Error(`AmendRuleset refused: ${outcome.rejection.message}`);
    if (job?.added !== true) throw new Error('the amendment queued no recompute');
    try {
      await done;
    } finally {
      clearTimeout(timer);
      unsubscribe();
    }
    const wallMs = elapsed(started);
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    const { state } = await platform.tournaments.current(tournamentId);
    const applied = state.amendments.find((a) => a.amendmentId === 'bench-1')?.applied;
    if (applied === undefined) throw new Error('the job completed but AmendmentApplied is not on record');
    return { wallMs, cpuMs, settled: applied.hands, corrected: applied.corrected };
  } finally {
    await worker.close();
    platform.close();
  }
}

function row(
  store: string,
  tournament: Tournament,
  raw: { ms: number; events: number },
  amended: Amended,
  targetSeconds: number | undefined,
): AmendmentRow {
  const ratio = amended.wallMs / raw.ms;
  const met = ratio <= TARGET_RATIO && (targetSeconds === undefined || amended.wallMs / 1000 < targetSeconds);
  return {
    store,
    status: 'measured',
    hands: tournament.hands,
    settled: amended.settled,
    corrected: amended.corrected,
    wallMs: amended.wallMs,
    cpuMs: amended.cpuMs,
    handsPerSecond: tournament.hands / (amended.wallMs / 1000),
    rawMs: raw.ms,
    rawEvents: raw.events,
    ratio,
    targetSeconds,
    targetRatio: TARGET_RATIO,
    met,
  };
}

function notMeasured(store: string, status: 'skipped' | 'failed', why: string): AmendmentRow {
  return {
    store,
    status,
    why,
    hands: 0,
    settled: 0,
    corrected: 0,
    wallMs: Number.NaN,
    cpuMs: Number.NaN,
    handsPerSecond: Number.NaN,
    rawMs: Number.NaN,
    rawEvents: 0,
    ratio: Number.NaN,
    targetSeconds: undefined,
    targetRatio: TARGET_RATIO,
    met: false,
  };
}

const message = (error: unknown): string => (error instanceof Error ? error.message : String(error));

async function dropSchema(url: string, schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(`DROP SCHEMA IF EXISTS ${client.escapeIdentifier(schema)} CASCADE`);
  } finally {
    await client.end();
  }
}

function printTable(rows: readonly AmendmentRow[]): void {
  const header = [
    'store, queue',
    'hands in scope',
    'corrected',
    'wall time (CPU)',
    'hands/s',
    'raw read',
    'ratio ours/raw',
    'targets',
  ];
  const lines = rows.map((r) => {
    if (r.status !== 'measured') return [r.store, r.status, '', '', '', '', '', ''];
    // Each target on its own: the time can miss while the ratio holds.
    const targets = [
      ...(r.targetSeconds === undefined
        ? []
        : [`< ${r.targetSeconds} s ${r.wallMs < r.targetSeconds * 1000 ? 'met' : 'NOT met'}`]),
      `≤ ${r.targetRatio}× ${r.ratio <= r.targetRatio ? 'met' : 'NOT met'}`,
    ].join(', ');
    return [
      r.store,
      int(r.hands),
      `${int(r.corrected)} (${((100 * r.corrected) / Math.max(1, r.settled)).toFixed(1)}%)`,
      `${secs(r.wallMs)} (${secs(r.cpuMs)})`,
      int(r.handsPerSecond),
      `${secs(r.rawMs)} (${int(r.rawEvents)} events)`,
      `${r.ratio.toFixed(2)}×`,
      targets,
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (i === 0 || i === 7 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(format(header));
  console.log(
    `|${widths.map((w, i) => (i === 0 || i === 7 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`,
  );
  for (const line of lines) console.log(format(line));
  for (const r of rows) if (r.status !== 'measured') console.log(`  ${r.store}: ${r.status}: ${r.why}`);
}

/** Runs the benchmark, prints its table and returns its rows. */
export async function runAmendmentBench(): Promise<AmendmentRow[]> {
  const changes = Object.entries(CHANGES)
    .map(([k, v]) => `${k} → ${JSON.stringify(v)}`)
    .join(', ');
  console.log(
    `\namendment: ${PRESET} under ${SEATED_OPTIONS.multipleWinners}, ${PLAYERS} players × ${ROUNDS} rounds × ${HANDS_PER_TABLE} hands a table, amended (${changes}) over the whole event`,
  );
  const dir = mkdtempSync(join(tmpdir(), 'ledger-amend-bench-'));
  const file = join(dir, 'events.db');
  const schema = `amend_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const prefix = `amend-bench-${process.pid}-${randomBytes(3).toString('hex')}`;
  const rows: AmendmentRow[] = [];
  let schemaMade = false;
  try {
    // Setup (untimed).
    process.stdout.write('  setup: bots play the tournament on SQLite…');
    let started = performance.now();
    const tournament = await playTournament(file);
    const eventCount = countEvents(file);
    console.log(
      `  setup: ${int(tournament.hands)} hands, ${int(eventCount)} events, ${int(tournament.streams.length)} streams ${tournament.played ? 'played' : 'copied'} in ${secs(elapsed(started))}`,
    );

    let postgres: { store: EventStore } | { why: string } = { why: 'not asked for (BENCH_AMEND_BACKENDS)' };
    if (BACKENDS.includes('postgres')) {
      const why = (await postgresUnreachable(DATABASE_URL)) ?? (await redisUnreachable(REDIS_URL));
      if (why !== undefined) postgres = { why };
      else {
        started = performance.now();
        schemaMade = true;
        try {
          const store = await copyIntoPostgres(file, DATABASE_URL, schema);
          console.log(
            `  setup: the same rows copied into PostgreSQL (schema ${schema}) in ${secs(elapsed(started))}`,
          );
          postgres = { store };
        } catch (error) {
          postgres = { why: `the copy into PostgreSQL failed: ${message(error)}` };
        }
      }
    }

    if (BACKENDS.includes('sqlite')) {
      const store = 'SQLite, in-process queue';
      try {
        const raw = rawReadSqlite(file, tournament.streams);
        const queue = createJobQueue<AmendmentJob>({ name: AMENDMENT_QUEUE });
        const events = openSqliteEventStore(file);
        try {
          rows.push(
            row(
              store,
              tournament,
              raw,
              await amend(events, queue, tournament.tournamentId),
              TARGET_EMBEDDED_SECONDS,
            ),
          );
        } finally {
          await queue.close();
          await events.close();
        }
      } catch (error) {
        rows.push(notMeasured(store, 'failed', message(error)));
      }
    }

    if (BACKENDS.includes('postgres')) {
      const store = 'PostgreSQL, BullMQ';
      if ('why' in postgres) rows.push(notMeasured(store, 'skipped', postgres.why));
      else {
        try {
          const raw = await rawReadPostgres(DATABASE_URL, schema, tournament.streams);
          const queue = createJobQueue<AmendmentJob>({ name: AMENDMENT_QUEUE, redisUrl: REDIS_URL, prefix });
          try {
            rows.push(
              row(
                store,
                tournament,
                raw,
                await amend(postgres.store, queue, tournament.tournamentId),
                undefined,
              ),
            );
          } finally {
            const bull = (queue as { bullQueue?: { obliterate(o: { force: boolean }): Promise<void> } })
              .bullQueue;
            await bull?.obliterate({ force: true }).catch(() => {});
            await queue.close();
            await deleteKeys(REDIS_URL, prefix).catch(() => {});
          }
        } catch (error) {
          rows.push(notMeasured(store, 'failed', message(error)));
        } finally {
          await postgres.store.close();
        }
      }
    }
  } finally {
    if (schemaMade) await dropSchema(DATABASE_URL, schema).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }

  console.log('');
  printTable(rows);
  console.log(
    '(wall time: AmendRuleset recorded → job queued, worked and completed, AmendmentApplied on record; CPU: this process’s user + system time meanwhile; raw read: the same streams, one plain query each, JSON decoded; hands/s = hands in scope / wall time)',
  );
  return rows;
}

// Run alone (`node --import tsx test/bench/amendment.ts`) or by run.ts, which reads the rows back from
// BENCH_AMEND_ROWS.
if (process.argv[1]?.endsWith('amendment.ts')) {
  const rows = await runAmendmentBench();
  if (process.env.BENCH_AMEND_ROWS) writeFileSync(process.env.BENCH_AMEND_ROWS, JSON.stringify(rows));
}
