// Hu Mahjong pattern list, seed 003 "List of Patterns" (003_cfd8ab0b6123cd10.txt), with its categories.
import type { Tile } from '../../tiles/index.ts';
import { type HandFacts, Needs } from './facts.ts';
import type { Pattern, PatternTable } from './pattern.ts';

export type HuCategory =
  | 'basic'
  | 'sequences'
  | 'triplets'
  | 'quads'
  | 'honors'
  | 'terminals'
  | 'suit-based'
  | 'consecutiveness'
  | 'parallelity'
  | 'three-colors'
  | 'irregular'
  | 'luck'
  | 'non-winning';

const yes = (condition: boolean): number => (condition ? 1 : 0);
const isDragon = (t: Tile): boolean => t >= 31 && t <= 33;
const isWind = (t: Tile): boolean => t >= 27 && t <= 30;
const bits = (mask: number): number => {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
};

/** Four chows as two pairs of identical chows (one chow four times included). */
function twoPairsOfIdenticalChows(f: HandFacts): boolean {
  if (f.chowCount !== 4) return false;
  const [a, b, c, d] = f.chows as unknown as [number, number, number, number];
  return (a === b && c === d) || (a === c && b === d) || (a === d && b === c);
}

/**
 * Four suited sets that split into two pairs, each pair the same numbers in two different suits, both pairs
 * in the same two suits (the category is "Parallelity or Two Colors"; the seed's examples use two suits).
 */
function parallelTwice(sets: Int8Array, count: number): boolean {
  if (count !== 4) return false;
  const a = sets[0]!;
  const b = sets[1]!;
  const c = sets[2]!;
  const d = sets[3]!;
  if (a >= 27 || b >= 27 || c >= 27 || d >= 27) return false;
  return pairing(a, b, c, d) || pairing(a, c, b, d) || pairing(a, d, b, c);
}

function pairing(w: Tile, x: Tile, y: Tile, z: Tile): boolean {
  return parallel(w, x) && parallel(y, z) && suitsOf(w, x) === suitsOf(y, z);
}

const parallel = (p: Tile, q: Tile): boolean => p % 9 === q % 9 && p !== q;
const suitsOf = (p: Tile, q: Tile): number => (1 << ((p / 9) | 0)) | (1 << ((q / 9) | 0));

/** Some rank is a set in all three suits. */
const inThreeSuits = (ranks: Int16Array): boolean => (ranks[0]! & ranks[1]! & ranks[2]!) !== 0;

/** Some suit has sets on `length` consecutive ranks. */
function consecutiveRanks(ranks: Int16Array, length: 3 | 4): boolean {
  for (let suit = 0; suit < 3; suit++) {
    const m = ranks[suit]!;
    const run = m & (m >> 1) & (m >> 2);
    if ((length === 3 ? run : run & (m >> 3)) !== 0) return true;
  }
  return false;
}

/** 123, 456 and 789 of one suit: chow ranks 0, 3 and 6. */
const STRAIGHT = (1 << 0) | (1 << 3) | (1 << 6);
const hasStraight = (f: HandFacts): boolean =>
  (f.chowRanks[0]! & STRAIGHT) === STRAIGHT ||
  (f.chowRanks[1]! & STRAIGHT) === STRAIGHT ||
  (f.chowRanks[2]! & STRAIGHT) === STRAIGHT;

const oneSuit = (groups: number): boolean => {
  const suits = groups & 7;
  return suits === 1 || suits === 2 || suits === 4;
};

function valueTriplets(f: HandFacts): number {
  // Prevalent and seat wind are counted apart, so a pung of a wind that is both counts twice.
  return (
    bits(f.honorPungs >> 4) +
    ((f.honorPungs >> (f.situation.prevalentWind - 27)) & 1) +
    ((f.honorPungs >> (f.situation.seatWind - 27)) & 1)
  );
}

const dragonPungs = (f: HandFacts): number => bits(f.honorPungs >> 4);
const windPungs = (f: HandFacts): number => bits(f.honorPungs & 15);

const NINE_GATES = [3, 1, 1, 1, 1, 1, 1, 1, 3];
function isNineGates(f: HandFacts): boolean {
  if (!f.noMelds || f.shape !== 'standard' || !oneSuit(f.groupsUsed) || (f.groupsUsed & 24) !== 0)
    return false;
  const base = (f.groupsUsed & 1 ? 0 : f.groupsUsed & 2 ? 1 : 2) * 9;
  for (let r = 0; r < 9; r++) if (f.concealed[base + r]! < NINE_GATES[r]!) return false;
  return true;
}

const p = (pattern: Pattern<HuCategory>): Pattern<HuCategory> => pattern;

export const HU_MAHJONG_PATTERNS: readonly Pattern<HuCategory>[] = [
  // Basic. All Sequences asks for a concealed hand: the seed's scoring example, an opened hand, totals 6100,
  // which its payouts confirm, though the terms it lists (All Sequences among them) add up to 6600.
  p({
    id: 'all-sequences',
    name: 'All Sequences',
    chinese: '平和',
    category: 'basic',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.FourChows | Needs.ConcealedHand,
    count: (f) => yes(f.shape === 'standard' && f.chowCount === 4 && f.concealedHand),
  }),
  p({
    id: 'all-simples',
    name: 'All Simples',
    chinese: '断么',
    category: 'basic',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.AllSimples,
    count: (f) => yes(f.allSimples),
  }),
  p({
    id: 'fully-concealed-hand',
    name: 'Fully Concealed Hand',
    chinese: '门清',
    category: 'basic',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.SelfDraw | Needs.ConcealedHand,
    count: (f) => yes(f.concealedHand && f.situation.winType === 'self-draw'),
  }),
  // Sequences
  p({
    id: 'two-pure-sequences',
    name: 'Two Pure Sequences',
    chinese: '一般高',
    category: 'sequences',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.TwoChows,
    count: (f) => yes(f.identicalChows >= 2),
  }),
  p({
    id: 'three-pure-sequences',
    name: 'Three Pure Sequences',
    chinese: '一色三同顺',
    category: 'sequences',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['two-pure-sequences'],
    requires: Needs.ThreeChows,
    count: (f) => yes(f.identicalChows >= 3),
  }),
  p({
    id: 'four-pure-sequences',
    name: 'Four Pure Sequences',
    chinese: '一色四同顺',
    category: 'sequences',
    points: 20000,
    limit: 4,
    qualifiesWin: true,
    supersedes: ['three-pure-sequences', 'two-pure-sequences-twice'],
    requires: Needs.FourChows,
    count: (f) => yes(f.identicalChows === 4),
  }),
  p({
    id: 'pure-straight',
    name: 'Pure Straight',
    chinese: '一气通贯',
    category: 'sequences',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreeChows,
    count: (f) => yes(hasStraight(f)),
  }),
  p({
    id: 'two-pure-sequences-twice',
    name: 'Two Pure Sequences Twice',
    chinese: '两般高',
    category: 'sequences',
    points: 3000,
    qualifiesWin: true,
    supersedes: ['two-pure-sequences'],
    requires: Needs.FourChows,
    count: (f) => yes(twoPairsOfIdenticalChows(f)),
  }),
  // Triplets
  p({
    id: 'all-triplets',
    name: 'All Triplets',
    chinese: '对对和',
    category: 'triplets',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.FourPungs,
    count: (f) => yes(f.shape === 'standard' && f.pungCount === 4),
  }),
  p({
    id: 'three-concealed-triplets',
    name: 'Three Concealed Triplets',
    chinese: '三暗刻',
    category: 'triplets',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreePungs,
    count: (f) => yes(f.concealedPungs >= 3),
  }),
  p({
    id: 'four-concealed-triplets',
    name: 'Four Concealed Triplets',
    chinese: '四暗刻',
    category: 'triplets',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: ['three-concealed-triplets', 'all-triplets'],
    requires: Needs.FourPungs,
    count: (f) => yes(f.concealedPungs === 4),
  }),
  // Quads
  p({
    id: 'one-quad',
    name: 'One Quad',
    chinese: '一杠',
    category: 'quads',
    points: 500,
    qualifiesWin: false,
    supersedes: [],
    requires: Needs.Kong,
    count: (f) => yes(f.kongs >= 1),
  }),
  p({
    id: 'two-quads',
    name: 'Two Quads',
    chinese: '二杠',
    category: 'quads',
    points: 2000,
    qualifiesWin: true,
    supersedes: ['one-quad'],
    requires: Needs.TwoKongs,
    count: (f) => yes(f.kongs >= 2),
  }),
  p({
    id: 'three-quads',
    name: 'Three Quads',
    chinese: '三杠',
    category: 'quads',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['two-quads'],
    requires: Needs.ThreeKongs,
    count: (f) => yes(f.kongs >= 3),
  }),
  p({
    id: 'four-quads',
    name: 'Four Quads',
    chinese: '四杠',
    category: 'quads',
    points: 20000,
    limit: 4,
    qualifiesWin: true,
    supersedes: ['three-quads'],
    requires: Needs.ThreeKongs | Needs.FourPungs,
    count: (f) => yes(f.kongs === 4),
  }),
  // Honors
  p({
    id: 'value-triplet',
    name: 'Value Triplet',
    chinese: '箭刻/圈风刻/门风刻',
    category: 'honors',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.HonorPung,
    count: valueTriplets,
  }),
  p({
    id: 'little-three-dragons',
    name: 'Little Three Dragons',
    chinese: '小三元',
    category: 'honors',
    points: 3000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.TwoDragonPungs,
    count: (f) => yes(dragonPungs(f) === 2 && isDragon(f.pair)),
  }),
  p({
    id: 'big-three-dragons',
    name: 'Big Three Dragons',
    chinese: '大三元',
    category: 'honors',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.TwoDragonPungs | Needs.ThreePungs,
    count: (f) => yes(dragonPungs(f) === 3),
  }),
  p({
    id: 'little-four-winds',
    name: 'Little Four Winds',
    chinese: '小四喜',
    category: 'honors',
    points: 12000,
    limit: 2,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreeWindPungs,
    count: (f) => yes(windPungs(f) === 3 && isWind(f.pair)),
  }),
  p({
    id: 'big-four-winds',
    name: 'Big Four Winds',
    chinese: '大四喜',
    category: 'honors',
    points: 16000,
    limit: 3,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreeWindPungs | Needs.FourPungs,
    count: (f) => yes(windPungs(f) === 4),
  }),
  p({
    id: 'all-honors',
    name: 'All Honors',
    chinese: '字一色',
    category: 'honors',
    points: 12000,
    limit: 2,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.AllHonors,
    count: (f) => yes(f.allHonors),
  }),
  // Terminals
  p({
    id: 'half-outside-hand',
    name: 'Half Outside Hand',
    chinese: '全带么',
    category: 'terminals',
    points: 3000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.EveryGroupTerminalOrHonor,
    count: (f) => yes(f.everyGroupTerminalOrHonor),
  }),
  p({
    id: 'fully-outside-hand',
    name: 'Fully Outside Hand',
    chinese: '純全带么',
    category: 'terminals',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['half-outside-hand'],
    requires: Needs.EveryGroupTerminal,
    count: (f) => yes(f.everyGroupTerminal),
  }),
  p({
    id: 'all-terminals-and-honors',
    name: 'All Terminals and Honors',
    chinese: '混老头',
    category: 'terminals',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['half-outside-hand'],
    requires: Needs.AllTerminalsOrHonors,
    count: (f) => yes(f.allTerminalsOrHonors && f.shape !== 'thirteen-orphans'),
  }),
  p({
    id: 'all-terminals',
    name: 'All Terminals',
    chinese: '清老头',
    category: 'terminals',
    points: 12000,
    limit: 2,
    qualifiesWin: true,
    supersedes: ['fully-outside-hand', 'all-terminals-and-honors'],
    requires: Needs.AllTerminals,
    count: (f) => yes(f.allTerminals),
  }),
  // Suit-based
  p({
    id: 'all-types',
    name: 'All Types',
    chinese: '五门齐',
    category: 'suit-based',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.AllTypes,
    count: (f) => yes(f.groupsUsed === 31),
  }),
  p({
    id: 'half-flush',
    name: 'Half Flush',
    chinese: '混一色',
    category: 'suit-based',
    points: 3000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.OneSuit | Needs.WithHonors,
    count: (f) => yes(oneSuit(f.groupsUsed) && (f.groupsUsed & 24) !== 0),
  }),
  p({
    id: 'full-flush',
    name: 'Full Flush',
    chinese: '清一色',
    category: 'suit-based',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['half-flush'],
    requires: Needs.OneSuit | Needs.WithoutHonors,
    count: (f) => yes(oneSuit(f.groupsUsed) && (f.groupsUsed & 24) === 0),
  }),
  p({
    id: 'all-green',
    name: 'All Green',
    chinese: '绿一色',
    category: 'suit-based',
    points: 12000,
    limit: 2,
    qualifiesWin: true,
    supersedes: ['half-flush', 'full-flush'],
    requires: Needs.AllGreen,
    count: (f) => yes(f.allGreen),
  }),
  p({
    id: 'nine-gates',
    name: 'Nine Gates',
    chinese: '九莲宝灯',
    category: 'suit-based',
    points: 16000,
    limit: 3,
    qualifiesWin: true,
    supersedes: ['full-flush'],
    requires: Needs.OneSuit | Needs.WithoutHonors | Needs.NoMelds,
    count: (f) => yes(isNineGates(f)),
  }),
  // Consecutiveness
  p({
    id: 'three-consecutive-triplets',
    name: 'Three Consecutive Triplets',
    chinese: '三节高',
    category: 'consecutiveness',
    points: 4000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreePungs,
    count: (f) => yes(consecutiveRanks(f.pungRanks, 3)),
  }),
  p({
    id: 'four-consecutive-triplets',
    name: 'Four Consecutive Triplets',
    chinese: '四节高',
    category: 'consecutiveness',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: ['three-consecutive-triplets'],
    requires: Needs.FourPungs,
    count: (f) => yes(consecutiveRanks(f.pungRanks, 4)),
  }),
  // Parallelity or two colors
  p({
    id: 'parallel-sequences-twice',
    name: 'Parallel Sequences Twice',
    chinese: '双喜临门',
    category: 'parallelity',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.FourChows,
    count: (f) => yes(parallelTwice(f.chows, f.chowCount)),
  }),
  p({
    id: 'parallel-triplets-twice',
    name: 'Parallel Triplets Twice',
    chinese: '两双同刻',
    category: 'parallelity',
    points: 4000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.FourPungs,
    count: (f) => yes(parallelTwice(f.pungs, f.pungCount)),
  }),
  // Three colors
  p({
    id: 'three-color-sequences',
    name: 'Three-color Sequences',
    chinese: '三色三同顺',
    category: 'three-colors',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreeChows,
    count: (f) => yes(inThreeSuits(f.chowRanks)),
  }),
  p({
    id: 'three-color-triplets',
    name: 'Three-color Triplets',
    chinese: '三同刻',
    category: 'three-colors',
    points: 4000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreePungs,
    count: (f) => yes(inThreeSuits(f.pungRanks)),
  }),
  // Irregular hands
  p({
    id: 'seven-pairs',
    name: 'Seven Pairs',
    chinese: '七对',
    category: 'irregular',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.SevenPairs,
    count: (f) => yes(f.shape === 'seven-pairs'),
  }),
  p({
    id: 'seven-consecutive-pairs',
    name: 'Seven Consecutive Pairs',
    chinese: '连七对',
    category: 'irregular',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: ['seven-pairs'],
    requires: Needs.SevenPairs,
    count: (f) => yes(f.consecutivePairs),
  }),
  p({
    id: 'thirteen-orphans',
    name: 'Thirteen Orphans',
    chinese: '十三么',
    category: 'irregular',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.Orphans,
    count: (f) => yes(f.shape === 'thirteen-orphans'),
  }),
  p({
    id: 'eight-immortals',
    name: 'Eight Immortals',
    chinese: '八仙过海',
    category: 'irregular',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.Flowers,
    count: (f) => yes(f.flowerSets === 2),
  }),
  // Luck-based bonuses: they qualify any hand for a win.
  p({
    id: 'after-a-kong',
    name: 'After a Kong',
    chinese: '杠上开花',
    category: 'luck',
    points: 1000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.Luck,
    count: (f) => f.situation.luck.afterKong,
  }),
  p({
    id: 'after-a-flower',
    name: 'After a Flower',
    chinese: '杠上开花',
    category: 'luck',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.Luck,
    count: (f) => f.situation.luck.afterFlower,
  }),
  p({
    id: 'robbing-the-kong',
    name: 'Robbing the Kong',
    chinese: '抢杠',
    category: 'luck',
    points: 1000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.RobbingKong,
    count: (f) => yes(f.situation.winType === 'robbing-kong'),
  }),
  p({
    id: 'last-tile',
    name: 'Winning on the Last Draw/Discard',
    chinese: '海底捞月',
    category: 'luck',
    points: 1000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.Luck,
    count: (f) => yes(f.situation.luck.lastTile),
  }),
  p({
    id: 'blessing-of-heaven',
    name: 'Blessing of Heaven',
    chinese: '天胡',
    category: 'luck',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.Luck,
    count: (f) => yes(f.situation.luck.heaven),
  }),
  p({
    id: 'blessing-of-earth',
    name: 'Blessing of Earth',
    chinese: '地胡',
    category: 'luck',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.Luck,
    count: (f) => yes(f.situation.luck.earth),
  }),
  // Non-winning bonuses: they add points but never make a hand eligible.
  p({
    id: 'flower-tile',
    name: 'Flower Tile',
    chinese: '花牌',
    category: 'non-winning',
    points: 100,
    qualifiesWin: false,
    supersedes: [],
    // A flower inside a complete Flower Set is scored by the set, which implies it.
    requires: Needs.Flowers,
    count: (f) => f.flowerCount - 4 * f.flowerSets,
  }),
  p({
    id: 'flower-set',
    name: 'Flower Set',
    chinese: '花杠',
    category: 'non-winning',
    points: 1000,
    qualifiesWin: false,
    supersedes: [],
    requires: Needs.Flowers,
    count: (f) => f.flowerSets,
  }),
];

/** Seed 003: "Hand scores are limited to 8000 base points." */
export const HU_MAHJONG_LIMIT = 8000;

/** Pattern options of the hu-mahjong preset (docs/rules.md says why each exists). */
export interface HuMahjongPatternOptions {
  /** All Sequences only for a hand without exposed melds (default: the seed's worked example totals 6100). */
  readonly allSequencesConcealedOnly: boolean;
  /** Cap on the sum of non-limit patterns; seed 003: 8000. */
  readonly limit?: number;
}

export const HU_MAHJONG_TABLE: PatternTable = {
  patterns: HU_MAHJONG_PATTERNS,
  limitPoints: HU_MAHJONG_LIMIT,
};

const OPEN_ALL_SEQUENCES_PATTERNS = HU_MAHJONG_PATTERNS.map((pattern) =>
  pattern.id === 'all-sequences'
    ? {
        ...pattern,
        requires: Needs.FourChows,
        count: (f: HandFacts) => yes(f.shape === 'standard' && f.chowCount === 4),
      }
    : pattern,
);

// One table object per option combination: the scorer compiles each table once and keys its caches on it.
const tables = new Map<string, PatternTable>();

export function huMahjongTable(options: HuMahjongPatternOptions): PatternTable {
  const limitPoints = options.limit ?? HU_MAHJONG_LIMIT;
  if (options.allSequencesConcealedOnly && limitPoints === HU_MAHJONG_LIMIT) return HU_MAHJONG_TABLE;
  const key = `${options.allSequencesConcealedOnly}:${limitPoints}`;
  let table = tables.get(key);
  if (!table) {
    const patterns = options.allSequencesConcealedOnly ? HU_MAHJONG_PATTERNS : OPEN_ALL_SEQUENCES_PATTERNS;
    table = { patterns, limitPoints };
    tables.set(key, table);
  }
  return table;
}

/**
 * All Terminal and Honor Discards (么九池), seed 003: 4000 on reaching exhaustive draw having discarded only
 * terminals and honours, none of them called. It is no winning hand, so it stands apart from the table.
 */
export const ALL_TERMINAL_HONOR_DISCARDS = {
  id: 'all-terminal-and-honor-discards',
  name: 'All Terminal and Honor Discards',
  chinese: '么九池',
  category: 'irregular',
  points: 4000,
} as const;
