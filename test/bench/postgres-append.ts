// The PostgreSQL store's appends beside the raw limit of the medium (part of npm run bench's platform section):
// the demo's first commands' events, an append each as a live table appends an action (a discard with its claim
// window, its resolution and the next draw: four events), into a fresh schema, one after another and then 32
// writers at once (each its own streams, in order); beside them the same rows inserted into a bare
// table (no key, index, constraint or trigger) of jsonb payloads like the store's, one statement per append
// (one round trip, committed by itself), the same way. The store's appends are one at a time per schema
// (docs/event-store.md "Ordering"); the raw inserts are not, which is what the second pair shows.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import type { StoredEvent } from '../../services/eventstore/port.ts';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import { postgresUnreachable } from '../support/services.ts';
import { appendBatch } from './event-batches.ts';
import type { ResultRow } from './results.ts';

/** Appends measured: enough for a steady figure in a few seconds a pair. */
const APPENDS = 3_000;
const WRITERS = 32;

const int = (n: number): string => Math.round(n).toLocaleString('en-US');

export async function postgresAppendRows(events: readonly StoredEvent[], url: string): Promise<ResultRow[]> {
  const why = await postgresUnreachable(url);
  const taken = commandsOf(events, APPENDS);
  const measures = {
    sequential: `PostgreSQL appends, one after another (the demo's first ${int(taken.length)} commands, ${(taken.flat().length / taken.length).toFixed(1)} events each)`,
    concurrent: `PostgreSQL appends, ${WRITERS} writers at once (the same appends, each writer its own streams)`,
  };
  if (why !== undefined)
    return Object.entries(measures).map(([key, measure]) =>
      skipped(`platform.pg-appends-${key}`, measure, why),
    );
  const schema = `bench_append_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const store = await openPostgresEventStore(url, { schema });
  const raw = new pg.Pool({ connectionString: url, max: 10 });
  try {
    await admin.query(`CREATE TABLE ${schema}.raw_sequential (${RAW_COLUMNS});
      CREATE TABLE ${schema}.raw_concurrent (${RAW_COLUMNS})`);
    const rawSequential = rawAppender(raw, `${schema}.raw_sequential`);
    const rawConcurrent = rawAppender(raw, `${schema}.raw_concurrent`);
    const sequential = {
      ours: await timed(async () => {
        for (const batch of taken) await appendBatch(store, batch, { keepIds: false });
      }),
      raw: await timed(async () => {
        for (const batch of taken) await rawSequential(batch);
      }),
    };
    const writers = byWriter(taken);
    const concurrent = {
      ours: await timed(() =>
        Promise.all(
          writers.map(async (mine) => {
            for (const batch of mine)
              await appendBatch(store, batch, { stream: `c-${batch[0]!.stream}`, keepIds: false });
          }),
        ),
      ),
      raw: await timed(() =>
        Promise.all(
          writers.map(async (mine) => {
            for (const batch of mine) await rawConcurrent(batch);
          }),
        ),
      ),
    };
    const perSecond = (ms: number): number => taken.length / (ms / 1000);
    const row = (key: string, measure: string, { ours, raw }: { ours: number; raw: number }): ResultRow => ({
      key,
      section: 'platform',
      measure,
      ours: `${int(perSecond(ours))} appends/s (${(ours / taken.length).toFixed(2)} ms each)`,
      limit: `${int(perSecond(raw))} appends/s (raw inserts of the same rows, one statement an append)`,
      ratio: `${((100 * raw) / ours).toFixed(0)}%`,
      target: '—',
      verdict: '—',
    });
    console.log(
      `\n  PostgreSQL appends (${int(taken.length)}): one after another ${int(perSecond(sequential.ours))}/s ` +
        `(raw ${int(perSecond(sequential.raw))}/s); ${WRITERS} writers at once ${int(perSecond(concurrent.ours))}/s ` +
        `(raw ${int(perSecond(concurrent.raw))}/s)`,
    );
    return [
      row('platform.pg-appends-sequential', measures.sequential, sequential),
      row('platform.pg-appends-concurrent', measures.concurrent, concurrent),
    ];
  } finally {
    await store.close();
    await raw.end();
    await admin.query(`DROP SCHEMA ${schema} CASCADE`);
    await admin.end();
  }
}

const RAW_COLUMNS = `position bigint NOT NULL, stream text NOT NULL, revision integer NOT NULL, id text NOT NULL,
  type text NOT NULL, schema_version integer NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL,
  recorded_at timestamptz NOT NULL DEFAULT clock_timestamp(), previous_hash text NOT NULL, hash text NOT NULL`;

/** One multi-row INSERT per append, a named statement (parsed once per connection), committed by itself. */
function rawAppender(pool: pg.Pool, table: string): (batch: readonly StoredEvent[]) => Promise<void> {
  const statement = {
    name: `raw_${table.replace('.', '_')}`,
    text: `INSERT INTO ${table} (position, stream, revision, id, type, schema_version, data, metadata, previous_hash, hash)
      SELECT * FROM unnest($1::bigint[], $2::text[], $3::integer[], $4::text[], $5::text[], $6::integer[],
        $7::jsonb[], $8::jsonb[], $9::text[], $10::text[])`,
  };
  let position = 0;
  return async (batch) => {
    await pool.query({
      ...statement,
      values: [
        batch.map(() => ++position),
        batch.map((e) => e.stream),
        batch.map((e) => e.revision),
        batch.map((e) => e.id),
        batch.map((e) => e.type),
        batch.map((e) => e.schemaVersion),
        batch.map((e) => JSON.stringify(e.data)),
        batch.map((e) => JSON.stringify(e.metadata)),
        batch.map((e) => e.previousHash),
        batch.map((e) => e.hash),
      ],
    });
  };
}

/** The first `count` commands' events, in order: a stream's run of events with one causationId. */
function commandsOf(events: readonly StoredEvent[], count: number): StoredEvent[][] {
  const commands: StoredEvent[][] = [];
  for (const event of events) {
    const last = commands.at(-1)?.[0];
    if (last?.stream === event.stream && last.metadata.causationId === event.metadata.causationId)
      commands.at(-1)!.push(event);
    else if (commands.length === count) break;
    else commands.push([event]);
  }
  return commands;
}

/** The batches dealt to the writers by stream: a stream's batches stay with one writer, in their order. */
function byWriter(batches: readonly StoredEvent[][]): StoredEvent[][][] {
  const writers: StoredEvent[][][] = Array.from({ length: WRITERS }, () => []);
  const writerOf = new Map<string, number>();
  for (const batch of batches) {
    const stream = batch[0]!.stream;
    const writer = writerOf.get(stream) ?? writerOf.size % WRITERS;
    writerOf.set(stream, writer);
    writers[writer]!.push(batch);
  }
  return writers;
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}

function skipped(key: string, measure: string, why: string): ResultRow {
  return {
    key,
    section: 'platform',
    measure,
    ours: `skipped: ${why}`,
    limit: '—',
    ratio: '—',
    target: '—',
    verdict: 'skipped',
  };
}
