// A settled hand's correction, appended to its hand stream: decided on the stream as stored (the correction
// names the event it corrects by the store's id), with the stream's revision expected, and found again by its
// command id on a retry — so a ruling retried, or an amendment's job run twice, corrects a hand once.
import {
  type CorrectionRejection,
  type CorrectSettlement,
  decideCorrection,
  seatWindsOfHand,
} from '../../domain/play/correction/index.ts';
import type { PlayEvent } from '../../domain/play/events.ts';
import type { GameEvent, GameState } from '../../domain/play/game/index.ts';
import { evolve, type HandState } from '../../domain/play/hand/index.ts';
import { gameStream } from '../../domain/play/metadata.ts';
import { storedEvent } from '../../domain/play/parse.ts';
import type { SettlementCorrected } from '../../domain/play/payment-events.ts';
import { type EventStore, type StoredEvent, WrongExpectedVersion } from '../eventstore/port.ts';
import { serverSteps } from '../play/command-ids.ts';
import {
  type Actor,
  type CommandIds,
  eventsOfCommand,
  GAME_AGGREGATE,
  type Loaded,
  metadataOf,
  run,
} from '../play/table.ts';

type HandLoaded = Loaded<PlayEvent, HandState>;

/** A hand stream's events as stored and as the domain reads them. */
export interface HandEvents {
  readonly stored: readonly StoredEvent[];
  readonly events: readonly PlayEvent[];
}

export type HandCorrection =
  | { readonly status: 'rejected'; readonly rejection: CorrectionRejection; readonly hand: HandEvents }
  | {
      /** 'already-applied': this command's correction was on record; nothing was appended now. */
      readonly status: 'appended' | 'already-applied';
      readonly event: SettlementCorrected;
      /** The correction as stored: its id is what the game and the table name. */
      readonly stored: StoredEvent;
      readonly hand: HandEvents;
    };

const read = async (store: EventStore, stream: string): Promise<HandEvents> => {
  const stored = await store.readStream(stream);
  return { stored, events: stored.map(storedEvent) };
};

/**
 * Appends the correction the command decides on the hand stream, unless this command's is on record. `given`:
 * the stream as the caller holds it — the table's current hand (folded: kept folded with the correction in
 * `loaded` after), or events just read; a stream that moved since is read again.
 */
export async function appendCorrection(
  store: EventStore,
  stream: string,
  command: CorrectSettlement,
  actor: Actor,
  ids: CommandIds,
  at: string,
  given?: HandLoaded | HandEvents,
): Promise<HandCorrection & { readonly loaded?: HandLoaded }> {
  const metadata = metadataOf(actor, at, ids);
  let loaded = given !== undefined && 'state' in given ? (given as HandLoaded) : undefined;
  let hand: HandEvents = given ?? (await read(store, stream));
  for (let attempt = 1; ; attempt++) {
    const [index] = eventsOfCommand(hand.stored, ids.commandId);
    if (index !== undefined) {
      const event = hand.events[index]!;
      if (event.type !== 'SettlementCorrected')
        throw new Error(`${stream}: ${ids.commandId} wrote ${event.type}`);
      return { status: 'already-applied', event, stored: hand.stored[index]!, hand };
    }
    const decision = decideCorrection(
      command,
      hand.events,
      hand.stored.map((e) => e.id),
    );
    if ('rejection' in decision) return { status: 'rejected', rejection: decision.rejection, hand };
    const { event } = decision;
    const revision = hand.stored.at(-1)?.revision ?? -1;
    try {
      await store.append(stream, [{ ...event, metadata }], revision === -1 ? 'no-stream' : revision);
    } catch (error) {
      // Another writer moved the hand (another worker, a ruling): decide again on what it left.
      if (!(error instanceof WrongExpectedVersion) || attempt >= 3) throw error;
      loaded = undefined;
      hand = await read(store, stream);
      continue;
    }
    const [stored] = await store.readStream(stream, revision + 1);
    if (stored === undefined || stored.type !== 'SettlementCorrected')
      throw new Error(`${stream}: the correction appended at ${revision + 1} is not there`);
    const after: HandEvents = { stored: [...hand.stored, stored], events: [...hand.events, event] };
    return {
      status: 'appended',
      event,
      stored,
      hand: after,
      ...(loaded === undefined
        ? {}
        : {
            loaded: {
              ...loaded,
              ...after,
              state: evolve(loaded.state, event),
              revision: stored.revision,
            },
          }),
    };
  }
}

const SYSTEM: Actor = { role: 'system', id: 'table-service' };

/**
 * The game counts a correction that moves points (HandResultCorrected, named by the correction's id: once).
 * A hand not yet recorded in its game needs nothing: the game reads the corrected settlement when it records
 * the hand. Answers the game after it, and what was appended.
 */
export async function countInGame(
  store: EventStore,
  game: Loaded<GameEvent, GameState>,
  handNumber: number,
  correction: Extract<HandCorrection, { event: unknown }>,
  at: string,
): Promise<{
  after: Loaded<GameEvent, GameState>;
  status: 'appended' | 'nothing';
  stored: readonly StoredEvent[];
}> {
  const deltas = correction.event.data.deltas ?? {};
  if (Object.keys(deltas).length === 0) return { after: game, status: 'nothing', stored: [] };
  const id = correction.stored.id;
  const gameId = game.state.gameId;
  const record = {
    type: 'CorrectHandResult' as const,
    hand: handNumber,
    correction: id,
    seatWinds: seatWindsOfHand(correction.hand.events),
    deltas,
    at,
  };
  const ids = { commandId: serverSteps.handCorrected(id), correlationId: gameId };
  const outcome = await run(store, gameStream(gameId), GAME_AGGREGATE, record, SYSTEM, ids, { loaded: game });
  if (outcome.status === 'rejected' && outcome.rejection.code !== 'hand-not-recorded')
    throw new Error(
      `${gameId}: hand ${handNumber}'s correction cannot be counted: ${outcome.rejection.message}`,
    );
  return outcome.status === 'appended'
    ? { after: outcome.after, status: 'appended', stored: outcome.stored }
    : { after: outcome.after, status: 'nothing', stored: [] };
}
