// Claim window options: seed 001 (5 s to decide, no 過水, one winner by default) and seed 000 (the three ways
// to settle several wins on one tile).
import { z } from 'zod';
import { RuleInputError } from '../errors.ts';

export const ClaimOptionsSchema = z.strictObject({
  /** Several wins on one tile: only the first in turn order (head-bump), or all of them. */
  multipleWinners: z.enum(['head-bump', 'multiple', 'score-priority']).default('head-bump'),
  /** 過水: passing a win bars the player from discard wins until their next draw. Seed 001 does not play it. */
  passLocksWin: z.boolean().default(false),
  /** How long the window stays open; seed 001 gives 5 seconds online. */
  deadlineMs: z.number().finite().positive('the deadline must be more than 0 ms').default(5000),
});

export type ClaimOptions = z.output<typeof ClaimOptionsSchema>;
export type ClaimOptionsInput = z.input<typeof ClaimOptionsSchema>;

/** Options with their defaults; the error names the first field that does not fit. */
export function claimOptions(input: ClaimOptionsInput = {}): ClaimOptions {
  const parsed = ClaimOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0]!;
  const path = issue.path.map(String).join('.');
  throw new RuleInputError(path === '' ? 'options' : `options.${path}`, issue.message);
}
