// What settling a finished hand again answers: the settlement a HandSettled would carry under the amended
// ruleset, no settlement to recompute, or the score contract's refusal under the new rules.
import type { PlayEvent, PlayEventOf } from '../events.ts';
import type { Rejection } from '../hand/rejection.ts';

/** Exactly the data of a HandSettled (v2): the ruleset, winners, lapsed claims, transfers. */
export type Settlement = PlayEventOf<'HandSettled'>['data'];

export type Resettled =
  | { readonly kind: 'settled'; readonly settlement: Settlement }
  /**
   * Nothing to recompute: a voided hand, a drawn hand in a preset whose draw pays nothing, or a hand still in
   * play (or never started).
   */
  | {
      readonly kind: 'no-settlement';
      readonly cause: 'voided' | 'drawn' | 'unfinished';
      readonly why: string;
    }
  /** The score contract refuses the hand under the new rules (e.g. a win that is none under them). */
  | { readonly kind: 'refused'; readonly why: string };

export const noSettlement = (cause: 'voided' | 'drawn' | 'unfinished', why: string): Resettled => ({
  kind: 'no-settlement',
  cause,
  why,
});

export const refused = (why: string): Resettled => ({ kind: 'refused', why });

/**
 * The settlement one decision step emitted, or why it did not: the step's rejection (the contract refused), or
 * no HandSettled among its events.
 */
export function settledBy(events: readonly PlayEvent[], rejection: Rejection | undefined): Resettled {
  if (rejection !== undefined) return refused(rejection.message);
  const settled = events.find((e): e is PlayEventOf<'HandSettled'> => e.type === 'HandSettled');
  return settled === undefined
    ? refused('the recorded decision settles nothing under these rules')
    : { kind: 'settled', settlement: settled.data };
}
