// What an amendment does to one settled hand: the hand settled again under the rules now in force for it
// (resettle/), the official adjustments on record carried on top, compared with the settlement in force. A
// hand whose settlement a referee or organizer restated whole keeps it: an official's word stands over a
// recompute (docs/rules.md "Amendments"). The recompute and its preview both decide here.
import { canonicalJson, type Ruleset } from '../../rules/rulesets/index.ts';
import type { Seat } from '../../rules/seats.ts';
import type { PlayEvent } from '../events.ts';
import { resettleHand } from '../resettle/index.ts';
import type { CorrectSettlement } from './decide.ts';
import { deltaBetween, netOf, settlementInForce } from './in-force.ts';

export type HandRecompute =
  /** No settlement to recompute (voided; a draw that pays nothing). */
  | { readonly kind: 'no-settlement'; readonly why: string }
  /** Still being played: it settles under the rules in force when it ends, or is recomputed then. */
  | { readonly kind: 'live' }
  /** Restated whole by an official: kept as they restated it. */
  | { readonly kind: 'kept' }
  /** Re-settled by this amendment already (a job run again). */
  | { readonly kind: 'done' }
  /** The score contract refuses the hand under the new rules: left as it stands, and reported. */
  | { readonly kind: 'refused'; readonly why: string }
  | { readonly kind: 'unchanged' }
  | {
      readonly kind: 'changed';
      readonly command: CorrectSettlement;
      readonly before: Partial<Record<Seat, number>>;
      readonly after: Partial<Record<Seat, number>>;
      readonly deltas: Partial<Record<Seat, number>>;
    };

export interface AmendmentRef {
  readonly amendmentId: string;
  readonly reason: string;
}

export function recomputeHand(
  events: readonly PlayEvent[],
  ruleset: Ruleset,
  amendment: AmendmentRef,
): HandRecompute {
  const inForce = settlementInForce(events);
  if (inForce === undefined) {
    const over = events.some(
      (e) => e.type === 'HandVoided' || e.type === 'HandDrawn' || e.type === 'HandResultEntered',
    );
    return over ? { kind: 'no-settlement', why: 'the hand settled nothing' } : { kind: 'live' };
  }
  if (inForce.amendments.includes(amendment.amendmentId)) return { kind: 'done' };
  if (inForce.restatedByOfficial) return { kind: 'kept' };
  const resettled = resettleHand(events, ruleset);
  if (resettled.kind === 'refused') return { kind: 'refused', why: resettled.why };
  if (resettled.kind === 'no-settlement') return { kind: 'no-settlement', why: resettled.why };
  const { settlement } = resettled;
  const transfers = [...settlement.transfers, ...inForce.adjustments];
  const before = netOf(inForce.transfers);
  const after = netOf(transfers);
  const deltas = deltaBetween(before, after);
  const sameWinners = canonicalJson(settlement.winners) === canonicalJson(inForce.winners);
  if (Object.keys(deltas).length === 0 && sameWinners) return { kind: 'unchanged' };
  return {
    kind: 'changed',
    before,
    after,
    deltas,
    command: {
      type: 'CorrectSettlement',
      mode: 'replacement',
      change: { kind: 'transfers', transfers },
      winners: settlement.winners,
      lapsed: settlement.lapsed,
      ruleset: settlement.ruleset,
      wrong: `settled under ruleset ${inForce.ruleset.hash}; the amended rules settle it otherwise`,
      reason: amendment.reason,
      correctedBy: { role: 'system', id: `amendment:${amendment.amendmentId}` },
      amendmentId: amendment.amendmentId,
    },
  };
}
