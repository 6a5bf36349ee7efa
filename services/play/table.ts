// The table service: runs one command of a hand or a game against an event store. It loads the stream (each
// stored event parsed and upcast, then folded), asks the decider, and appends what it decided with the
// stream's revision as the expected one. Every event records its command's id (causationId), so a retried
// command is found in its stream and appends nothing twice; a concurrent append to the same stream (this very
// command from another process, or another one) is met by reloading and deciding once more. Event ids are
// the store's to make: nothing a client sends becomes one.
import { type PlayEvent, STREAM_OF } from '../../domain/play/events.ts';
import {
  decide as decideGame,
  evolve as evolveGame,
  type GameCommand,
  type GameEvent,
  type GameRejection,
  type GameState,
  HandRecorded,
  HandResultCorrected,
  initialGameState,
} from '../../domain/play/game/index.ts';
import {
  decide as decideHand,
  evolve as evolveHand,
  type HandCommand,
  type HandState,
  initialHandState,
  type Rejection,
} from '../../domain/play/hand/index.ts';
import { type ActorRole, gameStream, handStream } from '../../domain/play/metadata.ts';
import { parseEvent, parseMetadata } from '../../domain/play/parse.ts';
import { EventParseError, eventParseError } from '../../domain/play/parse-error.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import {
  type AppendResult,
  type EventStore,
  type ExpectedRevision,
  type NewEvent,
  type StoredEvent,
  WrongExpectedVersion,
} from '../eventstore/port.ts';

/** Who sent the command: recorded in every event's metadata. A player acts from a seat. */
export interface Actor {
  readonly role: ActorRole;
  readonly seat?: Seat;
  /** The person or process (player, organizer or referee id, a worker's name). */
  readonly id?: string;
}

export interface CommandIds {
  /**
   * Unique per command within its stream, the same across retries: recorded as each event's causationId. A
   * client's is derived from its Idempotency-Key and scope, a server step's named by it (command-ids.ts).
   */
  readonly commandId: string;
  /** The request or job the command belongs to. */
  readonly correlationId: string;
}

/** What a stream folds to: its events as the decider knows them, its state and its last revision. */
export interface Loaded<E, S> {
  readonly stream: string;
  readonly events: readonly E[];
  readonly stored: readonly StoredEvent[];
  readonly state: S;
  /** The last event's revision, or -1 when the stream does not exist. */
  readonly revision: number;
}

export type CommandOutcome<E, R> =
  | {
      /** 'appended' now, or 'already-applied': the command id was on record, nothing was appended. */
      readonly status: 'appended' | 'already-applied';
      readonly events: readonly E[];
      readonly stored: readonly StoredEvent[];
      /** Decisions made: 0 when the command was on record already, 2 when a concurrent append made the first stale. */
      readonly attempts: number;
    }
  | { readonly status: 'rejected'; readonly rejection: R; readonly attempts: number };

export type HandOutcome = CommandOutcome<PlayEvent, Rejection>;
export type GameOutcome = CommandOutcome<GameEvent, GameRejection>;

/** How one aggregate is read, folded and decided. */
export interface Aggregate<C, S, E, R> {
  readonly initial: S;
  readonly parse: (raw: StoredEvent) => E;
  readonly evolve: (state: S, event: E) => S;
  readonly decide: (command: C, state: S) => { readonly events: readonly E[] } | { readonly rejection: R };
}

export const HAND_AGGREGATE: Aggregate<HandCommand, HandState, PlayEvent, Rejection> = {
  initial: initialHandState,
  parse: parseHandEvent,
  evolve: evolveHand,
  decide: decideHand,
};

export const GAME_AGGREGATE: Aggregate<GameCommand, GameState, GameEvent, GameRejection> = {
  initial: initialGameState,
  parse: parseGameEvent,
  evolve: evolveGame,
  decide: decideGame,
};

/** A stored event of a hand stream, parsed and upcast to its current version. */
export function parseHandEvent(raw: unknown): PlayEvent {
  const event = parseEvent(raw);
  if (STREAM_OF[event.type] !== 'hand')
    throw new EventParseError('type', `${event.type} does not belong to a hand stream`);
  return event;
}

/**
 * A stored event of a game stream. GameStarted and GameFinished are shared play events (parsed and upcast by
 * parseEvent); HandRecorded and HandResultCorrected are the game aggregate's own, one version each so far.
 */
export function parseGameEvent(raw: unknown): GameEvent {
  const type = (raw as { type?: unknown } | null)?.type;
  if (type === 'HandResultCorrected') {
    const { schemaVersion, data } = raw as { schemaVersion?: unknown; data?: unknown };
    const parsed = HandResultCorrected.safeParse({ type, schemaVersion, data });
    if (!parsed.success) throw eventParseError(parsed.error, [], type, 1);
    return parsed.data;
  }
  if (type !== 'HandRecorded') {
    const event = parseEvent(raw);
    if (event.type !== 'GameStarted' && event.type !== 'GameFinished')
      throw new EventParseError('type', `${event.type} does not belong to a game stream`);
    return event;
  }
  const { schemaVersion, data } = raw as { schemaVersion?: unknown; data?: unknown };
  const parsed = HandRecorded.safeParse({ type, schemaVersion, data });
  if (!parsed.success) throw eventParseError(parsed.error, [], type, 1);
  return parsed.data;
}

export function loadHand(
  store: EventStore,
  gameId: string,
  handNumber: number,
): Promise<Loaded<PlayEvent, HandState>> {
  return load(store, handStream(gameId, handNumber), HAND_AGGREGATE);
}

export function loadGame(store: EventStore, gameId: string): Promise<Loaded<GameEvent, GameState>> {
  return load(store, gameStream(gameId), GAME_AGGREGATE);
}

/** Decides a hand command on the stream `hand-{gameId}-{handNumber}` and appends its events. */
export async function runHandCommand(
  store: EventStore,
  gameId: string,
  handNumber: number,
  command: HandCommand,
  actor: Actor,
  ids: CommandIds,
): Promise<HandOutcome> {
  if (command.type === 'StartHand' && (command.gameId !== gameId || command.hand !== handNumber)) {
    throw new TypeError(
      `StartHand for ${handStream(command.gameId, command.hand)} sent to ${handStream(gameId, handNumber)}`,
    );
  }
  return run(store, handStream(gameId, handNumber), HAND_AGGREGATE, command, actor, ids);
}

/** Decides a game command on the stream `game-{gameId}` and appends its events. */
export async function runGameCommand(
  store: EventStore,
  gameId: string,
  command: GameCommand,
  actor: Actor,
  ids: CommandIds,
): Promise<GameOutcome> {
  if (command.type === 'StartGame' && command.gameId !== gameId)
    throw new TypeError(`StartGame for ${gameStream(command.gameId)} sent to ${gameStream(gameId)}`);
  return run(store, gameStream(gameId), GAME_AGGREGATE, command, actor, ids);
}

/** The command an event answers: its causationId (undefined in an event written without one). */
const commandOfEvent = (event: StoredEvent): unknown =>
  (event.metadata as { readonly causationId?: unknown }).causationId;

/**
 * Where the events a command appended are in a stream: the first run of events that name it as their cause
 * (the events of one append are consecutive). Empty when it appended none.
 */
export function eventsOfCommand(stored: readonly StoredEvent[], commandId: string): number[] {
  const first = stored.findIndex((event) => commandOfEvent(event) === commandId);
  if (first === -1) return [];
  const indexes: number[] = [];
  for (let i = first; i < stored.length && commandOfEvent(stored[i]!) === commandId; i++) indexes.push(i);
  return indexes;
}

export async function load<C, S, E, R>(
  store: EventStore,
  stream: string,
  aggregate: Aggregate<C, S, E, R>,
): Promise<Loaded<E, S>> {
  const stored = await store.readStream(stream);
  const events = stored.map((event) => aggregate.parse(event));
  const state = events.reduce(aggregate.evolve, aggregate.initial);
  return { stream, events, stored, state, revision: stored.at(-1)?.revision ?? -1 };
}

/**
 * The stream as it stands now, from a copy that may be behind (another process appended since): only the
 * events after the copy's revision are read and folded. The copy itself when nothing is new.
 */
export async function catchUp<C, S, E, R>(
  store: EventStore,
  loaded: Loaded<E, S>,
  aggregate: Aggregate<C, S, E, R>,
): Promise<Loaded<E, S>> {
  const since = await store.readStream(loaded.stream, loaded.revision + 1);
  if (since.length === 0) return loaded;
  const events = since.map((event) => aggregate.parse(event));
  return {
    stream: loaded.stream,
    events: [...loaded.events, ...events],
    stored: [...loaded.stored, ...since],
    state: events.reduce(aggregate.evolve, loaded.state),
    revision: since.at(-1)!.revision,
  };
}

/** The events a command appended earlier, recognised by their cause; undefined when it appended none. */
export function appliedBefore<E, S>(
  loaded: Loaded<E, S>,
  commandId: string,
): CommandOutcome<E, never> | undefined {
  const indexes = eventsOfCommand(loaded.stored, commandId);
  if (indexes.length === 0) return undefined;
  return {
    status: 'already-applied',
    events: indexes.map((i) => loaded.events[i]!),
    stored: indexes.map((i) => loaded.stored[i]!),
    attempts: 0,
  };
}

/** Who acted, when, and in answer to what: checked before any I/O, so a bad actor or time is the caller's error. */
export function metadataOf(actor: Actor, at: string, ids: CommandIds): Readonly<Record<string, unknown>> {
  return parseMetadata({
    actor: {
      role: actor.role,
      ...(actor.seat === undefined ? {} : { seat: actor.seat }),
      ...(actor.id === undefined ? {} : { id: actor.id }),
    },
    at,
    correlationId: ids.correlationId,
    causationId: ids.commandId,
  });
}

export interface RunOptions<E, S> {
  /** The stream as the caller last loaded it: decided on without reading the store again. */
  readonly loaded?: Loaded<E, S>;
  /** The client's expected revision (If-Match): a stream that moved since is refused, never retried. */
  readonly ifMatch?: number;
}

/** A command's outcome with the stream after it, for a caller that keeps the stream in memory. */
export type RunOutcome<E, S, R> = CommandOutcome<E, R> & { readonly after: Loaded<E, S> };

export async function run<
  C extends { readonly at: string },
  S,
  E extends { readonly type: string; readonly schemaVersion: number; readonly data: unknown },
  R,
>(
  store: EventStore,
  stream: string,
  aggregate: Aggregate<C, S, E, R>,
  command: C,
  actor: Actor,
  ids: CommandIds,
  options: RunOptions<E, S> = {},
): Promise<RunOutcome<E, S, R>> {
  const metadata = metadataOf(actor, command.at, ids);
  let loaded = options.loaded ?? (await load(store, stream, aggregate));
  for (let attempt = 1; ; attempt++) {
    const earlier = appliedBefore(loaded, ids.commandId);
    if (earlier !== undefined) return { ...earlier, after: loaded };
    if (options.ifMatch !== undefined && options.ifMatch !== loaded.revision)
      throw new WrongExpectedVersion(stream, options.ifMatch, loaded.revision);
    const decision = aggregate.decide(command, loaded.state);
    if ('rejection' in decision)
      return { status: 'rejected', rejection: decision.rejection, attempts: attempt, after: loaded };
    const events: NewEvent[] = decision.events.map((event) => ({
      type: event.type,
      schemaVersion: event.schemaVersion,
      data: event.data,
      metadata,
    }));
    // Never 'any': the expected revision is what keeps two runs of one command from both appending.
    const expected: ExpectedRevision = loaded.revision === -1 ? 'no-stream' : loaded.revision;
    let appended: AppendResult;
    try {
      appended = await store.append(stream, events, expected);
    } catch (error) {
      if (!(error instanceof WrongExpectedVersion)) throw error;
      // Another command got there first (perhaps this very command, retried): decide again on what it left,
      // unless the client pinned the revision it saw.
      loaded = await load(store, stream, aggregate);
      if (attempt < 2 || appliedBefore(loaded, ids.commandId) !== undefined) continue;
      throw error;
    }
    // The events as stored: from the append where it answered them (a round trip less on PostgreSQL), else
    // read back, with whatever another process appended right after.
    const since = appended.stored ?? (await store.readStream(stream, loaded.revision + 1));
    const mine = since.filter((event) => event.revision <= appended.nextExpectedRevision);
    // Someone appended right after: the stream in memory is folded again from the store.
    const after: Loaded<E, S> =
      since.length !== mine.length
        ? await load(store, stream, aggregate)
        : {
            stream,
            events: [...loaded.events, ...decision.events],
            stored: [...loaded.stored, ...mine],
            state: decision.events.reduce(aggregate.evolve, loaded.state),
            revision: mine.at(-1)?.revision ?? loaded.revision,
          };
    return { status: 'appended', events: decision.events, stored: mine, attempts: attempt, after };
  }
}
