// Scores a winning hand against a pattern table: the best of every decomposition (seed 003: "the best
// decomposition is the highest-scoring one"), or the reason the tiles are no win. This is the engine's hot
// path (a tournament's recomputation scores every hand again): it reuses its scratch, allocates one object
// per hand, and works out the pattern list and the decomposition only when they are read.
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
  suitTable,
} from '../../hand/index.ts';
import { formatCounts, ORPHANS, type Tile, TileFlag, tileName } from '../../tiles/index.ts';
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

// Scratch shared by every call: scoring is synchronous and never re-entered.
const facts = new HandFacts();
const handScan = new HandScan();
const cursor = new ArrangementCursor();
/** The melds' set codes, declaredCount of them. */
const declared = new Int32Array(4);
let declaredCount = 0;
const search = {
  compiled: undefined as CompiledTable | undefined,
  tally: new Int32Array(64),
  bestTally: new Int32Array(64),
  bestPoints: -1,
  bestShape: 'none' as Shape | 'none',
  /** The sets of the best decomposition so far (melds first), bestLength of them. */
  bestCodes: new Int32Array(18),
  bestLength: 0,
  complete: false,
  /** Keep the best decomposition's sets and whole tally (for its details), not only its points. */
  recording: false,
};

export function scoreHand(table: PatternTable, hand: WinningHand): HandScore {
  const problem = searchBest(table, hand, false);
  if (problem !== undefined) return problem;
  return new WinningScore(table, hand, search.bestPoints);
}

/** Finds the best decomposition into `search`; answers why not when the tiles are no win. */
function searchBest(table: PatternTable, hand: WinningHand, recording: boolean): HandScore | undefined {
  search.recording = recording;
  const compiled = compileTable(table);
  if (search.compiled !== compiled) {
    search.compiled = compiled;
    search.tally = new Int32Array(table.patterns.length);
    search.bestTally = new Int32Array(table.patterns.length);
  }
  const { melds, winningTile } = hand;
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
  declaredCount = 0;
  for (const meld of melds) declared[declaredCount++] = meldCode(meld);
  const crowded = crowdedKind(scan, declared, declaredCount);
  if (crowded >= 0) {
    return notAWin('too-many-of-a-tile', `more than four of ${tileName(crowded)}: there are only four`);
  }

  facts.startHand(scan, declared, declaredCount, winningTile, hand.situation);
  search.bestPoints = -1;
  search.bestShape = 'none';
  search.bestLength = 0;
  search.complete = false;
  const { counts } = scan;
  if (!winOnFlower) {
    if (cursor.start(scan)) while (cursor.advance()) considerArrangement();
    if (melds.length === 0 && scan.exactPairs === 7 && scan.size === 14) {
      const pairs: number[] = [];
      for (let t = 0; t < 34; t++) if (counts[t] === 2) pairs.push(concealedCode(KIND_PAIR, t));
      consider('seven-pairs', pairs, pairs.length);
    }
    if (melds.length === 0 && (scan.allFlags & TileFlag.TerminalOrHonor) !== 0 && isThirteenOrphans(counts)) {
      const orphans = ORPHANS.map((t) => concealedCode(counts[t] === 2 ? KIND_PAIR : KIND_SINGLE, t));
      consider('thirteen-orphans', orphans, orphans.length);
    }
  }
  // Eight Immortals wins on flowers alone, whatever the tiles in hand.
  if (search.bestPoints < 0 && hand.situation.flowers.length === 8) consider('none', [], 0);
  if (search.bestPoints >= 0) return undefined;
  return search.complete
    ? notAWin('no-pattern', 'the hand shows no pattern, and a hand with no observable pattern may not win')
    : notAWin('no-complete-shape', `${formatCounts(counts)} is no complete hand`);
}

/**
 * The cursor's current standard arrangement: suits from their summaries, honours and melds set by set.
 * When recording, the sets are written out as well, to keep the best.
 */
function considerArrangement(): void {
  if (search.recording) {
    consider('standard', cursor.codes, cursor.writeCodes());
    return;
  }
  search.complete = true;
  facts.startDecomposition('standard');
  for (let i = 0; i < declaredCount; i++) facts.addSet(declared[i]!, false);
  for (let i = 0; i < cursor.fixedCount; i++) facts.addSet(cursor.codes[i]!, true);
  const { summaries } = suitTable();
  for (let w = 0; w < cursor.wheels; w++)
    facts.addArrangement(cursor.suitOf(w), summaries, cursor.arrangementOf(w));
  facts.endDecomposition();
  const points = tallyPatterns(search.compiled!, facts, search.tally, false);
  if (points > search.bestPoints) {
    search.bestPoints = points;
    search.bestShape = 'standard';
  }
}

function consider(shape: Shape | 'none', inHand: ArrayLike<number>, length: number): void {
  const { tally } = search;
  if (shape !== 'none') search.complete = true;
  facts.startDecomposition(shape);
  for (let i = 0; i < declaredCount; i++) facts.addSet(declared[i]!, false);
  for (let i = 0; i < length; i++) facts.addSet(inHand[i]!, true);
  facts.endDecomposition();
  const points = tallyPatterns(search.compiled!, facts, tally, search.recording);
  if (points <= search.bestPoints) return;
  search.bestPoints = points;
  search.bestShape = shape;
  if (!search.recording) return;
  // Keep this tally by swapping buffers: the next decomposition counts into the other one.
  search.tally = search.bestTally;
  search.bestTally = tally;
  const best = search.bestCodes;
  for (let i = 0; i < declaredCount; i++) best[i] = declared[i]!;
  for (let i = 0; i < length; i++) best[declaredCount + i] = inHand[i]!;
  search.bestLength = declaredCount + length;
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

/**
 * A win: its points at once; the patterns and the decomposition on first read, by searching the hand again
 * (a recomputation of a whole tournament needs only the points). The hand must not change until then.
 */
class WinningScore {
  readonly win = true;
  readonly eligible = true;
  private details: { score: PatternScore; decomposition: Decomposition | null } | undefined;

  constructor(
    private readonly table: PatternTable,
    private readonly hand: WinningHand,
    readonly points: number,
  ) {}

  private get detail(): { score: PatternScore; decomposition: Decomposition | null } {
    if (this.details === undefined) {
      searchBest(this.table, this.hand, true);
      const codes = Array.from(search.bestCodes.subarray(0, search.bestLength));
      const { hand } = this;
      const shape = search.bestShape;
      this.details = {
        score: patternScoreOf(this.table, search.bestTally),
        decomposition:
          shape === 'none'
            ? null
            : {
                shape,
                sets: codes.map(setOfCode),
                winningSet: winningSetOf(
                  codes,
                  hand.melds.length,
                  hand.winningTile,
                  hand.situation.winType !== 'self-draw',
                ),
              },
      };
    }
    return this.details;
  }

  get patterns(): PatternScore['patterns'] {
    return this.detail.score.patterns;
  }

  get capped(): boolean {
    return this.detail.score.capped;
  }

  get decomposition(): Decomposition | null {
    return this.detail.decomposition;
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
    if (!onOthersTile || codeKind(code) !== KIND_PUNG) return i;
    pung = i;
  }
  return pung;
}
