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
import type { EventStore, StoredEvent, StoredPayload } from '../eventstore/port.ts';
import { type Loaded, loadGame } from '../play/table.ts';
import { type HandResults, recomputeInThreads, threadsFor } from './threads.ts';
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
  /**
   * Its stream, read whole, and rules: for a hand whose settlement changes (changed, or done by an earlier
   * run), which the caller corrects or shows. Undefined for any other result: settling read less of it.
   */
  readonly found: HandOfScope | undefined;
  readonly result: HandRecompute;
  /** Hands gone through, this one included, of `total`. */
  readonly done: number;
  readonly total: number;
}

/** Hand streams read ahead of the one being settled: a server store answers while the last one settles. */
const READ_AHEAD = 8;

const NOT_DEALT: HandRecompute = { kind: 'no-settlement', why: 'not dealt' };

/** A scoped hand's events as the domain folds them: without the store's other facts, where it can leave them. */
function payloadsOf(store: EventStore, scoped: ScopedHand): Promise<readonly StoredPayload[]> {
  const stream = handStream(scoped.gameId, scoped.hand);
  return store.readPayloads?.(stream) ?? store.readStream(stream);
}

/**
 * The hands of `scoped` at these indices, in that order, each read (READ_AHEAD streams ahead) and settled again
 * under the rules now in force for it. What a recompute's thread does with its share of the hands.
 */
export async function* recomputeEach(
  store: EventStore,
  rulesets: RulesetsOfHands,
  scoped: readonly ScopedHand[],
  indices: readonly number[],
  amendment: Amendment,
): AsyncGenerator<{ index: number; result: HandRecompute }> {
  const reads: Promise<readonly StoredPayload[]>[] = [];
  const readAhead = (k: number) => {
    if (k < indices.length) reads[k] = payloadsOf(store, scoped[indices[k]!]!);
  };
  for (let k = 0; k < READ_AHEAD; k++) readAhead(k);
  // No turns here: recomputesInScope lets the calling thread's event loop turn between hands, and a thread
  // has no requests to answer.
  for (const [k, index] of indices.entries()) {
    readAhead(k + READ_AHEAD);
    const payloads = await reads[k]!;
    delete reads[k];
    const result =
      payloads.length === 0
        ? NOT_DEALT
        : recomputeHand(
            payloads.map(storedEvent),
            rulesets.of(scoped[index]!, payloads[0]!.position),
            amendment,
          );
    yield { index, result };
  }
}

/** recomputeEach over every hand, taken in order through the same door as the threads' results. */
function inThisThread(
  store: EventStore,
  rulesets: RulesetsOfHands,
  scoped: readonly ScopedHand[],
  amendment: Amendment,
): HandResults {
  const each = recomputeEach(
    store,
    rulesets,
    scoped,
    scoped.map((_, i) => i),
    amendment,
  );
  return {
    async of(index) {
      const next = await each.next();
      if (next.done === true || next.value.index !== index)
        throw new Error(`hand ${index} asked for out of order`);
      return next.value.result;
    },
    async close() {
      await each.return(undefined);
    },
  };
}

/**
 * Every hand the amendment covers, settled again under the rules now in force for it (recomputeHand), in
 * order: what the recompute acts on and the preview shows. Many hands of a store that can be opened again are
 * shared out to threads (threads.ts), the rest settled here; the event loop turns now and then (turns.ts).
 */
export async function* recomputesInScope(
  store: EventStore,
  state: TournamentState,
  positions: ReadonlyMap<string, bigint>,
  amendment: Amendment,
  options: { readonly threadedFrom?: number } = {},
): AsyncGenerator<ScopedRecompute> {
  const scoped = await handsInScope(store, state, amendment);
  const rulesets = new RulesetsOfHands(state, positions);
  const total = scoped.length;
  const threads = threadsFor(store, total, options.threadedFrom);
  const results =
    threads === undefined
      ? inThisThread(store, rulesets, scoped, amendment)
      : recomputeInThreads(threads, { scoped, state, positions, amendment });
  const turn = turns();
  try {
    for (const [i, hand] of scoped.entries()) {
      await turn();
      const result = await results.of(i);
      // Settling read each hand as the domain folds it; a hand to correct or show is read here whole.
      const found =
        result.kind === 'changed' || result.kind === 'done'
          ? await handOfScope(store, rulesets, hand)
          : undefined;
      yield { scoped: hand, found, result, done: i + 1, total };
    }
  } finally {
    await results.close();
  }
}
