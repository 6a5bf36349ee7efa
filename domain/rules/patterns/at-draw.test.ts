// Seed 003's patterns reached at an exhaustive draw (hu-mahjong/at-draw.ts), with the seed's values: All
// Terminal and Honor Discards 4000, Eight Immortals 8000 (limit).
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../tiles/index.ts';
import { rulesetOf } from '../rulesets/index.ts';
import type { Seat } from '../seats.ts';
import {
  drawPatternsOf,
  hasAllTerminalHonorDiscards,
  patternsScoredAtDraw,
  type SeatAtDraw,
} from './hu-mahjong/at-draw.ts';

const seat = (s: Seat, discards: string, called = 0, flowers = 0): SeatAtDraw => ({
  seat: s,
  discarded: parseTiles(discards),
  called,
  flowers,
});
const options = (more: Record<string, unknown> = {}) => rulesetOf('hu-mahjong', more).options;

describe('All Terminal and Honor Discards', () => {
  // "Reach exhaustive draw having only discarded terminal and honor tiles, none of which were called by other
  // players": 4000.
  it('given only terminals and honours thrown, none called, then it is reached', () => {
    expect(hasAllTerminalHonorDiscards(parseTiles('19m 19p 19s 1234567z'), 0)).toBe(true);
  });
  it('given one of them called, then it is not', () => {
    expect(hasAllTerminalHonorDiscards(parseTiles('19m 19p 19s 1234567z'), 1)).toBe(false);
  });
  it('given one simple among them, then it is not', () => {
    expect(hasAllTerminalHonorDiscards(parseTiles('19m 19p 2s 1234567z'), 0)).toBe(false);
  });
  it('given no discard at all, then it is not: an empty pond shows no terminal or honour', () => {
    expect(hasAllTerminalHonorDiscards([], 0)).toBe(false);
  });
  it('is worth 4000, capped as one pattern by a lowered limit, and set by patternPoints', () => {
    const table = [seat('E', '5p'), seat('S', '19m 77z')];
    expect(drawPatternsOf(table, options())).toEqual([
      {
        seat: 'S',
        id: 'all-terminal-and-honor-discards',
        name: 'All Terminal and Honor Discards',
        chinese: '么九池',
        points: 4000,
      },
    ]);
    expect(drawPatternsOf(table, options({ limit: 3000 }))[0]?.points).toBe(3000);
    expect(
      drawPatternsOf(table, options({ patternPoints: { 'all-terminal-and-honor-discards': 0 } })),
    ).toEqual([]);
  });
});

describe('Eight Immortals at exhaustive draw', () => {
  it('given seven flowers declared and the eighth undrawn, then it scores 8000 alone, a limit, over the terminal discards', () => {
    const table = [seat('E', '5p'), seat('S', '19m 77z', 0, 7)];
    expect(drawPatternsOf(table, options())).toEqual([
      { seat: 'S', id: 'eight-immortals', name: 'Eight Immortals', chinese: '八仙过海', points: 8000 },
    ]);
  });
  it('given the eighth declared by another player, then it is not scored (seed 003’s note)', () => {
    const table = [seat('E', '5p', 0, 1), seat('S', '5m', 0, 7)];
    expect(drawPatternsOf(table, options())).toEqual([]);
  });
});

describe('patterns held at the draw, as a table scorer enters them', () => {
  it('given them in any order, then one per seat in the order of the seats, valued as drawPatternsOf values them', () => {
    const held = [
      { seat: 'W', pattern: 'all-terminal-and-honor-discards' },
      { seat: 'S', pattern: 'all-terminal-and-honor-discards' },
      { seat: 'S', pattern: 'eight-immortals' },
    ] as const;
    expect(
      patternsScoredAtDraw(['E', 'S', 'W', 'N'], held, options()).map((p) => [p.seat, p.id, p.points]),
    ).toEqual([
      ['S', 'eight-immortals', 8000],
      ['W', 'all-terminal-and-honor-discards', 4000],
    ]);
    const table = [seat('S', '19m 77z', 0, 7), seat('W', '1p')];
    expect(patternsScoredAtDraw(['E', 'S', 'W', 'N'], held, options())).toEqual(
      drawPatternsOf(table, options()),
    );
  });
});
