// A table's pace: its seats share one pacer, so a table sends at most one action per interval whoever sends
// it (human pace: a table of people makes about one move a second). An interval of 0 is flat out. Each table
// starts at a random moment of its first interval, so that tables do not all move in the same millisecond.

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((done) => {
    if (signal.aborted) return done();
    const timer = setTimeout(finish, ms);
    function finish() {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      done();
    }
    signal.addEventListener('abort', finish, { once: true });
  });

export class Pacer {
  #next: number;

  constructor(
    readonly intervalMs: number,
    random: () => number = Math.random,
  ) {
    this.#next = Date.now() + random() * intervalMs;
  }

  /** Waits for the table's next slot (at once when it is free); the stop signal cuts the wait short. */
  async slot(signal: AbortSignal): Promise<void> {
    if (this.intervalMs <= 0) return;
    const now = Date.now();
    const at = Math.max(now, this.#next);
    this.#next = at + this.intervalMs;
    if (at > now) await sleep(at - now, signal);
  }
}
