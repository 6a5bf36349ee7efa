// The replay export writes each replay in pieces (indentedJsonPieces): given any value, when its pieces are
// joined, then they read exactly as JSON.stringify(value, null, 2) nested at that depth, as the whole
// document's bytes must (replays-rebuild.test.ts holds the export to its reference end to end).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { indentedJsonPieces } from './export.ts';

const nested = (value: unknown, depth: number): string =>
  (JSON.stringify(value, null, 2) ?? 'null').replaceAll('\n', `\n${'  '.repeat(depth)}`);

describe('indentedJsonPieces', () => {
  it('given any JSON value (objects of arrays of objects among them), when joined, then it is JSON.stringify indented to its depth', () => {
    const value = fc.oneof(
      fc.jsonValue(),
      fc.dictionary(fc.string(), fc.oneof(fc.array(fc.jsonValue()), fc.jsonValue())),
    );
    fc.assert(
      fc.property(value, fc.integer({ min: 0, max: 3 }), (v, depth) => {
        expect([...indentedJsonPieces(v, depth)].join('')).toBe(nested(v, depth));
      }),
      { numRuns: 2000 },
    );
  });

  it('given what JSON.stringify leaves out or turns to null (undefined, functions, items undefined, a Date), when joined, then the same', () => {
    const replay = {
      stream: 'hand-g1-1',
      skipped: undefined,
      act: () => 1,
      steps: [{ table: { E: ['1m', '2m'] } }, undefined, { at: new Date(0) }],
      empty: [],
      none: {},
      at: new Date(0),
    };
    expect([...indentedJsonPieces(replay, 2)].join('')).toBe(nested(replay, 2));
    expect([...indentedJsonPieces({ when: new Date(0) }, 1)].join('')).toBe(nested({ when: new Date(0) }, 1));
  });

  it('given a replay of many steps, when written, then no piece holds more than one step', () => {
    const step = { revision: 1, table: { hands: ['1m 2m 3m 4p 5p 6p 7s 8s 9s E E E N'] } };
    const pieces = [...indentedJsonPieces({ stream: 'hand-g1-1', steps: Array(500).fill(step) }, 2)];
    const longest = Math.max(...pieces.map((p) => p.length));
    // A step two levels into the replay, itself nested two deep: indented to depth 4, plus its comma and newline.
    expect(longest).toBeLessThan(nested(step, 4).length + 16);
  });
});
