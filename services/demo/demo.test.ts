// The demos on a real SQLite store: the headless demo plays a whole tournament and replays identically from
// its seed, refuses to play over one on record; the live director plays a tournament to its end through the
// table service and starts the next demo after a finished one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { gameStream } from '../../domain/play/metadata.ts';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { verifyChain } from '../eventstore/hash-chain.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { createPlatform } from '../platform.ts';
import { startLiveDemo } from './live-demo.ts';
import { DemoExists, runDemo, standingsSoFar } from './run-demo.ts';

let dir: string;
const stores: EventStore[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-demo-'));
});

afterEach(async () => {
  for (const store of stores.splice(0)) await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function openStore(name = 'events.db'): EventStore {
  const store = openSqliteEventStore(join(dir, name));
  stores.push(store);
  return store;
}

const SMALL = {
  players: 8,
  rounds: 2,
  preset: 'hu-mahjong',
  seed: 'small',
  end: { kind: 'hands', count: 1 },
} as const;

async function allEvents(store: EventStore) {
  return store.readAll({ after: undefined, limit: 100_000 });
}

describe('runDemo (headless)', () => {
  it('given 8 players and 2 rounds, then every table of every round finishes and each player plays 2 games', async () => {
    const store = openStore();

    const result = await runDemo(store, SMALL);

    expect(result.tournamentId).toBe('demo-small');
    expect(result.games).toBe(4);
    expect(result.hands).toBe(4);
    expect(result.state.status).toBe('finished');
    const games = new Map<string, number>();
    for (const round of result.state.rounds) {
      expect(round.phase).toBe('closed');
      for (const table of round.tables) {
        expect(table.finished).toBe(true);
        for (const playerId of Object.values(table.seats))
          games.set(playerId, (games.get(playerId) ?? 0) + 1);
        expect(verifyChain(await store.readStream(gameStream(table.gameId)))).toEqual([]);
      }
    }
    expect([...games.values()]).toEqual(Array(8).fill(2));
    expect(standingsSoFar(result.state)).toHaveLength(8);
  });

  it('replays identically from the same seed on another store', async () => {
    const first = openStore('a.db');
    const second = openStore('b.db');

    await runDemo(first, SMALL);
    await runDemo(second, SMALL);

    // The event ids are the store's (random); the commands that caused the events are the same.
    const strip = (events: Awaited<ReturnType<typeof allEvents>>) =>
      events.map(({ stream, type, data, metadata }) => ({
        stream,
        type,
        data,
        command: metadata.causationId,
      }));
    const a = strip(await allEvents(first));
    expect(a.length).toBeGreaterThan(50);
    expect(strip(await allEvents(second))).toEqual(a);
  });

  it('given a demo of that id on record, then a second run is refused (DemoExists) and appends nothing', async () => {
    const store = openStore();
    await runDemo(store, SMALL);
    const before = (await store.readStream(tournamentStream('demo-small'))).length;

    await expect(runDemo(store, SMALL)).rejects.toBeInstanceOf(DemoExists);

    expect(await store.readStream(tournamentStream('demo-small'))).toHaveLength(before);
  });
});

describe('startLiveDemo (the demo server’s director)', () => {
  it('plays a 4-bot, 2-round tournament to its end through the table service, then starts demo-{seed}-2', async () => {
    const store = openStore();
    const platform = createPlatform(store, { deadlines: false });
    const errors: unknown[] = [];
    const options = {
      players: 4,
      rounds: 2,
      preset: 'hu-mahjong',
      seed: 'live',
      end: { kind: 'hands', count: 1 },
      pauseMs: 0,
      onError: (error: unknown) => errors.push(error),
    } as const;
    try {
      const demo = await startLiveDemo(platform, options);
      expect(demo.tournamentId).toBe('demo-live');
      const until = Date.now() + 30_000;
      while ((await platform.tournaments.current('demo-live')).state.status !== 'finished') {
        if (Date.now() > until) throw new Error('the live demo did not finish');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await demo.stop();

      expect(errors).toEqual([]);
      const { state } = await platform.tournaments.current('demo-live');
      expect(state.rounds.map((r) => r.phase)).toEqual(['closed', 'closed']);
      expect(state.rounds.every((r) => r.tables.every((t) => t.finished && t.scores !== undefined))).toBe(
        true,
      );

      const next = await startLiveDemo(platform, options);
      await next.stop();
      expect(next.tournamentId).toBe('demo-live-2');
    } finally {
      platform.close();
    }
  }, 60_000);
});

describe('the live demo without a seed', () => {
  it('given no seed, then the tournament is `demo` with a random secret seed, kept when it resumes', async () => {
    const options = {
      players: 4,
      rounds: 1,
      preset: 'hu-mahjong',
      end: { kind: 'hands', count: 1 },
      pauseMs: 60_000,
    } as const;
    const seeds: string[] = [];
    for (const name of ['one.db', 'two.db']) {
      const platform = createPlatform(openStore(name), { deadlines: false });
      try {
        const demo = await startLiveDemo(platform, options);
        await demo.stop();
        expect(demo.tournamentId).toBe('demo');
        const { state } = await platform.tournaments.current('demo');
        seeds.push(state.seed);
        // Resumed (a restart): the same tournament, its seed unchanged.
        const again = await startLiveDemo(platform, options);
        await again.stop();
        expect(again.tournamentId).toBe('demo');
        expect((await platform.tournaments.current('demo')).state.seed).toBe(state.seed);
      } finally {
        platform.close();
      }
    }
    for (const seed of seeds) expect(seed).toMatch(/^[0-9a-f]{32}$/);
    // Two installs, two seeds: nothing of the walls follows from the id `demo`.
    expect(seeds[0]).not.toBe(seeds[1]);
  }, 60_000);
});
