// Facts about one decomposition of a winning hand, gathered once so that every pattern is a few integer
// tests. One HandFacts is reused across decompositions and hands: scoring allocates almost nothing.
import {
  codeKind,
  codeTile,
  type HandScan,
  isConcealedCode,
  KIND_CHOW,
  KIND_KONG,
  KIND_PAIR,
  KIND_PUNG,
  type Shape,
  Word0,
  Word1,
} from '../../hand/index.ts';
import { FIRST_FLOWER, GROUP_SHIFT, TILE_FLAGS, type Tile, TileFlag } from '../../tiles/index.ts';

export type WinType = 'discard' | 'self-draw' | 'robbing-kong';

export interface Luck {
  /**
   * Won on the last draw or the last discard (seed 003's Winning on the Last Draw/Discard): the play
   * aggregate reads them by the pond or by the wall, as the ruleset's `lastTile` says (docs/rules.md).
   */
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

/** What a decomposition offers, for Pattern.requires: bits of HandFacts.needs. */
export const Needs = {
  TwoChows: 1,
  ThreeChows: 2,
  FourChows: 4,
  ThreePungs: 8,
  FourPungs: 16,
  Kong: 32,
  HonorPung: 64,
  SevenPairs: 128,
  Orphans: 256,
  Flowers: 512,
  Luck: 1024,
  SelfDraw: 2048,
  RobbingKong: 4096,
  AllSimples: 1 << 13,
  AllHonors: 1 << 14,
  EveryGroupTerminalOrHonor: 1 << 15,
  EveryGroupTerminal: 1 << 16,
  AllTerminalsOrHonors: 1 << 17,
  AllTerminals: 1 << 18,
  /** Characters, circles, bamboos, winds and dragons all present. */
  AllTypes: 1 << 19,
  /** Exactly one of the three suits. */
  OneSuit: 1 << 20,
  WithHonors: 1 << 21,
  WithoutHonors: 1 << 22,
  AllGreen: 1 << 23,
  NoMelds: 1 << 24,
  ConcealedHand: 1 << 25,
  TwoDragonPungs: 1 << 26,
  ThreeWindPungs: 1 << 27,
  TwoKongs: 1 << 28,
  ThreeKongs: 1 << 29,
} as const;

export class HandFacts {
  situation: WinSituation = {
    winType: 'discard',
    seatWind: 27,
    prevalentWind: 27,
    dealer: false,
    flowers: [],
    luck: NO_LUCK,
  };
  // Facts of all the winner's tiles (melds included), the same for every decomposition.
  /** Bit 0 characters, 1 circles, 2 bamboos, 3 winds, 4 dragons. */
  groupsUsed = 0;
  allSimples = false;
  allTerminals = false;
  allTerminalsOrHonors = false;
  allHonors = false;
  allGreen = false;
  /** Only concealed tiles, no melds at all (Nine Gates). */
  noMelds = true;
  /** No exposed meld; concealed kongs allowed (Fully Concealed Hand). */
  concealedHand = true;
  /** Counts of the concealed tiles, winning tile included (the scan's, not a copy). */
  concealed: Uint8Array = new Uint8Array(34);
  flowerCount = 0;
  /** Complete sets of the four flowers or the four seasons: 0..2. */
  flowerSets = 0;

  // Facts of one decomposition.
  /** 'none': no complete shape, possible only for a hand won by Eight Immortals. */
  shape: Shape | 'none' = 'standard';
  /** Lowest tile of each chow, chowCount of them. */
  readonly chows = new Int8Array(4);
  chowCount = 0;
  /** Tile of each pung or kong, pungCount of them. */
  readonly pungs = new Int8Array(4);
  pungCount = 0;
  kongs = 0;
  /** Pungs and kongs held concealed; a pung completed by another player's tile does not count. */
  concealedPungs = 0;
  /** The pair of a standard hand or of thirteen orphans; -1 when none. */
  pair = -1;
  /** Ranks (bits 0..8) of the chows in each suit; of the pungs in each suit; honour pungs in bits 0..6. */
  readonly chowRanks = new Int16Array(3);
  readonly pungRanks = new Int16Array(3);
  honorPungs = 0;
  /** Every set, pair included, holds a terminal or an honour; every set holds a terminal. */
  everyGroupTerminalOrHonor = true;
  everyGroupTerminal = true;
  /** The largest number of identical chows. */
  identicalChows = 0;
  /** Seven pairs of consecutive numbers in one suit. */
  consecutivePairs = false;

  /** Needs bits this decomposition offers. */
  needs = 0;
  /** Needs bits of the whole hand (flowers, luck, win type). */
  private handNeeds = 0;

  // The winning tile and where it may sit: a pung completed by another's tile is an exposed one.
  winningTile: Tile = -1;
  private winInPung = false;
  private winElsewhere = false;

  /** Sets the facts of the whole hand: its scanned concealed tiles (winning tile included) and melds. */
  startHand(
    scan: HandScan,
    meldCodes: ArrayLike<number>,
    meldCount: number,
    winningTile: Tile,
    situation: WinSituation,
  ): void {
    this.situation = situation;
    this.winningTile = winningTile;
    this.concealed = scan.counts;
    let any = scan.anyFlags;
    let all = scan.allFlags;
    let concealedHand = true;
    for (let m = 0; m < meldCount; m++) {
      const code = meldCodes[m]!;
      const first = codeTile(code);
      const last = codeKind(code) === KIND_CHOW ? first + 2 : first;
      for (let t = first; t <= last; t++) {
        any |= TILE_FLAGS[t]!;
        all &= TILE_FLAGS[t]!;
      }
      if (!isConcealedCode(code)) concealedHand = false;
    }
    this.groupsUsed = any >> GROUP_SHIFT;
    this.allSimples = (any & TileFlag.TerminalOrHonor) === 0;
    this.allTerminals = (all & TileFlag.Terminal) !== 0;
    this.allTerminalsOrHonors = (all & TileFlag.TerminalOrHonor) !== 0;
    this.allHonors = (all & TileFlag.Honor) !== 0;
    this.allGreen = (all & TileFlag.Green) !== 0;
    this.noMelds = meldCount === 0;
    this.concealedHand = concealedHand;
    this.flowerCount = situation.flowers.length;
    let flowerMask = 0;
    for (const f of situation.flowers) flowerMask |= 1 << (f - FIRST_FLOWER);
    this.flowerSets = ((flowerMask & 15) === 15 ? 1 : 0) + ((flowerMask & 240) === 240 ? 1 : 0);
    const { luck, winType } = situation;
    this.handNeeds =
      (this.flowerCount > 0 ? Needs.Flowers : 0) |
      (luck.lastTile || luck.afterKong > 0 || luck.afterFlower > 0 || luck.heaven || luck.earth
        ? Needs.Luck
        : 0) |
      (winType === 'self-draw' ? Needs.SelfDraw : winType === 'robbing-kong' ? Needs.RobbingKong : 0) |
      (this.allSimples ? Needs.AllSimples : 0) |
      ALL_FLAGS_NEEDS[all & 15]! |
      GROUPS_NEEDS[this.groupsUsed & 31]! |
      (this.noMelds ? Needs.NoMelds : 0) |
      (this.concealedHand ? Needs.ConcealedHand : 0);
  }

  /** Clears the facts of the previous decomposition. */
  startDecomposition(shape: Shape | 'none'): void {
    this.shape = shape;
    this.chowCount = 0;
    this.pungCount = 0;
    this.kongs = 0;
    this.concealedPungs = 0;
    this.pair = -1;
    this.chowRanks[0] = this.chowRanks[1] = this.chowRanks[2] = 0;
    this.pungRanks[0] = this.pungRanks[1] = this.pungRanks[2] = 0;
    this.honorPungs = 0;
    this.everyGroupTerminalOrHonor = true;
    this.everyGroupTerminal = true;
    this.consecutivePairs = false;
    this.winInPung = false;
    this.winElsewhere = false;
  }

  /** Adds one set (a hand-set.ts code); inHand marks a set formed in hand, where the winning tile may sit. */
  addSet(code: number, inHand: boolean): void {
    const tile = codeTile(code);
    const kind = codeKind(code);
    const suited = tile < 27;
    const rank = tile % 9;
    let terminal: boolean;
    if (kind === KIND_CHOW) {
      this.chows[this.chowCount++] = tile;
      this.chowRanks[(tile / 9) | 0]! |= 1 << rank;
      terminal = rank === 0 || rank === 6;
      if (inHand && this.winningTile >= tile && this.winningTile <= tile + 2) this.winElsewhere = true;
    } else if (kind === KIND_PUNG || kind === KIND_KONG) {
      this.pungs[this.pungCount++] = tile;
      if (suited) this.pungRanks[(tile / 9) | 0]! |= 1 << rank;
      else this.honorPungs |= 1 << (tile - 27);
      if (kind === KIND_KONG) this.kongs++;
      if (isConcealedCode(code)) this.concealedPungs++;
      if (inHand && tile === this.winningTile) this.winInPung = true;
      terminal = suited && (rank === 0 || rank === 8);
    } else {
      if (kind === KIND_PAIR && this.pair < 0) this.pair = tile;
      if (inHand && tile === this.winningTile) this.winElsewhere = true;
      terminal = suited && (rank === 0 || rank === 8);
    }
    if (!terminal) {
      this.everyGroupTerminal = false;
      if (suited) this.everyGroupTerminalOrHonor = false;
    }
  }

  /**
   * Adds the sets of one suit's arrangement at once, formed in hand, from its summary words in the suit
   * table (suit-table.ts: Word0, Word1): the same facts as adding each set, without reading the sets.
   */
  addArrangement(suit: number, word0: number, word1: number): void {
    const base = suit * 9;
    const chows = (word0 >> Word0.ChowsShift) & 7;
    let list = word0 & Word0.ChowListMask;
    for (let i = 0; i < chows; i++, list >>= 4) this.chows[this.chowCount++] = base + (list & 15);
    this.chowRanks[suit]! |= (word0 >> Word0.ChowRanksShift) & 127;
    const pungRanks = word1 & Word1.PungRanksMask;
    this.pungRanks[suit]! |= pungRanks;
    for (let ranks = pungRanks; ranks !== 0; ranks &= ranks - 1) {
      this.pungs[this.pungCount++] = base + (31 - Math.clz32(ranks & -ranks));
    }
    this.concealedPungs += (word1 >> Word1.PungsShift) & 7;
    const pair = (word0 >> Word0.PairShift) & 15;
    if (pair !== 0 && this.pair < 0) this.pair = base + pair - 1;
    const winRank = this.winningTile - base;
    if (winRank >= 0 && winRank < 9) {
      if (((pungRanks >> winRank) & 1) !== 0) this.winInPung = true;
      if (((word1 >> (Word1.OutsidePungsShift + winRank)) & 1) !== 0) this.winElsewhere = true;
    }
    if ((word0 & Word0.AllTerminal) === 0) {
      this.everyGroupTerminal = false;
      this.everyGroupTerminalOrHonor = false;
    }
  }

  /** Ends a decomposition: settles where the winning tile sits. */
  endDecomposition(): void {
    // Where the tile could complete a pung or another set, the other reading keeps the pung concealed.
    if (this.situation.winType !== 'self-draw' && this.winInPung && !this.winElsewhere) this.concealedPungs--;
    const sevenPairs = this.shape === 'seven-pairs';
    if (sevenPairs) {
      this.pair = -1;
      this.consecutivePairs = consecutiveSevenPairs(this.concealed);
    }
    // The chows' lowest tiles seen once, twice, three and four times, as bits: the largest number of
    // identical chows without comparing every two.
    const chows = this.chowCount;
    let once = 0;
    let twice = 0;
    let thrice = 0;
    let four = 0;
    for (let i = 0; i < chows; i++) {
      const bit = 1 << this.chows[i]!;
      four |= thrice & bit;
      thrice |= twice & bit;
      twice |= once & bit;
      once |= bit;
    }
    this.identicalChows = four !== 0 ? 4 : thrice !== 0 ? 3 : twice !== 0 ? 2 : once !== 0 ? 1 : 0;
    this.needs =
      this.handNeeds |
      CHOW_NEEDS[chows]! |
      PUNG_NEEDS[this.pungCount]! |
      KONG_NEEDS[this.kongs]! |
      HONOR_PUNG_NEEDS[this.honorPungs]! |
      (sevenPairs ? Needs.SevenPairs : 0) |
      (this.shape === 'thirteen-orphans' ? Needs.Orphans : 0) |
      (this.everyGroupTerminalOrHonor ? Needs.EveryGroupTerminalOrHonor : 0) |
      (this.everyGroupTerminal ? Needs.EveryGroupTerminal : 0);
  }
}

const ONE_SUIT = [false, true, true, false, true, false, false, false];
/** Bits set in a 4-bit mask: how many of the winds (or dragons) a hand has pungs of. */
const DRAGONS_HELD = [0, 1, 1, 2, 1, 2, 2, 3, 1, 2, 2, 3, 2, 3, 3, 4];

// The Needs bits of a decomposition's counts, one table read each in place of a test per bit.
const CHOW_NEEDS = Int32Array.from(
  { length: 5 },
  (_, chows) =>
    (chows >= 2 ? Needs.TwoChows : 0) |
    (chows >= 3 ? Needs.ThreeChows : 0) |
    (chows === 4 ? Needs.FourChows : 0),
);
const PUNG_NEEDS = Int32Array.from(
  { length: 5 },
  (_, pungs) => (pungs >= 3 ? Needs.ThreePungs : 0) | (pungs === 4 ? Needs.FourPungs : 0),
);
const KONG_NEEDS = Int32Array.from(
  { length: 5 },
  (_, kongs) =>
    (kongs > 0 ? Needs.Kong : 0) | (kongs >= 2 ? Needs.TwoKongs : 0) | (kongs >= 3 ? Needs.ThreeKongs : 0),
);
/** By the bits of the honour pungs (winds 0..3, dragons 4..6). */
const HONOR_PUNG_NEEDS = Int32Array.from(
  { length: 128 },
  (_, honorPungs) =>
    (honorPungs !== 0 ? Needs.HonorPung : 0) |
    (DRAGONS_HELD[honorPungs >> 4]! >= 2 ? Needs.TwoDragonPungs : 0) |
    (DRAGONS_HELD[honorPungs & 15]! >= 3 ? Needs.ThreeWindPungs : 0),
);
/** By the TILE_FLAGS every tile of the hand has (TileFlag bits). */
const ALL_FLAGS_NEEDS = Int32Array.from(
  { length: 16 },
  (_, all) =>
    ((all & TileFlag.Honor) !== 0 ? Needs.AllHonors : 0) |
    ((all & TileFlag.TerminalOrHonor) !== 0 ? Needs.AllTerminalsOrHonors : 0) |
    ((all & TileFlag.Terminal) !== 0 ? Needs.AllTerminals : 0) |
    ((all & TileFlag.Green) !== 0 ? Needs.AllGreen : 0),
);
/** By the groups the hand's tiles come from (bits: characters, circles, bamboos, winds, dragons). */
const GROUPS_NEEDS = Int32Array.from(
  { length: 32 },
  (_, groups) =>
    (groups === 31 ? Needs.AllTypes : 0) |
    (ONE_SUIT[groups & 7] ? Needs.OneSuit : 0) |
    ((groups & 24) !== 0 ? Needs.WithHonors : Needs.WithoutHonors),
);

function consecutiveSevenPairs(concealed: ArrayLike<number>): boolean {
  let first = 0;
  while (first < 34 && concealed[first] === 0) first++;
  if (first >= 27 || first % 9 > 2) return false;
  for (let i = 0; i < 7; i++) if (concealed[first + i] !== 2) return false;
  return true;
}
