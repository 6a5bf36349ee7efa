// Which rules a hand of the tournament is played and settled by: its table's ruleset as seated, with every
// amendment that covers the hand applied in the order they were made. A hand's scope is its round and its
// number in its table's game; an amendment "from the next hand" covers the hands dealt after it, which only
// the caller can tell (by the store's order), so it says which of those count.
import { type Ruleset, rulesetOf } from '../rules/rulesets/index.ts';
import type { AmendmentScope } from './events.ts';
import type { Amendment, Table, TournamentState } from './state.ts';

/** Whether an amendment of this scope covers hand `hand` of a table of round `round` (next-hand: no). */
export function scopeCovers(scope: AmendmentScope, round: number, hand: number): boolean {
  switch (scope.kind) {
    case 'event':
      return true;
    case 'round':
      return round >= scope.round;
    case 'hand':
      return round > scope.round || (round === scope.round && hand >= scope.hand);
    case 'next-hand':
      return false;
  }
}

/**
 * The ruleset of a hand: the table's, then each amendment that covers it, in order. `dealtAfter` says whether
 * the hand was dealt after a next-hand amendment (for a hand being dealt now: every one on record).
 */
export function rulesetForHand(
  table: Pick<Table, 'ruleset'>,
  amendments: readonly Amendment[],
  round: number,
  hand: number,
  dealtAfter: (amendment: Amendment) => boolean,
): Ruleset {
  let options: Record<string, unknown> = { ...table.ruleset.options };
  for (const amendment of amendments) {
    const covers =
      amendment.scope.kind === 'next-hand'
        ? dealtAfter(amendment)
        : scopeCovers(amendment.scope, round, hand);
    if (covers) options = { ...options, ...amendment.changes };
  }
  return rulesetOf(table.ruleset.preset, options);
}

/** Whether any hand an amendment of this scope covers may have been played: a round in scope has started. */
export function playedInScope(state: TournamentState, scope: AmendmentScope): number | undefined {
  const started = state.rounds.filter((r) => r.phase === 'started' || r.phase === 'closed');
  const inScope = started.filter(
    (r) => scope.kind !== 'next-hand' && scopeCovers(scope, r.round, Number.MAX_SAFE_INTEGER),
  );
  return inScope[0]?.round;
}

/** The round and table of a game of the tournament. */
export function tableOfGame(state: TournamentState, gameId: string) {
  for (const round of state.rounds)
    for (const table of round.tables) if (table.gameId === gameId) return { round, table };
  return undefined;
}
