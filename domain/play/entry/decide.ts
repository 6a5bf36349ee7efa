// The entry decider: a physical table's hand, entered on an empty hand stream, becomes HandResultEntered and
// its settlement (HandSettled), or its void (HandVoided). The hand stream is the same one live play writes.
import type { PlayEvent, PlayEventOf } from '../events.ts';
import type { HandState } from '../hand/state.ts';
import type { EnterHandResult } from './commands.ts';
import { type EntrySettlement, evaluateEntry } from './evaluate.ts';
import { ENTRY_RULES, type EntryRejection } from './rejection.ts';

export type EntryDecision = { readonly events: PlayEvent[] } | { readonly rejection: EntryRejection };

/** `state` is the hand stream folded by the hand aggregate's evolve: entry needs it empty. */
export function decideEntry(command: EnterHandResult, state: HandState): EntryDecision {
  if (state.phase.kind !== 'not-started' || state.preset !== undefined)
    return {
      rejection: {
        code: 'hand-already-recorded',
        rule: ENTRY_RULES.once,
        message: `hand ${command.hand} is on record already (${state.phase.kind})`,
      },
    };
  const evaluation = evaluateEntry(command);
  if ('rejection' in evaluation) return evaluation;
  const { entered, settlement } = evaluation.evaluated;
  const events: PlayEvent[] = [entered];
  if (settlement !== null) events.push(handSettledOf(settlement));
  const { result } = entered.data;
  if (result.kind === 'voided')
    events.push({
      type: 'HandVoided',
      schemaVersion: 1,
      data: { cause: result.cause, explanation: result.explanation },
    });
  return { events };
}

/** What an entry's settlement records: the ruleset, the winners' scores, lapsed claims and the transfers. */
export function handSettledOf(settlement: EntrySettlement): PlayEventOf<'HandSettled'> {
  return {
    type: 'HandSettled',
    schemaVersion: 2,
    data: {
      ruleset: { ...settlement.ruleset },
      winners: settlement.winners.map(({ seat, handScore, effectiveScore }) => ({
        seat,
        handScore,
        effectiveScore,
      })),
      lapsed: settlement.lapsed.map(({ seat, reason }) => ({ seat, reason })),
      transfers: settlement.transfers.map(({ from, to, points, reason }) => ({ from, to, points, reason })),
    },
  };
}
