// What the score contract answers: a result, invalid input (exit 2, HTTP 400) or a claim that is no win
// (exit 3, HTTP 422). Kept as values, not exceptions, so the CLI and the API map them the same way.
import type { Deltas, Seat, Transfer } from '../seats.ts';

export interface WinnerOutput {
  readonly seat: Seat;
  readonly handScore: number;
  readonly effectiveScore: number;
  readonly patterns?: readonly { name: string; chinese: string; points: number }[];
  /** Base-point bonuses beside the hand score (dealer repeats, eighth repeat). */
  readonly bonuses?: readonly { name: string; points: number }[];
  /** The decomposition scored, each set in compact notation, the winning tile's set marked with '*'. */
  readonly sets?: readonly string[];
}

export interface ScoreOutput {
  readonly winners: readonly WinnerOutput[];
  readonly lapsed: readonly { seat: Seat; reason: string }[];
  readonly transfers: readonly Transfer[];
  readonly deltas: Deltas;
  /** The rules that settled it: preset, version and content hash. */
  readonly ruleset?: { readonly preset: string; readonly version: number; readonly hash: string };
}

export type ScoreOutcome =
  | { readonly kind: 'scored'; readonly output: ScoreOutput }
  | { readonly kind: 'invalid'; readonly field: string; readonly message: string }
  | { readonly kind: 'not-a-win'; readonly seat: Seat; readonly message: string };

export { RuleInputError as InvalidInput, ruleInputError as invalid } from '../errors.ts';
