// In-process bots (services/tables/bot-seats.ts) at a table whose ruleset holds every window to its deadline
// (claimWindows 'every-discard'): once every bot has answered, nothing is left for a bot to do, and the window
// closes at its deadline, by the table service's clock or, with deadlines off, by the bots' own table loop.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StartGame } from '../../domain/play/game/index.ts';
import { given } from '../../domain/play/hand/spec.ts';
import { kindsOf } from '../../domain/play/hand/state.ts';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { playTableWithBots } from '../tables/bot-seats.ts';
import { LiveTables } from '../tables/live-tables.ts';
import { heldWindowDeadline } from './agent.ts';
import { createBot } from './index.ts';

let dir: string;
let store: EventStore;
let tables: LiveTables | undefined;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-held-windows-'));
  store = openSqliteEventStore(join(dir, 'events.db'));
});

afterEach(async () => {
  tables?.close();
  await store.close();
  rmSync(dir, { recursive: true, force: true });
});

const HELD = { players: 2, claimWindows: 'every-discard', uniformWindowMs: 50 };

function startGame(gameId: string): StartGame {
  return {
    type: 'StartGame',
    gameId,
    tournamentId: null,
    ruleset: rulesetOf('hu-mahjong', HELD),
    players: [
      { playerId: 'ana', seat: 'E' },
      { playerId: 'bo', seat: 'S' },
    ],
    end: { kind: 'hands', count: 1 },
    at: new Date().toISOString(),
  };
}

const SYSTEM = { role: 'system', id: 'test' } as const;

describe('in-process bots under every-discard', () => {
  for (const deadlines of [true, false]) {
    it(`given the table service ${deadlines ? 'closes' : 'does not close'} windows at their deadline, when bots play every seat, then the game finishes and every window resolves by CloseWindow`, async () => {
      tables = new LiveTables(store, { deadlines });
      await tables.startGame(startGame('g-held'), SYSTEM, { commandId: 'start', correlationId: 'test' });

      await playTableWithBots(tables, 'g-held', { botOf: (p) => createBot(`held:${p}`) });

      expect((await store.readStream(gameStream('g-held'))).at(-1)?.type).toBe('GameFinished');
      const hand = await store.readStream(handStream('g-held', 1));
      const opened = hand.filter((e) => e.type === 'ClaimWindowOpened').length;
      const resolved = hand.filter((e) => e.type === 'ClaimResolved').length;
      expect(opened).toBeGreaterThan(0);
      // Every window, a winning one too, was resolved by the clock's CloseWindow: no answer resolved one early.
      const closedBySystem = hand.filter(
        (e) =>
          e.type === 'ClaimResolved' && (e.metadata as { actor: { role: string } }).actor.role === 'system',
      ).length;
      expect(resolved).toBe(opened);
      expect(closedBySystem).toBe(resolved);
    }, 60_000);
  }
});

describe('heldWindowDeadline', () => {
  const startHand = (options: Record<string, unknown>) => ({
    type: 'StartHand' as const,
    gameId: 'g',
    hand: 1,
    ruleset: rulesetOf('hu-mahjong', { players: 2, flowers: false, ...options }),
    prevalentWind: 'E' as const,
    seatWinds: { E: 'ana', S: 'bo' },
    repeats: 0,
    wall: { source: 'seed' as const, seed: 'held' },
    at: '2026-03-01T10:00:00.000Z',
  });

  it('given a window held to its deadline, then it names the deadline; on a turn, or under when-claimable, none', () => {
    for (const options of [HELD, {}]) {
      const dealt = given([startHand(options)]).state;
      const first = kindsOf(dealt.seats.E!).findIndex((n) => n > 0);
      const discarded = given([
        startHand(options),
        { type: 'Discard', seat: 'E', tile: first, at: '2026-03-01T10:00:01.000Z' },
      ]).state;

      expect(heldWindowDeadline(dealt)).toBeUndefined();
      if (options === HELD) {
        expect(discarded.phase.kind).toBe('claim-window');
        expect(heldWindowDeadline(discarded)).toBe(Date.parse('2026-03-01T10:00:01.050Z'));
      } else expect(heldWindowDeadline(discarded)).toBeUndefined();
    }
  });
});
