// Test fixtures in tile notation: hand('123m 456p 11z') and winning hands for the scorer.
import { type Meld, meldFromTiles } from '../../domain/hand/index.ts';
import { type Luck, NO_LUCK, type WinSituation, type WinType } from '../../domain/rules/patterns/facts.ts';
import type { WinningHand } from '../../domain/rules/patterns/score.ts';
import { countsOf, parseTiles, type Tile } from '../../domain/tiles/index.ts';

/** Counts of the 34 kinds from tile notation (compact or Unicode). */
export const hand = (tiles: string): Uint8Array => countsOf(parseTiles(tiles));

export const tile = (text: string): Tile => {
  const [t, ...rest] = parseTiles(text);
  if (t === undefined || rest.length > 0) throw new Error(`"${text}" is not one tile`);
  return t;
};

export const meld = (tiles: string, concealed = false): Meld => meldFromTiles(parseTiles(tiles), concealed);

export interface WinSpec {
  /** Declared melds in notation; a kong prefixed with "+" is concealed ("+5555p"). */
  readonly melds?: readonly string[];
  /** The winning tile; by default the last tile of the concealed string. */
  readonly win?: string;
  readonly winType?: WinType;
  readonly seat?: 'E' | 'S' | 'W' | 'N';
  readonly prevalent?: 'E' | 'S' | 'W' | 'N';
  readonly flowers?: string;
  readonly luck?: Partial<Luck>;
}

const WIND: Record<string, Tile> = { E: 27, S: 28, W: 29, N: 30 };

/**
 * A winning hand from its concealed tiles, winning tile included (the last one unless `win` says otherwise).
 * Defaults: South wins on a discard in the East round.
 */
export function winningHand(concealedWithWin: string, spec: WinSpec = {}): WinningHand {
  const tiles = parseTiles(concealedWithWin);
  const winningTile = spec.win === undefined ? tiles[tiles.length - 1]! : tile(spec.win);
  const at = tiles.lastIndexOf(winningTile);
  if (at < 0) throw new Error(`the winning tile is not among "${concealedWithWin}"`);
  tiles.splice(at, 1);
  const seat = spec.seat ?? 'S';
  const situation: WinSituation = {
    winType: spec.winType ?? 'discard',
    seatWind: WIND[seat]!,
    prevalentWind: WIND[spec.prevalent ?? 'E']!,
    dealer: seat === 'E',
    flowers: spec.flowers === undefined ? [] : parseTiles(spec.flowers),
    luck: { ...NO_LUCK, ...spec.luck },
  };
  const melds = (spec.melds ?? []).map((m) => (m.startsWith('+') ? meld(m.slice(1), true) : meld(m)));
  return { concealed: countsOf(tiles), melds, winningTile, situation };
}
