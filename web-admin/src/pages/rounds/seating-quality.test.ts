// Given the rounds a pair met in, then the page flags the pairs who met in two rounds in a row.
import { describe, expect, it } from 'vitest';
import { metInARow } from './seating-quality.ts';

describe('seating-quality report', () => {
  it('flags a pair met in rounds in a row, not one met with rounds between', () => {
    expect(metInARow([1, 2])).toBe(true);
    expect(metInARow([1, 3, 4])).toBe(true);
    expect(metInARow([1, 3])).toBe(false);
    expect(metInARow([2])).toBe(false);
  });
});
