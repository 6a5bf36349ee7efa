// Tile notation of spec/score-contract.md, as the web app reads and writes it: `123m 456p 11z 5f`. The app
// speaks only the compact notation to the API (the contract also takes Unicode tiles; the app never sends them).

export type Suit = 'm' | 'p' | 's' | 'z' | 'f';

/** One tile in compact notation: `5p`, `7z`, `3f`. */
export type Tile = `${number}${Suit}`;

export const SUITS: readonly Suit[] = ['m', 'p', 's', 'z', 'f'];

/** How many ranks each suit has: characters, dots and bamboo 9; honours 7 (winds, then dragons); flowers 8. */
export const SUIT_SIZE: Readonly<Record<Suit, number>> = { m: 9, p: 9, s: 9, z: 7, f: 8 };

const ranks = (suit: Suit): Tile[] =>
  Array.from({ length: SUIT_SIZE[suit] }, (_, i) => `${i + 1}${suit}` as Tile);

/** The 34 kinds a hand is made of, in the order a picker lays them out. */
export const PLAYING_TILES: readonly Tile[] = (['m', 'p', 's', 'z'] as const).flatMap(ranks);
/** The eight flowers and seasons (1f..4f plum, orchid, bamboo, chrysanthemum; 5f..8f spring..winter). */
export const FLOWER_TILES: readonly Tile[] = ranks('f');

export class NotationError extends Error {
  override readonly name = 'NotationError';
  /** Where in the text (characters from 0) the problem is. */
  readonly position: number;

  constructor(message: string, position: number) {
    super(message);
    this.position = position;
  }
}

export function suitOf(tile: Tile): Suit {
  return tile.at(-1) as Suit;
}

export function rankOf(tile: Tile): number {
  return Number(tile.slice(0, -1));
}

export function isTile(text: string): text is Tile {
  const match = /^([1-9])([mpszf])$/.exec(text);
  return match !== null && Number(match[1]) <= SUIT_SIZE[match[2] as Suit];
}

/** Suited tiles (characters, dots, bamboo): the ones a chow is made of. */
export function isSuited(tile: Tile): boolean {
  const suit = suitOf(tile);
  return suit === 'm' || suit === 'p' || suit === 's';
}

/**
 * Reads a hand: digits sharing a suit letter run together (`123m456p11z` is 1m 2m 3m 4m 5p 6p 1z 1z); spaces
 * are ignored. Throws a NotationError naming the character and its position.
 */
export function parseTiles(text: string): Tile[] {
  const tiles: Tile[] = [];
  let digits: { digit: number; at: number }[] = [];
  [...text].forEach((ch, at) => {
    if (ch === ' ' || ch === '\t' || ch === '\n') return;
    if (ch >= '0' && ch <= '9') {
      digits.push({ digit: Number(ch), at });
      return;
    }
    const suit = ch.toLowerCase();
    if (!SUITS.includes(suit as Suit))
      throw new NotationError(`unexpected character '${ch}' at position ${at} in "${text}"`, at);
    if (digits.length === 0)
      throw new NotationError(
        `suit letter '${ch}' at position ${at} in "${text}" has no digits before it`,
        at,
      );
    for (const { digit, at: digitAt } of digits) {
      if (digit < 1 || digit > SUIT_SIZE[suit as Suit])
        throw new NotationError(
          `'${digit}${suit}' at position ${digitAt} in "${text}" is not a tile: ${suit} runs from 1 to ${SUIT_SIZE[suit as Suit]}`,
          digitAt,
        );
      tiles.push(`${digit}${suit}` as Tile);
    }
    digits = [];
  });
  if (digits.length > 0)
    throw new NotationError(
      `digits '${digits.map((d) => d.digit).join('')}' at position ${digits[0]!.at} in "${text}" have no suit letter`,
      digits[0]!.at,
    );
  return tiles;
}

const order = (tile: Tile): number => SUITS.indexOf(suitOf(tile)) * 10 + rankOf(tile);

/** Tiles in the usual order: characters, dots, bamboo, honours, flowers; by rank within a suit. */
export function sortTiles(tiles: readonly Tile[]): Tile[] {
  return [...tiles].sort((a, b) => order(a) - order(b));
}

/**
 * Writes tiles compactly, in the order given, each run of one suit under one letter: [1m, 2m, 5p] → `12m5p`.
 * `spaced` puts a space between suits (`12m 5p`), for people to read.
 */
export function formatTiles(tiles: readonly Tile[], options: { spaced?: boolean } = {}): string {
  let text = '';
  let pending = '';
  let suit: Suit | undefined;
  for (const tile of tiles) {
    const next = suitOf(tile);
    if (suit !== undefined && next !== suit) {
      text += `${pending}${suit}${options.spaced === true ? ' ' : ''}`;
      pending = '';
    }
    suit = next;
    pending += String(rankOf(tile));
  }
  return suit === undefined ? '' : `${text}${pending}${suit}`;
}

/** How many of each tile: the cap of four copies is checked against this. */
export function countTiles(tiles: readonly Tile[]): Map<Tile, number> {
  const counts = new Map<Tile, number>();
  for (const tile of tiles) counts.set(tile, (counts.get(tile) ?? 0) + 1);
  return counts;
}
