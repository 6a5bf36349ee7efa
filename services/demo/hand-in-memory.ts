// One hand played by bots in memory through the hand decider, its events then appended in one go: the
// headless demo's way to play thousands of hands quickly. Every command is one a seat would send over the
// API, decided by the same decider, and each event keeps the metadata (its command's id included) it would
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
import { botStep, type Declaration } from '../bots/agent.ts';
import type { Bot } from '../bots/bot.ts';
import type { NewEvent } from '../eventstore/port.ts';
import { serverSteps } from '../play/command-ids.ts';
import { type Actor, metadataOf } from '../play/table.ts';

export interface PlayedHand {
  readonly state: HandState;
  readonly events: readonly PlayEvent[];
  /** The same events as the store takes them, metadata included (the store makes their ids). */
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
    for (const event of decided) {
      state = evolve(state, event);
      events.push(event);
      toAppend.push({
        type: event.type,
        schemaVersion: event.schemaVersion,
        data: event.data,
        metadata,
      });
    }
  };

  const started = decide(start, state);
  if ('rejection' in started) throw new Error(`${prefix} cannot start: ${started.rejection.message}`);
  apply(started.events, SYSTEM, serverSteps.startHand(start.gameId, start.hand), start.at);

  while (state.phase.kind !== 'ended') {
    const step = botStep(state, start.seatWinds, botOf, declare, tick);
    let move = step.next();
    while (!move.done) {
      const { seat, player, command } = move.value;
      commands++;
      const decision = decide(command, state);
      if ('rejection' in decision) {
        move = step.next(decision.rejection);
        continue;
      }
      // The id the table service gives this move live: its decision point is the hand's last revision.
      const commandId = serverSteps.bot(start.gameId, start.hand, events.length - 1, seat);
      apply(decision.events, { role: 'player', seat, id: player }, commandId, command.at);
      move = step.next(undefined);
    }
    if (!move.value) throw new Error(`${prefix}: no bot can act in phase ${state.phase.kind}`);
  }
  return { state, events, toAppend, commands };
}
