// The platform over a real SQLite store: starting a round through the tournament service starts every table's
// game; a finished game's result lands in the tournament once, however often it is reported; a round whose
// hands are entered by scorers gets its games but no dealt hand.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { type TournamentCommand, tournamentStream } from '../../domain/tournament/index.ts';
import { createBot } from '../bots/index.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { createPlatform, type Platform } from '../platform.ts';
import { GAME_AGGREGATE, load } from '../play/table.ts';
import { playTableWithBots } from '../tables/bot-seats.ts';
import { LiveTables } from '../tables/live-tables.ts';
import { recordFinishedGame } from './finished-game.ts';

const ORGANIZER = { role: 'organizer', id: 'org' } as const;
const by = ORGANIZER;
const at = () => new Date().toISOString();

let dir: string;
let store: EventStore;
let platform: Platform;
let step = 0;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-platform-'));
  store = openSqliteEventStore(join(dir, 'events.db'));
  platform = createPlatform(store, { deadlines: false });
});

afterEach(async () => {
  platform.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

async function organize(tournamentId: string, command: TournamentCommand): Promise<void> {
  step++;
  const outcome = await platform.tournaments.command(tournamentId, command, ORGANIZER, {
    commandId: `test-${step}`,
    correlationId: tournamentId,
  });
  if (outcome.status === 'rejected') throw new Error(`${command.type}: ${outcome.rejection.message}`);
}

/** A tournament of `players` with round 1 scheduled (one hand a table), seated at random and started. */
async function startedRound(tournamentId: string, players: number, recording: 'live' | 'entered' = 'live') {
  await organize(tournamentId, {
    type: 'CreateTournament',
    tournamentId,
    name: 'Platform test',
    ruleset: rulesetOf('hu-mahjong', {}),
    seed: 'secret',
    at: at(),
    by,
  });
  for (let n = 1; n <= players; n++)
    await organize(tournamentId, { type: 'RegisterPlayer', playerId: `p${n}`, name: `P ${n}`, at: at(), by });
  await organize(tournamentId, {
    type: 'ScheduleRound',
    round: 1,
    method: 'random',
    end: { kind: 'hands', count: 1 },
    minutes: 60,
    recording,
    at: at(),
    by,
  });
  await organize(tournamentId, { type: 'SeatRound', round: 1, method: { kind: 'random' }, at: at(), by });
  await organize(tournamentId, { type: 'StartRound', round: 1, at: at(), by });
  const { state } = await platform.tournaments.current(tournamentId);
  return state.rounds[0]!.tables;
}

const typesOf = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);

describe('the platform', () => {
  it('given a seated round, when it is started through the tournament service, then every table’s game starts and deals its first hand', async () => {
    const tables = await startedRound('t-start', 8);

    expect(tables).toHaveLength(2);
    for (const table of tables) {
      expect(await typesOf(gameStream(table.gameId))).toEqual(['GameStarted']);
      expect((await typesOf(handStream(table.gameId, 1))).slice(0, 2)).toEqual(['HandStarted', 'TilesDealt']);
      const { game } = await platform.tables.snapshot(table.gameId);
      expect(game.state.players.toSorted()).toEqual(Object.values(table.seats).toSorted());
    }
  });

  it('deals walls from the tournament’s secret seed, not from the game id alone', async () => {
    const [table] = await startedRound('t-seed', 4);

    const started = (await store.readStream(handStream(table!.gameId, 1)))[0]!;
    const wall = (started.data as { wall: { source: string; seed?: string } }).wall;
    expect(wall).toMatchObject({ source: 'seed', seed: `secret:${table!.gameId}:hand-1` });
  });

  it('given a round’s games played to their end by bots, then each lands in the tournament as TableFinished, once even when reported again', async () => {
    const tables = await startedRound('t-finish', 8);

    for (const table of tables)
      await playTableWithBots(platform.tables, table.gameId, { botOf: (id) => createBot(`platform:${id}`) });

    const { state } = await platform.tournaments.current('t-finish');
    expect(state.rounds[0]!.tables.every((t) => t.finished)).toBe(true);
    for (const table of state.rounds[0]!.tables) {
      const game = await load(store, gameStream(table.gameId), GAME_AGGREGATE);
      const finished = game.events.at(-1)!;
      expect(finished.type).toBe('GameFinished');
      expect(table.scores).toEqual(finished.type === 'GameFinished' ? finished.data.scores : []);
      // Reported a second time (a restart, the demo's director): nothing more is appended.
      const again = await recordFinishedGame(platform.tournaments, game.events, at());
      expect(again?.status).toBe('already-applied');
    }
    const recorded = (await typesOf(tournamentStream('t-finish'))).filter((t) => t === 'TableFinished');
    expect(recorded).toHaveLength(2);
  });

  it('given a game finished while its result never reached the tournament (a crash between), when a restarted platform opens the table, then TableFinished is recorded', async () => {
    const [table] = await startedRound('t-crash', 4);
    // A table service that records nothing in the tournament: the server that stopped in between.
    const bare = new LiveTables(store);
    await playTableWithBots(bare, table!.gameId, { botOf: (id) => createBot(`crash:${id}`) });
    bare.close();
    expect(await typesOf(tournamentStream('t-crash'))).not.toContain('TableFinished');
    platform.close();

    platform = createPlatform(store, { deadlines: false });
    await platform.tables.snapshot(table!.gameId);

    const { state } = await platform.tournaments.current('t-crash');
    expect(state.rounds[0]!.tables[0]!.finished).toBe(true);
    expect((await typesOf(tournamentStream('t-crash'))).filter((t) => t === 'TableFinished')).toHaveLength(1);
  });

  it('given a game not over, then recordFinishedGame records nothing', async () => {
    const [table] = await startedRound('t-unfinished', 4);
    const game = await load(store, gameStream(table!.gameId), GAME_AGGREGATE);

    expect(await recordFinishedGame(platform.tournaments, game.events, at())).toBeUndefined();
    expect(await typesOf(tournamentStream('t-unfinished'))).not.toContain('TableFinished');
  });

  it('given a round recorded as entered by scorers, when it starts, then its games start but no hand is dealt', async () => {
    const [table] = await startedRound('t-entered', 4, 'entered');

    expect(await typesOf(gameStream(table!.gameId))).toEqual(['GameStarted']);
    expect(await store.readStream(handStream(table!.gameId, 1))).toHaveLength(0);
    const snapshot = await platform.tables.snapshot(table!.gameId);
    expect(snapshot.hand).toBeUndefined();
    expect(snapshot.handNumber).toBe(1);
  });
});
