// One hand played by seeded bots through the hand decider (services/bots/agent.ts picks each seat's command
// from its own view), as the bot property test plays them. Test support.
import type { PlayEvent } from '../../domain/play/events.ts';
import {
  decide,
  evolve,
  type HandCommand,
  initialHandState,
  type StartHand,
} from '../../domain/play/hand/index.ts';
import type { HandState } from '../../domain/play/hand/state.ts';
import { type Seat, turnOrderAfter } from '../../domain/rules/seats.ts';
import { type Avoid, avoidAfter, botCommandFor, defaultDeclaration } from '../../services/bots/agent.ts';
import { createBot } from '../../services/bots/index.ts';
import { seatViewOf } from '../../services/bots/seat-view.ts';

/** Each accepted command's events, with the time the command carried. */
export interface Decision {
  readonly at: string;
  readonly seat: Seat | undefined;
  readonly events: readonly PlayEvent[];
}

export function playBotHand(start: StartHand, seed: string): Decision[] {
  const t0 = Date.parse(start.at);
  let ms = 0;
  const at = (): string => new Date(t0 + ms).toISOString();
  const seats = Object.keys(start.seatWinds) as Seat[];
  const bots = Object.fromEntries(seats.map((s) => [s, createBot(`${seed}:${s}`)])) as Record<
    Seat,
    ReturnType<typeof createBot>
  >;
  const declare = defaultDeclaration(start.ruleset.preset, seats);
  let state: HandState = initialHandState;
  const out: Decision[] = [];
  const attempt = (command: HandCommand, seat: Seat | undefined): string | undefined => {
    const decision = decide(command, state);
    if ('rejection' in decision) return decision.rejection.code;
    for (const event of decision.events) state = evolve(state, event);
    out.push({ at: command.at, seat, events: decision.events });
    return undefined;
  };
  const must = (command: HandCommand, seat?: Seat): void => {
    const refused = attempt(command, seat);
    if (refused !== undefined) throw new Error(`${command.type} refused: ${refused}`);
  };
  const act = (seat: Seat): boolean => {
    let avoid: Avoid | undefined = {};
    while (avoid !== undefined) {
      const command = botCommandFor(seat, seatViewOf(state, seat), bots[seat], at(), declare, avoid);
      if (command === undefined) return false;
      const refused = attempt(command, seat);
      if (refused === undefined) return true;
      avoid = avoidAfter(command, refused, avoid);
    }
    throw new Error(`${seat} has no command the hand accepts`);
  };

  must(start);
  for (let steps = 0; state.phase.kind !== 'ended'; steps++) {
    if (steps > 2000) throw new Error('the hand never ended');
    ms += 700;
    const { phase } = state;
    if (phase.kind === 'turn') {
      if (!act(phase.seat)) throw new Error(`${phase.seat} did nothing on its turn`);
    } else if (phase.kind === 'claim-window') {
      for (const seat of turnOrderAfter(phase.window.offer.from, state.players)) act(seat);
      if (state.phase.kind === 'claim-window') {
        ms += phase.window.deadlineMs;
        must({ type: 'CloseWindow', at: at() });
      }
    } else throw new Error(`stuck in ${phase.kind}`);
  }
  return out;
}
