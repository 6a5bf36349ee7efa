// The runner against real SQLite files: a bot-played tournament in the event store, projected in batches,
// rebuilt, and interrupted mid-batch. Given the stored events, then the tables.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { type KyselyPlugin, SelectQueryNode } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HandRecorded, HandResultCorrected } from '../../domain/play/game/events.ts';
import type { EventStore, StoredEvent } from '../../services/eventstore/port.ts';
import { postgresUrl } from '../../test/support/services.ts';
import {
  ALL_PROJECTIONS,
  auditOf,
  boardOf,
  historyOf,
  replayFromEvents,
  replayOf,
  standingsOf,
} from '../index.ts';
import { dump, readAllOf, storeWithTournament, tempDir } from '../test-support/read-models.ts';
import { openReadModels, type ReadModelConfig, type ReadModels } from './db.ts';
import type { ReadAll } from './event.ts';
import { createRunner } from './runner.ts';

const T = 'spring';
let dir: string;
let store: EventStore;
let events: StoredEvent[];

beforeAll(async () => {
  dir = tempDir();
  store = await storeWithTournament(dir, {
    tournamentId: T,
    seed: 'projections',
    referee: true,
    handsPerGame: 2,
  });
  events = await store.readAll();
}, 120_000);

afterAll(async () => {
  await store?.close();
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
});

/**
 * Points per player summed independently of the ledger: the game's own count of each hand (HandRecorded's
 * deltas, then HandResultCorrected's for the ruling's replacement and the referee's adjustment) and the
 * tournament's penalties.
 */
function expectedPoints(): Map<string, number> {
  const points = new Map<string, number>();
  const add = (player: string, p: number) => points.set(player, (points.get(player) ?? 0) + p);
  let corrected = 0;
  for (const e of events) {
    if (e.type !== 'HandRecorded' && e.type !== 'HandResultCorrected') continue;
    const { data } = (e.type === 'HandRecorded' ? HandRecorded : HandResultCorrected).parse({
      type: e.type,
      schemaVersion: e.schemaVersion,
      data: e.data,
    });
    if (e.type === 'HandResultCorrected') corrected++;
    for (const [seat, delta] of Object.entries(data.deltas)) add(data.seatWinds[seat as 'E']!, delta!);
  }
  expect(corrected).toBe(2);
  add('p1', -500); // pen-1; pen-2 was cancelled
  add('p3', -200); // the ruling's penalty
  return points;
}

/**
 * Catches up 25 events at a time, each batch by a new runner dropped with whatever it kept warm (every
 * document read back, the board put together from its rows); answers how many batches it took.
 */
async function catchUpByColdBatches(db: ReadModels): Promise<number> {
  // Reads the board's checkpoint only.
  const probe = createRunner({ db, readAll: readAllOf(store), projections: ALL_PROJECTIONS });
  for (let batches = 0; ; batches++) {
    const before = await probe.checkpoint('board');
    await createRunner({
      db,
      readAll: async ({ after }) => await store.readAll({ after, limit: 25 }),
      projections: ALL_PROJECTIONS,
      batchSize: 1_000_000,
    }).catchUp();
    if ((await probe.checkpoint('board')) === before) return batches;
  }
}

async function build(config: ReadModelConfig, batchSize: number): Promise<ReadModels> {
  const db = await openReadModels(config);
  await createRunner({ db, readAll: readAllOf(store), projections: ALL_PROJECTIONS, batchSize }).catchUp();
  return db;
}

interface Engine {
  readonly name: string;
  /** A fresh, empty read-model database per name. */
  readonly config: (name: string) => ReadModelConfig;
}

const sqlite: Engine = {
  name: 'SQLite',
  config: (name) => ({ kind: 'sqlite', file: join(dir, `${name}.db`) }),
};

const url = await postgresUrl();
const schemas: string[] = [];
const postgres: Engine | undefined =
  url === undefined
    ? undefined
    : {
        name: 'PostgreSQL',
        config: (name) => {
          const schema = `projections_${process.pid}_${name.replaceAll('-', '_')}`;
          schemas.push(schema);
          return { kind: 'postgres', url, schema };
        },
      };

afterAll(async () => {
  if (url === undefined || schemas.length === 0) return;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  for (const schema of schemas) await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await client.end();
});

describe.each([sqlite, ...(postgres === undefined ? [] : [postgres])])(
  'projections on $name',
  ({ config }) => {
    it('standings equal the independent sum of the stored settlements, penalties and ruling', async () => {
      const db = await build(config('standings'), 500);
      const rows = await standingsOf(db, T);
      const expected = expectedPoints();
      expect(rows.map((r) => r.playerId).sort()).toEqual([...expected.keys()].sort());
      for (const row of rows) expect(row.points).toBe(expected.get(row.playerId));
      expect(rows.map((r) => r.games)).toEqual(rows.map(() => 2));
      // Places follow points, tied players sharing one.
      for (const row of rows) expect(row.place).toBe(1 + rows.filter((o) => o.points > row.points).length);
      await db.destroy();
    });

    it('a rebuild from zero gives byte-identical tables, whatever the batch sizes', async () => {
      const small = await build(config('batches-7'), 7);
      const large = await build(config('batches-500'), 500);
      const first = await dump(small);
      expect(first).toContain('"standings"');
      expect(await dump(large)).toBe(first);
      const runner = createRunner({
        db: small,
        readAll: readAllOf(store),
        projections: ALL_PROJECTIONS,
        batchSize: 500,
      });
      for (const p of ALL_PROJECTIONS) await runner.rebuild(p.name);
      expect(await dump(small)).toBe(first);
      await small.destroy();
      await large.destroy();
    });

    it('given a new runner for every batch (each document read back, the board put together from its table rows), then the same tables as one catch-up', async () => {
      const whole = await build(config('cold-whole'), 500);
      const db = await openReadModels(config('cold-batches'));
      expect(await catchUpByColdBatches(db)).toBeGreaterThan(10);
      const rows = await db.selectFrom('board_tables').selectAll().execute();
      expect(rows.length).toBeGreaterThan(0);
      expect(await dump(db)).toBe(await dump(whole));
      await db.destroy();
      await whole.destroy();
    });

    it('given a new runner for every batch of 25 events, then each batch reads the lookup of its games in one statement at most, for every projection', async () => {
      const opened = await openReadModels(config('lookup-reads'));
      let lookupReads = 0;
      const counting: KyselyPlugin = {
        transformQuery({ node }) {
          if (SelectQueryNode.is(node) && JSON.stringify(node.from).includes('"projection_lookup"'))
            lookupReads++;
          return node;
        },
        transformResult: async ({ result }) => result,
      };
      const db = opened.withPlugin(counting) as ReadModels;
      const batches = await catchUpByColdBatches(db);
      expect(batches).toBeGreaterThan(10);
      // Before: a statement per projection and game each cold batch, over five times as many.
      expect(lookupReads).toBeLessThanOrEqual(batches);
      expect(await dump(opened)).toBe(await dump(await build(config('lookup-whole'), 500)));
      await opened.destroy();
    });

    it('given a hand under way, when a batch holds only its draws, discards and claim windows, then the history writes nothing and the board writes', async () => {
      const PLAY = new Set([
        'TileDrawn',
        'TileDiscarded',
        'ClaimWindowOpened',
        'ClaimResolved',
        'ClaimPassed',
      ]);
      // The first run of 6 such events: the batch under test.
      const at = events.findIndex((_, i) => i > 0 && events.slice(i, i + 6).every((e) => PLAY.has(e.type)));
      expect(at).toBeGreaterThan(0);
      const upTo =
        (last: bigint): ReadAll =>
        async ({ after, limit }) =>
          events.filter((e) => e.position > after && e.position <= last).slice(0, limit);
      const db = await openReadModels(config('unchanged'));
      const writes: string[] = [];
      const runnerUpTo = (last: bigint) =>
        createRunner({
          db,
          readAll: upTo(last),
          projections: ALL_PROJECTIONS,
          afterWrite: (projection) => writes.push(projection),
        });
      await runnerUpTo(events[at - 1]!.position).catchUp();
      expect(writes).toContain('history');
      writes.length = 0;

      await runnerUpTo(events[at + 5]!.position).catchUp();

      expect(writes).toContain('board');
      expect(writes).not.toContain('history');
      await db.destroy();
    });

    it('a batch that fails after writing rows leaves the checkpoint where it was; resuming counts nothing twice', async () => {
      const clean = await build(config('clean'), 50);
      const db = await openReadModels(config('interrupted'));
      let committed = 0;
      let writing = 0;
      const failing = createRunner({
        db,
        readAll: readAllOf(store),
        projections: ALL_PROJECTIONS,
        batchSize: 50,
        onCommitted: (name) => {
          if (name === 'standings') committed++;
        },
        // The fourth batch that writes standings rows fails after its first document is written.
        afterWrite: (name, written) => {
          if (name === 'standings' && written === 1 && ++writing === 4) throw new Error('killed mid-batch');
        },
      });
      await expect(failing.catchUp()).rejects.toThrow('killed mid-batch');
      const checkpoint = await failing.checkpoint('standings');
      expect(committed).toBeGreaterThanOrEqual(3);
      // Every batch before the failing one committed; the failing one rolled back.
      expect(checkpoint).toBe(events[50 * committed - 1]!.position);
      expect(checkpoint).toBeLessThan(events.at(-1)!.position);
      const resumed = createRunner({
        db,
        readAll: readAllOf(store),
        projections: ALL_PROJECTIONS,
        batchSize: 50,
      });
      await resumed.catchUp();
      expect(await dump(db)).toBe(await dump(clean));
      await db.destroy();
      await clean.destroy();
    });

    it('redelivered events at or below the checkpoint are skipped', async () => {
      const db = await build(config('redelivery'), 500);
      const before = await dump(db);
      let replayed = 0;
      const runner = createRunner({
        db,
        readAll: async ({ after, limit }) =>
          replayed++ === 0 ? events.slice(0, limit) : store.readAll({ after, limit }),
        projections: ALL_PROJECTIONS,
      });
      await runner.catchUp();
      expect(replayed).toBeGreaterThan(0);
      expect(await dump(db)).toBe(before);
      await db.destroy();
    });

    it('follows a subscription and tells which documents each committed batch changed', async () => {
      const db = await openReadModels(config('follow'));
      const committed: string[] = [];
      const runner = createRunner({
        db,
        readAll: readAllOf(store),
        projections: ALL_PROJECTIONS,
        onCommitted: (projection, keys) => {
          if (projection === 'board') committed.push(...keys);
        },
      });
      const last = events.at(-1)!.position;
      const subscription = await runner.follow((after, handler) => store.subscribe(after, handler));
      for (let i = 0; i < 100 && (await runner.checkpoint('board')) < last; i++)
        await new Promise((r) => setTimeout(r, 50));
      await subscription.close();
      expect(await runner.checkpoint('board')).toBe(last);
      expect(new Set(committed)).toEqual(new Set([T]));
      await db.destroy();
    });

    it('a live hand replays as far as the projection has read', async () => {
      const stream = `hand-${T}-r2-t1-1`;
      const ofHand = events.filter((e) => e.stream === stream);
      const cut = ofHand[Math.floor(ofHand.length / 2)]!.position;
      const db = await openReadModels(config('live-hand'));
      await createRunner({
        db,
        readAll: async ({ after, limit }) =>
          (await store.readAll({ after, limit })).filter((e) => e.position <= cut),
        projections: ALL_PROJECTIONS,
      }).catchUp();
      const replay = await replayOf(db, `${T}-r2-t1`, 1);
      expect(replay?.steps.length).toBe(ofHand.filter((e) => e.position <= cut).length);
      expect(replay).toEqual(replayFromEvents(ofHand.filter((e) => e.position <= cut)));
      await db.destroy();
    });

    it('documents kept in memory are not trusted once another runner has moved the checkpoint', async () => {
      const clean = await build(config('two-runners-clean'), 500);
      const db = await openReadModels(config('two-runners'));
      const upTo =
        (cut: bigint): ReadAll =>
        async ({ after, limit }) =>
          (await store.readAll({ after, limit })).filter((e) => e.position <= cut);
      let cut = events[Math.floor(events.length / 3)]!.position;
      const first = createRunner({
        db,
        readAll: async (o) => upTo(cut)(o),
        projections: ALL_PROJECTIONS,
        batchSize: 100,
      });
      await first.catchUp();
      // Another process projects the next third; the first runner's warm documents are now behind.
      const other = events[Math.floor((2 * events.length) / 3)]!.position;
      await createRunner({
        db,
        readAll: upTo(other),
        projections: ALL_PROJECTIONS,
        batchSize: 100,
      }).catchUp();
      cut = events.at(-1)!.position;
      await first.catchUp();
      expect(await dump(db)).toBe(await dump(clean));
      await db.destroy();
      await clean.destroy();
    });

    it('a batch read before another process rebuilt the projection is read again, never applied over it', async () => {
      const clean = await build(config('rebuilt-beside-clean'), 500);
      const db = await openReadModels(config('rebuilt-beside'));
      const upTo =
        (cut: bigint): ReadAll =>
        async ({ after, limit }) =>
          (await store.readAll({ after, limit })).filter((e) => e.position <= cut);
      const half = events[Math.floor(events.length / 2)]!.position;
      const quarter = events[Math.floor(events.length / 4)]!.position;
      // Given the server's runner at half the events,
      let cut = half;
      let rebuildBeside: (() => Promise<void>) | undefined;
      const server = createRunner({
        db,
        readAll: async (o) => {
          const read = await upTo(cut)(o);
          // when a command rebuilds the projections (to a quarter, as far as it has read) just after the
          // server read its next batch,
          const rebuild = rebuildBeside;
          rebuildBeside = undefined;
          await rebuild?.();
          return read;
        },
        projections: ALL_PROJECTIONS,
        batchSize: 100,
      });
      await server.catchUp();
      const command = createRunner({
        db,
        readAll: upTo(quarter),
        projections: ALL_PROJECTIONS,
        batchSize: 100,
      });
      rebuildBeside = async () => {
        for (const p of ALL_PROJECTIONS) await command.rebuild(p.name);
      };
      cut = events.at(-1)!.position;
      await server.catchUp();
      // then the server reads again from where the rebuild left the checkpoints: the tables equal a clean build.
      expect(rebuildBeside).toBeUndefined();
      expect(await dump(db)).toBe(await dump(clean));
      await db.destroy();
      await clean.destroy();
    });

    it('tables written in an older format are dropped and projected again', async () => {
      const clean = await build(config('format-clean'), 500);
      const db = await build(config('format-old'), 500);
      await db
        .insertInto('projection_docs')
        .values({ projection: 'replay', doc_key: `hand-${T}-r1-t1-1`, doc: '{"steps":[]}' })
        .execute();
      await db
        .updateTable('projection_versions')
        .set({ version: 1 })
        .where('projection', '=', 'replay')
        .execute();
      const runner = createRunner({ db, readAll: readAllOf(store), projections: ALL_PROJECTIONS });
      await runner.catchUp();
      expect(await dump(db)).toBe(await dump(clean));
      await db.destroy();
      await clean.destroy();
    });

    it('the read models answer the API queries', async () => {
      const db = await build(config('queries'), 500);
      const board = await boardOf(db, T);
      expect(board?.round).toBe(2);
      expect(board?.tables.map((t) => [t.table, t.phase, t.hand])).toEqual([
        [1, 'finished', 2],
        [2, 'finished', 2],
      ]);

      const stream = `hand-${T}-r2-t1-1`;
      const replay = await replayOf(db, `${T}-r2-t1`, 1);
      expect(replay).toEqual(replayFromEvents(events.filter((e) => e.stream === stream)));
      expect(replay?.steps.length).toBe(events.filter((e) => e.stream === stream).length);
      // The deal takes 53 tiles off the wall (144 with flowers).
      expect(replay?.steps[0]?.table.wallRemaining).toBe(144);
      expect(replay?.steps[1]?.table.wallRemaining).toBe(144 - 53);

      const audit = await auditOf(db, T);
      expect(audit.map((e) => `${e.kind}:${e.type}`)).toEqual(
        expect.arrayContaining([
          'penalty:PlayerPenalised',
          'penalty-cancelled:PenaltyCancelled',
          'ruling:DisputeRuled',
          'correction:SettlementCorrected',
          'table-corrected:TableResultCorrected',
        ]),
      );
      // The ruling's replacement and the referee's adjustment, each with the true settlement before and after.
      const corrections = audit.filter((e) => e.kind === 'correction');
      expect(corrections.map((e) => e.correction?.mode)).toEqual(['replacement', 'adjustment']);
      for (const e of corrections) {
        const source = events.find((s) => s.id === e.event.id)!;
        const data = source.data as { deltas: Record<string, number> };
        expect(e.correction?.deltas).toEqual(data.deltas);
        expect(e.correction?.correctedBy).toEqual({ role: 'referee', id: 'referee-1' });
      }
      expect(corrections[1]?.correction?.deltas).toEqual({ N: -200, W: 200 });
      const cancelled = audit.find((e) => e.type === 'PenaltyCancelled')!;
      expect(cancelled.after.p2! - cancelled.before.p2!).toBe(300);
      expect(cancelled.who).toEqual({ role: 'referee', id: 'referee-1' });
      // The entry carries the stored event's place in its stream's hash chain.
      const source = events.find((e) => e.id === cancelled.event.id)!;
      expect(cancelled.event).toEqual({
        id: source.id,
        stream: source.stream,
        revision: source.revision,
        hash: source.hash,
      });
      expect(source.hash).not.toBe('');

      const history = await historyOf(db, 'p1');
      expect(history.map((h) => [h.tournamentId, h.round])).toEqual([
        [T, 1],
        [T, 2],
      ]);
      expect(history.every((h) => h.place !== null && h.finished)).toBe(true);
      await db.destroy();
    });
  },
);

describe('a projection process killed mid-batch', () => {
  it('loses the open transaction only: resumed in-process, the tables equal a clean build', async () => {
    const file = join(dir, 'killed.db');
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        join(import.meta.dirname, '../test-support/project-child.ts'),
        join(dir, 'events.db'),
        file,
      ],
      {
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const said = await new Promise<string>((resolve) => {
      let out = '';
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      child.on('exit', () => resolve(out.trim()));
    });
    expect(said).toBe('mid-batch');
    const exited = new Promise((resolve) => child.on('exit', (_code, signal) => resolve(signal)));
    child.kill('SIGKILL');
    expect(await exited).toBe('SIGKILL');

    const db = await openReadModels({ kind: 'sqlite', file });
    const runner = createRunner({ db, readAll: readAllOf(store), projections: ALL_PROJECTIONS });
    expect(await runner.checkpoint('standings')).toBe(0n);
    await runner.catchUp();
    const clean = await build(sqlite.config('killed-clean'), 500);
    expect(await dump(db)).toBe(await dump(clean));
    await db.destroy();
    await clean.destroy();
  });
});
