import { describe, expect, it } from 'vitest';
import { fromBullId, toBullId } from './job-id.ts';

describe('BullMQ job ids', () => {
  it('given an amendment id, when it is stored, then BullMQ gets it unchanged', () => {
    expect(toBullId('amend-3f9a0c1e-77b2')).toBe('amend-3f9a0c1e-77b2');
    expect(fromBullId('amend-3f9a0c1e-77b2')).toBe('amend-3f9a0c1e-77b2');
  });

  it('given ids BullMQ refuses or that could be read as encoded, when stored, then they are encoded and read back', () => {
    for (const id of ['42', '-7', 'a:b', 'x:y:z', '~tilde', 'ünï/côdé ✓', ' space', '007', 'amend-1:2']) {
      const stored = toBullId(id);
      expect(stored).not.toContain(':');
      expect(`${Number.parseInt(stored, 10)}`).not.toBe(stored);
      expect(fromBullId(stored)).toBe(id);
    }
    expect(toBullId('42')).toMatch(/^~/);
  });

  it('given an empty id, when it is stored, then it is refused', () => {
    expect(() => toBullId('')).toThrow(/empty/);
  });
});
