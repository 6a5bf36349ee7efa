// Bots for every live round (`serve --bots`, a rehearsal server): each table's game that starts on this
// server's store is played by in-process bots at every seat, at the demo's pace, through the same table service
// as players over the API, so the board and the standings move as they would in play. It follows the store's
// log: every GameStarted of a tournament's table (from the first event on, so a restarted server takes up the
// tables its round left unfinished) gets its bots, unless its round's hands are entered by a scorer. A round
// closed by force stops its tables' bots.
import { defaultDeclaration } from '../bots/agent.ts';
import { botRoster } from '../bots/index.ts';
import type { StoredEvent, Subscription } from '../eventstore/port.ts';
import type { Platform } from '../platform.ts';
import { playTableWithBots } from './bot-seats.ts';

export interface BotRoundsOptions {
  /** Between two bot actions at a table (the demo's `--pace`: 500 ms). */
  readonly pauseMs: number;
  /** Tournaments someone else plays (the demo's director plays its own tables). */
  readonly except?: (tournamentId: string) => boolean;
  readonly onError?: (error: unknown) => void;
}

export interface BotRounds {
  /** Tables being played now. */
  readonly playing: () => readonly string[];
  /** Resolves once every table it took up has finished (or stopped). For tests. */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

export function startBotRounds(platform: Platform, options: BotRoundsOptions): BotRounds {
  const playing = new Map<string, Promise<void>>();
  /** Rounds closed while their tables played (`{tournament}/{round}`). */
  const closed = new Set<string>();
  let stopped = false;

  /** The table's game, if a live round's unfinished table: played to its end by bots. */
  const takeUp = async (tournamentId: string, gameId: string): Promise<void> => {
    const { state } = await platform.tournaments.current(tournamentId);
    const round = state.rounds.find((r) => r.tables.some((t) => t.gameId === gameId));
    const table = round?.tables.find((t) => t.gameId === gameId);
    if (round === undefined || table === undefined) return;
    if (round.recording === 'entered' || round.phase !== 'started' || table.finished) return;
    const key = `${tournamentId}/${round.round}`;
    await playTableWithBots(platform.tables, gameId, {
      // A bot per player for the whole game, seeded from the tournament: a restart replays its choices.
      botOf: botRoster(`${state.seed}:bots`),
      declare: defaultDeclaration,
      clock: platform.clock,
      pauseMs: options.pauseMs,
      stopped: () => stopped || closed.has(key),
    });
  };

  const seen = (event: StoredEvent): void => {
    if (stopped) return;
    if (event.type === 'RoundClosed' && event.stream.startsWith('tournament-')) {
      const { round } = event.data as { round?: unknown };
      closed.add(`${event.stream.slice('tournament-'.length)}/${String(round)}`);
      return;
    }
    if (event.type !== 'GameStarted') return;
    const { gameId, tournamentId } = event.data as { gameId?: unknown; tournamentId?: unknown };
    if (typeof gameId !== 'string' || typeof tournamentId !== 'string') return;
    if (playing.has(gameId) || options.except?.(tournamentId) === true) return;
    const run = takeUp(tournamentId, gameId)
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => playing.delete(gameId));
    playing.set(gameId, run);
  };

  // The handler only looks: a table's play runs beside the log, never holding it up.
  const subscription: Subscription = platform.store.subscribe(0n, seen);

  return {
    playing: () => [...playing.keys()],
    async idle() {
      while (playing.size > 0) await Promise.all(playing.values());
    },
    async stop() {
      stopped = true;
      await subscription.close();
      await Promise.all(playing.values());
    },
  };
}
