// Scores a winning hand against a pattern table: the best of every decomposition (seed 003: "the best
// decomposition is the highest-scoring one"), with the reason when the tiles are no win.
import {
  codeKind,
  concealedCode,
  concealedSizeFor,
  type Decomposition,
  isSevenPairs,
  isThirteenOrphans,
  KIND_PAIR,
  KIND_PUNG,
  KIND_SINGLE,
  type Meld,
  meldCode,
  meldTiles,
  type Shape,
  setContains,
  setOfCode,
  standardArrangements,
} from '../../hand/index.ts';
import { formatTiles, ORPHANS, type Tile, tileName } from '../../tiles/index.ts';
import { handFactsOf, tileFactsOf, type WinSituation } from './facts.ts';
import { type PatternScore, type PatternTable, resolvePatterns, supersessionClosure } from './pattern.ts';

export interface WinningHand {
  /** Counts of the 34 kinds held concealed, without the winning tile. */
  readonly concealed: ArrayLike<number>;
  readonly melds: readonly Meld[];
  readonly winningTile: Tile;
  readonly situation: WinSituation;
}

export type NotAWinReason = 'tile-count' | 'too-many-of-a-tile' | 'no-complete-shape' | 'no-pattern';

export type HandScore =
  | ({ readonly win: true; readonly decomposition: Decomposition | null } & PatternScore)
  | { readonly win: false; readonly reason: NotAWinReason; readonly message: string };

const closures = new WeakMap<PatternTable, number[][]>();
function closureOf(table: PatternTable): number[][] {
  let closure = closures.get(table);
  if (!closure) {
    closure = supersessionClosure(table.patterns);
    closures.set(table, closure);
  }
  return closure;
}

function notAWin(reason: NotAWinReason, message: string): HandScore {
  return { win: false, reason, message };
}

export function scoreHand(table: PatternTable, hand: WinningHand): HandScore {
  const closure = closureOf(table);
  const counts = new Uint8Array(34);
  let size = 0;
  for (let t = 0; t < 34; t++) {
    counts[t] = hand.concealed[t]!;
    size += counts[t]!;
  }
  // A flower as the winning tile is the eighth flower: only Eight Immortals can win on it.
  const winOnFlower = hand.winningTile >= 34;
  const before = concealedSizeFor(hand.melds.length) - 1;
  if (size !== before) {
    return notAWin(
      'tile-count',
      `${size} concealed tiles beside ${hand.melds.length} meld(s): a winning hand holds ${before} before the winning tile`,
    );
  }
  if (!winOnFlower) counts[hand.winningTile]!++;
  const held = new Uint8Array(counts);
  for (const meld of hand.melds) for (const t of meldTiles(meld)) held[t]!++;
  for (let t = 0; t < 34; t++) {
    if (held[t]! > 4)
      return notAWin('too-many-of-a-tile', `${held[t]} of ${tileName(t)}: there are only four`);
  }

  const declared = hand.melds.map(meldCode);
  const tileFacts = tileFactsOf(counts, declared);
  let best: HandScore | undefined;
  const consider = (shape: Shape | 'none', inHand: readonly number[]): void => {
    const codes = declared.concat(inHand);
    const winningSet = winningSetOf(
      codes,
      declared.length,
      hand.winningTile,
      hand.situation.winType !== 'self-draw',
    );
    const score = resolvePatterns(
      table,
      closure,
      handFactsOf(tileFacts, hand.situation, shape, codes, winningSet),
    );
    if (!score.eligible) return;
    if (best?.win && best.points >= score.points) return;
    const decomposition = shape === 'none' ? null : { shape, sets: codes.map(setOfCode), winningSet };
    best = { win: true, decomposition, ...score };
  };
  let complete = false;
  if (!winOnFlower) {
    for (const arrangement of standardArrangements(counts)) {
      complete = true;
      consider('standard', arrangement);
    }
    if (hand.melds.length === 0 && isSevenPairs(counts)) {
      complete = true;
      const pairs: number[] = [];
      for (let t = 0; t < 34; t++) if (counts[t] === 2) pairs.push(concealedCode(KIND_PAIR, t));
      consider('seven-pairs', pairs);
    }
    if (hand.melds.length === 0 && isThirteenOrphans(counts)) {
      complete = true;
      consider(
        'thirteen-orphans',
        ORPHANS.map((t) => concealedCode(counts[t] === 2 ? KIND_PAIR : KIND_SINGLE, t)),
      );
    }
  }
  // Eight Immortals wins on flowers alone, whatever the tiles in hand.
  if (!best && hand.situation.flowers.length === 8) consider('none', []);
  if (best) return best;
  if (!complete) {
    return notAWin('no-complete-shape', `${formatTiles(tilesOf(counts))} is no complete hand`);
  }
  return notAWin(
    'no-pattern',
    'the hand shows no pattern, and a hand with no observable pattern may not win',
  );
}

/**
 * The set the winning tile completed. Where it could have completed a pung or another set, the other is
 * chosen: a pung completed by another player's tile would not count as concealed, so this is the best reading.
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

function tilesOf(counts: ArrayLike<number>): Tile[] {
  const tiles: Tile[] = [];
  for (let t = 0; t < 34; t++) for (let n = counts[t]!; n > 0; n--) tiles.push(t);
  return tiles;
}
