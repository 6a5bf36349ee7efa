// Times a pass over a fixed set of inputs: warm-up first, then whole passes until at least minSeconds have
// gone by. A pass returns a checksum of its results so the work cannot be optimised away.

export interface Timing {
  /** Hands processed per second over the timed passes. */
  readonly handsPerSecond: number;
  readonly passes: number;
  readonly seconds: number;
  /** Sum of the timed passes' checksums. */
  readonly checksum: number;
}

export interface TimingOptions {
  readonly minSeconds: number;
  readonly warmupSeconds: number;
}

const nowSeconds = (): number => Number(process.hrtime.bigint()) / 1e9;

/** Keeps every checksum reachable; read it once at the end. */
export const sink = { value: 0 };

export function timePasses(handsPerPass: number, pass: () => number, options: TimingOptions): Timing {
  // Warm-up: at least one pass, and enough passes for the JIT to settle.
  const warmupEnd = nowSeconds() + options.warmupSeconds;
  do sink.value += pass();
  while (nowSeconds() < warmupEnd);

  let passes = 0;
  let checksum = 0;
  const start = process.hrtime.bigint();
  let elapsed = 0;
  do {
    checksum += pass();
    passes++;
    elapsed = Number(process.hrtime.bigint() - start) / 1e9;
  } while (elapsed < options.minSeconds);
  sink.value += checksum;
  return { handsPerSecond: (passes * handsPerPass) / elapsed, passes, seconds: elapsed, checksum };
}

/** Seconds one call takes (for one-off costs such as building a table on first use). */
export function timeOnce<T>(call: () => T): { readonly seconds: number; readonly value: T } {
  const start = process.hrtime.bigint();
  const value = call();
  return { seconds: Number(process.hrtime.bigint() - start) / 1e9, value };
}
