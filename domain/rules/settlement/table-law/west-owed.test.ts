// Seed 004 (004_09ddc7a2a14e8477.txt): "Discard your West in the next round of turns", and "This is not a
// false Mahjong as long as you do not declare a win": the rules alone, given/when/then on a discard flow.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../../tiles/index.ts';
import type { Seat } from '../../seats.ts';
import type { Discard } from './chasing.ts';
import { deadHandDeclaration } from './dead-hand.ts';
import { westOwed } from './west-exception.ts';

/** 'E:5p S:5p' → the discard flow. */
const flow = (text: string): Discard[] =>
  text
    .trim()
    .split(/\s+/)
    .map((item) => {
      const [seat, tile] = item.split(':') as [Seat, string];
      return { seat, tile: parseTiles(tile)[0]! };
    });

describe('the West wind exception: "Discard your West in the next round of turns"', () => {
  const shown = { seat: 'N' as const, at: 3 };

  it('given N threw 8m in the West’s place, then on its next discard it owes the West', () => {
    expect(westOwed(flow('E:3z S:3z W:3z N:8m E:1z S:2z W:4z'), shown, 'N', true)).toBe(true);
    // however its turn came: straight after a pong of E's discard too
    expect(westOwed(flow('E:3z S:3z W:3z N:8m E:8m'), shown, 'N', true)).toBe(true);
  });

  it('given N has discarded since, or no longer holds it, or another seat is to discard, then nothing is owed', () => {
    const after = flow('E:3z S:3z W:3z N:8m E:1z S:2z W:4z N:3z E:5z');
    expect(westOwed(after, shown, 'N', false)).toBe(false);
    expect(westOwed(flow('E:3z S:3z W:3z N:8m E:1z S:2z W:4z N:9p'), shown, 'N', true)).toBe(false);
    expect(westOwed(flow('E:3z S:3z W:3z N:8m'), shown, 'E', true)).toBe(false);
    expect(westOwed(flow('E:3z S:3z W:3z N:8m'), undefined, 'N', true)).toBe(false);
  });
});

describe('a dead hand that declares a win', () => {
  it('given S is dead, then a win it declares is a false Mahjong; a live hand’s is not judged here', () => {
    expect(deadHandDeclaration('S', ['S'])).toMatch(/false Mahjong/);
    expect(deadHandDeclaration('W', ['S'])).toBeUndefined();
  });
});
