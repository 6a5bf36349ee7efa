// Event ids the store makes: UUID version 7, time first, so that ids made in turn sort in turn.
import { describe, expect, it } from 'vitest';
import { newEventId } from './event-id.ts';

const V7 = /^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('newEventId', () => {
  it('given ids made in turn, then each is a version-7 UUID, all differ, and their time never goes back', () => {
    const before = Date.now();
    const ids = Array.from({ length: 2000 }, newEventId);
    const after = Date.now();
    for (const id of ids) expect(id).toMatch(V7);
    expect(new Set(ids).size).toBe(ids.length);
    const times = ids.map((id) => Number.parseInt(id.replaceAll('-', '').slice(0, 12), 16));
    for (let i = 1; i < times.length; i++) expect(times[i]!).toBeGreaterThanOrEqual(times[i - 1]!);
    expect(times[0]!).toBeGreaterThanOrEqual(before);
    expect(times.at(-1)!).toBeLessThanOrEqual(after);
  });

  it('given more ids than one draw of randomness holds, then the random bits still differ', () => {
    const tails = new Set(Array.from({ length: 1000 }, () => newEventId().slice(19)));
    expect(tails.size).toBe(1000);
  });
});
