// A whole game at one table played by bots, hand after hand, for the headless demo: each hand is played in
// memory and appended as one batch to its stream, then recorded in the game stream, as the table service
// would record it live (services/tables/live-tables.ts).
import type { PlayEvent } from '../../domain/play/events.ts';
import { handResultOf } from '../../domain/play/game/from-hand.ts';
import {
  decide as decideGame,
  evolve as evolveGame,
  type GameEvent,
  type GameState,
  initialGameState,
  type StartGame,
} from '../../domain/play/game/index.ts';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import { seatsInPlay } from '../../domain/rules/seats.ts';
import type { Declaration } from '../bots/agent.ts';
import type { Bot } from '../bots/bot.ts';
import type { EventStore, NewEvent } from '../eventstore/port.ts';
import { serverSteps } from '../play/command-ids.ts';
import { type Actor, metadataOf } from '../play/table.ts';
import { nextHandOf } from '../tables/next-hand.ts';
import { playHandInMemory } from './hand-in-memory.ts';

export interface PlayedGame {
  readonly state: GameState;
  readonly events: number;
  readonly hands: number;
}

export interface GameInMemoryOptions {
  readonly botOf: (playerId: string) => Bot;
  readonly declare: (preset: string, seats: readonly Seat[]) => (seat: Seat) => Declaration;
  readonly wallSeedOf: (gameId: string, hand: number) => string;
  /** The table clock: each command's time. */
  readonly tick: () => string;
  readonly organizer: Actor;
  /** Called with each hand's events once they are stored. */
  readonly onHand?: (events: readonly PlayEvent[]) => void;
}

const SYSTEM: Actor = { role: 'system', id: 'table-service' };

export async function playGameInMemory(
  store: EventStore,
  start: StartGame,
  options: GameInMemoryOptions,
): Promise<PlayedGame> {
  const stream = gameStream(start.gameId);
  let game = initialGameState;
  let revision = -1;
  let count = 0;
  const record = async (decided: readonly GameEvent[], actor: Actor, commandId: string, at: string) => {
    const metadata = metadataOf(actor, at, { commandId, correlationId: start.gameId });
    const batch: NewEvent[] = decided.map((event) => ({
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: event.data,
      metadata,
    }));
    const result = await store.append(stream, batch, revision === -1 ? 'no-stream' : revision);
    revision = result.nextExpectedRevision;
    game = decided.reduce(evolveGame, game);
    count += batch.length;
  };

  const started = decideGame(start, game);
  if ('rejection' in started) throw new Error(`${start.gameId}: ${started.rejection.message}`);
  await record(started.events, options.organizer, serverSteps.startGame(start.gameId), start.at);

  while (game.phase === 'playing') {
    const hand = game.hands + 1;
    const command = nextHandOf(game, options.wallSeedOf(start.gameId, hand), options.tick());
    const declare = options.declare(game.preset ?? '', seatsInPlay(game.players.length as 2 | 3 | 4));
    const played = playHandInMemory(command, options.botOf, declare, options.tick);
    await store.append(handStream(start.gameId, hand), played.toAppend, 'no-stream');
    count += played.toAppend.length;
    options.onHand?.(played.events);
    const result = handResultOf(hand, played.events, options.tick());
    if (result === undefined) throw new Error(`${start.gameId} hand ${hand} ended without a result`);
    const recorded = decideGame(result, game);
    if ('rejection' in recorded)
      throw new Error(`${start.gameId} hand ${hand}: ${recorded.rejection.message}`);
    await record(recorded.events, SYSTEM, serverSteps.recordHand(start.gameId, hand), result.at);
  }
  return { state: game, events: count, hands: game.hands };
}
