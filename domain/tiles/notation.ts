// Tile notation of spec/score-contract.md: compact ("123m456p11z5f") and Unicode (U+1F000..U+1F029), both ways.
import { ALL_TILE_KINDS, FIRST_FLOWER, rankOf, SUIT_LETTERS, suitOf, TILE_KINDS, type Tile } from './tile.ts';

export class TileNotationError extends Error {
  override readonly name = 'TileNotationError';
}

const SUIT_SIZE: Record<string, number> = { m: 9, p: 9, s: 9, z: 7, f: 8 };
const SUIT_BASE: Record<string, number> = { m: 0, p: 9, s: 18, z: 27, f: FIRST_FLOWER };

// Unicode order is winds, Red, Green, White, characters, bamboos, circles, flowers, seasons.
const FROM_UNICODE: readonly Tile[] = [
  27, 28, 29, 30, 33, 32, 31, 0, 1, 2, 3, 4, 5, 6, 7, 8, 18, 19, 20, 21, 22, 23, 24, 25, 26, 9, 10, 11, 12,
  13, 14, 15, 16, 17, 34, 35, 36, 37, 38, 39, 40, 41,
];
const TO_UNICODE: string[] = [];
FROM_UNICODE.forEach((tile, offset) => {
  TO_UNICODE[tile] = String.fromCodePoint(0x1f000 + offset);
});

const VARIATION_SELECTORS = new Set([0xfe0e, 0xfe0f]);

/**
 * Reads tiles in compact notation, Unicode tiles, or a mix. Spaces are ignored; an error names the
 * offending character and its position.
 */
export function parseTiles(text: string): Tile[] {
  const tiles: Tile[] = [];
  let pendingDigits: { digit: number; at: number }[] = [];
  // Positions count characters, not UTF-16 units, so a Unicode tile counts as one.
  let position = 0;
  for (const ch of text) {
    const at = position++;
    const code = ch.codePointAt(0)!;
    if (ch === ' ' || ch === '\t' || VARIATION_SELECTORS.has(code)) continue;
    if (ch >= '0' && ch <= '9') {
      pendingDigits.push({ digit: code - 48, at });
      continue;
    }
    const letter = ch.toLowerCase();
    const size = SUIT_SIZE[letter];
    if (size !== undefined) {
      if (pendingDigits.length === 0) {
        throw new TileNotationError(
          `suit letter '${ch}' at position ${at} in "${text}" has no digits before it`,
        );
      }
      for (const { digit, at: digitAt } of pendingDigits) {
        if (digit < 1 || digit > size) {
          throw new TileNotationError(
            `'${digit}${letter}' at position ${digitAt} in "${text}" is not a tile: ${letter} runs from 1 to ${size}`,
          );
        }
        tiles.push(SUIT_BASE[letter]! + digit - 1);
      }
      pendingDigits = [];
      continue;
    }
    if (code >= 0x1f000 && code <= 0x1f029) {
      if (pendingDigits.length > 0) {
        throw new TileNotationError(
          `digits before the Unicode tile at position ${at} in "${text}" have no suit letter`,
        );
      }
      tiles.push(FROM_UNICODE[code - 0x1f000]!);
      continue;
    }
    const shown =
      code > 0x7e || code < 0x20 ? `U+${code.toString(16).toUpperCase().padStart(4, '0')}` : `'${ch}'`;
    throw new TileNotationError(`unexpected character ${shown} at position ${at} in "${text}"`);
  }
  if (pendingDigits.length > 0) {
    const digits = pendingDigits.map((d) => d.digit).join('');
    throw new TileNotationError(
      `digits '${digits}' at position ${pendingDigits[0]!.at} in "${text}" have no suit letter (expected one of m, p, s, z, f)`,
    );
  }
  return tiles;
}

/** Compact notation of tiles in the order given, digits of one suit run together: [0,1,2,27] → "123m1z". */
export function formatTiles(tiles: readonly Tile[]): string {
  let out = '';
  let currentSuit = -1;
  for (const t of tiles) {
    const s = suitOf(t);
    if (currentSuit !== -1 && s !== currentSuit) out += SUIT_LETTERS[currentSuit];
    out += String(rankOf(t) + 1);
    currentSuit = s;
  }
  if (currentSuit !== -1) out += SUIT_LETTERS[currentSuit];
  return out;
}

/** Compact notation of tiles sorted by index: the canonical form of a hand. */
export function formatSorted(tiles: readonly Tile[]): string {
  return formatTiles([...tiles].sort((a, b) => a - b));
}

/** Compact notation of a count array (34 or 42 entries). */
export function formatCounts(counts: ArrayLike<number>): string {
  const tiles: Tile[] = [];
  for (let t = 0; t < counts.length; t++) for (let n = counts[t]!; n > 0; n--) tiles.push(t);
  return formatTiles(tiles);
}

export function toUnicode(tiles: readonly Tile[]): string {
  return tiles.map((t) => TO_UNICODE[t]).join('');
}

/** Counts of the 34 kinds; flowers are rejected, since a concealed hand never holds one. */
export function countsOf(tiles: readonly Tile[]): Uint8Array {
  const counts = new Uint8Array(TILE_KINDS);
  for (const t of tiles) {
    if (t < 0 || t >= TILE_KINDS) {
      throw new TileNotationError(`${t < ALL_TILE_KINDS ? 'a flower' : `tile ${t}`} cannot stand in a hand`);
    }
    counts[t]!++;
  }
  return counts;
}
