// One hand played by bots in memory through the hand decider, its events then appended in one go: the
// headless demo's way to play thousands of hands quickly. Every command is one a seat would send over the
// API, decided by the same decider, and each event keeps the metadata and the command-derived id it would
// have had live; only the appends are grouped (one per hand instead of one per command).
import type { PlayEvent } from '../../domain/play/events.ts';
import {
  decide,
  evolve,
  type HandState,
  initialHandState,
  type StartHand,
} from '../../domain/play/hand/index.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import { seatsInPlay } from '../../domain/rules/seats.ts';
import { type Avoid, avoidAfter, botCommandFor, type Declaration } from '../bots/agent.ts';
import type { Bot } from '../bots/bot.ts';
import { seatViewOf } from '../bots/seat-view.ts';
import type { NewEvent } from '../eventstore/port.ts';
import { type Actor, eventIdOf, metadataOf } from '../play/table.ts';

export interface PlayedHand {
  readonly state: HandState;
  readonly events: readonly PlayEvent[];
  /** The same events as the store takes them, ids and metadata included. */
  readonly toAppend: readonly NewEvent[];
  readonly commands: number;
}

const SYSTEM: Actor = { role: 'system', id: 'table-service' };

/** Plays the hand `start` deals to its end; `tick` gives each command's time (the demo's table clock). */
export function playHandInMemory(
  start: StartHand,
  botOf: (playerId: string) => Bot,
  declare: (seat: Seat) => Declaration,
  tick: () => string,
): PlayedHand {
  let state = initialHandState;
  const events: PlayEvent[] = [];
  const toAppend: NewEvent[] = [];
  const prefix = `${start.gameId}:${start.hand}`;
  let commands = 0;

  const apply = (decided: readonly PlayEvent[], actor: Actor, commandId: string, at: string): void => {
    const metadata = metadataOf(actor, at, { commandId, correlationId: start.gameId });
    decided.forEach((event, index) => {
      state = evolve(state, event);
      events.push(event);
      toAppend.push({
        id: eventIdOf(commandId, index),
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata,
      });
    });
  };

  const started = decide(start, state);
  if ('rejection' in started) throw new Error(`${prefix} cannot start: ${started.rejection.message}`);
  apply(started.events, SYSTEM, `${start.gameId}:start-hand-${start.hand}`, start.at);

  const seats = seatsInPlay(state.players);
  while (state.phase.kind !== 'ended') {
    let acted = false;
    for (const seat of seats) {
      const player = start.seatWinds[seat]!;
      let avoid: Avoid = {};
      for (let attempt = 0; attempt < 4 && !acted; attempt++) {
        const at = tick();
        const command = botCommandFor(seat, seatViewOf(state, seat), botOf(player), at, declare, avoid);
        if (command === undefined) break;
        commands++;
        const decision = decide(command, state);
        if ('rejection' in decision) {
          const next = avoidAfter(command, decision.rejection.code, avoid);
          if (next === undefined)
            throw new Error(`${prefix}: ${player} at ${seat}: ${decision.rejection.message}`);
          avoid = next;
          continue;
        }
        apply(decision.events, { role: 'player', seat, id: player }, `${prefix}:bot-${commands}`, at);
        acted = true;
      }
      if (acted) break;
    }
    if (!acted) throw new Error(`${prefix}: no bot can act in phase ${state.phase.kind}`);
  }
  return { state, events, toAppend, commands };
}
