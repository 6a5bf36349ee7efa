// Who runs a live table: its lease (DESIGN.md "Storage and scale"). Any process may decide a command on any
// table (the store's expected revisions keep two writers apart), but a table's clock (its claim windows'
// deadlines) runs in the one process holding its lease. A lease is renewed while held; a process that dies
// stops renewing, and once it has expired another process takes the table over from its streams.

export interface TableLeases {
  /** This process's name in the lease rows. */
  readonly owner: string;
  /** How long a lease lasts unrenewed: a dead owner's tables are taken over within about this long. */
  readonly leaseMs: number;
  /**
   * Takes the table's lease when nobody holds it, its holder let it expire, or this process holds it already.
   * True when this process holds it now.
   */
  acquire(gameId: string): Promise<boolean>;
  /** Whether this process holds the lease (and has renewed it recently enough to be sure). */
  holds(gameId: string): boolean;
  /** Gives the lease up (a finished game): the table needs no clock any more. */
  release(gameId: string): Promise<void>;
  /** Deletes the table's lease row if it has expired (a game that ended before its holder let it go). */
  drop(gameId: string): Promise<void>;
  /** Tables whose lease expired without being released: their holder died. */
  expired(): Promise<string[]>;
  /** Starts renewing; `lost` hears of leases another process took since the last renewal. */
  start(lost: (gameIds: readonly string[]) => void): void;
  /** Stops renewing and releases every lease held, so others take the tables over at once. */
  close(): Promise<void>;
}

/** The single process's leases: it holds every table, always (one server on its own store). */
export function soleLeases(): TableLeases {
  return {
    owner: 'sole',
    leaseMs: Number.POSITIVE_INFINITY,
    acquire: async () => true,
    holds: () => true,
    release: async () => undefined,
    drop: async () => undefined,
    expired: async () => [],
    start: () => undefined,
    close: async () => undefined,
  };
}
