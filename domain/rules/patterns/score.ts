// Scores a winning hand against a pattern table: the best of every decomposition (seed 003: "the best
// decomposition is the highest-scoring one"), or the reason the tiles are no win. This is the engine's hot
// path (a tournament's recomputation scores every hand again): it reuses its scratch and allocates one object
// per hand, which keeps the best decomposition's pattern list packed in a few integers and where its sets
// sit in the suit table; the list and the decomposition are written out only when read.
import {
  ArrangementCursor,
  codeKind,
  codeTile,
  concealedCode,
  concealedSizeFor,
  type Decomposition,
  HandScan,
  isThirteenOrphans,
  KIND_CHOW,
  KIND_KONG,
  KIND_PAIR,
  KIND_PUNG,
  KIND_SINGLE,
  type Meld,
  meldCode,
  type Shape,
  setContains,
  setOfCode,
  writeSuitArrangement,
} from '../../hand/index.ts';
import { formatCounts, ORPHANS, type Tile, TileFlag, tileName } from '../../tiles/index.ts';
import { HandFacts, type WinSituation } from './facts.ts';
import {
  type CompiledTable,
  compileTable,
  listTally,
  type PatternScore,
  type PatternTable,
  type ScoredPattern,
  scoredPatternOf,
  tallyPatterns,
} from './pattern.ts';

export interface WinningHand {
  /** Counts of the 34 kinds held concealed, without the winning tile. */
  readonly concealed: ArrayLike<number>;
  readonly melds: readonly Meld[];
  /** A tile kind 0..33, or a flower: the eighth flower, which wins only as Eight Immortals. */
  readonly winningTile: Tile;
  readonly situation: WinSituation;
}

export type NotAWinReason = 'tile-count' | 'too-many-of-a-tile' | 'no-complete-shape' | 'no-pattern';

export type HandScore =
  | ({ readonly win: true; readonly decomposition: Decomposition | null } & PatternScore)
  | { readonly win: false; readonly reason: NotAWinReason; readonly message: string };

const notAWin = (reason: NotAWinReason, message: string): HandScore => ({ win: false, reason, message });

// Scratch shared by every call: scoring is synchronous and never re-entered.
const facts = new HandFacts();
const handScan = new HandScan();
const cursor = new ArrangementCursor();
/** The melds' set codes, declaredCount of them. */
const declared = new Int32Array(4);
let declaredCount = 0;
/** The sets of a seven pairs or thirteen orphans reading. */
const irregular = new Int32Array(14);

const SHAPES: readonly (Shape | 'none')[] = ['standard', 'seven-pairs', 'thirteen-orphans', 'none'];
const STANDARD = 0;
const SEVEN_PAIRS = 1;
const THIRTEEN_ORPHANS = 2;
const NO_SHAPE = 3;

const search = {
  table: undefined as PatternTable | undefined,
  compiled: undefined as CompiledTable | undefined,
  tally: new Int32Array(64),
  bestPoints: -1,
  /** An index of SHAPES. */
  bestShape: NO_SHAPE,
  /** Per suit: where the best standard reading's arrangement of it sits in the suit table (0: no tiles). */
  bestAt: new Int32Array(3),
  /** The best reading's listed patterns (listTally): indices, counts, and how many (negated: capped). */
  bestIndices: new Int32Array(64),
  bestCounts: new Int32Array(64),
  bestListed: 0,
  complete: false,
};

export function scoreHand(table: PatternTable, hand: WinningHand): HandScore {
  const problem = searchBest(table, hand);
  if (problem !== undefined) return problem;
  return new WinningScore(search.compiled!, hand);
}

/** Finds the best decomposition into `search`; answers why not when the tiles are no win. */
function searchBest(table: PatternTable, hand: WinningHand): HandScore | undefined {
  if (search.table !== table) {
    const compiled = compileTable(table);
    search.table = table;
    search.compiled = compiled;
    const size = Math.max(64, table.patterns.length);
    if (search.tally.length < size) {
      search.tally = new Int32Array(size);
      search.bestIndices = new Int32Array(size);
      search.bestCounts = new Int32Array(size);
    }
  }
  const { melds, winningTile, situation } = hand;
  // What the search reads of the hand's other objects (its melds, its situation's flowers) is read before
  // the scan's loop, so that the memory reads of a hand not in cache overlap rather than follow each other.
  const flowerCount = situation.flowers.length;
  declaredCount = 0;
  for (let m = 0; m < melds.length; m++) declared[declaredCount++] = meldCode(melds[m]!);
  // A flower as the winning tile is the eighth flower: only Eight Immortals can win on it.
  const winOnFlower = winningTile >= 34;
  const scan = handScan.read(hand.concealed, winningTile);
  const held = scan.size - (winOnFlower ? 0 : 1);
  const before = concealedSizeFor(melds.length) - 1;
  if (held !== before) {
    return notAWin(
      'tile-count',
      `${held} concealed tiles beside ${melds.length} meld(s): a winning hand holds ${before} before the winning tile`,
    );
  }
  const crowded = crowdedKind(scan, declared, declaredCount);
  if (crowded >= 0) {
    return notAWin('too-many-of-a-tile', `more than four of ${tileName(crowded)}: there are only four`);
  }

  facts.startHand(scan, declared, declaredCount, winningTile, situation);
  search.bestPoints = -1;
  search.bestShape = NO_SHAPE;
  search.complete = false;
  const { counts } = scan;
  if (!winOnFlower) {
    if (cursor.start(scan)) while (cursor.advance()) considerArrangement();
    if (melds.length === 0 && scan.exactPairs === 7 && scan.size === 14) {
      let length = 0;
      for (let t = 0; t < 34; t++) if (counts[t] === 2) irregular[length++] = concealedCode(KIND_PAIR, t);
      consider(SEVEN_PAIRS, length);
    }
    if (melds.length === 0 && (scan.allFlags & TileFlag.TerminalOrHonor) !== 0 && isThirteenOrphans(counts)) {
      for (let i = 0; i < ORPHANS.length; i++) {
        const t = ORPHANS[i]!;
        irregular[i] = concealedCode(counts[t] === 2 ? KIND_PAIR : KIND_SINGLE, t);
      }
      consider(THIRTEEN_ORPHANS, ORPHANS.length);
    }
  }
  // Eight Immortals wins on flowers alone, whatever the tiles in hand.
  if (search.bestPoints < 0 && flowerCount === 8) consider(NO_SHAPE, 0);
  if (search.bestPoints >= 0) return undefined;
  return search.complete
    ? notAWin('no-pattern', 'the hand shows no pattern, and a hand with no observable pattern may not win')
    : notAWin('no-complete-shape', `${formatCounts(counts)} is no complete hand`);
}

/** The cursor's current standard arrangement: suits from their summaries, honours and melds set by set. */
function considerArrangement(): void {
  search.complete = true;
  facts.startDecomposition('standard');
  for (let i = 0; i < declaredCount; i++) facts.addSet(declared[i]!, false);
  for (let i = 0; i < cursor.fixedCount; i++) facts.addSet(cursor.codes[i]!, true);
  for (let w = 0; w < cursor.wheels; w++)
    facts.addArrangement(cursor.suitOf(w), cursor.word0Of(w), cursor.word1Of(w));
  facts.endDecomposition();
  const points = tallyPatterns(search.compiled!, facts, search.tally);
  if (points <= search.bestPoints) return;
  const { bestAt } = search;
  bestAt[0] = bestAt[1] = bestAt[2] = 0;
  for (let w = 0; w < cursor.wheels; w++) bestAt[cursor.suitOf(w)] = cursor.offsetOf(w);
  keepBest(points, STANDARD);
}

/** A reading other than a standard one: seven pairs or thirteen orphans (sets in `irregular`), or none. */
function consider(shape: number, length: number): void {
  if (shape !== NO_SHAPE) search.complete = true;
  facts.startDecomposition(SHAPES[shape]!);
  for (let i = 0; i < declaredCount; i++) facts.addSet(declared[i]!, false);
  for (let i = 0; i < length; i++) facts.addSet(irregular[i]!, true);
  facts.endDecomposition();
  const points = tallyPatterns(search.compiled!, facts, search.tally);
  if (points > search.bestPoints) keepBest(points, shape);
}

/** The reading just tallied is the best so far: keep its points, its shape and its pattern list. */
function keepBest(points: number, shape: number): void {
  search.bestPoints = points;
  search.bestShape = shape;
  search.bestListed = listTally(search.compiled!, search.tally, search.bestIndices, search.bestCounts);
}

/** A kind held more than four times, counting the melds' tiles; -1 when none. */
function crowdedKind(scan: HandScan, meldCodes: Int32Array, meldCount: number): Tile {
  const { counts } = scan;
  if (scan.crowded) for (let t = 0; t < 34; t++) if (counts[t]! > 4) return t;
  let crowded = -1;
  for (let m = 0; m < meldCount; m++) {
    const code = meldCodes[m]!;
    const first = codeTile(code);
    const kind = codeKind(code);
    if (kind === KIND_CHOW) for (let t = first; t < first + 3; t++) inMelds[t]!++;
    else inMelds[first]! += kind === KIND_KONG ? 4 : 3;
  }
  for (let m = 0; m < meldCount; m++) {
    const first = codeTile(meldCodes[m]!);
    const last = codeKind(meldCodes[m]!) === KIND_CHOW ? first + 2 : first;
    for (let t = first; t <= last; t++) {
      if (counts[t]! + inMelds[t]! > 4) crowded = t;
      inMelds[t] = 0;
    }
  }
  return crowded;
}

/** Scratch for crowdedKind: the melds' tiles, back to zero after each use. */
const inMelds = new Uint8Array(34);

/** Up to eight listed patterns pack into a win's four fields, two of 16 bits each: index | count << 8. */
const PACKED = 8;
const fitsPacked = (index: number, count: number): boolean => index < 256 && count < 128;

/**
 * A win: its points, and the best reading's pattern list packed in a few integers (or, when it does not
 * fit, an array of index, count pairs) with where its sets sit, written out when first read. A
 * recomputation of a whole tournament reads only points. The hand must not change until then.
 */
class WinningScore {
  readonly win = true;
  readonly eligible = true;
  readonly points: number;
  private readonly compiled: CompiledTable;
  private readonly hand: WinningHand;
  /** An index of SHAPES. */
  private readonly shape: number;
  readonly capped: boolean;
  /** The best standard reading's arrangements in the suit table, suit by suit (0: no tiles of the suit). */
  private readonly at0: number;
  private readonly at1: number;
  private readonly at2: number;
  /** How many patterns are listed; PACKED or fewer sit in p0..p3, more in `more`. */
  private readonly listed: number;
  private readonly p0: number;
  private readonly p1: number;
  private readonly p2: number;
  private readonly p3: number;
  private readonly more: readonly number[] | undefined;
  private list: readonly ScoredPattern[] | undefined = undefined;
  private sets: Decomposition | null | undefined = undefined;

  /** From the search just ended. */
  constructor(compiled: CompiledTable, hand: WinningHand) {
    this.points = search.bestPoints;
    this.compiled = compiled;
    this.hand = hand;
    this.shape = search.bestShape;
    const listed = search.bestListed;
    this.capped = listed < 0;
    const length = listed < 0 ? -listed : listed;
    this.listed = length;
    const { bestAt, bestIndices, bestCounts } = search;
    this.at0 = bestAt[0]!;
    this.at1 = bestAt[1]!;
    this.at2 = bestAt[2]!;
    let fits = length <= PACKED;
    let p0 = 0;
    let p1 = 0;
    let p2 = 0;
    let p3 = 0;
    for (let k = 0; k < length && fits; k++) {
      const index = bestIndices[k]!;
      const count = bestCounts[k]!;
      fits = fitsPacked(index, count);
      const entry = (index | (count << 8)) << ((k & 1) << 4);
      if (k < 2) p0 |= entry;
      else if (k < 4) p1 |= entry;
      else if (k < 6) p2 |= entry;
      else p3 |= entry;
    }
    this.p0 = p0;
    this.p1 = p1;
    this.p2 = p2;
    this.p3 = p3;
    this.more = fits ? undefined : unpackedList(bestIndices, bestCounts, length);
  }

  get patterns(): PatternScore['patterns'] {
    if (this.list === undefined) {
      const { compiled, more, listed } = this;
      const list = new Array<ScoredPattern>(listed);
      for (let k = 0; k < listed; k++) {
        if (more !== undefined) list[k] = scoredPatternOf(compiled, more[2 * k]!, more[2 * k + 1]!);
        else {
          const field = k < 4 ? (k < 2 ? this.p0 : this.p1) : k < 6 ? this.p2 : this.p3;
          const entry = (field >>> ((k & 1) << 4)) & 0xffff;
          list[k] = scoredPatternOf(compiled, entry & 255, entry >> 8);
        }
      }
      this.list = list;
    }
    return this.list;
  }

  get decomposition(): Decomposition | null {
    if (this.sets === undefined)
      this.sets = decompositionOf(this.hand, this.shape, this.at0, this.at1, this.at2);
    return this.sets;
  }

  toJSON(): object {
    const { win, eligible, points, patterns, capped, decomposition } = this;
    return { win, eligible, points, patterns, capped, decomposition };
  }
}

function unpackedList(indices: Int32Array, counts: Int32Array, length: number): number[] {
  const list: number[] = [];
  for (let k = 0; k < length; k++) list.push(indices[k]!, counts[k]!);
  return list;
}

/**
 * The sets of a win's best reading, written again from where the search left them: the melds in their
 * order, then the sets formed in hand (a standard reading's honours, then suit by suit from the table).
 */
function decompositionOf(
  hand: WinningHand,
  shapeIndex: number,
  at0: number,
  at1: number,
  at2: number,
): Decomposition | null {
  const shape = SHAPES[shapeIndex]!;
  if (shape === 'none') return null;
  const { melds, winningTile, concealed } = hand;
  const held = (t: Tile): number => concealed[t]! + (t === winningTile ? 1 : 0);
  const codes = melds.map(meldCode);
  if (shape === 'standard') {
    for (let t = 27; t < 34; t++) {
      const n = held(t);
      if (n === 3) codes.push(concealedCode(KIND_PUNG, t));
      else if (n === 2) codes.push(concealedCode(KIND_PAIR, t));
    }
    const offsets = [at0, at1, at2];
    for (let suit = 0; suit < 3; suit++) {
      if (offsets[suit] !== 0) writeSuitArrangement(codes, codes.length, suit, offsets[suit]!);
    }
  } else if (shape === 'seven-pairs') {
    for (let t = 0; t < 34; t++) if (held(t) === 2) codes.push(concealedCode(KIND_PAIR, t));
  } else {
    for (const t of ORPHANS) codes.push(concealedCode(held(t) === 2 ? KIND_PAIR : KIND_SINGLE, t));
  }
  return {
    shape,
    sets: codes.map(setOfCode),
    winningSet: winningSetOf(codes, melds.length, winningTile, hand.situation.winType !== 'self-draw'),
  };
}

/**
 * The set the winning tile completed. Where it could have completed a pung or another set, the other is
 * chosen: a pung completed by another player's tile would not count as concealed (HandFacts reads it so).
 */
function winningSetOf(
  codes: readonly number[],
  firstInHand: number,
  tile: Tile,
  onOthersTile: boolean,
): number {
  let pung = -1;
  for (let i = firstInHand; i < codes.length; i++) {
    const code = codes[i]!;
    if (!setContains(code, tile)) continue;
    if (!onOthersTile || codeKind(code) !== KIND_PUNG) return i;
    pung = i;
  }
  return pung;
}
