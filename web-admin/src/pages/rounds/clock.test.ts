// Given an end and a time now, then the clock reads the time left, and over time once it has passed.
import { describe, expect, it } from 'vitest';
import { clockText, timeLeft } from './clock.ts';

describe('round clock', () => {
  const end = '2026-05-01T10:30:00.000Z';

  it('reads h:mm:ss over an hour, m:ss under', () => {
    expect(timeLeft(end, Date.parse('2026-05-01T09:00:00.000Z'))).toEqual({
      seconds: 5400,
      over: false,
      text: '1:30:00',
    });
    expect(timeLeft(end, Date.parse('2026-05-01T10:25:58.500Z')).text).toBe('4:02');
  });

  it('counts a part second as a second left, and time over once past the end', () => {
    expect(timeLeft(end, Date.parse('2026-05-01T10:29:59.900Z'))).toMatchObject({ seconds: 1, over: false });
    expect(timeLeft(end, Date.parse('2026-05-01T10:32:05.000Z'))).toEqual({
      seconds: -125,
      over: true,
      text: '2:05',
    });
  });

  it('pads minutes and seconds', () => {
    expect(clockText(3600 + 5)).toBe('1:00:05');
    expect(clockText(0)).toBe('0:00');
  });
});
