// Old versions stay readable: HandSettled v1 named its ruleset in one string, v2 by preset, version and hash.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRESET_IDS, rulesetOf } from '../rules/rulesets/index.ts';
import { EVENT_EXAMPLES } from './event-examples.ts';
import {
  currentVersion,
  EventParseError,
  type HandSettled,
  PLAY_EVENT_TYPES,
  parseEvent,
  UPCASTERS,
  upcast,
} from './index.ts';

const settled = EVENT_EXAMPLES.HandSettled;
const { ruleset, ...rest } = settled.data;
/** The same settlement as a v1 writer stored it. */
const v1 = {
  type: 'HandSettled',
  schemaVersion: 1,
  data: { rulesetId: `${ruleset.preset}@${ruleset.version}#${ruleset.hash}`, ...rest },
};

function refusal(raw: unknown): EventParseError {
  try {
    parseEvent(raw);
  } catch (error) {
    if (error instanceof EventParseError) return error;
    throw error;
  }
  throw new Error('read without error');
}

describe('HandSettled v1 → v2', () => {
  it('reads a v1 event as v2, its rulesetId split into preset, version and hash', () => {
    expect(v1.data.rulesetId).toMatch(/^hu-mahjong@1#sha256:[0-9a-f]{64}$/);
    expect(parseEvent(JSON.parse(JSON.stringify(v1)))).toStrictEqual(settled);
  });

  it('upcasts the payload alone, and leaves a current one as it is', () => {
    expect(upcast('HandSettled', 1, v1.data)).toStrictEqual(settled.data);
    expect(upcast('HandSettled', 2, settled.data)).toBe(settled.data);
    expect(upcast('TileDiscarded', 1, EVENT_EXAMPLES.TileDiscarded.data)).toBe(
      EVENT_EXAMPLES.TileDiscarded.data,
    );
  });

  it('round-trips any settlement through its v1 form', () => {
    const seat = fc.constantFrom('E' as const, 'S' as const, 'W' as const, 'N' as const);
    const hand = fc.record({
      preset: fc.constantFrom(...PRESET_IDS),
      limit: fc.nat({ max: 100_000 }),
      transfers: fc.array(
        fc
          .record(
            { from: seat, to: seat, points: fc.nat({ max: 50_000 }), reason: fc.string({ minLength: 1 }) },
            { noNullPrototype: true },
          )
          .filter((t) => t.from !== t.to),
        { maxLength: 6 },
      ),
    });
    fc.assert(
      fc.property(hand, ({ preset, limit, transfers }) => {
        const { version, hash } = rulesetOf(preset, preset === 'hu-mahjong' ? { limit } : {});
        const current: HandSettled = {
          type: 'HandSettled',
          schemaVersion: 2,
          data: { ruleset: { preset, version, hash }, winners: [], lapsed: [], transfers },
        };
        const old = {
          type: 'HandSettled',
          schemaVersion: 1,
          data: { rulesetId: `${preset}@${version}#${hash}`, winners: [], lapsed: [], transfers },
        };
        expect(parseEvent(old)).toStrictEqual(current);
      }),
      { numRuns: 100 },
    );
  });

  it('names the v1 field when a v1 event is wrong', () => {
    const malformed = refusal({ ...v1, data: { ...v1.data, rulesetId: 'hu-mahjong v1' } });
    expect(malformed.field).toBe('data.rulesetId');
    expect(malformed.message).toMatch(/^HandSettled v1: data\.rulesetId: a v1 rulesetId is/);
    const unknown = refusal({
      ...v1,
      data: { ...v1.data, rulesetId: v1.data.rulesetId.replace('hu-', 'ha-') },
    });
    expect(unknown.field).toBe('data.rulesetId');
    expect(unknown.message).toContain('the preset is one of');
    // A v1 event written with v2's field is no v1 event
    const mixed = refusal({ ...v1, data: { ...v1.data, ruleset } });
    expect(mixed.field).toBe('data.ruleset');
    const badTransfer = refusal({ ...v1, data: { ...v1.data, transfers: [{ from: 'S', to: 'X' }] } });
    expect(badTransfer.field).toBe('data.transfers[0].to');
  });

  it('refuses v2 data labelled v1, and v1 data labelled v2', () => {
    // v1's schema reads it first, and misses its rulesetId
    expect(refusal({ ...settled, schemaVersion: 1 }).field).toBe('data.rulesetId');
    expect(refusal({ ...v1, schemaVersion: 2 }).field).toBe('data.ruleset');
  });
});

describe('SettlementCorrected v1 → v2', () => {
  const {
    mode: _mode,
    previous: _previous,
    deltas: _deltas,
    previousRuleset: _pr,
    ...v1Data
  } = EVENT_EXAMPLES.SettlementCorrected.data;
  const stored = { type: 'SettlementCorrected', schemaVersion: 1, data: v1Data };

  it('given a correction stored before modes existed, then it reads as a replacement of the settlement in force', () => {
    const read = parseEvent(JSON.parse(JSON.stringify(stored)));
    expect(read).toMatchObject({
      type: 'SettlementCorrected',
      schemaVersion: 2,
      data: { ...v1Data, mode: 'replacement' },
    });
    // What v1 never recorded is absent, not made up: readers fold the settlement in force themselves.
    expect(read.type === 'SettlementCorrected' && read.data.previous).toBeUndefined();
    expect(read.type === 'SettlementCorrected' && read.data.deltas).toBeUndefined();
  });

  it('given a v1 correction carrying v2’s mode, then it is refused naming the field', () => {
    expect(refusal({ ...stored, data: { ...v1Data, mode: 'adjustment' } }).field).toBe('data.mode');
  });
});

describe('the upcaster registry', () => {
  it('has a step from every older version of every type to the next', () => {
    for (const type of PLAY_EVENT_TYPES)
      for (let version = 1; version < currentVersion(type); version++)
        expect([type, version, UPCASTERS[type]?.[version] !== undefined]).toEqual([type, version, true]);
  });

  it('has no step for a type or version that does not need one', () => {
    for (const [type, steps] of Object.entries(UPCASTERS))
      for (const version of Object.keys(steps ?? {}).map(Number))
        expect(version).toBeLessThan(currentVersion(type as (typeof PLAY_EVENT_TYPES)[number]));
  });

  it('refuses to upcast an unknown type or a version outside 1..current', () => {
    expect(() => upcast('TileThrown', 1, {})).toThrow(/type: unknown event type/);
    expect(() => upcast('HandSettled', 3, {})).toThrow(/versions 1 to 2, not 3/);
    expect(() => upcast('HandSettled', 1.5, {})).toThrow(EventParseError);
  });
});
