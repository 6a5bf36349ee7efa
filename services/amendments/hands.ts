// The hands an amendment covers, and the rules each now settles under: every hand of a started round's
// tables that the amendment's scope names, read from its stream, with its table's ruleset and every
// amendment covering it applied in order (the amendments made after this one too: a recompute brings a hand
// to the rules in force now, so two jobs in any order end in the same place).
import type { PlayEvent } from '../../domain/play/events.ts';
import type { HandState } from '../../domain/play/hand/index.ts';
import type { Ruleset } from '../../domain/rules/rulesets/index.ts';
import { rulesetForHand, scopeCovers } from '../../domain/tournament/amendments.ts';
import type {
  Amendment,
  Round,
  Table,
  TournamentEvent,
  TournamentState,
} from '../../domain/tournament/index.ts';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import { type Loaded, loadGame, loadHand } from '../play/table.ts';

export interface ScopedHand {
  readonly round: Round;
  readonly table: Table;
  readonly gameId: string;
  readonly hand: number;
}

/** Every hand of the tournament the scope covers that has a stream: recorded, or being played. */
export async function handsInScope(
  store: EventStore,
  state: TournamentState,
  amendment: Pick<Amendment, 'scope'>,
): Promise<ScopedHand[]> {
  const hands: ScopedHand[] = [];
  for (const round of state.rounds) {
    if (round.phase !== 'started' && round.phase !== 'closed') continue;
    for (const table of round.tables) {
      const game = await loadGame(store, table.gameId);
      if (game.revision === -1) continue;
      // The hand after the last recorded one may be dealt (live, or over and not yet recorded) while the
      // game plays; a game stopped, or left unfinished when its round was closed, plays it no more.
      const playing = game.state.phase === 'playing' && !round.unfinished.includes(table.table);
      const last = game.state.hands + (playing ? 1 : 0);
      for (let hand = 1; hand <= last; hand++)
        if (scopeCovers(amendment.scope, round.round, hand))
          hands.push({ round, table, gameId: table.gameId, hand });
    }
  }
  return hands;
}

/** Where each amendment was recorded: a next-hand amendment covers the hands dealt after it. */
export function amendmentPositions(
  tournament: Loaded<TournamentEvent, TournamentState>,
): ReadonlyMap<string, bigint> {
  const positions = new Map<string, bigint>();
  tournament.events.forEach((event, i) => {
    if (event.type === 'RulesetAmended')
      positions.set(event.data.amendmentId, tournament.stored[i]!.position);
  });
  return positions;
}

export interface HandOfScope {
  readonly scoped: ScopedHand;
  readonly loaded: Loaded<PlayEvent, HandState>;
  /** The rules it settles under now. */
  readonly ruleset: Ruleset;
}

/** A scoped hand's stream and rules; undefined when no hand was dealt there. */
export async function handOfScope(
  store: EventStore,
  state: TournamentState,
  positions: ReadonlyMap<string, bigint>,
  scoped: ScopedHand,
): Promise<HandOfScope | undefined> {
  const loaded = await loadHand(store, scoped.gameId, scoped.hand);
  if (loaded.revision === -1) return undefined;
  const dealtAt: StoredEvent['position'] = loaded.stored[0]!.position;
  const ruleset = rulesetForHand(scoped.table, state.amendments, scoped.round.round, scoped.hand, (a) => {
    const at = positions.get(a.amendmentId);
    return at !== undefined && dealtAt > at;
  });
  return { scoped, loaded, ruleset };
}
