// The headless demo: bots play a whole multi-table tournament on the given store: a tournament created,
// players registered, each round scheduled, seated (random first, then Swiss by the results so far), started,
// every table's game played hand by hand, the round closed. Everything goes through the same deciders and
// services as a live tournament; only the hands are played in memory and appended one hand at a time.
import type { GameEnd } from '../../domain/play/game/index.ts';
import { gameStream } from '../../domain/play/metadata.ts';
import { type PresetId, rulesetOf } from '../../domain/rules/rulesets/index.ts';
import type { TournamentCommand, TournamentState } from '../../domain/tournament/index.ts';
import { tablePointsOf } from '../../projections/standings/evolve.ts';
import { defaultDeclaration } from '../bots/agent.ts';
import { botRoster } from '../bots/index.ts';
import type { EventStore } from '../eventstore/port.ts';
import { tableWallSeed } from '../platform.ts';
import { serverSteps } from '../play/command-ids.ts';
import { type Actor, GAME_AGGREGATE, load } from '../play/table.ts';
import { recordFinishedGame } from '../tournament/finished-game.ts';
import { TournamentService } from '../tournament/service.ts';
import { tableGameStart } from '../tournament/table-game.ts';
import { playGameInMemory } from './game-in-memory.ts';

export interface DemoOptions {
  readonly players: number;
  readonly rounds: number;
  readonly preset: PresetId;
  readonly seed: string;
  /** Each table's game: a number of hands by default (4), or whole wind rounds. */
  readonly end?: GameEnd;
  readonly tournamentId?: string;
  /** Called after each table's game with the games done and the games in all. */
  readonly onProgress?: (done: number, total: number) => void;
  /** The demo's clock starts here and moves a second per command, so a demo replays identically. */
  readonly startAt?: string;
  /** The preset's options (default the preset's defaults). */
  readonly rulesetOptions?: Readonly<Record<string, unknown>>;
  /** Finish the tournament after its last round (default true); left open, it may still be amended. */
  readonly finish?: boolean;
  /** Seat every round at random (default: the first at random, then Swiss by the results so far). */
  readonly seating?: 'swiss' | 'random';
}

export interface DemoResult {
  readonly tournamentId: string;
  readonly games: number;
  readonly hands: number;
  readonly events: number;
  readonly state: TournamentState;
}

export const DEMO_ORGANIZER: Actor = { role: 'organizer', id: 'demo-organizer' };

export const playerIdOf = (n: number): string => `player-${String(n).padStart(3, '0')}`;

/** A demo of this id is on record already: its command ids would all be replays, so nothing would be played. */
export class DemoExists extends Error {
  override readonly name = 'DemoExists';
}

export async function runDemo(store: EventStore, options: DemoOptions): Promise<DemoResult> {
  const tournamentId = options.tournamentId ?? `demo-${options.seed}`;
  let clock = Date.parse(options.startAt ?? '2026-01-01T09:00:00.000Z');
  const tick = (): string => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  const end: GameEnd = options.end ?? { kind: 'hands', count: 4 };
  const botOf = botRoster(options.seed);
  const totalGames = options.rounds * Math.ceil(options.players / 4);
  let games = 0;
  let hands = 0;
  let events = 0;

  const tournaments: TournamentService = new TournamentService(store, {
    startTable: async (tournament, round, table) => {
      const played = await playGameInMemory(store, tableGameStart(tournament, round, table, tick()), {
        botOf,
        declare: defaultDeclaration,
        wallSeedOf: (gameId, hand) => tableWallSeed(tournament.seed, gameId, hand),
        tick,
        organizer: DEMO_ORGANIZER,
      });
      games++;
      hands += played.hands;
      events += played.events;
      const game = await load(store, gameStream(table.gameId), GAME_AGGREGATE);
      await recordFinishedGame(tournaments, game.events, tick());
      options.onProgress?.(games, totalGames);
    },
  });

  if ((await tournaments.current(tournamentId)).state.status !== 'not-created')
    throw new DemoExists(`tournament-exists: ${tournamentId} is already in this store`);

  let step = 0;
  const organize = async (command: TournamentCommand): Promise<void> => {
    step++;
    const outcome = await tournaments.command(tournamentId, command, DEMO_ORGANIZER, {
      commandId: serverSteps.demoStep(tournamentId, step),
      correlationId: tournamentId,
    });
    if (outcome.status === 'rejected')
      throw new Error(`${command.type} refused: ${outcome.rejection.code}: ${outcome.rejection.message}`);
    events += outcome.status === 'appended' ? outcome.stored.length : 0;
  };
  const by = { role: 'organizer', id: DEMO_ORGANIZER.id ?? 'demo' } as const;

  await organize({
    type: 'CreateTournament',
    tournamentId,
    name: `Demo tournament (${options.players} players, ${options.rounds} rounds)`,
    ruleset: rulesetOf(options.preset, options.rulesetOptions ?? {}),
    seed: options.seed,
    at: tick(),
    by,
  });
  for (let n = 1; n <= options.players; n++)
    await organize({ type: 'RegisterPlayer', playerId: playerIdOf(n), name: `Bot ${n}`, at: tick(), by });
  for (let round = 1; round <= options.rounds; round++) {
    const method = round === 1 || options.seating === 'random' ? 'random' : 'swiss';
    await organize({ type: 'ScheduleRound', round, method, end, minutes: 90, at: tick(), by });
    const { state } = await tournaments.current(tournamentId);
    await organize({
      type: 'SeatRound',
      round,
      method: method === 'random' ? { kind: 'random' } : { kind: 'swiss', standings: standingsSoFar(state) },
      at: tick(),
      by,
    });
    // Starting the round plays its tables (startTable above) before it resolves.
    await organize({ type: 'StartRound', round, at: tick(), by });
    await organize({ type: 'CloseRound', round, at: tick(), by });
  }
  if (options.finish !== false) await organize({ type: 'FinishTournament', at: tick(), by });
  const { state } = await tournaments.current(tournamentId);
  return { tournamentId, games, hands, events, state };
}

/**
 * Player ids as the standings rank them so far, best first (Swiss seating's order): each finished table's
 * result in force (corrections included), table points first where the tournament scores them, less the
 * penalties in force. Ties in player id order.
 */
export function standingsSoFar(state: TournamentState): string[] {
  const points = new Map<string, number>();
  const tablePoints = new Map<string, number>();
  for (const player of state.players) if (player.status === 'active') points.set(player.playerId, 0);
  const add = (map: Map<string, number>, id: string, value: number) => {
    if (points.has(id)) map.set(id, (map.get(id) ?? 0) + value);
  };
  for (const round of state.rounds)
    for (const table of round.tables) {
      if (table.scores === undefined) continue;
      for (const score of table.scores) add(points, score.playerId, score.points);
      if (state.scoring.kind === 'table-points')
        for (const [id, tp] of Object.entries(tablePointsOf(table.scores, state.scoring.values)))
          add(tablePoints, id, tp);
    }
  for (const penalty of Object.values(state.penalties))
    if (penalty.status === 'active') add(points, penalty.playerId, -penalty.points);
  return [...points.keys()].sort(
    (a, b) =>
      (tablePoints.get(b) ?? 0) - (tablePoints.get(a) ?? 0) ||
      points.get(b)! - points.get(a)! ||
      (a < b ? -1 : 1),
  );
}
