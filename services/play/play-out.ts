// `play-out` (docs/table-script.md): the rest of a hand nobody won, played without writing every discard, so
// that a game script can reach an exhaustive draw in one line. Each seat in turn discards the tile it just
// drew (with none drawn since its last discard, its highest tile in tile order, honours last); every seat
// asked in a claim window passes; a window held open to its deadline is closed then. Every step is the hand
// decider's own command, so the events are the ones the table would record.
import type { PlayEvent } from '../../domain/play/events.ts';
import {
  decide,
  evolve,
  type HandCommand,
  type HandState,
  mustAnswer,
  type OpenWindow,
  type Rejection,
} from '../../domain/play/hand/index.ts';
import { SEATS, type Seat } from '../../domain/rules/seats.ts';
import { TILE_KINDS, type Tile } from '../../domain/tiles/index.ts';

export interface PlayedOut {
  readonly events: readonly PlayEvent[];
  readonly state: HandState;
  /** The table clock after the last command (a window closed at its deadline moves it on). */
  readonly atMs: number;
  readonly rejection?: Rejection;
}

/** A hand of 136 or 144 tiles ends long before this many commands; more means the play-out is stuck. */
const MAX_COMMANDS = 2000;

export function playOut(state: HandState, fromMs: number): PlayedOut {
  const events: PlayEvent[] = [];
  let now = fromMs;
  for (let n = 0; n < MAX_COMMANDS; n++) {
    const { phase } = state;
    if (phase.kind === 'ended') return { events, state, atMs: now };
    const at = new Date(now).toISOString();
    let tries: HandCommand[];
    switch (phase.kind) {
      case 'turn':
        // The West exception refuses a fourth West in a row (seed 004): the seat throws its next tile.
        tries = discardOrder(state, phase.seat, phase.drawn).map((tile) => ({
          type: 'Discard',
          seat: phase.seat,
          tile,
          at,
        }));
        break;
      case 'claim-window': {
        const silent = silentSeat(phase.window);
        if (silent !== undefined) tries = [{ type: 'Pass', seat: silent, at }];
        else {
          now = Math.max(now, phase.window.openedAtMs + phase.window.deadlineMs);
          tries = [{ type: 'CloseWindow', at: new Date(now).toISOString() }];
        }
        break;
      }
      case 'not-started':
      case 'won':
        throw new Error(`play-out cannot go on from a hand in phase ${phase.kind}`);
    }
    let rejection: Rejection | undefined;
    let decided: readonly PlayEvent[] | undefined;
    for (const command of tries) {
      const decision = decide(command, state);
      if ('events' in decision) {
        decided = decision.events;
        break;
      }
      rejection ??= decision.rejection;
    }
    if (decided === undefined) return { events, state, atMs: now, rejection: rejection! };
    for (const event of decided) {
      events.push(event);
      state = evolve(state, event);
    }
  }
  throw new Error(`play-out made ${MAX_COMMANDS} moves without the hand ending`);
}

/** The tile just drawn first, then the others held from the highest kind down. */
function discardOrder(state: HandState, seat: Seat, drawn: Tile | undefined): Tile[] {
  const { concealed } = state.seats[seat]!;
  const held: Tile[] = [];
  for (let t = TILE_KINDS - 1; t >= 0; t--) if (concealed[t]! > 0 && t !== drawn) held.push(t);
  return drawn !== undefined && drawn < TILE_KINDS && concealed[drawn]! > 0 ? [drawn, ...held] : held;
}

/** The first seat in seat order that the window waits for and that has not answered. */
function silentSeat(window: OpenWindow): Seat | undefined {
  return SEATS.find((s) => {
    const asked = window.seats[s];
    return asked !== undefined && mustAnswer(asked) && asked.answer === undefined;
  });
}
