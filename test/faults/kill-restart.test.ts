// A server SIGKILLed at random moments under load and started again on its store (issue 13, fault a): the
// load's seats keep playing through it (they resend what went unanswered, and their streams reconnect). Then
// every acknowledged action's events are stored, none twice; the read models, caught up from where the
// killed servers left them, equal a rebuild from the first event; and `verify` holds every hash chain.
// `npm test` kills it twice; `npm run test:faults` (FAULTS_FULL=1) ten times over a longer run.
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ALL_PROJECTIONS, createRunner, openReadModels, type ReadModels } from '../../projections/index.ts';
import { checkCommands, readAcknowledged } from '../load/acknowledged.ts';
import { freePort, runNode, type ServeProcess, startServe } from './serve-process.ts';
import { eventsAfter, sqliteStoreOf, TempDirs, withStore } from './support.ts';

const FULL = process.env.FAULTS_FULL === '1';
const KILLS = FULL ? 10 : 2;
const SECONDS = FULL ? 90 : 24;
const TABLES = 4;
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

/** Every read-model table but the checkpoints, each row as text, in a stable order. */
async function readModelRows(db: ReadModels): Promise<Record<string, string[]>> {
  const tables = [
    'projection_docs',
    'projection_doc_parts',
    'projection_lookup',
    'standings_rows',
    'board_tables',
    'history_rows',
    'replay_events',
  ];
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    // biome-ignore lint/suspicious/noExplicitAny: every table read alike, row by row
    const rows = await (db as any).selectFrom(table).selectAll().execute();
    out[table] = rows.map((row: unknown) => JSON.stringify(row)).sort();
  }
  return out;
}

describe('a server killed under load', () => {
  const dirs = new TempDirs('faults-kill-');
  let server: ServeProcess | undefined;
  afterAll(async () => {
    await server?.stop();
    dirs.remove();
  });

  it(
    `given ${TABLES} tables played flat out, when the server is SIGKILLed ${KILLS} times and started again, then no acknowledged action is lost or doubled, the read models equal a rebuild and every chain verifies`,
    async () => {
      const dataDir = dirs.dir('data');
      const env = { DATA_DIR: dataDir };
      const port = await freePort();
      server = await startServe(env, port);
      const record = join(dirs.dir('load'), 'acknowledged.jsonl');
      const load = runNode([
        'test/load/run.ts',
        '--url',
        server.url,
        '--token',
        server.organizerToken,
        '--tables',
        String(TABLES),
        '--seconds',
        String(SECONDS),
        '--pace',
        'flat',
        '--record',
        record,
      ]);
      // Kills spread over the run at random moments, each server started again at once on the same port.
      const started = Date.now();
      for (let kill = 0; kill < KILLS; kill++) {
        const slot = ((SECONDS - 6) * 1000) / KILLS;
        const at = 3000 + kill * slot + Math.random() * slot * 0.6;
        await sleep(Math.max(0, started + at - Date.now()));
        await server.kill();
        server = await startServe(env, port);
      }
      const finished = await load;
      expect(finished.code, finished.stderr).not.toBe(3);
      const report = JSON.parse(finished.stdout.trim().split('\n').at(-1)!);
      console.info(
        `kill-restart: ${KILLS} kills, ${report.acknowledged} actions acknowledged, ${report.errors.total} client errors while the server was down`,
      );
      expect(report.acknowledged).toBeGreaterThan(0);
      await server.stop();
      server = undefined;

      const acknowledged = readAcknowledged(record);
      const events = await withStore(
        () => sqliteStoreOf(dataDir),
        (store) => eventsAfter(store),
      );
      const check = checkCommands(events, acknowledged);
      expect(check.missing).toEqual([]);
      expect(check.twice).toEqual([]);
      expect(check.stored).toBeGreaterThanOrEqual(acknowledged.length);

      // The read models the killed servers left, caught up as a start would, against a rebuild from zero.
      const left = await openReadModels({ kind: 'sqlite', file: join(dataDir, 'read-models.db') });
      const rebuilt = await openReadModels({
        kind: 'sqlite',
        file: join(dirs.dir('rebuilt'), 'read-models.db'),
      });
      try {
        await withStore(
          () => sqliteStoreOf(dataDir),
          async (store) => {
            const readAll = ({ after, limit }: { after: bigint; limit: number }) =>
              store.readAll({ after, limit });
            await createRunner({ db: left, readAll, projections: ALL_PROJECTIONS }).catchUp();
            await createRunner({ db: rebuilt, readAll, projections: ALL_PROJECTIONS }).catchUp();
          },
        );
        expect(await readModelRows(left)).toEqual(await readModelRows(rebuilt));
      } finally {
        await left.destroy();
        await rebuilt.destroy();
      }

      const verified = await runNode(['services/cli.ts', 'verify', '--json'], env);
      expect(verified.code, verified.stdout + verified.stderr).toBe(0);
    },
    (SECONDS + 240) * 1000,
  );
});
