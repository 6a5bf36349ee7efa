// The table service against a real SQLite event store: bots play a table to its end, a silent claim window is
// closed at its deadline, a restarted service resumes where the streams stand, retries and stale versions.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GameEnd, StartGame } from '../../domain/play/game/index.ts';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { seatsInPlay } from '../../domain/rules/seats.ts';
import { avoidAfter, botCommandFor } from '../bots/agent.ts';
import { createBot } from '../bots/index.ts';
import { seatViewOf } from '../bots/seat-view.ts';
import type { EventStore } from '../eventstore/port.ts';
import { WrongExpectedVersion } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { HAND_AGGREGATE, load, run } from '../play/table.ts';
import { playTableWithBots, seatWindsOfLoaded } from './bot-seats.ts';
import { LiveTables, type LiveTablesOptions } from './live-tables.ts';

const SYSTEM = { role: 'system', id: 'test' } as const;
const PLAYERS = ['ana', 'bo', 'cy', 'di'];

let dir: string;
let store: EventStore;
const opened: LiveTables[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-live-tables-'));
  store = openSqliteEventStore(join(dir, 'events.db'));
});

afterEach(async () => {
  for (const tables of opened.splice(0)) tables.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

function liveTables(options: LiveTablesOptions = {}): LiveTables {
  const tables = new LiveTables(store, options);
  opened.push(tables);
  return tables;
}

function startGame(gameId: string, end: GameEnd, options: Record<string, unknown> = {}): StartGame {
  return {
    type: 'StartGame',
    gameId,
    tournamentId: null,
    ruleset: rulesetOf('hu-mahjong', options),
    players: PLAYERS.map((playerId, i) => ({ playerId, seat: (['E', 'S', 'W', 'N'] as const)[i]! })),
    end,
    at: new Date().toISOString(),
  };
}

const ids = (commandId: string) => ({ commandId, correlationId: 'test' });
const botOf = (playerId: string) => createBot(`live-tables:${playerId}`);
const typesOf = async (stream: string) => (await store.readStream(stream)).map((e) => e.type);

async function until(done: () => Promise<boolean>, ms = 5000): Promise<void> {
  const limit = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > limit) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Plays the hand's stream straight on the store (no table service) until it ends: what a crashed server
 * left behind when it appended a hand's last events but not the game's record of them.
 */
async function playHandOnTheStore(gameId: string, hand: number): Promise<void> {
  const stream = handStream(gameId, hand);
  for (let step = 0; step < 2000; step++) {
    const loaded = await load(store, stream, HAND_AGGREGATE);
    if (loaded.state.phase.kind === 'ended') return;
    const winds = seatWindsOfLoaded(loaded);
    let acted = false;
    for (const seat of seatsInPlay(loaded.state.players)) {
      let avoid = {};
      for (let attempt = 0; attempt < 4 && !acted; attempt++) {
        const bot = botOf(winds[seat]!);
        const command = botCommandFor(seat, seatViewOf(loaded.state, seat), bot, new Date().toISOString());
        if (command === undefined) break;
        const outcome = await run(
          store,
          stream,
          HAND_AGGREGATE,
          command,
          SYSTEM,
          ids(`direct-${step}-${seat}`),
          {
            loaded,
          },
        );
        if (outcome.status !== 'rejected') acted = true;
        else {
          const next = avoidAfter(command, outcome.rejection.code, avoid);
          if (next === undefined) throw new Error(outcome.rejection.message);
          avoid = next;
        }
      }
      if (acted) break;
    }
    if (!acted) throw new Error(`nobody can act in ${loaded.state.phase.kind}`);
  }
  throw new Error('the hand did not end');
}

describe('LiveTables', () => {
  it('given a started game, when bots play every seat, then the game finishes with each hand recorded once and the points kept', async () => {
    const tables = liveTables();
    const started = await tables.startGame(
      startGame('g-bots', { kind: 'hands', count: 2 }),
      SYSTEM,
      ids('start'),
    );
    expect(started.status).toBe('appended');

    const sent = await playTableWithBots(tables, 'g-bots', { botOf });

    expect(sent).toBeGreaterThan(0);
    const game = await store.readStream(gameStream('g-bots'));
    const recorded = game
      .filter((e) => e.type === 'HandRecorded')
      .map((e) => (e.data as { hand: number }).hand);
    expect(recorded).toEqual([1, 2]);
    const first = game[0]!.data as { startingPoints: number };
    const finished = game.at(-1)!;
    expect(finished.type).toBe('GameFinished');
    const scores = (finished.data as { scores: { points: number }[] }).scores;
    expect(scores).toHaveLength(4);
    expect(scores.reduce((sum, s) => sum + s.points, 0)).toBe(4 * first.startingPoints);
    // No third hand was dealt after the last.
    expect(await store.readStream(handStream('g-bots', 3))).toHaveLength(0);
  });

  it('given deadlines on, when a claim window is left unanswered, then the service closes it at its deadline and the hand goes on', async () => {
    const tables = liveTables({ deadlines: true });
    await tables.startGame(
      startGame('g-clock', { kind: 'hands', count: 1 }, { claimDeadlineMs: 150 }),
      SYSTEM,
      ids('start'),
    );
    // Only the seat whose turn it is acts: every claim window waits on silent seats.
    let opened = false;
    for (let step = 0; step < 40 && !opened; step++) {
      const { hand } = await tables.snapshot('g-clock');
      const state = hand!.state;
      if (state.phase.kind === 'claim-window') {
        opened = true;
        break;
      }
      expect(state.phase.kind).toBe('turn');
      const seat = state.phase.kind === 'turn' ? state.phase.seat : 'E';
      const command = botCommandFor(
        seat,
        seatViewOf(state, seat),
        botOf(seatWindsOfLoaded(hand)[seat]!),
        new Date().toISOString(),
        () => ({}),
        { selfDraw: true },
      );
      const outcome = await tables.act('g-clock', command!, { role: 'player', seat }, ids(`turn-${step}`));
      expect(outcome.status).toBe('appended');
    }
    expect(opened).toBe(true);

    await until(async () => (await typesOf(handStream('g-clock', 1))).includes('ClaimTimedOut'), 3000);

    const { hand } = await tables.snapshot('g-clock');
    expect(hand!.state.phase.kind).not.toBe('claim-window');
    const types = await typesOf(handStream('g-clock', 1));
    expect(types.lastIndexOf('ClaimResolved')).toBeGreaterThan(types.indexOf('ClaimTimedOut'));
  });

  it('given a hand over but not recorded (the server stopped between), when a fresh service looks at the table, then it records the hand and deals the next', async () => {
    const before = liveTables();
    await before.startGame(startGame('g-restart', { kind: 'hands', count: 2 }), SYSTEM, ids('start'));
    before.close();
    await playHandOnTheStore('g-restart', 1);
    expect(await typesOf(gameStream('g-restart'))).toEqual(['GameStarted']);

    const after = liveTables();
    const snapshot = await after.snapshot('g-restart');

    expect(snapshot.game.state.hands).toBe(1);
    expect(await typesOf(gameStream('g-restart'))).toEqual(['GameStarted', 'HandRecorded']);
    expect(snapshot.handNumber).toBe(2);
    expect(snapshot.hand?.state.phase.kind).toBe('turn');
    expect((await typesOf(handStream('g-restart', 2))).slice(0, 2)).toEqual(['HandStarted', 'TilesDealt']);
    // A second fresh service does none of it again.
    await liveTables().snapshot('g-restart');
    expect(await typesOf(gameStream('g-restart'))).toEqual(['GameStarted', 'HandRecorded']);
    expect((await typesOf(handStream('g-restart', 2))).filter((t) => t === 'HandStarted')).toHaveLength(1);
  });

  it('given a hand in play, when a fresh service opens the table, then it stands where the stream left it', async () => {
    const before = liveTables();
    await before.startGame(startGame('g-resume', { kind: 'hands', count: 1 }), SYSTEM, ids('start'));
    const { hand } = await before.snapshot('g-resume');
    const east = hand!.state;
    const discard = botCommandFor(
      'E',
      seatViewOf(east, 'E'),
      botOf('ana'),
      new Date().toISOString(),
      () => ({}),
      { selfDraw: true },
    );
    await before.act('g-resume', discard!, { role: 'player', seat: 'E' }, ids('discard'));
    const stood = await before.snapshot('g-resume');
    before.close();

    const resumed = await liveTables().snapshot('g-resume');

    expect(resumed.handNumber).toBe(1);
    expect(resumed.hand!.revision).toBe(stood.hand!.revision);
    expect(resumed.hand!.state.phase.kind).toBe(stood.hand!.state.phase.kind);
  });

  it('given the same command id sent twice, then its events are appended once', async () => {
    const tables = liveTables();
    await tables.startGame(startGame('g-retry', { kind: 'hands', count: 1 }), SYSTEM, ids('start'));
    const { hand } = await tables.snapshot('g-retry');
    const discard = botCommandFor(
      'E',
      seatViewOf(hand!.state, 'E'),
      botOf('ana'),
      new Date().toISOString(),
      () => ({}),
      { selfDraw: true },
    )!;
    expect(discard.type).toBe('Discard');

    const first = await tables.act('g-retry', discard, { role: 'player', seat: 'E' }, ids('discard-once'));
    const second = await tables.act('g-retry', discard, { role: 'player', seat: 'E' }, ids('discard-once'));

    expect(first.status).toBe('appended');
    expect(second.status).toBe('already-applied');
    expect((await typesOf(handStream('g-retry', 1))).filter((t) => t === 'TileDiscarded')).toHaveLength(1);
    // A retried start appends nothing either.
    const restart = await tables.startGame(
      startGame('g-retry', { kind: 'hands', count: 1 }),
      SYSTEM,
      ids('start'),
    );
    expect(restart.status).toBe('already-applied');
    expect(await typesOf(gameStream('g-retry'))).toEqual(['GameStarted']);
  });

  it('given a command pinned to a revision the hand has moved past, then it is refused as WrongExpectedVersion and the table still plays', async () => {
    const tables = liveTables();
    await tables.startGame(startGame('g-stale', { kind: 'hands', count: 1 }), SYSTEM, ids('start'));
    const { hand } = await tables.snapshot('g-stale');
    const seen = hand!.revision;
    const discard = botCommandFor(
      'E',
      seatViewOf(hand!.state, 'E'),
      botOf('ana'),
      new Date().toISOString(),
      () => ({}),
      { selfDraw: true },
    )!;
    await tables.act('g-stale', discard, { role: 'player', seat: 'E' }, ids('discard'), seen);

    const stale = tables.act(
      'g-stale',
      { type: 'Pass', seat: 'S', at: new Date().toISOString() },
      { role: 'player', seat: 'S' },
      ids('pass'),
      seen,
    );

    await expect(stale).rejects.toBeInstanceOf(WrongExpectedVersion);
    expect((await typesOf(handStream('g-stale', 1))).includes('ClaimPassed')).toBe(false);
    const after = await tables.snapshot('g-stale');
    expect(after.hand!.revision).toBeGreaterThan(seen);
  });

  it('given a game whose hands are entered by a scorer (dealsHands false), then starting it deals no hand', async () => {
    const tables = liveTables({ dealsHands: () => false });

    await tables.startGame(startGame('g-entered', { kind: 'hands', count: 1 }), SYSTEM, ids('start'));

    const snapshot = await tables.snapshot('g-entered');
    expect(snapshot.game.state.phase).toBe('playing');
    expect(snapshot.hand).toBeUndefined();
    expect(await store.readStream(handStream('g-entered', 1))).toHaveLength(0);
  });
});
