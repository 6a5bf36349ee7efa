// Scores a winning hand against a pattern table: the best of every decomposition (seed 003: "the best
// decomposition is the highest-scoring one"), or the reason the tiles are no win. This is the engine's hot
// path (a tournament's recomputation scores every hand again), so it reuses its scratch and allocates only
// the answer.
import {
  concealedCode,
  concealedSizeFor,
  type Decomposition,
  forEachStandardArrangement,
  isSevenPairs,
  isThirteenOrphans,
  KIND_PAIR,
  KIND_SINGLE,
  type Meld,
  meldCode,
  type Shape,
  setContains,
  setOfCode,
} from '../../hand/index.ts';
import { formatCounts, ORPHANS, type Tile, tileName } from '../../tiles/index.ts';
import { HandFacts, type WinSituation } from './facts.ts';
import {
  type CompiledTable,
  compileTable,
  type PatternScore,
  type PatternTable,
  patternScoreOf,
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

// Scratch shared by every call (scoring is synchronous, so never re-entered). Module-level functions
// rather than closures: a closure made per hand costs more than the scoring itself.
const facts = new HandFacts();
const counts = new Uint8Array(34);
const held = new Uint8Array(34);
const search = {
  table: undefined as PatternTable | undefined,
  compiled: undefined as CompiledTable | undefined,
  declared: [] as number[],
  tally: new Int32Array(64),
  bestTally: new Int32Array(64),
  bestPoints: -1,
  bestShape: 'none' as Shape | 'none',
  /** The sets of the best decomposition so far (melds first), bestLength of them. */
  bestCodes: new Int32Array(18),
  bestLength: 0,
  complete: false,
};

function consider(shape: Shape | 'none', inHand: ArrayLike<number>, length: number): void {
  const { declared, tally } = search;
  if (shape !== 'none') search.complete = true;
  facts.startDecomposition(shape);
  for (let i = 0; i < declared.length; i++) facts.addSet(declared[i]!, false);
  for (let i = 0; i < length; i++) facts.addSet(inHand[i]!, true);
  facts.endDecomposition();
  const points = tallyPatterns(search.compiled!, facts, tally);
  if (points <= search.bestPoints) return;
  search.bestPoints = points;
  search.bestShape = shape;
  // Keep this tally by swapping buffers: the next decomposition counts into the other one.
  search.tally = search.bestTally;
  search.bestTally = tally;
  const best = search.bestCodes;
  for (let i = 0; i < declared.length; i++) best[i] = declared[i]!;
  for (let i = 0; i < length; i++) best[declared.length + i] = inHand[i]!;
  search.bestLength = declared.length + length;
}

function considerStandard(codes: Int32Array, length: number): void {
  consider('standard', codes, length);
}

export function scoreHand(table: PatternTable, hand: WinningHand): HandScore {
  if (search.table !== table) {
    search.table = table;
    search.compiled = compileTable(table);
    search.tally = new Int32Array(table.patterns.length);
    search.bestTally = new Int32Array(table.patterns.length);
  }
  let size = 0;
  let crowded = -1;
  const concealed = hand.concealed;
  for (let t = 0; t < 34; t++) {
    const n = concealed[t]!;
    counts[t] = n;
    held[t] = n;
    size += n;
    if (n > 4) crowded = t;
  }
  const before = concealedSizeFor(hand.melds.length) - 1;
  if (size !== before) {
    return notAWin(
      'tile-count',
      `${size} concealed tiles beside ${hand.melds.length} meld(s): a winning hand holds ${before} before the winning tile`,
    );
  }
  // A flower as the winning tile is the eighth flower: only Eight Immortals can win on it.
  const winOnFlower = hand.winningTile >= 34;
  if (!winOnFlower) {
    counts[hand.winningTile]!++;
    if (++held[hand.winningTile]! > 4) crowded = hand.winningTile;
  }
  const declared: number[] = [];
  for (const meld of hand.melds) {
    declared.push(meldCode(meld));
    const { tile } = meld;
    if (meld.kind === 'chow') {
      for (let t = tile; t < tile + 3; t++) if (++held[t]! > 4) crowded = t;
    } else if ((held[tile]! += meld.kind === 'kong' ? 4 : 3) > 4) crowded = tile;
  }
  if (crowded >= 0) {
    return notAWin('too-many-of-a-tile', `${held[crowded]} of ${tileName(crowded)}: there are only four`);
  }

  facts.startHand(counts, declared, hand.winningTile, hand.situation);
  search.declared = declared;
  search.bestPoints = -1;
  search.bestShape = 'none';
  search.complete = false;
  if (!winOnFlower) {
    forEachStandardArrangement(counts, considerStandard);
    if (declared.length === 0 && isSevenPairs(counts)) {
      const pairs: number[] = [];
      for (let t = 0; t < 34; t++) if (counts[t] === 2) pairs.push(concealedCode(KIND_PAIR, t));
      consider('seven-pairs', pairs, pairs.length);
    }
    if (declared.length === 0 && isThirteenOrphans(counts)) {
      const orphans = ORPHANS.map((t) => concealedCode(counts[t] === 2 ? KIND_PAIR : KIND_SINGLE, t));
      consider('thirteen-orphans', orphans, orphans.length);
    }
  }
  // Eight Immortals wins on flowers alone, whatever the tiles in hand.
  if (search.bestPoints < 0 && hand.situation.flowers.length === 8) consider('none', [], 0);
  if (search.bestPoints < 0) {
    return search.complete
      ? notAWin('no-pattern', 'the hand shows no pattern, and a hand with no observable pattern may not win')
      : notAWin('no-complete-shape', `${formatCounts(counts)} is no complete hand`);
  }
  const codes: number[] = [];
  for (let i = 0; i < search.bestLength; i++) codes.push(search.bestCodes[i]!);
  return new WinningScore(table, search.bestPoints, search.bestShape, codes, declared.length, hand);
}

/** Counts the patterns of one known decomposition again: cheaper than keeping every hand's tally. */
function tallyOf(
  table: PatternTable,
  shape: Shape | 'none',
  codes: readonly number[],
  meldCount: number,
  hand: WinningHand,
) {
  for (let t = 0; t < 34; t++) counts[t] = hand.concealed[t]!;
  if (hand.winningTile < 34) counts[hand.winningTile]!++;
  facts.startHand(counts, codes.slice(0, meldCount), hand.winningTile, hand.situation);
  facts.startDecomposition(shape);
  for (let i = 0; i < codes.length; i++) facts.addSet(codes[i]!, i >= meldCount);
  facts.endDecomposition();
  const tally = new Int32Array(table.patterns.length);
  tallyPatterns(compileTable(table), facts, tally);
  return tally;
}

/**
 * A win: its points at once, the patterns and the decomposition on first read (a recomputation of a whole
 * tournament needs only the points). The hand must not change until they are read.
 */
class WinningScore {
  readonly win = true;
  readonly eligible = true;
  private patternScore: PatternScore | undefined;
  private decompositionRead: Decomposition | null | undefined;

  constructor(
    private readonly table: PatternTable,
    readonly points: number,
    private readonly shape: Shape | 'none',
    private readonly codes: readonly number[],
    private readonly meldCount: number,
    private readonly hand: WinningHand,
  ) {}

  private get score(): PatternScore {
    this.patternScore ??= patternScoreOf(
      this.table,
      tallyOf(this.table, this.shape, this.codes, this.meldCount, this.hand),
    );
    return this.patternScore;
  }

  get patterns(): PatternScore['patterns'] {
    return this.score.patterns;
  }

  get capped(): boolean {
    return this.score.capped;
  }

  get decomposition(): Decomposition | null {
    if (this.decompositionRead === undefined) {
      const { shape, codes, hand } = this;
      this.decompositionRead =
        shape === 'none'
          ? null
          : {
              shape,
              sets: codes.map(setOfCode),
              winningSet: winningSetOf(
                codes,
                this.meldCount,
                hand.winningTile,
                hand.situation.winType !== 'self-draw',
              ),
            };
    }
    return this.decompositionRead;
  }

  toJSON(): object {
    const { win, eligible, points, patterns, capped, decomposition } = this;
    return { win, eligible, points, patterns, capped, decomposition };
  }
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
    if (!onOthersTile || setOfCode(code).kind !== 'pung') return i;
    pung = i;
  }
  return pung;
}
