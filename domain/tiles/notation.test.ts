// Tile notation of ../shared/spec/score-contract.md, by example: compact notation, Unicode tiles, and the
// errors a person typing a hand sees. Tile indices: 0..8 = 1m..9m, 9..17 = 1p..9p, 18..26 = 1s..9s,
// 27..33 = East South West North White Green Red, 34..41 = 1f..8f.
import { describe, expect, it } from 'vitest';
import {
  countsOf,
  formatCounts,
  formatSorted,
  formatTiles,
  parseTiles,
  TileNotationError,
  toUnicode,
} from './index.ts';

describe('compact notation', () => {
  it('runs the digits before a suit letter together', () => {
    // Given the spec's example, when read, then each digit takes the next letter after it:
    // 456 are circles (the spec's prose lists "4m", but "4" is read with "p" like 5 and 6)
    expect(parseTiles('123m456p11z')).toEqual([0, 1, 2, 12, 13, 14, 27, 27]);
  });

  it('reads every suit, honours and flowers at both ends of their range', () => {
    expect(parseTiles('19m')).toEqual([0, 8]);
    expect(parseTiles('19p')).toEqual([9, 17]);
    expect(parseTiles('19s')).toEqual([18, 26]);
    // 1z is East, 4z North, 5z White, 7z Red
    expect(parseTiles('1457z')).toEqual([27, 30, 31, 33]);
    expect(parseTiles('18f')).toEqual([34, 41]);
  });

  it('ignores spaces, even inside a digit run', () => {
    expect(parseTiles(' 12 3m  4 5p ')).toEqual([0, 1, 2, 12, 13]);
  });

  it('keeps the order written and repeats letters where the suit changes back', () => {
    // Given tiles not in index order, when written and read, then the order survives
    expect(formatTiles([27, 0, 1, 27])).toBe('1z12m1z');
    expect(parseTiles('1z12m1z')).toEqual([27, 0, 1, 27]);
  });

  it('writes a hand in canonical sorted form', () => {
    // Given a hand typed loosely, when written sorted, then suits come m p s z f with one letter each
    expect(formatSorted(parseTiles('7z 3m 1f 9p 1m 2m 7z'))).toBe('123m9p77z1f');
    expect(formatCounts(countsOf(parseTiles('11z 9m 1m')))).toBe('19m11z');
  });

  it('writes nothing for no tiles, and reads nothing from an empty string', () => {
    expect(formatTiles([])).toBe('');
    expect(parseTiles('')).toEqual([]);
  });
});

describe('Unicode tiles', () => {
  // Unicode orders winds, Red, Green, White, characters, bamboos, circles, flowers, seasons: the mapping
  // is not a shifted range, so each landmark is checked.
  it.each([
    ['🀇', '1m', 0],
    ['🀏', '9m', 8],
    ['🀐', '1s', 18],
    ['🀙', '1p', 9],
    ['🀡', '9p', 17],
    ['🀀', '1z', 27],
    ['🀃', '4z', 30],
    ['🀄', '7z', 33],
    ['🀅', '6z', 32],
    ['🀆', '5z', 31],
    ['🀢', '1f', 34],
    ['🀦', '5f', 38],
    ['🀩', '8f', 41],
  ])('%s is %s', (unicode, compact, index) => {
    // Given the Unicode tile, when read, then it is the compact tile; and written back, it is the same glyph
    expect(parseTiles(unicode)).toEqual([index]);
    expect(parseTiles(compact)).toEqual([index]);
    expect(toUnicode([index])).toBe(unicode);
  });

  it('ignores a variation selector after a tile', () => {
    // 🀄 is often followed by U+FE0E or U+FE0F to choose text or emoji style
    expect(parseTiles('🀄\uFE0E')).toEqual([33]);
    expect(parseTiles('🀄\uFE0F🀆')).toEqual([33, 31]);
  });

  it('mixes with compact notation', () => {
    expect(parseTiles('12m🀄 3p')).toEqual([0, 1, 33, 11]);
  });

  it('writes a hand as one glyph per tile', () => {
    // Each glyph is two UTF-16 code units, so 3 tiles make 6 units and 3 code points
    const text = toUnicode(parseTiles('1m1p7z'));
    expect(text).toBe('🀇🀙🀄');
    expect([...text]).toHaveLength(3);
  });
});

describe('errors name what is wrong', () => {
  const failure = (text: string): string => {
    try {
      parseTiles(text);
    } catch (error) {
      expect(error).toBeInstanceOf(TileNotationError);
      return (error as Error).message;
    }
    throw new Error(`"${text}" was read without error`);
  };

  it('names an unknown character and where it stands', () => {
    expect(failure('x')).toContain("'x'");
    expect(failure('12mx')).toMatch(/'x' at position 3/);
  });

  it('names a digit that is no tile of its suit', () => {
    // There is no 0 in any suit, only seven honours and eight flowers
    expect(failure('0m')).toContain("'0m'");
    expect(failure('8z')).toContain("'8z'");
    expect(failure('9f')).toContain("'9f'");
    // The bad digit is found inside a run, not only alone
    expect(failure('1238z')).toMatch(/'8z' at position 3/);
  });

  it('says when digits are left without a suit letter', () => {
    expect(failure('123')).toMatch(/no suit letter/);
    expect(failure('12m3')).toMatch(/'3' at position 3 in "12m3".*no suit letter/);
    // Digits waiting for a letter cannot be closed by a Unicode tile either
    expect(failure('1🀄')).toMatch(/no suit letter/);
  });

  it('names a suit letter with no digits before it', () => {
    expect(failure('m')).toContain("'m'");
    expect(failure('1mp')).toMatch(/'p' at position 2.*no digits/);
  });

  it('names a non-ASCII character by its code point', () => {
    expect(failure('1mé')).toContain('U+00E9');
  });

  it('counts a Unicode tile as one character in positions', () => {
    expect(failure('🀇x')).toMatch(/'x' at position 1/);
  });

  it('refuses a flower among the counts of a hand', () => {
    // countsOf covers the 34 kinds a concealed hand can hold; flowers are set aside, never held
    expect(() => countsOf(parseTiles('123m1f'))).toThrow(/flower/);
  });
});
