// Given/when/then for result entry: a physical table's context as the game gives it, and entries in the
// score contract's notation. Test support, kept beside the decider it serves.
import { type PresetId, rulesetOf } from '../../rules/rulesets/index.ts';
import { SEATS, type Seat } from '../../rules/seats.ts';
import type { PlayEvent } from '../events.ts';
import { evolve } from '../hand/evolve.ts';
import { type HandState, initialHandState } from '../hand/state.ts';
import type { ClaimAsGiven, EnterHandResult, EntryResult } from './commands.ts';
import type { EntryDecision } from './decide.ts';
import type { EntryRejection } from './rejection.ts';

export const PLAYERS = ['ana', 'bo', 'cy', 'di'] as const;
export const AT = '2026-03-01T10:30:00.000Z';

export interface Table {
  readonly options?: Record<string, unknown>;
  readonly players?: 2 | 3 | 4;
  readonly repeats?: number;
  readonly hand?: number;
}

/** An entry for hand 1 of game g1, ana at East, bo South, cy West, di North (as many as play). */
export function entry(preset: PresetId, result: EntryResult, table: Table = {}): EnterHandResult {
  const players = table.players ?? 4;
  const options = { ...(preset === 'hu-mahjong' ? { players } : {}), ...table.options };
  const ruleset = rulesetOf(preset, options);
  return {
    type: 'EnterHandResult',
    hand: table.hand ?? 1,
    context: {
      gameId: 'g1',
      ruleset: {
        preset: ruleset.preset,
        version: ruleset.version,
        options: ruleset.options,
        hash: ruleset.hash,
      },
      seatWinds: Object.fromEntries(SEATS.slice(0, players).map((s, i) => [s, PLAYERS[i]!])) as Partial<
        Record<Seat, string>
      >,
      prevalentWind: 'E',
      repeats: table.repeats ?? 0,
    },
    result,
    at: AT,
    by: { role: 'scorer', id: 'scorer-lee' },
  };
}

/** Seed 003's scoring example: one chow exposed, one season, 6100 basic points. */
export const SEED_003_CLAIM: ClaimAsGiven = {
  seat: 'S',
  hand: '123s123p789p9p',
  melds: [{ tiles: '123m' }],
  winningTile: '9p',
  flowers: ['5f'],
};

export const fold = (events: readonly PlayEvent[], state: HandState = initialHandState): HandState =>
  events.reduce(evolve, state);

export function eventsOf(decision: EntryDecision): PlayEvent[] {
  if ('rejection' in decision) throw new Error(`refused: ${JSON.stringify(decision.rejection)}`);
  return decision.events;
}

export function rejectionOf(decision: { rejection: EntryRejection } | object): EntryRejection {
  if (!('rejection' in decision)) throw new Error('accepted');
  return (decision as { rejection: EntryRejection }).rejection;
}

export function only<T extends PlayEvent['type']>(events: readonly PlayEvent[], type: T) {
  const found = events.filter((e): e is Extract<PlayEvent, { type: T }> => e.type === type);
  if (found.length !== 1) throw new Error(`${found.length} ${type} events`);
  return found[0]!;
}
