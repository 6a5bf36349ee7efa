// The wall: the tile set shuffled from a recorded seed, the dice, and the hash that commits to the order.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatTiles, parseTiles } from './notation.ts';
import {
  FLOWER_WALL_SIZE,
  rollDice,
  STANDARD_WALL_SIZE,
  shuffleWall,
  tileSet,
  WALL_ALGORITHM,
  wallHash,
  wallProblem,
} from './wall.ts';

const countsOf = (wall: readonly number[]): number[] => {
  const counts = Array<number>(42).fill(0);
  for (const t of wall) counts[t]!++;
  return counts;
};
const fullCounts = (withFlowers: boolean): number[] =>
  Array.from({ length: 42 }, (_, t) => (t < 34 ? 4 : withFlowers ? 1 : 0));

describe('the tile set', () => {
  it('holds four of each kind, and each flower and season once when flowers are on', () => {
    expect(tileSet(false)).toHaveLength(136);
    expect(tileSet(true)).toHaveLength(144);
    expect(STANDARD_WALL_SIZE).toBe(136);
    expect(FLOWER_WALL_SIZE).toBe(144);
    expect(countsOf(tileSet(false))).toEqual(fullCounts(false));
    expect(countsOf(tileSet(true))).toEqual(fullCounts(true));
  });
});

describe('shuffleWall', () => {
  it('gives the same wall for the same seed', () => {
    expect(shuffleWall('table 3, hand 7', true)).toEqual(shuffleWall('table 3, hand 7', true));
    expect(shuffleWall('table 3, hand 7', false)).toEqual(shuffleWall('table 3, hand 7', false));
  });

  it('gives other walls for other seeds, even one character apart', () => {
    const walls = ['a', 'b', 'A', 'a ', 'é', '', '0', '00'].map((seed) =>
      formatTiles(shuffleWall(seed, true)),
    );
    expect(new Set(walls).size).toBe(walls.length);
  });

  it('keeps the derivation of a recorded seed: this wall, this hash, forever', () => {
    // Given the seed of a stored hand, when the wall is rebuilt, then it is the one that was played. A
    // failure here means recorded hands would no longer replay: name a new WALL_ALGORITHM instead.
    expect(WALL_ALGORITHM).toBe('sha256-xoroshiro128plus-fisher-yates/1');
    const wall = shuffleWall('abc', true);
    expect(wall.slice(0, 20)).toEqual([
      26, 13, 2, 4, 5, 23, 8, 32, 14, 19, 25, 17, 4, 26, 5, 6, 6, 3, 11, 15,
    ]);
    expect(wallHash(wall)).toBe('sha256:79afd0a41669c3af2d1e4a433461de5eee5bfdba0196b7053a26b6ea69f4f85e');
  });

  it('holds every tile exactly four times, and each flower once, whatever the seed', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), fc.boolean(), (seed, withFlowers) => {
        const wall = shuffleWall(seed, withFlowers);
        expect(wall).toHaveLength(withFlowers ? 144 : 136);
        expect(countsOf(wall)).toEqual(fullCounts(withFlowers));
        expect(wallProblem(wall, withFlowers)).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('is a function of the seed alone, and two seeds give two walls', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), (a, b) => {
        expect(shuffleWall(a, true)).toEqual(shuffleWall(a, true));
        if (a !== b) expect(wallHash(shuffleWall(a, true))).not.toBe(wallHash(shuffleWall(b, true)));
      }),
      { numRuns: 200 },
    );
  });

  it('puts every kind first about equally often', () => {
    // 3400 fixed seeds: each of the 34 kinds should lead about 100 walls; a biased or off-by-one shuffle
    // (one that never leaves a tile where it was, say) strays far outside 55..150.
    const leads = Array<number>(34).fill(0);
    for (let i = 0; i < 3400; i++) leads[shuffleWall(`seed-${i}`, false)[0]!]!++;
    expect(Math.min(...leads)).toBeGreaterThan(55);
    expect(Math.max(...leads)).toBeLessThan(150);
    // The last place too, since Fisher–Yates fills it first
    const lasts = Array<number>(34).fill(0);
    for (let i = 0; i < 3400; i++) lasts[shuffleWall(`seed-${i}`, false)[135]!]!++;
    expect(Math.min(...lasts)).toBeGreaterThan(55);
    expect(Math.max(...lasts)).toBeLessThan(150);
  });
});

describe('wallHash', () => {
  it('is sha256 of the order, so that swapping two tiles changes it', () => {
    const wall = shuffleWall('swap', false);
    const i = wall.findIndex((t) => t !== wall[0]);
    const swapped = [...wall];
    [swapped[0], swapped[i]] = [wall[i]!, wall[0]!];
    expect(wallHash(wall)).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(wallHash([...wall])).toBe(wallHash(wall));
    expect(wallHash(swapped)).not.toBe(wallHash(wall));
  });
});

describe('wallProblem', () => {
  it('names the missing and extra tiles of an order that is not the tile set', () => {
    const wall = shuffleWall('x', false);
    const without = wall.filter((_, i) => i !== wall.indexOf(33));
    expect(wallProblem(without, false)).toBe('a wall of 136 tiles holds 135; missing 7z');
    expect(wallProblem([...wall, ...parseTiles('1f')], false)).toMatch(/extra 1f/);
    expect(wallProblem(wall, true)).toMatch(/missing 12345678f/);
  });
});

describe('rollDice', () => {
  it('throws three dice, the same for the same seed', () => {
    expect(rollDice('abc')).toEqual([3, 5, 3]);
    fc.assert(
      fc.property(fc.string(), (seed) => {
        const dice = rollDice(seed);
        expect(dice).toEqual(rollDice(seed));
        expect(dice).toHaveLength(3);
        for (const die of dice) expect(die >= 1 && die <= 6 && Number.isInteger(die)).toBe(true);
      }),
    );
  });

  it('shows every face about equally often, and triples about one throw in 36', () => {
    const faces = Array<number>(7).fill(0);
    let triples = 0;
    for (let i = 0; i < 3600; i++) {
      const [a, b, c] = rollDice(`hand-${i}`);
      faces[a]!++;
      faces[b]!++;
      faces[c]!++;
      if (a === b && b === c) triples++;
    }
    for (let face = 1; face <= 6; face++) expect(faces[face]).toBeGreaterThan(1600);
    for (let face = 1; face <= 6; face++) expect(faces[face]).toBeLessThan(2000);
    expect(triples).toBeGreaterThan(60);
    expect(triples).toBeLessThan(145);
  });
});
