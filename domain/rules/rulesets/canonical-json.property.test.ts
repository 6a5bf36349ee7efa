// canonicalJson is hashed into every stored event (the hash chain) and every ruleset: its output must never
// change. Given any JSON value, then it equals the plain recursive definition it replaced, and parses back
// to the same value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson } from './ruleset.ts';

function reference(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(reference).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${reference(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

describe('canonicalJson', () => {
  it('equals the recursive definition on every JSON value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(canonicalJson(value)).toBe(reference(value));
        expect(JSON.parse(canonicalJson(value))).toEqual(JSON.parse(JSON.stringify(value)));
      }),
      { numRuns: 2000 },
    );
  });

  it('sorts keys and leaves out undefined members', () => {
    expect(canonicalJson({ b: [1, { d: 2, c: undefined, a: 'x' }], a: null })).toBe(
      '{"a":null,"b":[1,{"a":"x","d":2}]}',
    );
  });
});
