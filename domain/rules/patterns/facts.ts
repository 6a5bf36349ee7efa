// Facts about one decomposition of a winning hand, computed once so that every pattern is a cheap test.
import {
  codeKind,
  codeTile,
  isConcealedCode,
  KIND_CHOW,
  KIND_KONG,
  KIND_PAIR,
  KIND_PUNG,
  type Shape,
} from '../../hand/index.ts';
import { isGreenTile, isHonor, isTerminal, isWind, type Tile } from '../../tiles/index.ts';

export type WinType = 'discard' | 'self-draw' | 'robbing-kong';

export interface Luck {
  /** Won on the last tile of the wall or the last discard. */
  readonly lastTile: boolean;
  /** Consecutive kong replacements before the winning draw. */
  readonly afterKong: number;
  /** Consecutive flower replacements before the winning draw. */
  readonly afterFlower: number;
  readonly heaven: boolean;
  readonly earth: boolean;
}

export const NO_LUCK: Luck = { lastTile: false, afterKong: 0, afterFlower: 0, heaven: false, earth: false };

/** What the table knows of the win beyond the tiles. */
export interface WinSituation {
  readonly winType: WinType;
  /** Tile index of the winner's seat wind (27 East .. 30 North). */
  readonly seatWind: Tile;
  readonly prevalentWind: Tile;
  readonly dealer: boolean;
  /** Flower and season tiles the winner declared (34..41). */
  readonly flowers: readonly Tile[];
  readonly luck: Luck;
}

/** Facts of all the winner's tiles (melds included), the same for every decomposition. */
export interface TileFacts {
  /** Bit 0 characters, 1 circles, 2 bamboos, 3 winds, 4 dragons. */
  readonly groupsUsed: number;
  readonly allSimples: boolean;
  readonly allTerminals: boolean;
  readonly allTerminalsOrHonors: boolean;
  readonly allHonors: boolean;
  readonly allGreen: boolean;
  /** Only concealed tiles, no melds at all (Nine Gates). */
  readonly noMelds: boolean;
  /** No exposed meld; concealed kongs are allowed (Fully Concealed Hand). */
  readonly concealedHand: boolean;
  /** Counts of the concealed tiles, winning tile included. */
  readonly concealed: ArrayLike<number>;
}

export interface HandFacts extends TileFacts {
  readonly situation: WinSituation;
  /** 'none': no complete shape, possible only for a hand won by Eight Immortals. */
  readonly shape: Shape | 'none';
  /** Lowest tile of each chow. */
  readonly chows: readonly Tile[];
  /** Tile of each pung or kong. */
  readonly pungs: readonly Tile[];
  readonly kongs: number;
  /** Pungs and kongs held concealed, a pung completed by another's tile not counting. */
  readonly concealedPungs: number;
  /** The pair of a standard hand or of thirteen orphans; -1 when none. */
  readonly pair: Tile;
  /** The pairs of a seven-pairs hand. */
  readonly pairs: readonly Tile[];
  /** Every set, pair included, holds a terminal or an honour. */
  readonly everyGroupTerminalOrHonor: boolean;
  /** Every set, pair included, holds a terminal. */
  readonly everyGroupTerminal: boolean;
}

export function tileFactsOf(concealed: ArrayLike<number>, meldCodes: readonly number[]): TileFacts {
  const all = new Uint8Array(34);
  for (let t = 0; t < 34; t++) all[t] = concealed[t]!;
  let concealedHand = true;
  for (const code of meldCodes) {
    const tile = codeTile(code);
    const kind = codeKind(code);
    if (kind === KIND_CHOW) {
      all[tile]!++;
      all[tile + 1]!++;
      all[tile + 2]!++;
    } else all[tile]! += kind === KIND_KONG ? 4 : 3;
    if (!isConcealedCode(code)) concealedHand = false;
  }
  let groupsUsed = 0;
  let allSimples = true;
  let allTerminals = true;
  let allTerminalsOrHonors = true;
  let allHonors = true;
  let allGreen = true;
  for (let t = 0; t < 34; t++) {
    if (all[t] === 0) continue;
    groupsUsed |= t < 27 ? 1 << ((t / 9) | 0) : isWind(t) ? 8 : 16;
    const terminal = isTerminal(t);
    const honor = isHonor(t);
    if (terminal || honor) allSimples = false;
    if (!terminal) allTerminals = false;
    if (!terminal && !honor) allTerminalsOrHonors = false;
    if (!honor) allHonors = false;
    if (!isGreenTile(t)) allGreen = false;
  }
  return {
    groupsUsed,
    allSimples,
    allTerminals,
    allTerminalsOrHonors,
    allHonors,
    allGreen,
    noMelds: meldCodes.length === 0,
    concealedHand,
    concealed,
  };
}

const groupHasTerminal = (kind: number, tile: Tile): boolean =>
  kind === KIND_CHOW ? tile % 9 === 0 || tile % 9 === 6 : isTerminal(tile);

/**
 * Facts of one decomposition. codes are all its sets (melds included); winningSet is the index of the set
 * the winning tile completed, or -1.
 */
export function handFactsOf(
  tileFacts: TileFacts,
  situation: WinSituation,
  shape: Shape | 'none',
  codes: readonly number[],
  winningSet: number,
): HandFacts {
  const chows: Tile[] = [];
  const pungs: Tile[] = [];
  const pairs: Tile[] = [];
  let kongs = 0;
  let concealedPungs = 0;
  let everyGroupTerminalOrHonor = codes.length > 0;
  let everyGroupTerminal = codes.length > 0;
  const wonOnOthersTile = situation.winType !== 'self-draw';
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    const kind = codeKind(code);
    const tile = codeTile(code);
    if (kind === KIND_CHOW) chows.push(tile);
    else if (kind === KIND_PUNG || kind === KIND_KONG) {
      pungs.push(tile);
      if (kind === KIND_KONG) kongs++;
      // A pung completed by another player's tile is an exposed one (seed 003 is silent; usual practice).
      if (isConcealedCode(code) && !(wonOnOthersTile && i === winningSet)) concealedPungs++;
    } else if (kind === KIND_PAIR) pairs.push(tile);
    const terminal = groupHasTerminal(kind, tile);
    if (!terminal) everyGroupTerminal = false;
    if (!terminal && !isHonor(tile)) everyGroupTerminalOrHonor = false;
  }
  return {
    ...tileFacts,
    situation,
    shape,
    chows,
    pungs,
    kongs,
    concealedPungs,
    pair: shape === 'seven-pairs' ? -1 : (pairs[0] ?? -1),
    pairs: shape === 'seven-pairs' ? pairs : [],
    everyGroupTerminalOrHonor,
    everyGroupTerminal,
  };
}
