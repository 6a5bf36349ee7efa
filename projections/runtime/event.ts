// What a projection reads: an event as the store hands it out. Structural, so that services' StoredEvent
// satisfies it without projections/ importing services/ (the dependency runs services → projections → domain).

export interface ProjectedEvent {
  readonly stream: string;
  /** Position within the stream, from 0. */
  readonly revision: number;
  /** Position in the whole store, strictly increasing: the checkpoint a projection keeps. */
  readonly position: bigint;
  readonly type: string;
  readonly schemaVersion: number;
  readonly data: unknown;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly id: string;
  /** ISO 8601 time the store recorded the event. */
  readonly recordedAt: string;
  /** The stream's hash chain, when the store keeps one: the audit log shows it. */
  readonly hash?: string;
  readonly previousHash?: string;
}

/** Reads events strictly after a position, in position order, at most `limit` of them. */
export type ReadAll = (options: { after: bigint; limit: number }) => Promise<readonly ProjectedEvent[]>;

/** Delivers every event after `after`, then live ones; the handler's promise is awaited before the next. */
export type Subscribe = (
  after: bigint,
  handler: (event: ProjectedEvent) => Promise<void> | void,
) => { close(): Promise<void> };
