// What the scorer sees before committing an entry: the same evaluation as the commit, without events.
import type { WinnerOutput } from '../../rules/contract/index.ts';
import type { DrawPattern } from '../../rules/patterns/hu-mahjong/at-draw.ts';
import { type Deltas, SEATS, type Seat, type Transfer } from '../../rules/seats.ts';
import type { EnterHandResult } from './commands.ts';
import { evaluateEntry, type ScoreRequestAsGiven } from './evaluate.ts';
import type { EntryRejection } from './rejection.ts';

export interface EntryPreview {
  readonly outcome: 'won' | 'drawn' | 'voided';
  /** With their patterns where the ruleset scores tiles (hu-mahjong). */
  readonly winners: readonly WinnerOutput[];
  /**
   * A hu-mahjong draw's patterns reached at the draw, each with its points under the ruleset (Chinese beside
   * English); each other player pays the holder that much (the transfers list it). Empty otherwise.
   */
  readonly atDraw: readonly DrawPattern[];
  /** Claims the ruleset set aside (head-bump), and why. */
  readonly lapsed: readonly { readonly seat: Seat; readonly reason: string }[];
  readonly transfers: readonly Transfer[];
  /** Every seat at the table, zero where nothing moves. */
  readonly seatDeltas: Deltas;
  /** The same points by the player holding each seat. */
  readonly playerDeltas: Readonly<Record<string, number>>;
  /** The contract's request as it would be recorded; null where no contract is asked. */
  readonly request: ScoreRequestAsGiven | null;
}

export type PreviewAnswer = { readonly preview: EntryPreview } | { readonly rejection: EntryRejection };

export function previewEntry(command: EnterHandResult): PreviewAnswer {
  const evaluation = evaluateEntry(command);
  if ('rejection' in evaluation) return evaluation;
  const { entered, settlement } = evaluation.evaluated;
  const { seatWinds, result, request } = entered.data;
  const seats = SEATS.filter((s) => seatWinds[s] !== undefined);
  const seatDeltas: Deltas = Object.fromEntries(seats.map((s) => [s, settlement?.deltas[s] ?? 0]));
  return {
    preview: {
      outcome: result.kind === 'win' ? 'won' : result.kind,
      winners: settlement?.winners ?? [],
      atDraw: settlement?.atDraw ?? [],
      lapsed: settlement?.lapsed ?? [],
      transfers: settlement?.transfers ?? [],
      seatDeltas,
      playerDeltas: Object.fromEntries(seats.map((s) => [seatWinds[s]!, seatDeltas[s]!])),
      request,
    },
  };
}
