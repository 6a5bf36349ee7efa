// HandResultEntered read from a store: the entry as given reads back unchanged, and a wrong field is refused
// by name, the contract's own schema checking the claims and the request.
import { describe, expect, it } from 'vitest';
import { EVENT_EXAMPLES } from '../event-examples.ts';
import { EventParseError, parseEvent } from '../index.ts';

const example = EVENT_EXAMPLES.HandResultEntered;

function refusedField(change: (data: Record<string, unknown>) => unknown): string {
  const data = structuredClone(example.data) as unknown as Record<string, unknown>;
  try {
    parseEvent({ ...example, data: change(data) });
  } catch (error) {
    if (error instanceof EventParseError) return error.field;
    throw error;
  }
  throw new Error('read without error');
}

describe('HandResultEntered', () => {
  it('keeps tile strings as the scorer gave them, no defaults filled', () => {
    const read = parseEvent(JSON.parse(JSON.stringify(example)));
    if (read.type !== 'HandResultEntered' || read.data.result.kind !== 'win') throw new Error('not a win');
    expect(read.data.result.claims[0]).toEqual({
      seat: 'S',
      hand: '123s123p789p9p',
      melds: [{ tiles: '123m' }],
      winningTile: '9p',
      flowers: ['5f'],
    });
  });

  it.each([
    [
      'a claim tile the notation does not know',
      (d: Record<string, unknown>) => ({
        ...d,
        result: { kind: 'win', by: 'self-draw', claims: [{ seat: 'S', hand: '12x' }] },
        request: null,
      }),
      'data.result.claims[0].hand',
    ],
    ['a win without its request', (d: Record<string, unknown>) => ({ ...d, request: null }), 'data.request'],
    [
      'a draw with a request',
      (d: Record<string, unknown>) => ({ ...d, result: { kind: 'drawn', ready: [] } }),
      'data.request',
    ],
    [
      'a ready seat named twice',
      (d: Record<string, unknown>) => ({
        ...d,
        result: { kind: 'drawn', ready: ['S', 'S'] },
        request: null,
      }),
      'data.result.ready',
    ],
    [
      'a request the contract refuses',
      (d: Record<string, unknown>) => ({
        ...d,
        request: { ...(d.request as object), winType: 'tsumo' },
      }),
      'data.request.winType',
    ],
    [
      'an unknown role',
      (d: Record<string, unknown>) => ({ ...d, enteredBy: { role: 'player', id: 'bo' } }),
      'data.enteredBy.role',
    ],
  ])('refuses %s, naming the field', (_, change, field) => {
    expect(refusedField(change)).toBe(field);
  });
});
