// Given hands in the score contract's notation, when the app reads and writes them, then the tiles are the
// contract's (digits share the suit letter after them) and a bad character is named with its position.
import { describe, expect, it } from 'vitest';
import {
  countTiles,
  FLOWER_TILES,
  formatTiles,
  isTile,
  NotationError,
  PLAYING_TILES,
  parseTiles,
  sortTiles,
} from './notation.ts';

describe('parseTiles', () => {
  it('runs digits together under the suit letter after them, spaces ignored', () => {
    expect(parseTiles('123m 456p 11z')).toEqual(['1m', '2m', '3m', '4p', '5p', '6p', '1z', '1z']);
    expect(parseTiles('123m456p11z')).toEqual(parseTiles('123m 456p 11z'));
    expect(parseTiles('5f8f')).toEqual(['5f', '8f']);
    expect(parseTiles('')).toEqual([]);
  });

  it('names what is wrong and where', () => {
    const fails = (text: string) => {
      try {
        parseTiles(text);
      } catch (error) {
        expect(error).toBeInstanceOf(NotationError);
        return [(error as NotationError).message, (error as NotationError).position];
      }
      throw new Error(`"${text}" was read`);
    };
    expect(fails('123x')).toEqual(['unexpected character \'x\' at position 3 in "123x"', 3]);
    expect(fails('8z')[0]).toMatch(/'8z' .* is not a tile: z runs from 1 to 7/);
    expect(fails('0m')[1]).toBe(0);
    expect(fails('m')[0]).toMatch(/has no digits before it/);
    expect(fails('12m 34')).toEqual([`digits '34' at position 4 in "12m 34" have no suit letter`, 4]);
  });
});

describe('formatTiles', () => {
  it('writes runs of a suit under one letter, and reads back the same tiles', () => {
    const tiles = parseTiles('123s123p789p9p');
    expect(formatTiles(tiles)).toBe('123s1237899p');
    expect(parseTiles(formatTiles(tiles))).toEqual(tiles);
    expect(formatTiles(sortTiles(tiles), { spaced: true })).toBe('1237899p 123s');
    expect(formatTiles([])).toBe('');
  });
});

describe('the tile set', () => {
  it('has 34 playing tiles and 8 flowers, each a tile', () => {
    expect(PLAYING_TILES).toHaveLength(34);
    expect(FLOWER_TILES).toHaveLength(8);
    expect([...PLAYING_TILES, ...FLOWER_TILES].every(isTile)).toBe(true);
    expect(isTile('8z')).toBe(false);
    expect(isTile('9f')).toBe(false);
    expect(countTiles(parseTiles('1112m')).get('1m')).toBe(3);
  });

  it('sorts characters, dots, bamboo, honours, flowers', () => {
    expect(sortTiles(parseTiles('5f1z9s1p5m'))).toEqual(['5m', '1p', '9s', '1z', '5f']);
  });
});
