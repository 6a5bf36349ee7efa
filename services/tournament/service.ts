// The tournament service: runs tournament commands against the store (one at a time per tournament, its
// stream kept in memory), and carries out what a decision sets in motion: a started round's tables get their
// games; a finished game is recorded as its table's result. How a table's game is played (live through the
// table service, or by bots in memory for the headless demo) is the caller's choice: `startTable`.
import { EventParseError, eventParseError } from '../../domain/play/parse-error.ts';
import {
  decide,
  evolve,
  initialTournamentState,
  type Round,
  type Table,
  type TournamentCommand,
  TournamentEvent,
  type TournamentRejection,
  type TournamentState,
  tournamentStream,
} from '../../domain/tournament/index.ts';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import {
  type Actor,
  type Aggregate,
  type CommandIds,
  catchUp,
  type Loaded,
  load,
  type RunOutcome,
  run,
} from '../play/table.ts';

export type TournamentLoaded = Loaded<TournamentEvent, TournamentState>;
export type TournamentOutcome = RunOutcome<TournamentEvent, TournamentState, TournamentRejection>;

/** A stored event of a tournament stream, parsed (every type has one version so far). */
export function parseTournamentEvent(raw: unknown): TournamentEvent {
  const { type, schemaVersion, data } = (raw ?? {}) as {
    type?: unknown;
    schemaVersion?: unknown;
    data?: unknown;
  };
  const parsed = TournamentEvent.safeParse({ type, schemaVersion, data });
  if (parsed.success) return parsed.data;
  if (typeof type !== 'string') throw new EventParseError('type', 'an event has a type');
  throw eventParseError(
    parsed.error,
    [],
    type,
    typeof schemaVersion === 'number' ? schemaVersion : undefined,
  );
}

export const TOURNAMENT_AGGREGATE: Aggregate<
  TournamentCommand,
  TournamentState,
  TournamentEvent,
  TournamentRejection
> = {
  initial: initialTournamentState,
  parse: parseTournamentEvent,
  evolve,
  decide,
};

export interface TournamentServiceOptions {
  /** Starts the game of one table of a started round; resolves once it is on record (not when it ends). */
  readonly startTable?: (tournament: TournamentState, round: Round, table: Table) => Promise<void>;
  readonly onAppended?: (tournamentId: string, events: readonly StoredEvent[]) => void;
  /**
   * Other processes write to the same store: a tournament's copy is brought up to the store's before every
   * use (one read of the events after its revision, nothing when none are new).
   */
  readonly shared?: boolean;
}

interface Entry {
  loaded: TournamentLoaded | undefined;
  queue: Promise<unknown>;
  /** Work queued or running on it: an entry of no tournament is forgotten when the last of it is done. */
  users: number;
}

export class TournamentService {
  readonly #store: EventStore;
  readonly #options: TournamentServiceOptions;
  readonly #entries = new Map<string, Entry>();

  constructor(store: EventStore, options: TournamentServiceOptions = {}) {
    this.#store = store;
    this.#options = options;
  }

  /** Decides the command on the tournament's stream and appends what it decided. */
  async command(
    tournamentId: string,
    command: TournamentCommand,
    actor: Actor,
    ids: CommandIds,
    ifMatch?: number,
  ): Promise<TournamentOutcome> {
    const outcome = await this.#exclusive(tournamentId, async (entry) => {
      const loaded = await this.#fresh(tournamentId, entry);
      const result = await run(
        this.#store,
        tournamentStream(tournamentId),
        TOURNAMENT_AGGREGATE,
        command,
        actor,
        ids,
        {
          loaded,
          ...(ifMatch === undefined ? {} : { ifMatch }),
        },
      );
      entry.loaded = result.after;
      if (result.status === 'appended' && result.stored.length > 0)
        this.#options.onAppended?.(tournamentId, result.stored);
      return result;
    });
    // Outside the tournament's queue: a table's game may finish (and record its result here) at once.
    if (outcome.status !== 'rejected' && command.type === 'StartRound')
      await this.startTables(tournamentId, command.round);
    return outcome;
  }

  /** The tournament's stream as it stands. */
  async current(tournamentId: string): Promise<TournamentLoaded> {
    return this.#exclusive(tournamentId, (entry) => this.#fresh(tournamentId, entry));
  }

  async #fresh(tournamentId: string, entry: Entry): Promise<TournamentLoaded> {
    if (entry.loaded === undefined)
      entry.loaded = await load(this.#store, tournamentStream(tournamentId), TOURNAMENT_AGGREGATE);
    else if (this.#options.shared === true)
      entry.loaded = await catchUp(this.#store, entry.loaded, TOURNAMENT_AGGREGATE);
    return entry.loaded;
  }

  /** Starts the games of a started round's unfinished tables (again, harmlessly, after a restart). */
  async startTables(tournamentId: string, roundNumber: number): Promise<void> {
    const startTable = this.#options.startTable;
    if (startTable === undefined) return;
    const { state } = await this.current(tournamentId);
    const round = state.rounds[roundNumber - 1];
    if (round?.phase !== 'started') return;
    for (const table of round.tables) if (!table.finished) await startTable(state, round, table);
  }

  /** Tournaments held in memory: an id of no tournament leaves none behind (for tests). */
  get tournamentsInMemory(): number {
    return this.#entries.size;
  }

  async #exclusive<T>(tournamentId: string, work: (entry: Entry) => Promise<T>): Promise<T> {
    let entry = this.#entries.get(tournamentId);
    if (entry === undefined) {
      entry = { loaded: undefined, queue: Promise.resolve(), users: 0 };
      this.#entries.set(tournamentId, entry);
    }
    const current = entry;
    current.users += 1;
    const result = current.queue
      .then(() => work(current))
      .finally(() => {
        current.users -= 1;
        // Anyone may ask about any id: one of no tournament keeps no entry, so made-up ids cannot fill the
        // memory. A tournament created meanwhile has a revision by now and stays.
        if (
          current.users === 0 &&
          (current.loaded?.revision ?? -1) < 0 &&
          this.#entries.get(tournamentId) === current
        )
          this.#entries.delete(tournamentId);
      });
    current.queue = result.catch(() => undefined);
    return result;
  }
}
