// A table's pace: its seats share one pacer, so a table sends about one action per interval whoever sends it
// (human pace: a table of people makes about one move a second). An interval of 0 is flat out. Each table
// makes its first move at a random moment of the interval that starts when a seat first asks for a slot (its
// player has been dealt and sees the hand), and each gap is drawn between half and one and a half
// intervals (one on average): people do not move on a beat. With a fixed gap the tables fell into step: a
// table that waited longer than a gap (a view still on its way) took its next slot from the moment it moved
// again, the moments when many tables got their views back, so within a minute every table moved in the same
// few hundred milliseconds of each second, and the load measured a stampede no room of players makes. The
// first move was once timed from the pacer's making, before the generator had opened its streams: opening
// 400 of them took it about 700 ms, by when most tables' first moments had passed, so every table made its
// first move the moment its view came, all within about 100 ms.

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
  /** The table's next slot; undefined until its first is asked for. */
  #next: number | undefined;
  readonly #random: () => number;

  constructor(
    readonly intervalMs: number,
    random: () => number = Math.random,
  ) {
    this.#random = random;
  }

  /** Waits for the table's next slot (at once when it is free); the stop signal cuts the wait short. */
  async slot(signal: AbortSignal): Promise<void> {
    if (this.intervalMs <= 0) return;
    const now = Date.now();
    this.#next ??= now + this.#random() * this.intervalMs;
    const at = Math.max(now, this.#next);
    this.#next = at + this.intervalMs * (0.5 + this.#random());
    if (at > now) await sleep(at - now, signal);
  }
}
