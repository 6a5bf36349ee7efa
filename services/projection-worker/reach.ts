// How far the read models reach, as someone said it (the projection thread, the projector's holder): a
// position that only goes forward, and the waits for it. Each wait leaves the set when it ends.

export class Reach {
  #at = -1n;
  readonly #waiting = new Set<{ readonly position: bigint; end(reached: boolean): void }>();

  /** Every event to here is in the read models (-1 before anyone said). */
  get at(): bigint {
    return this.#at;
  }

  /** Moves forward to `position` (never back): the waits it passes end. */
  advance(position: bigint): void {
    if (position <= this.#at) return;
    this.#at = position;
    for (const w of [...this.#waiting]) if (w.position <= position) w.end(true);
  }

  /** Resolves true once it reaches `position`; false after `ms` when given, or when released first. */
  until(position: bigint, ms?: number): Promise<boolean> {
    if (position <= this.#at) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = ms === undefined ? undefined : setTimeout(() => waiter.end(false), ms);
      const waiter = {
        position,
        end: (reached: boolean) => {
          clearTimeout(timer);
          this.#waiting.delete(waiter);
          resolve(reached);
        },
      };
      this.#waiting.add(waiter);
    });
  }

  /** Ends every wait now, unreached (a close). */
  release(): void {
    for (const w of [...this.#waiting]) w.end(false);
  }
}
