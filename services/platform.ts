import { rulesetOf } from '../domain/rules/rulesets/index.ts';
import { rulesetForHand, tableOfGame } from '../domain/tournament/amendments.ts';
import type { EventStore, StoredEvent } from './eventstore/port.ts';
import { serverSteps } from './play/command-ids.ts';
import type { TableLeases } from './tables/leases/port.ts';
import { type GameLoaded, LiveTables } from './tables/live-tables.ts';
import { TableChanges } from './tables/table-changes.ts';
import { recordCorrectedGame, recordFinishedGame } from './tournament/finished-game.ts';
import { TournamentService } from './tournament/service.ts';
import { tableGameStart } from './tournament/table-game.ts';

export interface PlatformOptions {
  readonly clock?: () => Date;
  /** Close claim windows at their deadline (default true). */
  readonly deadlines?: boolean;
  /** Every batch of events appended by the platform's services. */
  readonly onAppended?: (events: readonly StoredEvent[]) => void;
  /** A table's game has started (the demo server seats its bots here). */
  readonly onTableStarted?: (gameId: string) => void;
  /** Deal, record and time tables (default true); a worker process that only corrects hands does not. */
  readonly movesTablesOn?: boolean;
  /** A problem in work nobody waits for (a deadline's CloseWindow, a finished game's record). */
  readonly onError?: (error: unknown) => void;
  /**
   * Several processes serve the store: tables' clocks run where their lease is held, and every copy of a
   * table or tournament is brought up to the store's before use. Default: this process alone.
   */
  readonly leases?: TableLeases;
}

export interface Platform {
  readonly store: EventStore;
  readonly tables: LiveTables;
  readonly tournaments: TournamentService;
  /** Tables whose streams moved (this process's appends; a server adds other processes' from the store). */
  readonly changes: TableChanges;
  readonly clock: () => Date;
  readonly now: () => string;
  close(): void;
}

export const SYSTEM_ACTOR = { role: 'system', id: 'table-service' } as const;

/** The wall seed of a tournament table's hand: recorded in HandStarted, derived from the tournament's seed. */
export const tableWallSeed = (tournamentSeed: string, gameId: string, hand: number): string =>
  `${tournamentSeed}:${gameId}:hand-${hand}`;

export function createPlatform(store: EventStore, options: PlatformOptions = {}): Platform {
  const clock = options.clock ?? (() => new Date());
  const now = () => clock().toISOString();
  let tournaments: TournamentService | undefined;
  const changes = new TableChanges();
  const tables = new LiveTables(store, {
    clock,
    deadlines: options.deadlines ?? true,
    // The tournament's seed is secret (players never see it): walls cannot be foreseen from a game id.
    wallSeedOf: async (game, hand) => {
      const tournamentId = tournamentOf(game);
      const seed =
        tournamentId === null ? game.state.gameId : (await tournaments!.current(tournamentId)).state.seed;
      return tableWallSeed(seed, game.state.gameId, hand);
    },
    // A physical table's hands are entered by its scorer: the service deals none.
    dealsHands: async (game) => {
      const tournamentId = tournamentOf(game);
      if (tournamentId === null) return true;
      const { state } = await tournaments!.current(tournamentId);
      const round = state.rounds.find((r) => r.tables.some((t) => t.gameId === game.state.gameId));
      return round?.recording !== 'entered';
    },
    // A tournament's amendments reach the hands dealt after them: each hand gets the rules that cover it.
    rulesetFor: async (game, hand) => {
      const tournamentId = tournamentOf(game);
      const own = rulesetOf(game.state.preset!, game.state.options);
      if (tournamentId === null) return own;
      const { state } = await tournaments!.current(tournamentId);
      const found = tableOfGame(state, game.state.gameId);
      if (found === undefined || state.amendments.length === 0) return own;
      return rulesetForHand(found.table, state.amendments, found.round.round, hand, () => true);
    },
    ...(options.movesTablesOn === undefined ? {} : { movesTablesOn: options.movesTablesOn }),
    onAppended: (gameId, events) => {
      options.onAppended?.(events);
      changes.publish(gameId);
    },
    onGameFinished: async (_gameId, game) => {
      await recordFinishedGame(tournaments!, game.events, now());
    },
    onGameCorrected: async (_gameId, game, hand, correction) => {
      await recordCorrectedGame(tournaments!, game.events, hand, correction, now());
    },
    ...(options.onError ? { onError: options.onError } : {}),
    ...(options.leases ? { leases: options.leases } : {}),
  });
  tournaments = new TournamentService(store, {
    shared: options.leases !== undefined,
    ...(options.onAppended ? { onAppended: (_id, events) => options.onAppended?.(events) } : {}),
    startTable: async (tournament, round, table) => {
      const outcome = await tables.startGame(tableGameStart(tournament, round, table, now()), SYSTEM_ACTOR, {
        commandId: serverSteps.startGame(table.gameId),
        correlationId: tournament.tournamentId,
      });
      if (outcome.status === 'rejected')
        throw new Error(`${table.gameId} cannot start: ${outcome.rejection.message}`);
      options.onTableStarted?.(table.gameId);
    },
  });
  return {
    store,
    tables,
    tournaments,
    changes,
    clock,
    now,
    close: () => {
      tables.close();
      changes.close();
    },
  };
}

/** The tournament a table's game belongs to, from its GameStarted; null for a game of no tournament. */
export function tournamentOf(game: GameLoaded): string | null {
  const started = game.events[0];
  return started?.type === 'GameStarted' ? started.data.tournamentId : null;
}
