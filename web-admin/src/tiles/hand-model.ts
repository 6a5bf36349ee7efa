// A winning hand as a scorer builds it tile by tile: the concealed tiles, the winning tile, the declared melds
// and the flowers, in the score contract's claim terms (spec/score-contract.md). Pure, so the picker's caps
// (four of a tile, 13 tiles beside the melds) are tested apart from the page.
import { countTiles, formatTiles, isSuited, rankOf, sortTiles, suitOf, type Tile } from './notation.ts';

export type MeldKind = 'chow' | 'pung' | 'kong' | 'concealed-kong';
export const MELD_KINDS: readonly MeldKind[] = ['chow', 'pung', 'kong', 'concealed-kong'];

export interface Meld {
  readonly kind: MeldKind;
  readonly tiles: readonly Tile[];
}

export interface HandTiles {
  /** The concealed tiles, without the winning tile. */
  readonly concealed: readonly Tile[];
  readonly winning: Tile | null;
  readonly melds: readonly Meld[];
  readonly flowers: readonly Tile[];
}

/** Where the next picked tile goes. Flowers always go to the flowers, whatever is chosen. */
export type PickTarget = 'concealed' | 'winning' | MeldKind;

export const EMPTY_HAND: HandTiles = { concealed: [], winning: null, melds: [], flowers: [] };

/** The copies of each tile in a set. */
export const COPIES = 4;

/** The meld a picked tile makes: a chow starts at it (so 8 and 9 start none), the others repeat it. */
export function meldOf(kind: MeldKind, tile: Tile): Tile[] | undefined {
  if (suitOf(tile) === 'f') return undefined;
  switch (kind) {
    case 'chow': {
      if (!isSuited(tile) || rankOf(tile) > 7) return undefined;
      const suit = suitOf(tile);
      return [0, 1, 2].map((k) => `${rankOf(tile) + k}${suit}` as Tile);
    }
    case 'pung':
      return [tile, tile, tile];
    case 'kong':
    case 'concealed-kong':
      return [tile, tile, tile, tile];
  }
}

/** Every tile of the hand but the flowers: what the four-copies cap counts. */
export function tilesInHand(hand: HandTiles): Tile[] {
  return [
    ...hand.concealed,
    ...(hand.winning === null ? [] : [hand.winning]),
    ...hand.melds.flatMap((m) => m.tiles),
  ];
}

/** Concealed tiles a complete hand holds beside its melds, before the winning tile (a kong counts as three). */
export function concealedTarget(hand: HandTiles): number {
  return 13 - 3 * hand.melds.length;
}

/** Whether picking this tile now would make a hand that could exist: caps of four, 13 tiles, four melds. */
export function canPick(hand: HandTiles, target: PickTarget, tile: Tile): boolean {
  if (suitOf(tile) === 'f') return !hand.flowers.includes(tile);
  const counts = countTiles(tilesInHand(hand));
  const fits = (tiles: readonly Tile[], freed?: Tile) => {
    const needed = countTiles(tiles);
    return [...needed].every(([t, n]) => (counts.get(t) ?? 0) - (t === freed ? 1 : 0) + n <= COPIES);
  };
  switch (target) {
    case 'concealed':
      return hand.concealed.length < concealedTarget(hand) && fits([tile]);
    case 'winning':
      return fits([tile], hand.winning ?? undefined);
    default: {
      const meld = meldOf(target, tile);
      return meld !== undefined && hand.melds.length < 4 && fits(meld);
    }
  }
}

/** The hand with the tile picked into the target (unchanged when canPick says no). */
export function pick(hand: HandTiles, target: PickTarget, tile: Tile): HandTiles {
  if (!canPick(hand, target, tile)) return hand;
  if (suitOf(tile) === 'f') return { ...hand, flowers: sortTiles([...hand.flowers, tile]) };
  switch (target) {
    case 'concealed':
      return { ...hand, concealed: sortTiles([...hand.concealed, tile]) };
    case 'winning':
      return { ...hand, winning: tile };
    default:
      return { ...hand, melds: [...hand.melds, { kind: target, tiles: meldOf(target, tile)! }] };
  }
}

export function removeConcealed(hand: HandTiles, index: number): HandTiles {
  return { ...hand, concealed: hand.concealed.filter((_, i) => i !== index) };
}

export function removeMeld(hand: HandTiles, index: number): HandTiles {
  return { ...hand, melds: hand.melds.filter((_, i) => i !== index) };
}

export function removeFlower(hand: HandTiles, index: number): HandTiles {
  return { ...hand, flowers: hand.flowers.filter((_, i) => i !== index) };
}

export function clearWinning(hand: HandTiles): HandTiles {
  return { ...hand, winning: null };
}

/** The claim's tile fields as the score contract takes them (`hand`, `melds`, `winningTile`, `flowers`). */
export interface ClaimTiles {
  readonly hand: string;
  readonly melds: readonly { readonly tiles: string; readonly concealed?: true }[];
  readonly winningTile?: string;
  readonly flowers: readonly string[];
}

export function claimTilesOf(hand: HandTiles): ClaimTiles {
  return {
    hand: formatTiles(hand.concealed),
    melds: hand.melds.map((m) => ({
      tiles: formatTiles(m.tiles),
      ...(m.kind === 'concealed-kong' ? { concealed: true as const } : {}),
    })),
    ...(hand.winning === null ? {} : { winningTile: hand.winning }),
    flowers: [...hand.flowers],
  };
}
