// Tile kinds of the standard set: indices 0..33 for suited and honour tiles, 34..41 for flowers and seasons.
// Layout (DESIGN.md): 1m..9m, 1p..9p, 1s..9s, E S W N, White Green Red, then 1f..8f.

export type Tile = number;

export const TILE_KINDS = 34;
export const FLOWER_KINDS = 8;
export const FIRST_FLOWER = 34;
export const ALL_TILE_KINDS = TILE_KINDS + FLOWER_KINDS;

export const Suit = { Characters: 0, Circles: 1, Bamboos: 2, Honors: 3, Flowers: 4 } as const;
export type Suit = (typeof Suit)[keyof typeof Suit];

/** The notation letter of each suit, in Suit order. */
export const SUIT_LETTERS = ['m', 'p', 's', 'z', 'f'] as const;

export const EAST = 27;
export const SOUTH = 28;
export const WEST = 29;
export const NORTH = 30;
export const WHITE = 31;
export const GREEN = 32;
export const RED = 33;

export function isValidTile(t: number): t is Tile {
  return Number.isInteger(t) && t >= 0 && t < ALL_TILE_KINDS;
}

export function suitOf(t: Tile): Suit {
  return t >= FIRST_FLOWER ? Suit.Flowers : (((t / 9) | 0) as Suit);
}

/** Rank within the suit: 0..8 for suited tiles, 0..6 for honours, 0..7 for flowers. */
export function rankOf(t: Tile): number {
  return t >= FIRST_FLOWER ? t - FIRST_FLOWER : t % 9;
}

export function tileOf(suit: Suit, rank: number): Tile {
  return suit === Suit.Flowers ? FIRST_FLOWER + rank : suit * 9 + rank;
}

export const isSuited = (t: Tile): boolean => t < 27;
export const isHonor = (t: Tile): boolean => t >= 27 && t < TILE_KINDS;
export const isWind = (t: Tile): boolean => t >= EAST && t <= NORTH;
export const isDragon = (t: Tile): boolean => t >= WHITE && t <= RED;
export const isFlower = (t: Tile): boolean => t >= FIRST_FLOWER && t < ALL_TILE_KINDS;
export const isTerminal = (t: Tile): boolean => t < 27 && (t % 9 === 0 || t % 9 === 8);
export const isTerminalOrHonor = (t: Tile): boolean => isTerminal(t) || isHonor(t);
export const isSimple = (t: Tile): boolean => t < 27 && t % 9 !== 0 && t % 9 !== 8;

/** The thirteen terminal and honour kinds, in index order. */
export const ORPHANS: readonly Tile[] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];

const HONOR_NAMES = ['East', 'South', 'West', 'North', 'White', 'Green', 'Red'];
const SUIT_NAMES = ['Characters', 'Circles', 'Bamboos'];
const FLOWER_NAMES = ['Plum', 'Orchid', 'Bamboo', 'Chrysanthemum', 'Spring', 'Summer', 'Autumn', 'Winter'];

/** A name a person reads: "3 Circles", "Red", "Orchid". */
export function tileName(t: Tile): string {
  if (isFlower(t)) return FLOWER_NAMES[rankOf(t)]!;
  if (isHonor(t)) return HONOR_NAMES[rankOf(t)]!;
  return `${rankOf(t) + 1} ${SUIT_NAMES[suitOf(t)]}`;
}
