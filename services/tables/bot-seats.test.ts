// Bots at a table across a restart of the service (a new LiveTables on the same SQLite file): their command
// ids come from the decision point, so the restarted bots' moves are new commands, never taken for the moves
// made before the restart; and the very same decision, taken twice, is appended once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { StartGame } from '../../domain/play/game/index.ts';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { botCommandFor } from '../bots/agent.ts';
import { createBot } from '../bots/index.ts';
import { seatViewOf } from '../bots/seat-view.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { serverSteps } from '../play/command-ids.ts';
import { playTableWithBots, seatWindsOfLoaded } from './bot-seats.ts';
import { LiveTables } from './live-tables.ts';

const SYSTEM = { role: 'system', id: 'test' } as const;
const GAME = 'g-restarted';

let dir: string;
let file: string;
const open: { store: EventStore; tables: LiveTables }[] = [];

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'ml-bot-seats-'));
  file = join(dir, 'events.db');
});

afterEach(async () => {
  for (const { store, tables } of open.splice(0)) {
    tables.close();
    await store.close();
  }
  rmSync(dir, { recursive: true, force: true });
});

/** One run of the service: its own store connection and table service on the file. */
function service() {
  const store = openSqliteEventStore(file);
  const tables = new LiveTables(store);
  open.push({ store, tables });
  const outcomes: string[] = [];
  const act = tables.act.bind(tables);
  vi.spyOn(tables, 'act').mockImplementation(async (...args) => {
    const outcome = await act(...args);
    outcomes.push(outcome.status);
    return outcome;
  });
  return { store, tables, outcomes };
}

const startGame: StartGame = {
  type: 'StartGame',
  gameId: GAME,
  tournamentId: null,
  ruleset: rulesetOf('hu-mahjong', {}),
  players: (['E', 'S', 'W', 'N'] as const).map((seat, i) => ({ seat, playerId: `p${i + 1}` })),
  end: { kind: 'hands', count: 2 },
  at: '2026-03-01T10:00:00.000Z',
};
const botOf = (playerId: string) => createBot(`bot-seats:${playerId}`);

describe('bots at a table across a restart', () => {
  it('given a table played partly by bots, when the service restarts, then the bots go on with new commands only and finish the game', async () => {
    const first = service();
    await first.tables.startGame(startGame, SYSTEM, {
      commandId: serverSteps.startGame(GAME),
      correlationId: GAME,
    });
    await playTableWithBots(first.tables, GAME, { botOf, stopped: () => first.outcomes.length >= 30 });
    const before = (await first.store.readStream(handStream(GAME, 1))).length;
    expect(first.outcomes.filter((s) => s === 'appended').length).toBeGreaterThanOrEqual(20);
    first.tables.close();

    const second = service();
    await playTableWithBots(second.tables, GAME, { botOf });

    // Every move after the restart is decided (appended, or refused by the rules): none is "already applied".
    expect(second.outcomes.length).toBeGreaterThan(0);
    expect(second.outcomes.filter((s) => s === 'already-applied')).toEqual([]);
    expect((await second.store.readStream(handStream(GAME, 1))).length).toBeGreaterThan(before);
    const game = await second.store.readStream(gameStream(GAME));
    expect(game.map((e) => e.type)).toEqual(['GameStarted', 'HandRecorded', 'HandRecorded', 'GameFinished']);
  });

  it('given the same decision taken by two services at once, then its move is appended once', async () => {
    const one = service();
    await one.tables.startGame(startGame, SYSTEM, {
      commandId: serverSteps.startGame(GAME),
      correlationId: GAME,
    });
    const two = service();
    // Both services see the hand at the same revision, the dealer in turn.
    const { hand, handNumber } = await one.tables.snapshot(GAME);
    await two.tables.snapshot(GAME);
    if (hand?.state.phase.kind !== 'turn') throw new Error('expected the dealer to be in turn');
    const seat = hand.state.phase.seat;
    const player = seatWindsOfLoaded(hand)[seat]!;
    const command = botCommandFor(seat, seatViewOf(hand.state, seat), botOf(player), startGame.at)!;
    const ids = { commandId: serverSteps.bot(GAME, handNumber, hand.revision, seat), correlationId: GAME };

    const a = await one.tables.act(GAME, command, { role: 'player', seat, id: player }, ids);
    const b = await two.tables.act(GAME, command, { role: 'player', seat, id: player }, ids);

    expect([a.status, b.status]).toEqual(['appended', 'already-applied']);
    if (a.status === 'rejected' || b.status === 'rejected') throw new Error('unreachable');
    expect(b.stored).toEqual(a.stored);
    const stream = await one.store.readStream(handStream(GAME, 1));
    expect(stream.filter((e) => e.metadata.causationId === ids.commandId)).toHaveLength(a.stored.length);
    expect(stream).toHaveLength(hand.revision + 1 + a.stored.length);
  });
});
