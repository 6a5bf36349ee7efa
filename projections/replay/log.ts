// What the replay projection stores of a hand: each play event as decoded (upcast), with the envelope fields
// a replay shows, one row per event. The replay itself (a table per step, windows, payments) is folded from
// them when asked: stored, it is several times the size of the events, and a document per hand would be
// rewritten by every batch the hand spans.
import { isPlayEventType, type PlayEvent } from '../../domain/play/events.ts';
import type { Actor, Decoded } from '../runtime/decode.ts';
import { evolveReplay, initialReplay, type Replay, replayOfDoc } from './evolve.ts';

export interface LoggedEvent {
  readonly event: PlayEvent;
  readonly revision: number;
  readonly id: string;
  readonly at: string;
  readonly actor: Actor;
}

/** The row kept of a decoded event, or undefined for one the replay does not fold. */
export function logged({ event, meta }: Decoded): LoggedEvent | undefined {
  if (!isPlayEventType(event.type)) return undefined;
  const { revision, id, at, actor } = meta;
  return { event: event as PlayEvent, revision, id, at, actor };
}

/** The replay of a hand stream's logged events: the same fold replayFromEvents runs over stored ones. */
export function replayOfLog(stream: string, events: readonly LoggedEvent[]): Replay {
  let doc = initialReplay(stream);
  for (const { event, revision, id, at, actor } of events)
    doc = evolveReplay(doc, { event, meta: { stream, revision, position: '', id, hash: '', at, actor } });
  return replayOfDoc(doc);
}
