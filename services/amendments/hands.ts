// The hands an amendment covers, and the rules each now settles under: every hand of a started round's
// tables that the amendment's scope names, read from its stream, with its table's ruleset and every
// amendment covering it applied in order (the amendments made after this one too: a recompute brings a hand
// to the rules in force now, so two jobs in any order end in the same place).
import { type HandRecompute, recomputeHand } from '../../domain/play/correction/index.ts';
import type { PlayEvent } from '../../domain/play/events.ts';
import { handStream } from '../../domain/play/metadata.ts';
import { storedEvent } from '../../domain/play/parse.ts';
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
import { type Loaded, loadGame } from '../play/table.ts';
import { turns } from './turns.ts';

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
  const turn = turns();
  for (const round of state.rounds) {
    if (round.phase !== 'started' && round.phase !== 'closed') continue;
    for (const table of round.tables) {
      await turn();
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
  /** The hand's events as stored, and as the domain reads them (not folded: resettle folds what it needs). */
  readonly stored: readonly StoredEvent[];
  readonly events: readonly PlayEvent[];
  /** The rules it settles under now. */
  readonly ruleset: Ruleset;
}

/** Each hand's rules, kept per table and the amendments covering it: most hands of a table share them. */
export class RulesetsOfHands {
  readonly #cache = new Map<string, Ruleset>();
  constructor(
    private readonly state: TournamentState,
    private readonly positions: ReadonlyMap<string, bigint>,
  ) {}

  of(scoped: ScopedHand, dealtAt: bigint): Ruleset {
    const dealtAfter = (a: Amendment) => {
      const at = this.positions.get(a.amendmentId);
      return at !== undefined && dealtAt > at;
    };
    const covering = this.state.amendments
      .filter((a) =>
        a.scope.kind === 'next-hand' ? dealtAfter(a) : scopeCovers(a.scope, scoped.round.round, scoped.hand),
      )
      .map((a) => a.amendmentId);
    const key = `${scoped.table.ruleset.hash}|${covering.join(',')}`;
    let ruleset = this.#cache.get(key);
    if (ruleset === undefined) {
      ruleset = rulesetForHand(
        scoped.table,
        this.state.amendments,
        scoped.round.round,
        scoped.hand,
        dealtAfter,
      );
      this.#cache.set(key, ruleset);
    }
    return ruleset;
  }
}

/** A scoped hand's stream and rules; undefined when no hand was dealt there. */
export async function handOfScope(
  store: EventStore,
  rulesets: RulesetsOfHands,
  scoped: ScopedHand,
): Promise<HandOfScope | undefined> {
  const stored = await store.readStream(handStream(scoped.gameId, scoped.hand));
  if (stored.length === 0) return undefined;
  const events = stored.map(storedEvent);
  return { scoped, stored, events, ruleset: rulesets.of(scoped, stored[0]!.position) };
}

export interface ScopedRecompute {
  readonly scoped: ScopedHand;
  /** Its stream and rules; undefined when no hand was dealt there. */
  readonly found: HandOfScope | undefined;
  readonly result: HandRecompute;
  /** Hands gone through, this one included, of `total`. */
  readonly done: number;
  readonly total: number;
}

/** Hand streams read ahead of the one being settled: a server store answers while the last one settles. */
const READ_AHEAD = 8;

/**
 * Every hand the amendment covers, settled again under the rules now in force for it (recomputeHand), in
 * order: what the recompute acts on and the preview shows. The event loop turns now and then (turns.ts).
 */
export async function* recomputesInScope(
  store: EventStore,
  state: TournamentState,
  positions: ReadonlyMap<string, bigint>,
  amendment: Amendment,
): AsyncGenerator<ScopedRecompute> {
  const scoped = await handsInScope(store, state, amendment);
  const rulesets = new RulesetsOfHands(state, positions);
  const reads: Promise<HandOfScope | undefined>[] = [];
  const readAhead = (i: number) => {
    if (i < scoped.length) reads[i] = handOfScope(store, rulesets, scoped[i]!);
  };
  for (let i = 0; i < READ_AHEAD; i++) readAhead(i);
  const turn = turns();
  for (const [i, hand] of scoped.entries()) {
    await turn();
    readAhead(i + READ_AHEAD);
    const found = await reads[i]!;
    delete reads[i];
    const result: HandRecompute =
      found === undefined
        ? { kind: 'no-settlement', why: 'not dealt' }
        : recomputeHand(found.events, found.ruleset, amendment);
    yield { scoped: hand, found, result, done: i + 1, total: scoped.length };
  }
}
