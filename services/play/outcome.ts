// What `play` answers: invalid input, or the events played (a hand's, or a game's with the stream of each) and
// the rejection that stopped them, if one did. services/cli.ts prints it (report.ts).
import type { PlayEvent } from '../../domain/play/events.ts';
import type { GameEvent } from '../../domain/play/game/index.ts';
import type { Rejection } from '../../domain/play/hand/index.ts';

/** One line of a game's output: an event and the stream it belongs to (`game-{id}` or `hand-{id}-{n}`). */
export interface StreamLine {
  readonly stream: string;
  readonly event: PlayEvent | GameEvent;
}

/** Where a game script stopped: the hand (0 before the first) and its step, and the script's element. */
export type GameScriptRejection = Pick<Rejection, 'rule' | 'message'> & {
  readonly code: string;
  readonly stream: string;
  readonly hand: number;
  /** Step 0 is the start of the hand, step n its n-th action (`actions[n - 1]`). */
  readonly step: number;
  /** The script's element that was refused: `hands[1].actions[4]`, `hands[2]`, `seats`. */
  readonly path: string;
};

export type PlayOutcome =
  | { readonly kind: 'invalid'; readonly field: string; readonly message: string }
  | {
      readonly kind: 'played';
      readonly events: readonly PlayEvent[];
      /** Step 0 is the start of the hand, step n the n-th action (actions[n - 1]). */
      readonly rejection?: Rejection & { readonly step: number };
    }
  | {
      readonly kind: 'played-game';
      readonly lines: readonly StreamLine[];
      readonly rejection?: GameScriptRejection;
    };
