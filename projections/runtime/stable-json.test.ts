// Stable JSON is written in one pass for speed: given any value, then its text must be what JSON.stringify
// gives of a copy with every object's keys in sorted order (integer keys first, as a copy enumerates them).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stableStringify } from './stable-json.ts';

/** The definition: a sorted copy, then JSON.stringify (without toJSON, as stableStringify reads a document's own keys). */
function reference(value: unknown): string {
  const sorted = (v: unknown): unknown => {
    if (typeof v === 'bigint') return undefined;
    if (v === null || typeof v !== 'object') return v;
    if (Array.isArray(v)) return v.map((item) => (typeof item === 'bigint' ? null : sorted(item)));
    const copy: Record<string, unknown> = {};
    // defineProperty, not assignment: a "__proto__" key (JSON.parse makes it an own key) must stay a key.
    for (const key of Object.keys(v).sort())
      Object.defineProperty(copy, key, {
        value: sorted((v as Record<string, unknown>)[key]),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    return copy;
  };
  return JSON.stringify(sorted(value)) ?? 'null';
}

describe('stable JSON', () => {
  it('is JSON.stringify of a sorted copy, for any JSON document', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stableStringify(value)).toBe(reference(value));
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts many keys, integer keys first in numeric order; undefined and functions left out, null in arrays', () => {
    const record: Record<string, unknown> = { skipped: undefined, fn: () => 1 };
    for (let i = 0; i < 40; i++) record[[`k${i}`, `${i * 7}`, `K${i}`, `é${i}`, `0${i}`][i % 5]!] = i;
    const value = {
      record,
      list: [undefined, () => 1, Number.NaN, -0, record],
      nested: { b: { d: 1, c: 2 }, a: [] },
    };
    expect(stableStringify(value)).toBe(reference(value));
    expect(stableStringify(value)).toContain('"record":{"7":1,"42":6,');
  });
});
