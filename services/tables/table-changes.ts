// Which tables moved: a signal per game id that a table's streams have new events, for whatever follows a
// table live (a seat's event stream). The platform publishes its own appends at once; a server beside other
// processes also publishes what it reads from the store's subscription, so a change made through any process
// reaches the listeners of every process. A listener is told "look again", never what changed: it reads the
// table as it stands, so a signal that comes twice (own append, then the subscription) costs a read, no error.

export type TableListener = () => void;

export class TableChanges {
  readonly #listeners = new Map<string, Set<TableListener>>();

  publish(gameId: string): void {
    const set = this.#listeners.get(gameId);
    if (set === undefined) return;
    for (const listener of [...set]) listener();
  }

  /** Calls `listener` after every change of the table; the returned function stops it. */
  subscribe(gameId: string, listener: TableListener): () => void {
    const set = this.#listeners.get(gameId) ?? new Set<TableListener>();
    set.add(listener);
    this.#listeners.set(gameId, set);
    return () => {
      set.delete(listener);
      // Made-up game ids come and go: an id nobody listens to keeps no entry.
      if (set.size === 0 && this.#listeners.get(gameId) === set) this.#listeners.delete(gameId);
    };
  }

  /** Games somebody listens to (for tests: closed listeners leave none). */
  get gamesListened(): number {
    return this.#listeners.size;
  }

  close(): void {
    this.#listeners.clear();
  }
}
