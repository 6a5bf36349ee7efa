// What the fault tests share: a tournament built by bots in a temp DATA_DIR, and a pristine copy of it
// amended with an undisturbed recompute in this process (the reference a fault must not change); CLI
// processes (`worker`, `amend`) of their own, stopped by pid; the store watched while a worker corrects
// hands; and the end state every fault must leave: one SettlementCorrected per affected hand, each counted
// once in its game and carried to its finished table, AmendmentApplied's counts, and the standings rebuilt
// from position zero equal to the reference's.
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import { expect } from 'vitest';
import { gameStream } from '../../domain/play/metadata.ts';
import type { AmendmentApplied, AmendRuleset } from '../../domain/tournament/index.ts';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { createRunner, openReadModels, standingsOf } from '../../projections/index.ts';
import { standingsProjection } from '../../projections/standings/store.ts';
import { recomputeAmendment } from '../../services/amendments/recompute.ts';
import { type DemoOptions, runDemo } from '../../services/demo/run-demo.ts';
import type { EventStore, StoredEvent } from '../../services/eventstore/port.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { createPlatform } from '../../services/platform.ts';
import { load, loadGame } from '../../services/play/table.ts';
import { TOURNAMENT_AGGREGATE } from '../../services/tournament/service.ts';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** How long any one wait of these tests may take on a loaded 2-core machine: a bound, never a measure. */
export const BOUND_MS = 60_000;

/**
 * The amendment every fault test makes: a Chinese Classical tournament played with East paying and receiving
 * double, amended so that East does not (retroactively, over the whole event). Nearly every won hand has East
 * in it, so nearly every hand is corrected: a recompute of a few hundred hands takes seconds, long enough to
 * cut short at a chosen moment.
 */
export const PRESET = 'chinese-classical';
export const CHANGES = { eastDoubles: false } as const;
export const CLI_SET = ['--set', 'eastDoubles=false'];
export const REASON = 'fault test: East no longer doubles';

export const ORGANIZER = { role: 'organizer', id: 'fault-organizer' } as const;

/** The amendment as a command (the same in the faulted store and in the reference). */
export function amendCommand(amendmentId: string): AmendRuleset {
  return {
    type: 'AmendRuleset',
    amendmentId,
    changes: CHANGES,
    scope: { kind: 'event' },
    reason: REASON,
    at: '2026-02-01T09:00:00.000Z',
    by: ORGANIZER,
  };
}

/**
 * Temp folders of a test file, made under one root at their first use (a skipped or filtered-out suite makes
 * none) and removed together.
 */
export class TempDirs {
  #root: string | undefined;

  constructor(private readonly prefix: string) {}

  /** The folder of this name, made if new. */
  dir(name: string): string {
    this.#root ??= mkdtempSync(join(tmpdir(), this.prefix));
    const dir = join(this.#root, name);
    mkdirSync(dir, { recursive: true });
    return dir;
  }

  remove(): void {
    if (this.#root !== undefined) rmSync(this.#root, { recursive: true, force: true });
    this.#root = undefined;
  }
}

export type TournamentShape = Pick<DemoOptions, 'players' | 'rounds' | 'seed'> & { readonly hands: number };

/** Bots play the tournament into the store, left open for amendments; answers its id. */
export async function buildTournament(store: EventStore, shape: TournamentShape): Promise<string> {
  const demo = await runDemo(store, {
    players: shape.players,
    rounds: shape.rounds,
    seed: shape.seed,
    preset: PRESET,
    finish: false,
    end: { kind: 'hands', count: shape.hands },
  });
  return demo.tournamentId;
}

/** The event store of a DATA_DIR, as the CLI opens it (DATA_DIR/events.db). */
export const sqliteStoreOf = (dataDir: string): EventStore =>
  openSqliteEventStore(join(dataDir, 'events.db'));

/** Opens a store, does the work on it and closes it. */
export async function withStore<T>(
  open: () => Promise<EventStore> | EventStore,
  work: (store: EventStore) => Promise<T>,
): Promise<T> {
  const store = await open();
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** A copy of a DATA_DIR nobody has open (the store closed: its WAL checkpointed). */
export function copyDataDir(from: string, to: string): void {
  cpSync(from, to, { recursive: true });
  if (!existsSync(join(to, 'events.db'))) throw new Error(`no events.db copied from ${from}`);
}

export type StandingRows = Awaited<ReturnType<typeof standingsOf>>;

/** What the undisturbed recompute leaves: the reference for every fault. */
export interface Reference {
  readonly applied: AmendmentApplied['data'];
  /** Per hand stream, the points each seat moved by the amendment's correction. */
  readonly deltas: ReadonlyMap<string, unknown>;
  readonly standings: StandingRows;
  /** Every finished table's scores, by game. */
  readonly tables: ReadonlyMap<string, unknown>;
}

/** Amends the store and recomputes in this process, undisturbed. */
export async function referenceOf(
  store: EventStore,
  tournamentId: string,
  amendmentId: string,
): Promise<Reference> {
  const platform = createPlatform(store, { deadlines: false, movesTablesOn: false });
  try {
    const outcome = await platform.tournaments.command(tournamentId, amendCommand(amendmentId), ORGANIZER, {
      commandId: `reference:${amendmentId}`,
      correlationId: amendmentId,
    });
    expect(outcome.status).toBe('appended');
    const applied = await recomputeAmendment(platform, { tournamentId, amendmentId });
    const corrections = await correctionsOf(store, amendmentId);
    return {
      applied,
      deltas: new Map(corrections.map((e) => [e.stream, (e.data as { deltas?: unknown }).deltas])),
      standings: await standingsFromZero(store, tournamentId),
      tables: await tableScores(store, tournamentId),
    };
  } finally {
    platform.close();
  }
}

/** A tournament in a SQLite DATA_DIR, and the reference its amendment must reach, from a pristine copy. */
export async function sqliteTournament(
  dataDir: string,
  pristineDir: string,
  shape: TournamentShape,
  amendmentId: string,
): Promise<{ tournamentId: string; reference: Reference }> {
  const tournamentId = await withStore(
    () => sqliteStoreOf(dataDir),
    (store) => buildTournament(store, shape),
  );
  copyDataDir(dataDir, pristineDir);
  const reference = await withStore(
    () => sqliteStoreOf(pristineDir),
    (store) => referenceOf(store, tournamentId, amendmentId),
  );
  return { tournamentId, reference };
}

/**
 * Databases of a test's own on the PostgreSQL server of DATABASE_URL (the stores' schemas are fixed, so a
 * database of its own keeps a test apart from any other), a pristine copy made as a template, all dropped.
 */
export class PostgresDatabases {
  readonly #made: string[] = [];

  constructor(private readonly serverUrl: string) {}

  /** The URL of a database of this name on the same server. */
  url(name: string): string {
    const url = new URL(this.serverUrl);
    url.pathname = `/${name}`;
    return url.toString();
  }

  /** Creates it, empty, or as a copy of `template` (which nobody may have open). */
  async create(name: string, template?: string): Promise<string> {
    this.#made.push(name);
    await this.#admin(`CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${template}`}`);
    return this.url(name);
  }

  async dropAll(): Promise<void> {
    for (const name of this.#made.splice(0))
      await this.#admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  }

  async #admin(statement: string): Promise<void> {
    const client = new pg.Client({ connectionString: this.serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }
}

/** The standings projection built from position zero into a read-model file of its own. */
export async function standingsFromZero(store: EventStore, tournamentId: string): Promise<StandingRows> {
  const dir = mkdtempSync(join(tmpdir(), 'faults-read-models-'));
  const db = await openReadModels({ kind: 'sqlite', file: join(dir, 'read-models.db') });
  try {
    const runner = createRunner({
      db,
      readAll: ({ after, limit }) => store.readAll({ after, limit }),
      projections: [standingsProjection],
    });
    await runner.catchUp();
    return await standingsOf(db, tournamentId);
  } finally {
    await db.destroy();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Every finished table's scores as the tournament stream holds them now, by game. */
export async function tableScores(store: EventStore, tournamentId: string): Promise<Map<string, unknown>> {
  const { state } = await load(store, tournamentStream(tournamentId), TOURNAMENT_AGGREGATE);
  const out = new Map<string, unknown>();
  for (const round of state.rounds)
    for (const table of round.tables)
      if (table.scores !== undefined) out.set(table.gameId, byPlayer(table.scores));
  return out;
}

const byPlayer = (scores: readonly { playerId: string; points: number }[]) =>
  Object.fromEntries(
    [...scores].sort((a, b) => (a.playerId < b.playerId ? -1 : 1)).map((s) => [s.playerId, s.points]),
  );

/** Every stored event, in store order, from `after` on. */
export async function eventsAfter(store: EventStore, after = 0n): Promise<StoredEvent[]> {
  const out: StoredEvent[] = [];
  for (;;) {
    const batch = await store.readAll({ after, limit: 5000 });
    if (batch.length === 0) return out;
    out.push(...batch);
    after = batch.at(-1)!.position;
  }
}

/** The global position of the store's last event. */
export async function headOf(store: EventStore): Promise<bigint> {
  return (await eventsAfter(store)).at(-1)?.position ?? 0n;
}

/** The amendment's SettlementCorrected events, in store order. */
export async function correctionsOf(store: EventStore, amendmentId: string): Promise<StoredEvent[]> {
  return (await eventsAfter(store)).filter(
    (e) =>
      e.type === 'SettlementCorrected' && (e.data as { amendmentId?: string }).amendmentId === amendmentId,
  );
}

/** Polls `check` until it answers a value, failing after `boundMs` with what `what` says. */
export async function until<T>(
  check: () => Promise<T | undefined> | T | undefined,
  what: () => string,
  boundMs = BOUND_MS,
  intervalMs = 20,
): Promise<T> {
  const stop = Date.now() + boundMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > stop) throw new Error(`timed out after ${boundMs} ms waiting for ${what()}`);
    await new Promise((done) => setTimeout(done, intervalMs));
  }
}

/** Where the last hand a worker was correcting stood when it was stopped. */
export type HandMoment =
  /** Its SettlementCorrected is on record, its game has not counted it (no HandResultCorrected). */
  | 'corrected-not-counted'
  /** Counted in its game, not yet carried to its finished table (no TableResultCorrected). */
  | 'counted-not-carried'
  /** Every correction so far carried through. */
  | 'between-hands';

/**
 * The store as a worker in another process writes it: how many hands the amendment has corrected so far,
 * whether each correction has been counted in its game and carried to its table, and whether
 * AmendmentApplied closed it. Reads only what was appended since the last look.
 */
export class CorrectionWatch {
  #after = 0n;
  #corrected = new Set<string>();
  /** Corrections that move points, by event id, until counted (HandResultCorrected) and carried (TableResultCorrected). */
  #uncounted = new Set<string>();
  /** Carried once per game, after its last correction of the pass: by game. */
  #uncarried = new Map<string, string>();
  #applied: AmendmentApplied['data'] | undefined;

  constructor(
    private readonly store: EventStore,
    private readonly amendmentId: string,
  ) {}

  async look(): Promise<{
    corrected: number;
    applied: AmendmentApplied['data'] | undefined;
    moment: HandMoment;
  }> {
    for (;;) {
      const batch = await this.store.readAll({ after: this.#after, limit: 5000 });
      if (batch.length === 0) break;
      for (const e of batch) {
        const data = e.data as { amendmentId?: string; correction?: string; deltas?: object };
        if (e.type === 'HandResultCorrected') this.#uncounted.delete(data.correction!);
        if (e.type === 'TableResultCorrected') {
          const { gameId } = e.data as { gameId: string };
          for (const [id, game] of this.#uncarried) if (game === gameId) this.#uncarried.delete(id);
        }
        if (data.amendmentId !== this.amendmentId) continue;
        if (e.type === 'SettlementCorrected') {
          this.#corrected.add(e.stream);
          if (Object.keys(data.deltas ?? {}).length > 0) {
            this.#uncounted.add(e.id);
            this.#uncarried.set(e.id, gameOfHandStream(e.stream));
          }
        }
        if (e.type === 'AmendmentApplied') this.#applied = e.data as AmendmentApplied['data'];
      }
      this.#after = batch.at(-1)!.position;
    }
    const moment: HandMoment =
      this.#uncounted.size > 0
        ? 'corrected-not-counted'
        : this.#uncarried.size > 0
          ? 'counted-not-carried'
          : 'between-hands';
    return { corrected: this.#corrected.size, applied: this.#applied, moment };
  }

  /** Waits until at least `count` hands are corrected by the worker, which must stay up meanwhile. */
  async corrected(count: number, worker: CliProcess): Promise<number> {
    return until(
      async () => {
        const { corrected, applied } = await this.look();
        if (applied !== undefined && corrected < count)
          throw new Error(`the amendment was applied with ${corrected} hands corrected, before ${count}`);
        if (corrected >= count) return corrected;
        if (!worker.running) throw new Error(`the worker stopped: ${worker.describe()}`);
        return undefined;
      },
      () => `${count} hands corrected (${this.#corrected.size} so far); worker ${worker.describe()}`,
      BOUND_MS,
      10,
    );
  }

  /**
   * Freezes the worker (SIGSTOP) once `from` hands are corrected, at the first moment the store shows it
   * inside a hand as `aim` says: frozen, the store holds still, so what it shows is where the worker stands.
   * A freeze that came a moment late is thawed (SIGCONT) and the next hand tried; past `upTo` hands the
   * worker is left frozen wherever it is. Answers the moment it was frozen at; the caller kills it.
   */
  async freezeInside(
    worker: CliProcess,
    aim: HandMoment,
    from: number,
    upTo: number,
  ): Promise<{ corrected: number; moment: HandMoment }> {
    await this.corrected(from, worker);
    const stop = Date.now() + BOUND_MS;
    for (;;) {
      const seen = await this.look();
      if (seen.applied !== undefined)
        throw new Error('the amendment was applied before the worker was frozen');
      if (!worker.running) throw new Error(`the worker stopped: ${worker.describe()}`);
      if (Date.now() > stop) throw new Error(`no moment ${aim} seen in ${BOUND_MS} ms: ${worker.describe()}`);
      if (seen.moment === aim || seen.corrected >= upTo) {
        process.kill(worker.pid, 'SIGSTOP');
        // Stopped: whatever it appended before the signal is in the store now, and nothing more comes.
        await new Promise((done) => setTimeout(done, 50));
        const frozen = await this.look();
        if (frozen.moment === aim || frozen.corrected >= upTo) return frozen;
        process.kill(worker.pid, 'SIGCONT');
      }
      await new Promise((done) => setImmediate(done));
    }
  }

  /** Waits for AmendmentApplied, written by the worker, which must stay up meanwhile. */
  async applied(worker: CliProcess): Promise<AmendmentApplied['data']> {
    return until(
      async () => {
        const { applied } = await this.look();
        if (applied === undefined && !worker.running)
          throw new Error(`the worker stopped: ${worker.describe()}`);
        return applied;
      },
      () => `AmendmentApplied (${this.#corrected.size} hands corrected so far); worker ${worker.describe()}`,
    );
  }
}

/** What every fault must leave: the reference's outcome, each hand corrected once, counted once. */
export async function expectEndState(
  store: EventStore,
  tournamentId: string,
  amendmentId: string,
  reference: Reference,
): Promise<void> {
  const events = await eventsAfter(store);
  const corrections = events.filter(
    (e) =>
      e.type === 'SettlementCorrected' && (e.data as { amendmentId?: string }).amendmentId === amendmentId,
  );
  // Exactly one correction per affected hand, moving each seat as the undisturbed recompute did.
  const perHand = new Map<string, number>();
  for (const e of corrections) perHand.set(e.stream, (perHand.get(e.stream) ?? 0) + 1);
  expect(
    [...perHand.values()].filter((n) => n !== 1),
    'hands corrected more than once',
  ).toEqual([]);
  expect([...perHand.keys()].sort()).toEqual([...reference.deltas.keys()].sort());
  for (const e of corrections)
    expect((e.data as { deltas?: unknown }).deltas, e.stream).toEqual(reference.deltas.get(e.stream));

  // Each correction counted once in its game: one HandResultCorrected per correction id (none without deltas).
  const ids = new Map(corrections.map((e) => [e.id, e]));
  const counted = new Map<string, number>();
  for (const e of events)
    if (e.type === 'HandResultCorrected') {
      const correction = (e.data as { correction: string }).correction;
      counted.set(correction, (counted.get(correction) ?? 0) + 1);
      const of = ids.get(correction);
      if (of !== undefined)
        expect(of.stream.startsWith(`hand-${e.stream.slice('game-'.length)}-`)).toBe(true);
    }
  // A recompute carries a game's corrections to its table once, after the game's last one: each
  // TableResultCorrected names one correction of the amendment, and every game whose result moved has one.
  const carriedGames = new Set<string>();
  for (const e of events)
    if (e.type === 'TableResultCorrected') carriedGames.add((e.data as { gameId: string }).gameId);
  for (const [id, e] of ids) {
    const moves = Object.keys((e.data as { deltas?: object }).deltas ?? {}).length > 0;
    expect(counted.get(id) ?? 0, `HandResultCorrected for ${e.stream}`).toBe(moves ? 1 : 0);
    // Every table of these tournaments is finished: a correction that moves points moves its table's result.
    if (moves)
      expect(carriedGames.has(gameOfHandStream(e.stream)), `TableResultCorrected for ${e.stream}`).toBe(true);
  }

  // Each finished table follows its game: TableResultCorrected events naming distinct corrections, a chain
  // from the table's recorded result to the game's final scores.
  const tableEvents = events.filter((e) => e.stream === tournamentStream(tournamentId));
  const finished = new Map<string, unknown>();
  const chains = new Map<string, { correction: string; previous: unknown; scores: unknown }[]>();
  for (const e of tableEvents) {
    if (e.type === 'TableFinished') {
      const data = e.data as { gameId?: string; scores?: { playerId: string; points: number }[] };
      if (data.gameId !== undefined && data.scores !== undefined)
        finished.set(data.gameId, byPlayer(data.scores));
    }
    if (e.type === 'TableResultCorrected') {
      const data = e.data as {
        gameId: string;
        correction: string;
        previous: { playerId: string; points: number }[];
        scores: { playerId: string; points: number }[];
      };
      const chain = chains.get(data.gameId) ?? [];
      chain.push({
        correction: data.correction,
        previous: byPlayer(data.previous),
        scores: byPlayer(data.scores),
      });
      chains.set(data.gameId, chain);
    }
  }
  const tables = await tableScores(store, tournamentId);
  expect(tables).toEqual(reference.tables);
  for (const [gameId, chain] of chains) {
    const corrected = chain.map((link) => link.correction);
    expect(new Set(corrected).size, `TableResultCorrected of ${gameId} repeated`).toBe(corrected.length);
    for (const link of chain) expect(ids.has(link.correction), `${gameId}: ${link.correction}`).toBe(true);
    for (let i = 1; i < chain.length; i++) expect(chain[i]!.previous, gameId).toEqual(chain[i - 1]!.scores);
    expect(chain[0]!.previous, gameId).toEqual(finished.get(gameId));
    const game = await loadGame(store, gameId);
    expect(game.stream).toBe(gameStream(gameId));
    expect(game.state.phase).toBe('finished');
    expect(chain.at(-1)!.scores, gameId).toEqual(game.state.scores);
    expect(tables.get(gameId), gameId).toEqual(game.state.scores);
  }

  // AmendmentApplied, once, with the reference's counts; and the standings rebuilt from zero are the reference's.
  const applied = events.filter(
    (e) => e.type === 'AmendmentApplied' && (e.data as { amendmentId: string }).amendmentId === amendmentId,
  );
  expect(applied.map((e) => e.data)).toEqual([reference.applied]);
  expect((applied[0]!.data as AmendmentApplied['data']).corrected).toBe(perHand.size);
  expect(await standingsFromZero(store, tournamentId)).toEqual(reference.standings);
}

/**
 * Freezes the worker (SIGSTOP) at a moment it holds no write lock on the SQLite file, so that another
 * process can go on writing while it stays frozen: a freeze that caught it inside a write is thawed and
 * tried again a moment later.
 */
export async function freezeOutsideWrites(worker: CliProcess, eventsFile: string): Promise<void> {
  const probe = new Database(eventsFile, { timeout: 0 });
  try {
    await until(
      async () => {
        if (!worker.running) throw new Error(`the worker stopped: ${worker.describe()}`);
        process.kill(worker.pid, 'SIGSTOP');
        await new Promise((done) => setTimeout(done, 50));
        try {
          probe.exec('BEGIN IMMEDIATE');
          probe.exec('ROLLBACK');
          return true;
        } catch (error) {
          if (!(error instanceof Database.SqliteError && /^SQLITE_BUSY/.test(error.code))) throw error;
          process.kill(worker.pid, 'SIGCONT');
          return undefined;
        }
      },
      () => `a moment ${worker.describe()} holds no write lock`,
      BOUND_MS,
      5,
    );
  } finally {
    probe.close();
  }
}

/** A CLI process of the test's own: its output kept for the failure message, stopped only by its pid. */
export class CliProcess {
  readonly child: ChildProcess;
  stdout = '';
  stderr = '';
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  constructor(args: readonly string[], env: Readonly<Record<string, string>>) {
    this.child = spawn(process.execPath, ['--import', 'tsx', 'services/cli.ts', ...args], {
      cwd: REPO_ROOT,
      env: { ...cleanEnv(), ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stdout += chunk;
    });
    this.child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      this.stderr += chunk;
    });
    this.exited = new Promise((done) => this.child.once('exit', (code, signal) => done({ code, signal })));
  }

  get pid(): number {
    return this.child.pid!;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  describe(): string {
    return `pid ${this.pid} (${this.running ? 'running' : 'exited'}): ${this.stderr.slice(-2000)}`;
  }

  /** Waits for a line of standard error that starts with `start` (the worker says it is taking jobs). */
  async said(start: string): Promise<void> {
    await until(
      () => {
        if (this.stderr.split('\n').some((line) => line.startsWith(start))) return true;
        if (!this.running) throw new Error(`exited before saying "${start}": ${this.describe()}`);
        return undefined;
      },
      () => `"${start}" from ${this.describe()}`,
    );
  }

  /** Sends the signal to this process alone and waits for it to exit (bounded). */
  async stop(signal: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    if (this.running) process.kill(this.pid, signal);
    return withBound(this.exited, `pid ${this.pid} to exit on ${signal}`);
  }

  /** Waits for it to exit by itself (bounded). */
  done(): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return withBound(this.exited, `pid ${this.pid} to finish: ${this.stderr.slice(-2000)}`);
  }
}

function withBound<T>(promise: Promise<T>, what: string, boundMs = BOUND_MS): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`timed out after ${boundMs} ms waiting for ${what}`)), boundMs);
  });
  return Promise.race([promise, bound]).finally(() => clearTimeout(timer));
}

/** This process's environment without the stores and queue of whoever runs the tests (CI sets them). */
function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (
      value !== undefined &&
      !['DATABASE_URL', 'KURRENTDB_URL', 'REDIS_URL', 'QUEUE_PREFIX', 'PORT'].includes(name)
    )
      env[name] = value;
  return env;
}

/** The CLI processes a test file started: each stopped by its own pid (SIGKILL) if still running at the end. */
export class CliProcesses {
  readonly #all: CliProcess[] = [];

  start(args: readonly string[], env: Readonly<Record<string, string>>): CliProcess {
    const cli = new CliProcess(args, env);
    this.#all.push(cli);
    return cli;
  }

  async stopAll(): Promise<void> {
    await Promise.all(this.#all.filter((cli) => cli.running).map((cli) => cli.stop('SIGKILL')));
  }
}

/** The game of a hand stream's name, hand-{gameId}-{n}. */
function gameOfHandStream(stream: string): string {
  return stream.slice('hand-'.length, stream.lastIndexOf('-'));
}
