// The demo server's director (`npm start`): a demo tournament whose tables bots play live, at a pace a person
// can follow on the tables board, through the same table service as players over the API. It looks at the
// tournament every second: a round whose tables have all finished is closed and the next one seated and
// started; a table being played without its bots (after a restart) gets them back.
import { randomBytes } from 'node:crypto';
import type { GameEnd } from '../../domain/play/game/index.ts';
import { type PresetId, rulesetOf } from '../../domain/rules/rulesets/index.ts';
import type { TournamentCommand } from '../../domain/tournament/index.ts';
import { defaultDeclaration } from '../bots/agent.ts';
import { botRoster } from '../bots/index.ts';
import type { Platform } from '../platform.ts';
import { serverSteps } from '../play/command-ids.ts';
import { playTableWithBots } from '../tables/bot-seats.ts';
import { DEMO_ORGANIZER, playerIdOf, standingsSoFar } from './run-demo.ts';

export interface LiveDemoOptions {
  readonly tournamentId?: string;
  readonly players: number;
  readonly rounds: number;
  readonly preset: PresetId;
  /**
   * Seating, walls and bots derive from it. Given: a run to reproduce (and it is in the id, demo-{seed}, so
   * anyone can compute the walls). Absent: 16 random bytes, kept secret in the tournament like any other's.
   */
  readonly seed?: string;
  /** Each table's game: a number of hands, or whole wind rounds. */
  readonly end: GameEnd;
  /** Between two bot actions at a table. */
  readonly pauseMs: number;
  readonly onError?: (error: unknown) => void;
}

export interface LiveDemo {
  readonly tournamentId: string;
  stop(): Promise<void>;
}

export async function startLiveDemo(platform: Platform, options: LiveDemoOptions): Promise<LiveDemo> {
  const tournamentId = options.tournamentId ?? (await nextDemoId(platform, options.seed));
  const by = { role: 'organizer', id: DEMO_ORGANIZER.id ?? 'demo' } as const;
  const playing = new Map<string, Promise<unknown>>();
  let stopped = false;

  const organize = async (command: TournamentCommand, key: string): Promise<void> => {
    const outcome = await platform.tournaments.command(tournamentId, command, DEMO_ORGANIZER, {
      // Named by what it does, not by a counter: a restarted director repeats nothing already done.
      commandId: serverSteps.director(tournamentId, key),
      correlationId: tournamentId,
    });
    if (outcome.status === 'rejected')
      throw new Error(`${command.type} refused: ${outcome.rejection.code}: ${outcome.rejection.message}`);
  };

  const { state: existing } = await platform.tournaments.current(tournamentId);
  // A resumed demo keeps the seed it was created with.
  const seed =
    existing.status === 'not-created' ? (options.seed ?? randomBytes(16).toString('hex')) : existing.seed;
  const botOf = botRoster(seed);
  if (existing.status === 'not-created') {
    await organize(
      {
        type: 'CreateTournament',
        tournamentId,
        name: `Demo: ${options.players} bots, ${options.rounds} rounds of ${options.preset}`,
        ruleset: rulesetOf(options.preset, {}),
        seed,
        at: platform.now(),
        by,
      },
      'create',
    );
    for (let n = 1; n <= options.players; n++)
      await organize(
        { type: 'RegisterPlayer', playerId: playerIdOf(n), name: `Bot ${n}`, at: platform.now(), by },
        `register-${n}`,
      );
  }

  const tick = async (): Promise<void> => {
    const { state } = await platform.tournaments.current(tournamentId);
    if (state.status !== 'open') return;
    const current = state.rounds.at(-1);
    if (current === undefined || current.phase === 'closed') {
      const round = (current?.round ?? 0) + 1;
      if (round > options.rounds) {
        await organize({ type: 'FinishTournament', at: platform.now(), by }, 'finish');
        return;
      }
      const method = round === 1 ? 'random' : 'swiss';
      const { end } = options;
      await organize(
        { type: 'ScheduleRound', round, method, end, minutes: 90, at: platform.now(), by },
        `schedule-${round}`,
      );
      const seating =
        method === 'random'
          ? ({ kind: 'random' } as const)
          : ({ kind: 'swiss', standings: standingsSoFar(state) } as const);
      await organize({ type: 'SeatRound', round, method: seating, at: platform.now(), by }, `seat-${round}`);
      await organize({ type: 'StartRound', round, at: platform.now(), by }, `start-${round}`);
      return;
    }
    if (current.phase !== 'started') return;
    if (current.tables.every((t) => t.finished)) {
      await organize(
        { type: 'CloseRound', round: current.round, at: platform.now(), by },
        `close-${current.round}`,
      );
      return;
    }
    for (const table of current.tables) {
      if (table.finished || playing.has(table.gameId)) continue;
      const run = playTableWithBots(platform.tables, table.gameId, {
        botOf,
        declare: defaultDeclaration,
        clock: platform.clock,
        pauseMs: options.pauseMs,
        stopped: () => stopped,
      })
        .catch((error: unknown) => options.onError?.(error))
        .finally(() => playing.delete(table.gameId));
      playing.set(table.gameId, run);
    }
  };

  let running: Promise<void> = Promise.resolve();
  const timer = setInterval(() => {
    running = running.then(tick).catch((error: unknown) => options.onError?.(error));
  }, 1000);
  running = running.then(tick).catch((error: unknown) => options.onError?.(error));

  return {
    tournamentId,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
      await Promise.all(playing.values());
    },
  };
}

/**
 * The demo tournament to play: the first of `demo`, `demo-2`, … (`demo-{seed}`, `demo-{seed}-2`, … for a
 * seed given) that is still open or not yet created, so a second `npm start` resumes an unfinished demo and
 * starts a new one after a finished one.
 */
async function nextDemoId(platform: Platform, seed: string | undefined): Promise<string> {
  const base = seed === undefined ? 'demo' : `demo-${seed}`;
  for (let n = 1; ; n++) {
    const id = n === 1 ? base : `${base}-${n}`;
    const { state } = await platform.tournaments.current(id);
    if (state.status !== 'finished') return id;
  }
}
