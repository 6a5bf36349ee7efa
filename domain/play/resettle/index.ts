// Settling a finished hand again under an amended ruleset (DESIGN.md "Storage and scale": the recompute
// worker): the same code that settled it, run on the hand's recorded play with the new settlement options.
import type { Ruleset } from '../../rules/rulesets/index.ts';
import type { PlayEvent } from '../events.ts';
import { resettleEntered } from './entered.ts';
import { resettleLive } from './live.ts';
import { noSettlement, type Resettled } from './resettled.ts';

export type { Resettled, Settlement } from './resettled.ts';

/**
 * The settlement of one hand stream's events (played live from HandStarted, or entered: HandResultEntered)
 * under `ruleset`, the full amended ruleset of the hand's preset: the HandSettled data it would carry, computed
 * as the hand decider or the entry decider computed it. Corrections already in the stream are not read: the
 * caller compares this with the settlement in force.
 */
export function resettleHand(events: readonly PlayEvent[], ruleset: Ruleset): Resettled {
  const entered = events.find((e) => e.type === 'HandResultEntered');
  if (entered?.type === 'HandResultEntered') return resettleEntered(entered, ruleset);
  return events.some((e) => e.type === 'HandStarted')
    ? resettleLive(events, ruleset)
    : noSettlement('unfinished', 'the stream holds no hand: neither HandStarted nor HandResultEntered');
}
