// Waits of a ready hand: the tile kinds that would complete it. A kind the player already holds all four
// of (in hand or in melds) is no wait: no fifth tile exists.
import { ORPHANS, type Tile } from '../tiles/index.ts';
import { concealedSizeFor } from './complete.ts';
import { addMeldTiles, type Meld } from './meld.ts';
import { isSuitKey, POW5 } from './suit-table.ts';

/** Waits of concealed tiles (one short of complete) beside declared melds, in tile order. */
export function waits(concealed: ArrayLike<number>, melds: readonly Meld[] = []): Tile[] {
  let size = 0;
  for (let t = 0; t < 34; t++) size += concealed[t]!;
  if (size !== concealedSizeFor(melds.length) - 1) return [];
  const held = Uint8Array.from({ length: 34 }, (_, t) => concealed[t]!);
  addMeldTiles(held, melds);

  const found = new Uint8Array(34);
  standardWaits(concealed, found);
  if (melds.length === 0) {
    sevenPairsWait(concealed, found);
    thirteenOrphansWaits(concealed, found);
  }
  const result: Tile[] = [];
  for (let t = 0; t < 34; t++) if (found[t] && held[t]! < 4) result.push(t);
  return result;
}

// One short of "sets and a pair": only the group (a suit, or the honours) that receives the tile changes,
// so each group's own verdict is computed once and each candidate costs one table read.
function standardWaits(counts: ArrayLike<number>, found: Uint8Array): void {
  const keys = [0, 0, 0];
  const sizes = [0, 0, 0, 0];
  const whole = [true, true, true, true];
  for (let suit = 0; suit < 3; suit++) {
    let key = 0;
    for (let r = 0; r < 9; r++) {
      const n = counts[suit * 9 + r]!;
      key += n * POW5[r]!;
      sizes[suit]! += n;
    }
    keys[suit] = key;
    whole[suit] = key === 0 || isSuitKey(key);
  }
  let honorPairs = 0;
  for (let t = 27; t < 34; t++) {
    const n = counts[t]!;
    sizes[3]! += n;
    if (n === 1 || n === 4) whole[3] = false;
    if (n === 2) honorPairs++;
  }
  if (honorPairs > 1) whole[3] = false;
  const pairOf = (size: number): number => (size % 3 === 2 ? 1 : 0);

  for (let group = 0; group < 4; group++) {
    let othersPairs = 0;
    let othersWhole = true;
    for (let g = 0; g < 4; g++) {
      if (g === group) continue;
      if (!whole[g] || sizes[g]! % 3 === 1) othersWhole = false;
      othersPairs += pairOf(sizes[g]!);
    }
    if (!othersWhole) continue;
    const pairsNeeded = 1 - othersPairs;
    if (pairsNeeded < 0) continue;
    const grownSize = sizes[group]! + 1;
    if (pairOf(grownSize) !== pairsNeeded || grownSize % 3 === 1) continue;
    if (group < 3) {
      for (let r = 0; r < 9; r++) {
        if (counts[group * 9 + r]! >= 4) continue;
        if (isSuitKey(keys[group]! + POW5[r]!)) found[group * 9 + r] = 1;
      }
    } else {
      honorWaits(counts, found);
    }
  }
}

// Honours only make pungs and one pair: adding one tile must leave every count at 0, 2 or 3 with at most one 2.
function honorWaits(counts: ArrayLike<number>, found: Uint8Array): void {
  for (let t = 27; t < 34; t++) {
    let pairs = 0;
    let ok = true;
    for (let u = 27; u < 34; u++) {
      const n = counts[u]! + (u === t ? 1 : 0);
      if (n === 2) pairs++;
      else if (n === 1 || n === 4) ok = false;
    }
    if (ok && pairs <= 1) found[t] = 1;
  }
}

function sevenPairsWait(counts: ArrayLike<number>, found: Uint8Array): void {
  let pairs = 0;
  let single = -1;
  for (let t = 0; t < 34; t++) {
    const n = counts[t]!;
    if (n === 2) pairs++;
    else if (n === 1 && single === -1) single = t;
    else if (n !== 0) return;
  }
  if (pairs === 6 && single >= 0) found[single] = 1;
}

function thirteenOrphansWaits(counts: ArrayLike<number>, found: Uint8Array): void {
  let kinds = 0;
  let pairs = 0;
  let missing = -1;
  let total = 0;
  for (const t of ORPHANS) {
    const n = counts[t]!;
    total += n;
    if (n === 0) missing = t;
    else kinds++;
    if (n === 2) pairs++;
    if (n > 2) return;
  }
  if (total !== 13) return;
  if (kinds === 13) for (const t of ORPHANS) found[t] = 1;
  else if (kinds === 12 && pairs === 1) found[missing] = 1;
}
