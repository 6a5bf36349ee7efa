// The table service against a real event store: SQLite always, PostgreSQL when DATABASE_URL answers (a
// throwaway schema per test, dropped after it). Hands of hu-mahjong are played by seeded bots, one command at a
// time through the store.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import type { PlayEvent } from '../../domain/play/events.ts';
import { handResultOf } from '../../domain/play/game/from-hand.ts';
import { type StartGame, seatWindsOf } from '../../domain/play/game/index.ts';
import {
  evolve,
  type HandCommand,
  type HandState,
  initialHandState,
  mustAnswer,
  type StartHand,
} from '../../domain/play/hand/index.ts';
import { EventMetadata, handStream } from '../../domain/play/metadata.ts';
import { parseEvent } from '../../domain/play/parse.ts';
import { EventParseError } from '../../domain/play/parse-error.ts';
import { type Ruleset, rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { SEATS, type Seat, turnOrderAfter } from '../../domain/rules/seats.ts';
import { postgresUrl } from '../../test/support/services.ts';
import { playerViewOf } from '../bots/from-hand.ts';
import { type Bot, createBot } from '../bots/index.ts';
import { verifyChain } from '../eventstore/hash-chain.ts';
import { type EventStore, type StoredEvent, WrongExpectedVersion } from '../eventstore/port.ts';
import { openPostgresEventStore } from '../eventstore/postgres.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import {
  type Actor,
  type HandOutcome,
  loadGame,
  loadHand,
  parseGameEvent,
  parseHandEvent,
  runGameCommand,
  runHandCommand,
} from './table.ts';

const url = await postgresUrl();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

interface Backend {
  readonly name: string;
  open(): Promise<EventStore>;
}

const opened: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const dispose of opened.splice(0)) await dispose();
});

const sqlite: Backend = {
  name: 'SQLite',
  async open() {
    const store = openSqliteEventStore(':memory:');
    opened.push(() => store.close());
    return store;
  },
};

function postgres(connectionString: string): Backend {
  return {
    name: 'PostgreSQL',
    async open() {
      const schema = `table_test_${process.pid}_${randomBytes(4).toString('hex')}`;
      const store = await openPostgresEventStore(connectionString, { schema, pollIntervalMs: 100 });
      opened.push(async () => {
        await store.close();
        const admin = new pg.Client({ connectionString });
        await admin.connect();
        try {
          await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        } finally {
          await admin.end();
        }
      });
      return store;
    },
  };
}

const BACKENDS: readonly Backend[] = url === undefined ? [sqlite] : [sqlite, postgres(url)];

const T0 = Date.parse('2026-03-01T10:00:00.000Z');
const at = (ms: number): string => new Date(T0 + ms).toISOString();
const PLAYERS = ['ana', 'bo', 'cy', 'di'] as const;
const RULESET: Ruleset = rulesetOf('hu-mahjong', { players: 4, flowers: true });

/** The store's methods, for a wrapper to override some. */
const storeMethods = (store: EventStore): EventStore => ({
  append: (stream, events, expected) => store.append(stream, events, expected),
  readStream: (stream, fromRevision) => store.readStream(stream, fromRevision),
  readAll: (options) => store.readAll(options),
  subscribe: (after, handler) => store.subscribe(after, handler),
  close: () => store.close(),
});

/** A HandSettled as version 1 stored it ("{preset}@{version}#{hash}"); any other event as it is. */
function asStoredByV1(event: StoredEvent): StoredEvent {
  if (event.type !== 'HandSettled' || event.schemaVersion !== 2) return event;
  const { ruleset, ...rest } = event.data as { ruleset: { preset: string; version: number; hash: string } };
  const rulesetId = `${ruleset.preset}@${ruleset.version}#${ruleset.hash}`;
  return { ...event, schemaVersion: 1, data: { rulesetId, ...rest } };
}

/** A store whose first `readers` stream reads all return before any of them: the loads race. */
function racing(store: EventStore, readers = 2): EventStore {
  let left = readers;
  const waiting: (() => void)[] = [];
  return {
    ...storeMethods(store),
    async readStream(stream, fromRevision) {
      const events = await store.readStream(stream, fromRevision);
      if (left > 0) {
        left -= 1;
        if (left === 0) for (const release of waiting.splice(0)) release();
        else await new Promise<void>((release) => waiting.push(release));
      }
      return events;
    },
  };
}

/** A command and who sends it. */
interface Move {
  readonly command: HandCommand;
  readonly actor: Actor;
}

/**
 * What the bots do next: the seat in turn wins, kongs or discards; in a claim window every seat that owes an
 * answer gives it, and the table clock closes the window once nobody is left to answer.
 */
function nextMoves(
  state: HandState,
  bots: Record<Seat, Bot>,
  clock: { ms: number },
  selfDrawRefused = false,
): Move[] {
  const { phase } = state;
  const { ms } = clock;
  if (phase.kind === 'turn') {
    const { seat } = phase;
    const actor: Actor = { role: 'player', seat };
    const bot = bots[seat];
    if (
      !selfDrawRefused &&
      phase.drawn !== undefined &&
      bot.chooseSelfDraw(playerViewOf(state, seat)) === 'win'
    )
      return [{ command: { type: 'DeclareSelfDraw', seat, at: at(ms) }, actor }];
    const kong = phase.drawn === undefined ? 'pass' : bot.chooseKong(playerViewOf(state, seat));
    if (kong !== 'pass')
      return [
        { command: { type: 'DeclareKong', seat, tile: kong.tile, kind: kong.kong, at: at(ms) }, actor },
      ];
    const tile = bot.chooseDiscard(playerViewOf(state, seat)).tile;
    return [{ command: { type: 'Discard', seat, tile, at: at(ms) }, actor }];
  }
  if (phase.kind === 'claim-window') {
    const { window } = phase;
    const moves: Move[] = [];
    for (const seat of turnOrderAfter(window.offer.from, state.players)) {
      const current = window.seats[seat];
      if (current === undefined || !mustAnswer(current) || current.answer !== undefined) continue;
      const { offer } = window;
      const choice = bots[seat].chooseClaim(
        { ...playerViewOf(state, seat), offer: { tile: offer.tile, kind: offer.kind, from: offer.from } },
        current.open,
      );
      const actor: Actor = { role: 'player', seat };
      moves.push(
        choice === 'pass' || choice === 'timeout'
          ? { command: { type: 'Pass', seat, at: at(ms) }, actor }
          : { command: { type: 'MakeClaim', seat, claim: choice, at: at(ms) }, actor },
      );
    }
    if (moves.length > 0) return moves;
    clock.ms = Math.max(ms, window.openedAtMs - T0 + window.deadlineMs);
    return [{ command: { type: 'CloseWindow', at: at(clock.ms) }, actor: SYSTEM }];
  }
  throw new Error(`no moves in ${phase.kind}`);
}

const SYSTEM: Actor = { role: 'system', id: 'table-clock' };

function startHand(gameId: string, hand = 1): StartHand {
  return {
    type: 'StartHand',
    gameId,
    hand,
    ruleset: RULESET,
    prevalentWind: 'E',
    seatWinds: seatWindsOf(PLAYERS, 0),
    repeats: 0,
    wall: { source: 'seed', seed: `${gameId}:${hand}` },
    at: at(0),
  };
}

const botsFor = (seed: string): Record<Seat, Bot> =>
  Object.fromEntries(SEATS.map((s) => [s, createBot(`${seed}:${s}`)])) as Record<Seat, Bot>;

interface Played {
  /** The state the live decisions fold to, event by event as each command was answered. */
  readonly state: HandState;
  readonly events: readonly PlayEvent[];
  readonly commands: number;
}

/** A hand played through the store, one command at a time; every command must be accepted. */
async function playHand(store: EventStore, gameId: string, handNumber = 1): Promise<Played> {
  const bots = botsFor(gameId);
  let state = initialHandState;
  const events: PlayEvent[] = [];
  let commands = 0;
  const send = async ({ command, actor }: Move): Promise<boolean> => {
    commands += 1;
    const ids = {
      commandId: `${gameId}-${handNumber}-c${commands}`,
      correlationId: `${gameId}-${handNumber}`,
    };
    const outcome = await runHandCommand(store, gameId, handNumber, command, actor, ids);
    // A bot may take a hand with no pattern for a win (hu-mahjong): refused, nothing appended, it plays on.
    if (outcome.status === 'rejected' && command.type === 'DeclareSelfDraw') {
      expect(outcome.rejection.code).toBe('not-a-win');
      return false;
    }
    if (outcome.status === 'rejected')
      throw new Error(`${command.type} refused: ${outcome.rejection.code}: ${outcome.rejection.message}`);
    expect(outcome.status).toBe('appended');
    for (const event of outcome.events) {
      events.push(event);
      state = evolve(state, event);
    }
    return true;
  };
  await send({ command: startHand(gameId, handNumber), actor: SYSTEM });
  const clock = { ms: 0 };
  while (state.phase.kind !== 'ended') {
    if (commands > 2000) throw new Error('the hand never ended');
    clock.ms += 700;
    for (const move of nextMoves(state, bots, clock)) {
      // An earlier answer may have closed the window (a win claimed, everyone answered).
      if ((state as HandState).phase.kind === 'ended') break;
      if (!(await send(move))) for (const other of nextMoves(state, bots, clock, true)) await send(other);
    }
  }
  return { state, events, commands };
}

/** Plays until the table is in a claim window that at least two seats still owe an answer to. */
async function playToContestedWindow(store: EventStore, gameId: string): Promise<HandState | undefined> {
  const bots = botsFor(gameId);
  const clock = { ms: 0 };
  let n = 0;
  /** False when a self-draw without a pattern was refused; any other refusal fails the test. */
  const send = async ({ command, actor }: Move): Promise<boolean> => {
    n += 1;
    const outcome = await runHandCommand(store, gameId, 1, command, actor, {
      commandId: `${gameId}-setup-${n}`,
      correlationId: gameId,
    });
    if (outcome.status !== 'rejected') return true;
    if (command.type === 'DeclareSelfDraw') return false;
    throw new Error(`${command.type} refused: ${outcome.rejection.message}`);
  };
  await send({ command: startHand(gameId), actor: SYSTEM });
  for (;;) {
    const { state } = await loadHand(store, gameId, 1);
    if (state.phase.kind === 'ended') return undefined;
    clock.ms += 700;
    const moves = nextMoves(state, bots, clock);
    if (state.phase.kind === 'claim-window' && moves.length >= 2) return state;
    if (!(await send(moves[0]!))) await send(nextMoves(state, bots, clock, true)[0]!);
  }
}

for (const backend of BACKENDS) {
  describe(`table service on ${backend.name}`, () => {
    it('plays bot-driven hands of hu-mahjong command by command; the stored events fold to the live state', async () => {
      const store = await backend.open();
      for (const gameId of ['seed-a', 'seed-b', 'seed-c']) {
        const played = await playHand(store, gameId);
        expect(played.events.at(-1)?.type).toBe('WallRevealed');
        // Read back from the store: parsed and upcast, folded by the hand's own evolve.
        const stored = await store.readStream(handStream(gameId, 1));
        expect(stored).toHaveLength(played.events.length);
        const folded = stored.map((e) => parseEvent(e)).reduce(evolve, initialHandState);
        expect(folded).toEqual(played.state);
        const loaded = await loadHand(store, gameId, 1);
        expect(loaded.state).toEqual(played.state);
        expect(loaded.revision).toBe(played.events.length - 1);
      }
    });

    it('loads a stream holding an older schema version (HandSettled v1) upcast to the current one', async () => {
      const store = await backend.open();
      const played = await playHand(store, 'old');
      // The same hand as an older writer stored it: the settlement's ruleset in one string.
      for (const event of await store.readStream(handStream('old', 1))) {
        await store.append(handStream('old', 2), [{ ...asStoredByV1(event), id: `v1:${event.id}` }], 'any');
      }
      const stored = await store.readStream(handStream('old', 2));
      expect(stored.find((e) => e.type === 'HandSettled')?.schemaVersion).toBe(1);
      const loaded = await loadHand(store, 'old', 2);
      expect(loaded.state).toEqual(played.state);
      expect(loaded.events).toEqual(played.events);
    });

    it('records metadata on every event and keeps the hash chain of the stream', async () => {
      const store = await backend.open();
      const played = await playHand(store, 'meta');
      const stored = await store.readStream(handStream('meta', 1));
      expect(verifyChain(stored)).toEqual([]);
      const commands: string[] = [];
      for (const event of stored) {
        const metadata = EventMetadata.parse(event.metadata);
        // The cause is the command; a command's events are consecutive, so each command id starts one run.
        if (commands.at(-1) !== metadata.causationId) commands.push(metadata.causationId!);
        expect(metadata.correlationId).toBe('meta-1');
        if (metadata.actor.role === 'player') expect(metadata.actor.seat).toBeDefined();
      }
      // In the order sent (a refused command appended nothing, so its number is missing).
      const sent = commands.map((id) => Number(/^meta-1-c(\d+)$/.exec(id)?.[1]));
      expect(sent[0]).toBe(1);
      expect(sent.every((n, i) => i === 0 || n > sent[i - 1]!)).toBe(true);
      expect(sent.at(-1)).toBeLessThanOrEqual(played.commands);
      const first = EventMetadata.parse(stored[0]!.metadata);
      expect(first).toEqual({
        actor: { role: 'system', id: 'table-clock' },
        at: at(0),
        correlationId: 'meta-1',
        causationId: 'meta-1-c1',
      });
      // The ids are the store's own: version-7 UUIDs, one per event, nothing of the command id in them.
      for (const event of stored) expect(event.id).toMatch(UUID);
      expect(new Set(stored.map((e) => e.id)).size).toBe(played.events.length);
    });

    it('a retried command appends nothing and answers with the events it appended', async () => {
      const store = await backend.open();
      const ids = { commandId: 'start-1', correlationId: 'retry' };
      const first = await runHandCommand(store, 'retry', 1, startHand('retry'), SYSTEM, ids);
      expect(first.status).toBe('appended');
      const { state } = await loadHand(store, 'retry', 1);
      if (state.phase.kind !== 'turn') throw new Error('expected the dealer to be in turn');
      const seat = state.phase.seat;
      const tile = botsFor('retry')[seat].chooseDiscard(playerViewOf(state, seat)).tile;
      const discard: HandCommand = { type: 'Discard', seat, tile, at: at(700) };
      const discarded = await runHandCommand(
        store,
        'retry',
        1,
        discard,
        { role: 'player', seat },
        {
          commandId: 'discard-1',
          correlationId: 'retry',
        },
      );
      expect(discarded.status).toBe('appended');
      const before = await store.readStream(handStream('retry', 1));

      // The same commands again, after later events: nothing appended, the same events answered.
      const again = await runHandCommand(store, 'retry', 1, startHand('retry'), SYSTEM, ids);
      const discardedAgain = await runHandCommand(
        store,
        'retry',
        1,
        discard,
        { role: 'player', seat },
        {
          commandId: 'discard-1',
          correlationId: 'retry',
        },
      );
      expect(await store.readStream(handStream('retry', 1))).toEqual(before);
      expect(again).toMatchObject({ status: 'already-applied' });
      expect(discardedAgain).toMatchObject({ status: 'already-applied' });
      if (first.status === 'rejected' || again.status === 'rejected') throw new Error('unexpected');
      if (discarded.status === 'rejected' || discardedAgain.status === 'rejected')
        throw new Error('unexpected');
      expect(again.events).toEqual(first.events);
      expect(again.stored).toEqual(first.stored);
      expect(discardedAgain.events).toEqual(discarded.events);
      expect(discardedAgain.stored.map((e) => e.revision)).toEqual(discarded.stored.map((e) => e.revision));

      // A new command id for the same StartHand is a new command: the rules refuse it.
      const restart = await runHandCommand(store, 'retry', 1, startHand('retry'), SYSTEM, {
        commandId: 'start-2',
        correlationId: 'retry',
      });
      expect(restart.status).toBe('rejected');
      expect(await store.readStream(handStream('retry', 1))).toEqual(before);
    });

    it('the same command sent twice at once is appended once', async () => {
      const store = await backend.open();
      const race = racing(store);
      const ids = { commandId: 'start-twice', correlationId: 'twice' };
      const outcomes = await Promise.all([
        runHandCommand(race, 'twice', 1, startHand('twice'), SYSTEM, ids),
        runHandCommand(race, 'twice', 1, startHand('twice'), SYSTEM, ids),
      ]);
      expect(outcomes.map((o) => o.status).sort()).toEqual(['already-applied', 'appended']);
      const stored = await store.readStream(handStream('twice', 1));
      expect(stored.length).toBeGreaterThan(0);
      expect(stored.every((e) => e.metadata.causationId === 'start-twice')).toBe(true);
      const [a, b] = outcomes;
      if (a?.status === 'rejected' || b?.status === 'rejected') throw new Error('unexpected');
      expect(a?.events).toEqual(b?.events);
    });

    it('two answers to a claim window on the same revision: one wins, the other is decided again and appended', async () => {
      const store = await backend.open();
      let found: { gameId: string; state: HandState } | undefined;
      for (let i = 0; found === undefined && i < 20; i++) {
        const gameId = `window-${i}`;
        const state = await playToContestedWindow(store, gameId);
        if (state !== undefined) found = { gameId, state };
      }
      if (found === undefined) throw new Error('no seed reached a claim window two seats must answer');
      const { gameId, state } = found;
      if (state.phase.kind !== 'claim-window') throw new Error('unreachable');
      const before = await loadHand(store, gameId, 1);
      const pending = SEATS.filter((s) => {
        const w = state.phase.kind === 'claim-window' ? state.phase.window.seats[s] : undefined;
        return w !== undefined && mustAnswer(w) && w.answer === undefined;
      }).slice(0, 2);
      expect(pending).toHaveLength(2);
      const race = racing(store);
      // Within the window: after its deadline a pass is a late answer, recorded as a time-out.
      const passAt = state.phase.window.openedAtMs + 100;
      const outcomes = await Promise.all(
        pending.map((seat) =>
          runHandCommand(
            race,
            gameId,
            1,
            { type: 'Pass', seat, at: new Date(passAt).toISOString() },
            { role: 'player', seat },
            {
              commandId: `pass-${seat}`,
              correlationId: gameId,
            },
          ),
        ),
      );
      expect(outcomes.map((o) => o.status)).toEqual(['appended', 'appended']);
      expect(outcomes.map((o) => o.attempts).sort()).toEqual([1, 2]);
      const after = await loadHand(store, gameId, 1);
      expect(verifyChain(after.stored)).toEqual([]);
      // Both passes are on record, and the state is what the decider makes of them in commit order.
      const appended = after.events.slice(before.events.length);
      expect(
        appended
          .filter((e) => e.type === 'ClaimPassed')
          .map((e) => e.data.seat)
          .sort(),
      ).toEqual([...pending].sort());
      expect(after.events.reduce(evolve, initialHandState)).toEqual(after.state);
    });

    it('two discards by the seat in turn on the same revision: one wins, the other is rejected by the rules', async () => {
      const store = await backend.open();
      await runHandCommand(store, 'double', 1, startHand('double'), SYSTEM, {
        commandId: 'double-start',
        correlationId: 'double',
      });
      const before = await loadHand(store, 'double', 1);
      if (before.state.phase.kind !== 'turn') throw new Error('expected the dealer to be in turn');
      const seat = before.state.phase.seat;
      const held = [
        ...new Set(before.state.seats[seat]!.concealed.flatMap((n, kind) => (n > 0 ? [kind] : []))),
      ];
      const tiles = held.slice(0, 2);
      expect(tiles).toHaveLength(2);
      const race = racing(store);
      const outcomes: HandOutcome[] = await Promise.all(
        tiles.map((tile, i) =>
          runHandCommand(
            race,
            'double',
            1,
            { type: 'Discard', seat, tile, at: at(700) },
            { role: 'player', seat },
            {
              commandId: `double-discard-${i}`,
              correlationId: 'double',
            },
          ),
        ),
      );
      const rejected = outcomes.filter((o) => o.status === 'rejected');
      expect(outcomes.filter((o) => o.status === 'appended')).toHaveLength(1);
      expect(rejected).toHaveLength(1);
      expect(rejected[0]?.attempts).toBe(2);
      const after = await loadHand(store, 'double', 1);
      expect(after.events.filter((e) => e.type === 'TileDiscarded')).toHaveLength(1);
    });

    it('retries once: when every append meets WrongExpectedVersion, the second one is thrown', async () => {
      const store = await backend.open();
      let appends = 0;
      const busy: EventStore = {
        ...storeMethods(store),
        async append(stream, _events, expected) {
          appends += 1;
          // Another writer always got there first, as far as this command can tell.
          throw new WrongExpectedVersion(stream, expected, 7);
        },
      };
      await expect(
        runHandCommand(busy, 'busy', 1, startHand('busy'), SYSTEM, {
          commandId: 'busy-1',
          correlationId: 'busy',
        }),
      ).rejects.toBeInstanceOf(WrongExpectedVersion);
      expect(appends).toBe(2);
      expect(await store.readStream(handStream('busy', 1))).toEqual([]);
    });

    it('refuses before any I/O what the caller got wrong: a stream mix-up, an actor without a seat', async () => {
      const store = await backend.open();
      const ids = { commandId: 'wrong-1', correlationId: 'wrong' };
      await expect(runHandCommand(store, 'wrong', 2, startHand('wrong', 1), SYSTEM, ids)).rejects.toThrow(
        'StartHand for hand-wrong-1 sent to hand-wrong-2',
      );
      await expect(
        runHandCommand(store, 'wrong', 1, startHand('wrong'), { role: 'player' }, ids),
      ).rejects.toBeInstanceOf(EventParseError);
      expect(await store.readAll()).toEqual([]);
    });

    it('a command id is recognised in its own stream only: on another stream it is decided there', async () => {
      const store = await backend.open();
      const ids = { commandId: 'reused', correlationId: 'reuse' };
      const first = await runHandCommand(store, 'reuse', 1, startHand('reuse'), SYSTEM, ids);
      const second = await runHandCommand(store, 'reuse', 2, startHand('reuse', 2), SYSTEM, ids);
      expect([first.status, second.status]).toEqual(['appended', 'appended']);
      const [one, two] = [
        await store.readStream(handStream('reuse', 1)),
        await store.readStream(handStream('reuse', 2)),
      ];
      expect(two.length).toBeGreaterThan(0);
      expect(two.every((e) => e.metadata.causationId === 'reused')).toBe(true);
      // Every event its own id: nothing in the store derives from the command id.
      expect(new Set([...one, ...two].map((e) => e.id)).size).toBe(one.length + two.length);
    });

    it('reads each stream with its own events only', async () => {
      const store = await backend.open();
      await runHandCommand(store, 'mixed', 1, startHand('mixed'), SYSTEM, {
        commandId: 'mixed-1',
        correlationId: 'mixed',
      });
      const [handStarted] = await store.readStream(handStream('mixed', 1));
      expect(parseHandEvent(handStarted).type).toBe('HandStarted');
      expect(() => parseGameEvent(handStarted)).toThrow('HandStarted does not belong to a game stream');
      // A game stream holding a hand's event does not load.
      await store.append('game-mixed', [{ ...handStarted!, id: 'stray' }], 'no-stream');
      await expect(loadGame(store, 'mixed')).rejects.toBeInstanceOf(EventParseError);
    });

    it('records the finished hand in the game stream through the game decider', async () => {
      const store = await backend.open();
      const gameId = 'game-1';
      const start: StartGame = {
        type: 'StartGame',
        gameId,
        ruleset: RULESET,
        players: PLAYERS.map((playerId, i) => ({ playerId, seat: SEATS[i]! })),
        at: at(0),
      };
      const organizer: Actor = { role: 'organizer', id: 'org-1' };
      const started = await runGameCommand(store, gameId, start, organizer, {
        commandId: 'game-start',
        correlationId: gameId,
      });
      expect(started.status).toBe('appended');
      const game = await loadGame(store, gameId);
      expect(game.state.deal).toMatchObject({ dealer: 0, prevalentWind: 'E', repeats: 0 });

      const played = await playHand(store, gameId, game.state.hands + 1);
      const hand = await loadHand(store, gameId, 1);
      const record = handResultOf(1, hand.events, at(3_600_000));
      if (record === undefined) throw new Error('the hand is over');
      const recorded = await runGameCommand(store, gameId, record, SYSTEM, {
        commandId: 'record-hand-1',
        correlationId: gameId,
      });
      if (recorded.status === 'rejected') throw new Error(recorded.rejection.message);
      expect(recorded.events[0]?.type).toBe('HandRecorded');
      // Retried, the record is not made twice.
      const retried = await runGameCommand(store, gameId, record, SYSTEM, {
        commandId: 'record-hand-1',
        correlationId: gameId,
      });
      expect(retried.status).toBe('already-applied');

      const after = await loadGame(store, gameId);
      expect(after.state.hands).toBe(1);
      expect(verifyChain(after.stored)).toEqual([]);
      for (const event of after.stored) expect(EventMetadata.safeParse(event.metadata).success).toBe(true);
      const seatWinds = seatWindsOf(PLAYERS, 0);
      for (const seat of SEATS) {
        const player = seatWinds[seat]!;
        expect(after.state.scores[player]).toBe(after.state.startingPoints + (record.deltas[seat] ?? 0));
      }
      const settled = played.events.filter((e) => e.type === 'HandSettled');
      expect(settled).toHaveLength(1);
      const recordedEvent = after.events.find((e) => e.type === 'HandRecorded');
      expect(recordedEvent?.type === 'HandRecorded' && recordedEvent.data.hand).toBe(1);
    });
  });
}
