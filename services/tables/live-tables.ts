// The tables being played: each game and its current hand kept in memory, every command decided on that
// state and appended with the stream's revision, one command at a time per table. The service moves a table
// on by itself: a finished hand is recorded in the game and the next hand dealt; a claim window nobody
// finished answering is closed at its deadline. A restarted service picks a table up from its streams where
// it stood: a hand over but not recorded, or a game with no current hand, is moved on when first touched.
//
// Several processes may serve one store (leases/port.ts). Any of them decides a command on any table: there,
// every copy reads the events it lacks before it is used (anyone may have written to the table), once for a
// client's request (forRequest), and the expected revision of every append keeps two writers apart. Only the
// lease holder runs the table's clock: it closes claim windows at their deadline.
// A process that takes a lease over (its holder died) reads the table from its streams and moves it on,
// closing the windows whose deadline passed meanwhile as passes, one after another.

import { AsyncLocalStorage } from 'node:async_hooks';
import type { CorrectSettlement } from '../../domain/play/correction/index.ts';
import {
  decideEntry,
  type EnterHandResult,
  type EntryRejection,
  previewEntry,
} from '../../domain/play/entry/index.ts';
import type { PlayEvent } from '../../domain/play/events.ts';
import { handResultOf } from '../../domain/play/game/from-hand.ts';
import type { GameEvent, GameRejection, GameState, StartGame } from '../../domain/play/game/index.ts';
import type { HandCommand, HandState, Rejection } from '../../domain/play/hand/index.ts';
import { evolve as evolveHand, initialHandState } from '../../domain/play/hand/index.ts';
import { gameStream, handStream, streamRef } from '../../domain/play/metadata.ts';
import type { Ruleset } from '../../domain/rules/rulesets/index.ts';
import { type EventStore, type StoredEvent, WrongExpectedVersion } from '../eventstore/port.ts';
import { serverSteps } from '../play/command-ids.ts';
import type { Aggregate } from '../play/table.ts';
import {
  type Actor,
  type CommandIds,
  type CommandOutcome,
  catchUp,
  GAME_AGGREGATE,
  HAND_AGGREGATE,
  type Loaded,
  load,
  parseHandEvent,
  run,
} from '../play/table.ts';
import { appendCorrection, countInGame, type HandCorrection, type HandEvents } from './correct-hand.ts';
import { soleLeases, type TableLeases } from './leases/port.ts';
import { nextHandOf } from './next-hand.ts';

/** A hand stream written by result entry: the same events and fold, decided by the entry decider. */
const ENTRY_AGGREGATE: Aggregate<EnterHandResult, HandState, PlayEvent, EntryRejection> = {
  initial: initialHandState,
  parse: parseHandEvent,
  evolve: evolveHand,
  decide: decideEntry,
};

export type HandLoaded = Loaded<PlayEvent, HandState>;
export type GameLoaded = Loaded<GameEvent, GameState>;

export interface LiveTablesOptions {
  readonly clock?: () => Date;
  /** The seed of hand n's wall: recorded in HandStarted, so the hand replays. */
  readonly wallSeedOf?: (game: GameLoaded, hand: number) => string | Promise<string>;
  /** Close claim windows at their deadline (live play). Off where every seat always answers (the demo). */
  readonly deadlines?: boolean;
  /** Every batch of events appended to a table's streams, in order. */
  readonly onAppended?: (gameId: string, events: readonly StoredEvent[]) => void;
  /** A table's game is over (GameFinished appended). */
  readonly onGameFinished?: (gameId: string, game: GameLoaded) => Promise<void> | void;
  /**
   * A finished game's result changed: one of its hands was corrected after GameFinished (its table's result
   * follows). `correction` is the hand stream's SettlementCorrected id.
   */
  readonly onGameCorrected?: (
    gameId: string,
    game: GameLoaded,
    hand: number,
    correction: string,
  ) => Promise<void> | void;
  /**
   * Whether the service deals the game's hands (live play, the default) or waits for each hand's result to be
   * entered by a table scorer (a physical table).
   */
  readonly dealsHands?: (game: GameLoaded) => boolean | Promise<boolean>;
  /**
   * The rules hand n of the game is dealt (or entered) with: its table's, with the tournament's amendments
   * that cover it. Default: the game's own (GameStarted).
   */
  readonly rulesetFor?: (game: GameLoaded, hand: number) => Ruleset | Promise<Ruleset>;
  /**
   * Whether this service moves tables on by itself (deals, records finished hands, times claim windows):
   * default true. A worker process that only corrects finished hands leaves that to the server's.
   */
  readonly movesTablesOn?: boolean;
  /** A failure in work nobody waits for: closing a claim window at its deadline. */
  readonly onError?: (error: unknown) => void;
  /** Who runs which table's clock when several processes share the store; default: this one, every table. */
  readonly leases?: TableLeases;
}

export interface CorrectHandOptions {
  /** The hand as the caller just read it (a recompute): decided on, and read again only if it moved since. */
  readonly read?: HandEvents;
  /**
   * Carry the change to a finished table's result now (default true). A recompute correcting many hands of a
   * game carries it once, after the game's last one (recordCorrectedGame).
   */
  readonly atTable?: boolean;
}

/** A table as it stands: its game, the hand being played (or the last one) and that hand's number. */
export interface TableSnapshot {
  readonly game: GameLoaded;
  readonly hand: HandLoaded | undefined;
  readonly handNumber: number;
}

interface Table {
  game: GameLoaded;
  hand: HandLoaded | undefined;
  handNumber: number;
  /** Commands of one table run one after another. */
  queue: Promise<unknown>;
  timer: ReturnType<typeof setTimeout> | undefined;
  /** Work queued or running on it: a table of no game is forgotten when the last of it is done. */
  users: number;
  /** This process held the table's lease at its last look: it runs the table's clock. */
  owned: boolean;
  /** Another process holds the lease: not asked for again before this time (ms), to spare the database. */
  askAgainAt: number;
  /**
   * The ticket (LiveTables' count of work asked for) when the copy's last read of its streams began: work asked
   * for before that read began sees everything appended before it was asked for, without a read of its own.
   */
  readFrom: number;
  /** The store delivered an event the copy lacks (observe): work that trusts the copy reads it first. */
  behind: boolean;
}

const SYSTEM: Actor = { role: 'system', id: 'table-service' };

/** A request being served (LiveTables.forRequest): the ticket counted when it began; open until it closes. */
interface RequestMark {
  readonly ticket: number;
  open: boolean;
}

export class LiveTables {
  readonly #store: EventStore;
  readonly #options: LiveTablesOptions;
  readonly #tables = new Map<string, Table>();
  readonly #leases: TableLeases;
  /** Other processes write to the store: every copy is brought up to the store's before use. */
  readonly #shared: boolean;
  /** Counts the work asked of any table, in the order it was asked (see Table.readFrom). */
  #tickets = 0;
  /** The request being served (forRequest), while it is: the ticket counted when it began. */
  readonly #request = new AsyncLocalStorage<RequestMark>();
  #closed = false;

  constructor(store: EventStore, options: LiveTablesOptions = {}) {
    this.#store = store;
    this.#options = options;
    this.#leases = options.leases ?? soleLeases();
    this.#shared = options.leases !== undefined;
  }

  #now(): string {
    return (this.#options.clock?.() ?? new Date()).toISOString();
  }

  /** Starts the game and deals its first hand. A retried start (same command id) appends nothing more. */
  async startGame(
    command: StartGame,
    actor: Actor,
    ids: CommandIds,
  ): Promise<CommandOutcome<GameEvent, GameRejection>> {
    return this.#exclusive(command.gameId, async (table) => {
      const outcome = await run(
        this.#store,
        gameStream(command.gameId),
        GAME_AGGREGATE,
        command,
        actor,
        ids,
        {
          loaded: table.game,
        },
      );
      table.game = outcome.after;
      if (outcome.status !== 'rejected') this.#emit(command.gameId, outcome.stored);
      // Playing now: its clock runs where it was started (and its copy is read again).
      await this.#lease(command.gameId, table, ++this.#tickets);
      await this.#moveOn(command.gameId, table);
      return outcome;
    });
  }

  /**
   * A player's, referee's or the clock's command on the table's current hand. `ifMatch` is the hand stream's
   * revision the client saw (WrongExpectedVersion when it moved since).
   */
  async act(
    gameId: string,
    command: HandCommand,
    actor: Actor,
    ids: CommandIds,
    ifMatch?: number,
  ): Promise<CommandOutcome<PlayEvent, Rejection> & { readonly hand: number }> {
    return this.#exclusive(gameId, async (table) => {
      const hand = table.handNumber;
      const outcome = await run(
        this.#store,
        handStream(gameId, hand),
        HAND_AGGREGATE,
        command,
        actor,
        ids,
        ifMatch === undefined ? { loaded: table.hand } : { loaded: table.hand, ifMatch },
      );
      table.hand = outcome.after;
      if (outcome.status === 'appended') this.#emit(gameId, outcome.stored);
      await this.#moveOn(gameId, table);
      return { ...outcome, hand };
    });
  }

  /**
   * A table scorer's result of the game's next hand (a physical table): the hand's frame (ruleset, seats,
   * winds, repeats) comes from the game; the result is validated by the engine before anything is appended.
   */
  async enter(
    gameId: string,
    entry: Pick<EnterHandResult, 'result' | 'by' | 'at'>,
    actor: Actor,
    ids: CommandIds,
  ): Promise<CommandOutcome<PlayEvent, EntryRejection> & { readonly hand: number }> {
    return this.#exclusive(gameId, async (table) => {
      const command = await this.#entryOf(table, entry);
      const outcome = await run(
        this.#store,
        handStream(gameId, command.hand),
        ENTRY_AGGREGATE,
        command,
        actor,
        ids,
        {
          ...(table.hand?.stream === handStream(gameId, command.hand) ? { loaded: table.hand } : {}),
        },
      );
      table.hand = outcome.after;
      table.handNumber = command.hand;
      if (outcome.status === 'appended') this.#emit(gameId, outcome.stored);
      await this.#moveOn(gameId, table);
      return { ...outcome, hand: command.hand };
    });
  }

  /**
   * Corrects a settled hand of the game (a ruling, an amendment's recompute), then has the game count it
   * (HandResultCorrected) and, the game over, its table (onGameCorrected). Run as the table's own command, so
   * the table in memory never goes stale. A retry under the same command id appends no second correction but
   * carries through whatever a crash left undone: every later step is named by the correction's id.
   */
  async correctHand(
    gameId: string,
    handNumber: number,
    command: CorrectSettlement,
    actor: Actor,
    ids: CommandIds,
    options: CorrectHandOptions = {},
  ): Promise<HandCorrection> {
    return this.#exclusive(gameId, async (table) => {
      const stream = handStream(gameId, handNumber);
      const current = table.hand?.stream === stream ? table.hand : undefined;
      const outcome = await appendCorrection(
        this.#store,
        stream,
        command,
        actor,
        ids,
        this.#now(),
        current ?? options.read,
      );
      // The table's own hand, if it is this one: kept folded with the correction (a retry leaves it as it is).
      if (current !== undefined && outcome.loaded !== undefined) table.hand = outcome.loaded;
      if (outcome.status === 'rejected') return outcome;
      if (outcome.status === 'appended') this.#emit(gameId, [outcome.stored]);
      await this.#countCorrection(gameId, table, handNumber, outcome, options.atTable ?? true);
      return outcome;
    });
  }

  async #countCorrection(
    gameId: string,
    table: Table,
    handNumber: number,
    correction: Extract<HandCorrection, { event: unknown }>,
    atTable: boolean,
  ): Promise<void> {
    const counted = await countInGame(this.#store, table.game, handNumber, correction, this.#now());
    table.game = counted.after;
    if (counted.status === 'appended') this.#emit(gameId, counted.stored);
    const id = correction.stored.id;
    if (atTable && table.game.state.phase === 'finished')
      await this.#options.onGameCorrected?.(gameId, table.game, handNumber, id);
  }

  /** What the entry would settle, without appending anything. */
  async previewEntry(
    gameId: string,
    entry: Pick<EnterHandResult, 'result' | 'by' | 'at'>,
  ): Promise<ReturnType<typeof previewEntry> & { readonly hand: number }> {
    return this.#exclusive(gameId, async (table) => {
      const command = await this.#entryOf(table, entry);
      return { ...previewEntry(command), hand: command.hand };
    });
  }

  async #entryOf(
    table: Table,
    entry: Pick<EnterHandResult, 'result' | 'by' | 'at'>,
  ): Promise<EnterHandResult> {
    const game = table.game.state;
    const start = nextHandOf(
      game,
      '',
      entry.at,
      await this.#options.rulesetFor?.(table.game, game.hands + 1),
    );
    return {
      type: 'EnterHandResult',
      hand: start.hand,
      context: {
        gameId: game.gameId,
        ruleset: start.ruleset,
        seatWinds: start.seatWinds,
        prevalentWind: start.prevalentWind,
        repeats: start.repeats,
      },
      ...entry,
    };
  }

  /**
   * The table as it stands now (after any command queued before this call). Beside other processes its copy
   * is read from the store first, so a client sees what it did through another process; `asKnown` reads it
   * only when the store delivered an event the copy lacks (a push after a change: its event is known, and the
   * four seats' pushes of a move need no read each).
   */
  async snapshot(gameId: string, options: { readonly asKnown?: boolean } = {}): Promise<TableSnapshot> {
    return this.#exclusive(
      gameId,
      async (table) => ({
        game: table.game,
        hand: table.hand,
        handNumber: table.handNumber,
      }),
      options.asKnown === true,
    );
  }

  /**
   * Closes the claim window open at this revision of the hand, its deadline passed: every silent seat timed
   * out. Nothing when it was answered in time or another window opened since. The table's own timer calls it,
   * and so may anyone who waited for the deadline (in-process bots on a table without timers): the command id
   * names the window, so it closes once whoever comes first.
   */
  async closeWindow(gameId: string, handNumber: number, revision: number, deadlineMs: number): Promise<void> {
    await this.#exclusive(gameId, async (table) => {
      if (table.handNumber !== handNumber || table.hand?.revision !== revision) return;
      const at = new Date(Math.max(deadlineMs, Date.parse(this.#now()))).toISOString();
      const ids = { commandId: serverSteps.closeWindow(gameId, handNumber, revision), correlationId: gameId };
      const outcome = await run(
        this.#store,
        handStream(gameId, handNumber),
        HAND_AGGREGATE,
        { type: 'CloseWindow', at },
        SYSTEM,
        ids,
        { loaded: table.hand },
      );
      table.hand = outcome.after;
      if (outcome.status === 'appended') this.#emit(gameId, outcome.stored);
      await this.#moveOn(gameId, table);
    });
  }

  /**
   * An event the store delivered (this process's or another's). A table whose copy lacks it reads it before
   * its next command; a table whose clock runs here is moved on at once (another process's discard opened a
   * claim window: its deadline is timed here).
   */
  observe(event: StoredEvent): void {
    const ref = streamRef(event.stream);
    if (ref.kind !== 'game' && ref.kind !== 'hand') return;
    const table = this.#tables.get(ref.gameId);
    if (table === undefined || table.game === undefined) return;
    const copy = ref.kind === 'game' ? table.game : table.hand;
    if (copy !== undefined && copy.stream === event.stream && copy.revision >= event.revision) return;
    table.behind = true;
    // The copy is read again at the next use anyway (#lease): only the holder's clock needs telling now.
    if (table.owned)
      this.#exclusive(ref.gameId, (t) => this.#moveOn(ref.gameId, t)).catch((error: unknown) =>
        this.#options.onError?.(error),
      );
  }

  /**
   * Takes over the tables whose holder died (their lease expired): each is read from its streams and moved
   * on, overdue claim windows closed as passes. Answers the tables taken over.
   */
  async takeOverExpired(): Promise<string[]> {
    const taken: string[] = [];
    for (const gameId of await this.#leases.expired()) {
      if (this.#closed) break;
      const table = this.#tables.get(gameId);
      if (table !== undefined) table.askAgainAt = 0;
      await this.#exclusive(gameId, async (t) => {
        if (t.owned) {
          taken.push(gameId);
          // A copy this process held already was not moved on by its loading: its window is timed now.
          await this.#moveOn(gameId, t);
        }
        // A game that ended before its holder could let the lease go needs no clock: the row goes.
        else if (t.game.state.phase !== 'playing') await this.#leases.drop(gameId);
      });
    }
    return taken;
  }

  /** Leases another process took: their tables' clocks stop here, their copies are read again before use. */
  leasesLost(gameIds: readonly string[]): void {
    for (const gameId of gameIds) {
      const table = this.#tables.get(gameId);
      if (table === undefined) continue;
      table.owned = false;
      clearTimeout(table.timer);
      table.timer = undefined;
    }
  }

  /** Forgets every table and stops the deadline timers; commands already queued still finish. */
  close(): void {
    this.#closed = true;
    for (const table of this.#tables.values()) clearTimeout(table.timer);
    this.#tables.clear();
  }

  /** Tables held in memory: a game that does not exist leaves none behind (for tests). */
  get tablesInMemory(): number {
    return this.#tables.size;
  }

  /**
   * Serves a client's request (`serve` and all it awaits): beside other processes, the tables it uses are read
   * from the store once for it, not before each use. A read that began after the request did saw every append
   * acknowledged before it, the client's own through another process among them: an action asks for the
   * table three times (its scope, its seat, the command), and each asked for two reads of the store. A copy
   * the store has delivered newer events for is read again all the same, and once the reply is sent, work the
   * request left behind (a timer, a job) counts as asked when it runs.
   */
  forRequest(res: { once(event: 'close', done: () => void): unknown }, serve: () => void): void {
    // Alone on its store a copy is never read again, and async context costs every promise of the process
    // its hooks (3% of a loaded server's time): only beside other processes is a request marked.
    if (!this.#shared) {
      serve();
      return;
    }
    const mark: RequestMark = { ticket: ++this.#tickets, open: true };
    res.once('close', () => {
      mark.open = false;
    });
    this.#request.run(mark, serve);
  }

  async #exclusive<T>(gameId: string, work: (table: Table) => Promise<T>, asKnown = false): Promise<T> {
    let table = this.#tables.get(gameId);
    if (table === undefined) {
      const loading = this.#load(gameId);
      table = {
        game: undefined as never,
        hand: undefined,
        handNumber: 0,
        queue: Promise.resolve(),
        timer: undefined,
        users: 0,
        owned: false,
        askAgainAt: 0,
        readFrom: 0,
        behind: false,
      };
      const placeholder = table;
      placeholder.queue = loading.then(async (loaded) => {
        placeholder.game = loaded.game;
        placeholder.hand = loaded.hand;
        placeholder.handNumber = loaded.handNumber;
        await this.#lease(gameId, placeholder, ++this.#tickets);
        // Where a stopped server (or a dead one whose lease this process took) left it: a hand over but not
        // recorded, no hand dealt, a window to time.
        await this.#moveOn(gameId, placeholder);
        // Or a game over whose result never reached its tournament (reporting it again records nothing).
        if (loaded.game.state.phase === 'finished')
          await Promise.resolve(this.#options.onGameFinished?.(gameId, loaded.game)).catch((error: unknown) =>
            this.#options.onError?.(error),
          );
      });
      this.#tables.set(gameId, table);
    }
    const current = table;
    current.users += 1;
    const ticket = ++this.#tickets;
    const mark = this.#request.getStore();
    const requestTicket = mark?.open === true ? mark.ticket : undefined;
    const result = current.queue
      .then(async () => {
        // A request's work reads once for it; a copy the store has shown to be behind reads on its own ticket.
        const since = requestTicket !== undefined && !current.behind ? requestTicket : ticket;
        await this.#lease(gameId, current, since, asKnown);
        return work(current).catch((error: unknown) => {
          // Someone appended after the copy was read: whoever uses it next reads it first, in this request too.
          if (error instanceof WrongExpectedVersion) current.behind = true;
          throw error;
        });
      })
      .finally(() => {
        current.users -= 1;
        // Any token may ask about any id: a game that does not exist (or failed to load) keeps no entry, so
        // made-up ids cannot fill the memory. One started meanwhile has a revision by now and stays.
        const game = current.game as GameLoaded | undefined;
        if (current.users === 0 && (game?.revision ?? -1) < 0 && this.#tables.get(gameId) === current) {
          clearTimeout(current.timer);
          this.#tables.delete(gameId);
        }
      });
    current.queue = result.catch(() => undefined);
    return result;
  }

  /**
   * Makes sure of the table's lease (a game being played) and brings its copy up to the store's. Where other
   * processes share the store that is before every use, owned or not: a client may act through one process and
   * read through another, and must see its own action (one read of the events after the copy's revision).
   */
  async #lease(gameId: string, table: Table, ticket: number, asKnown = false): Promise<void> {
    const playing = table.game.state.phase === 'playing';
    if (!this.#leases.holds(gameId)) {
      table.owned = false;
      if (playing && !this.#closed && Date.now() >= table.askAgainAt) {
        table.owned = await this.#leases.acquire(gameId);
        table.askAgainAt = table.owned ? 0 : Date.now() + this.#leases.leaseMs / 4;
      }
      if (!table.owned) {
        clearTimeout(table.timer);
        table.timer = undefined;
      }
    } else table.owned = true;
    // Only other processes' leases ever go unheld: this process alone needs no read (its copy is the store's).
    // A read that began after this work was asked for (for work queued before it: a change pushed to a table's
    // four seat streams and its board reads once, not six times) saw every append that came before.
    if (!this.#shared || table.readFrom >= ticket || (asKnown && !table.behind)) return;
    table.readFrom = this.#tickets;
    table.behind = false;
    await this.#catchUp(gameId, table);
  }

  /** Reads what the table's streams gained since its copy was made: the game's, and the current hand's. */
  async #catchUp(gameId: string, table: Table): Promise<void> {
    if (table.game.revision === -1) {
      const loaded = await this.#load(gameId);
      table.game = loaded.game;
      table.hand = loaded.hand;
      table.handNumber = loaded.handNumber;
      return;
    }
    // The hand's read goes with the game's (a round trip each on PostgreSQL): most reads find the same hand on.
    const [game, hand] = await Promise.all([
      catchUp(this.#store, table.game, GAME_AGGREGATE),
      table.hand === undefined ? undefined : catchUp(this.#store, table.hand, HAND_AGGREGATE),
    ]);
    table.game = game;
    const current = game.state.hands + 1;
    const playing = game.state.phase === 'playing';
    if (playing && (table.handNumber !== current || hand === undefined)) {
      table.handNumber = current;
      const loaded = await load(this.#store, handStream(gameId, current), HAND_AGGREGATE);
      table.hand = loaded.revision === -1 ? undefined : loaded;
    } else if (hand !== undefined) table.hand = hand;
  }

  async #load(gameId: string): Promise<TableSnapshot> {
    const game = await load(this.#store, gameStream(gameId), GAME_AGGREGATE);
    const handNumber = game.state.hands + 1;
    const hand =
      game.revision === -1
        ? undefined
        : await load(this.#store, handStream(gameId, handNumber), HAND_AGGREGATE);
    return { game, hand: hand?.revision === -1 ? undefined : hand, handNumber };
  }

  #emit(gameId: string, events: readonly StoredEvent[]): void {
    if (events.length > 0) this.#options.onAppended?.(gameId, events);
  }

  /** Records a finished hand, deals the next, or sets the deadline of an open claim window. */
  async #moveOn(gameId: string, table: Table): Promise<void> {
    if (this.#options.movesTablesOn === false) return;
    for (;;) {
      const { game } = table;
      if (game.state.phase !== 'playing') return;
      const at = this.#now();
      const handNumber = game.state.hands + 1;
      if (table.hand === undefined || table.handNumber !== handNumber) {
        // The game is waiting for its next hand: deal it.
        table.handNumber = handNumber;
        table.hand = await load(this.#store, handStream(gameId, handNumber), HAND_AGGREGATE);
        if (table.hand.revision !== -1) continue;
        if ((await this.#options.dealsHands?.(game)) === false) {
          // No hand is being played until the scorer enters one.
          table.hand = undefined;
          return;
        }
        const seed = (await this.#options.wallSeedOf?.(game, handNumber)) ?? `${gameId}:hand-${handNumber}`;
        const start = nextHandOf(game.state, seed, at, await this.#options.rulesetFor?.(game, handNumber));
        const ids = { commandId: serverSteps.startHand(gameId, handNumber), correlationId: gameId };
        const outcome = await run(
          this.#store,
          handStream(gameId, handNumber),
          HAND_AGGREGATE,
          start,
          SYSTEM,
          ids,
          {
            loaded: table.hand,
          },
        );
        if (outcome.status === 'rejected')
          throw new Error(`hand ${handNumber} of ${gameId} cannot start: ${outcome.rejection.message}`);
        table.hand = outcome.after;
        this.#emit(gameId, outcome.stored);
        continue;
      }
      // Folding the hand again is only worth it once it is over.
      const over = table.hand.state.phase.kind === 'ended';
      const record = over ? handResultOf(handNumber, table.hand.events, at) : undefined;
      if (record === undefined) {
        this.#watchDeadline(gameId, table);
        return;
      }
      const ids = { commandId: serverSteps.recordHand(gameId, handNumber), correlationId: gameId };
      const outcome = await run(this.#store, gameStream(gameId), GAME_AGGREGATE, record, SYSTEM, ids, {
        loaded: game,
      });
      if (outcome.status === 'rejected')
        throw new Error(`hand ${handNumber} of ${gameId} cannot be recorded: ${outcome.rejection.message}`);
      table.game = outcome.after;
      this.#emit(gameId, outcome.stored);
      if (table.game.state.phase === 'finished') {
        // Nothing left to time: the lease goes, so no process takes the table over.
        if (table.owned) await this.#leases.release(gameId);
        table.owned = false;
        await this.#options.onGameFinished?.(gameId, table.game);
      }
    }
  }

  #watchDeadline(gameId: string, table: Table): void {
    clearTimeout(table.timer);
    table.timer = undefined;
    const phase = table.hand?.state.phase;
    if (this.#options.deadlines !== true || this.#closed || !table.owned || phase?.kind !== 'claim-window')
      return;
    const { window } = phase;
    const deadline = window.openedAtMs + window.deadlineMs;
    const handNumber = table.handNumber;
    const revision = table.hand?.revision ?? -1;
    const wait = Math.max(0, deadline - (this.#options.clock?.() ?? new Date()).getTime());
    table.timer = setTimeout(() => {
      table.timer = undefined;
      this.closeWindow(gameId, handNumber, revision, deadline).catch((error: unknown) =>
        this.#options.onError?.(error),
      );
    }, wait + 5);
    table.timer.unref?.();
  }
}
