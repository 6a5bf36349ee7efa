// A table's pacer: one action per interval on average, each gap drawn between half and one and a half
// intervals, so that tables do not fall into step with each other.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Pacer } from './pacer.ts';

/** The given draws in turn, as Math.random would give them. */
const draws = (...values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe('Pacer', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('given a table that keeps up, when it takes slot after slot, then the gaps are (0.5 + draw) intervals', async () => {
    const pacer = new Pacer(1000, draws(0, 1, 0.5, 0));
    const signal = new AbortController().signal;
    const times: number[] = [];
    for (let i = 0; i < 4; i++) {
      const slot = pacer.slot(signal);
      await vi.runAllTimersAsync();
      await slot;
      times.push(Date.now() - 1_000_000);
    }
    // First slot at once (draw 0 of the first interval), then gaps of 1.5, 1.0 and 0.5 intervals.
    expect(times).toEqual([0, 1500, 2500, 3000]);
  });

  it('given a table that waited longer than its gap, then its next slot is at once', async () => {
    const pacer = new Pacer(1000, draws(0));
    const signal = new AbortController().signal;
    await pacer.slot(signal);
    vi.setSystemTime(1_000_000 + 5000);
    const started = Date.now();
    await pacer.slot(signal);
    expect(Date.now()).toBe(started);
  });

  it('given a pacer made 5 s before its table is dealt, when the first slot is asked, then it is a draw of the interval after the asking', async () => {
    const pacer = new Pacer(1000, draws(0.25, 0));
    const signal = new AbortController().signal;
    vi.setSystemTime(1_000_000 + 5000);
    const slot = pacer.slot(signal);
    await vi.runAllTimersAsync();
    await slot;
    // Not at once, as it would be were the first moment drawn from the making (long past by then).
    expect(Date.now() - 1_000_000).toBe(5250);
  });

  it('given flat out (interval 0), then every slot is at once', async () => {
    const pacer = new Pacer(0);
    const signal = new AbortController().signal;
    await pacer.slot(signal);
    await pacer.slot(signal);
    expect(Date.now()).toBe(1_000_000);
  });
});
