// Given the standings' progress, then the chart's rows: a start, then one row per step with the selected players'
// points.
import { describe, expect, it } from 'vitest';
import { chartRows } from './progress.ts';

const progress = (steps: { round: number; hand: number }[], totals: Record<string, number[]>) => ({
  steps,
  players: Object.entries(totals).map(([playerId, t]) => ({ playerId, totals: t })),
});

describe('chart rows', () => {
  it('given selected players, then a start at 0 and one chart row per step with their points', () => {
    expect(chartRows(progress([{ round: 1, hand: 1 }], { ana: [100], bo: [-100] }), ['ana'])).toEqual([
      { step: '0', round: 0, hand: 0, ana: 0 },
      { step: '1.1', round: 1, hand: 1, ana: 100 },
    ]);
  });

  it('given penalties before any hand (step 0, 0), then that step is the start', () => {
    const rows = chartRows(
      progress(
        [
          { round: 0, hand: 0 },
          { round: 1, hand: 1 },
        ],
        { ana: [-20, 80] },
      ),
      ['ana'],
    );
    expect(rows).toEqual([
      { step: '0', round: 0, hand: 0, ana: -20 },
      { step: '1.1', round: 1, hand: 1, ana: 80 },
    ]);
  });

  it('given no step, then no row', () => {
    expect(chartRows(progress([], { ana: [] }), ['ana'])).toEqual([]);
  });
});
