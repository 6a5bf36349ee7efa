// The whole-plan search (DESIGN.md "The domain", tournament seating): a tabu search over every round of the
// plan at once, as Dotú and Van Hentenryck solve the social golfer problem ("Scheduling social golfers
// locally", CPAIOR 2005). The cost is the repeat count (each meeting of a pair after its first); a move swaps
// two players of one round at different tables, one of them meeting someone again in that round.
import type { Draw } from '../random.ts';

/** The shape every round of a plan shares: table sizes, and how many of its seats are left to substitutes. */
export interface PlanShape {
  /** Registered players: indices 0 … players − 1. Indices from `players` up are substitutes' seats. */
  readonly players: number;
  /** Seats per table, each round alike. */
  readonly sizes: readonly number[];
  /** Meetings of each pair before the plan (players × players, both ways), or none. */
  readonly before?: Int32Array;
}

export interface SearchBounds {
  /** Swaps weighed in all, at most: the search's whole budget, counted, never timed. */
  readonly evaluations: number;
  /** Steps at most (a small plan weighs few swaps a step). */
  readonly steps: number;
  /** Steps without a better plan after which the best is taken up again and shaken. */
  readonly staleSteps: number;
  /** The search stops once the repeats are down to this (a lower bound, or 0). */
  readonly target: number;
}

/** Random swaps that shake the best plan when the search is stuck. */
const SHAKE_SWAPS = 4;
/** Steps a player stays away from a table they left in that round, plus up to as many again (seeded). */
const TABU_TENURE = 4;

/**
 * Improves `rounds` (each round the players at each seat, table after table, substitutes' seats holding indices
 * from `shape.players` up) and answers the best plan found and its repeat count. Substitutes never count, and a
 * table holds at most one more substitute than any other (so they stay spread as a single round spreads them).
 */
export function searchPlan(
  shape: PlanShape,
  rounds: readonly (readonly number[])[],
  draw: Draw,
  bounds: SearchBounds,
): { rounds: number[][]; repeats: number } {
  const n = shape.players;
  const sizes = shape.sizes;
  const tables = sizes.length;
  const seats = sizes.reduce((a, b) => a + b, 0);
  const count = rounds.length;
  const start = new Int32Array(tables + 1);
  for (let t = 0; t < tables; t++) start[t + 1] = start[t]! + sizes[t]!;
  const tableAt = new Int32Array(seats);
  for (let t = 0; t < tables; t++) for (let s = start[t]!; s < start[t + 1]!; s++) tableAt[s] = t;
  const substitutes = seats - n;
  const mostSubstitutes = Math.ceil(substitutes / tables);

  // slot[w × seats + s]: who sits at seat s of round w; place[w × seats + p]: the seat of p in round w.
  const slot = new Int32Array(count * seats);
  const place = new Int32Array(count * seats);
  rounds.forEach((round, w) => {
    round.forEach((p, s) => {
      slot[w * seats + s] = p;
      place[w * seats + p] = s;
    });
  });
  const subsAt = new Int32Array(count * tables);
  for (let w = 0; w < count; w++)
    for (let s = 0; s < seats; s++) if (slot[w * seats + s]! >= n) subsAt[w * tables + tableAt[s]!]! += 1;

  const meet = new Int32Array(n * n);
  if (shape.before !== undefined) meet.set(shape.before);
  for (let w = 0; w < count; w++)
    for (let t = 0; t < tables; t++)
      for (let i = start[t]!; i < start[t + 1]!; i++)
        for (let j = i + 1; j < start[t + 1]!; j++) {
          const a = slot[w * seats + i]!;
          const b = slot[w * seats + j]!;
          if (a < n && b < n) {
            meet[a * n + b]! += 1;
            meet[b * n + a]! += 1;
          }
        }
  let cost = 0;
  for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) cost += Math.max(0, meet[a * n + b]! - 1);

  let best = cost;
  let bestSlot = slot.slice();
  let lastBetter = 0;
  let evaluations = 0;
  const tabuUntil = new Int32Array(count * seats * tables);
  const mark = new Int32Array(count * seats);
  const conflicted: number[] = [];

  // What moving p out of its table `from` and q out of `to` changes (p, q seated in round w).
  const deltaOf = (w: number, p: number, q: number, from: number, to: number): number => {
    let delta = 0;
    const base = w * seats;
    for (let s = start[from]!; s < start[from + 1]!; s++) {
      const a = slot[base + s]!;
      if (a === p || a >= n) continue;
      if (p < n && meet[p * n + a]! >= 2) delta--;
      if (q < n && meet[q * n + a]! >= 1) delta++;
    }
    for (let s = start[to]!; s < start[to + 1]!; s++) {
      const b = slot[base + s]!;
      if (b === q || b >= n) continue;
      if (q < n && meet[q * n + b]! >= 2) delta--;
      if (p < n && meet[p * n + b]! >= 1) delta++;
    }
    return delta;
  };

  const meetAll = (w: number, p: number, table: number, by: number): void => {
    if (p >= n) return;
    for (let s = start[table]!; s < start[table + 1]!; s++) {
      const a = slot[w * seats + s]!;
      if (a === p || a >= n) continue;
      const before = meet[p * n + a]!;
      const after = before + by;
      meet[p * n + a] = after;
      meet[a * n + p] = after;
      cost += Math.max(0, after - 1) - Math.max(0, before - 1);
    }
  };

  const swap = (w: number, p: number, q: number): void => {
    const sp = place[w * seats + p]!;
    const sq = place[w * seats + q]!;
    const from = tableAt[sp]!;
    const to = tableAt[sq]!;
    meetAll(w, p, from, -1);
    meetAll(w, q, to, -1);
    slot[w * seats + sp] = q;
    slot[w * seats + sq] = p;
    place[w * seats + p] = sq;
    place[w * seats + q] = sp;
    meetAll(w, p, to, 1);
    meetAll(w, q, from, 1);
    if (p >= n) {
      subsAt[w * tables + from]! -= 1;
      subsAt[w * tables + to]! += 1;
    }
    if (q >= n) {
      subsAt[w * tables + to]! -= 1;
      subsAt[w * tables + from]! += 1;
    }
  };

  // A swap keeps substitutes spread: a table gets one only if it holds fewer than the most allowed.
  const spreadKept = (w: number, p: number, q: number, from: number, to: number): boolean => {
    const pSub = p >= n ? 1 : 0;
    const qSub = q >= n ? 1 : 0;
    if (pSub === qSub) return pSub === 0;
    return pSub === 1
      ? subsAt[w * tables + to]! + 1 <= mostSubstitutes
      : subsAt[w * tables + from]! + 1 <= mostSubstitutes;
  };

  const restore = (from: Int32Array): void => {
    slot.set(from);
    meet.fill(0);
    if (shape.before !== undefined) meet.set(shape.before);
    subsAt.fill(0);
    cost = 0;
    for (let w = 0; w < count; w++)
      for (let s = 0; s < seats; s++) {
        const p = slot[w * seats + s]!;
        place[w * seats + p] = s;
        if (p >= n) subsAt[w * tables + tableAt[s]!]! += 1;
      }
    for (let w = 0; w < count; w++)
      for (let t = 0; t < tables; t++)
        for (let i = start[t]!; i < start[t + 1]!; i++)
          for (let j = i + 1; j < start[t + 1]!; j++) {
            const a = slot[w * seats + i]!;
            const b = slot[w * seats + j]!;
            if (a < n && b < n) {
              meet[a * n + b]! += 1;
              meet[b * n + a]! += 1;
            }
          }
    for (let a = 0; a < n; a++) for (let b = a + 1; b < n; b++) cost += Math.max(0, meet[a * n + b]! - 1);
  };

  for (
    let step = 1;
    best > bounds.target && evaluations < bounds.evaluations && step <= bounds.steps && tables > 1;
    step++
  ) {
    if (step - lastBetter > bounds.staleSteps) {
      restore(bestSlot);
      tabuUntil.fill(0);
      for (let k = 0; k < SHAKE_SWAPS; k++) {
        const w = draw.below(count);
        const p = slot[w * seats + draw.below(seats)]!;
        const q = slot[w * seats + draw.below(seats)]!;
        const from = tableAt[place[w * seats + p]!]!;
        const to = tableAt[place[w * seats + q]!]!;
        if (from !== to && spreadKept(w, p, q, from, to)) swap(w, p, q);
      }
      lastBetter = step;
    }
    // Who meets someone again, round by round.
    conflicted.length = 0;
    for (let w = 0; w < count; w++)
      for (let t = 0; t < tables; t++)
        for (let i = start[t]!; i < start[t + 1]!; i++)
          for (let j = i + 1; j < start[t + 1]!; j++) {
            const a = slot[w * seats + i]!;
            const b = slot[w * seats + j]!;
            if (a >= n || b >= n || meet[a * n + b]! < 2) continue;
            for (const p of [a, b])
              if (mark[w * seats + p] !== step) {
                mark[w * seats + p] = step;
                conflicted.push(w * seats + p);
              }
          }
    let chosenW = -1;
    let chosenP = -1;
    let chosenQ = -1;
    let chosenDelta = Number.POSITIVE_INFINITY;
    let ties = 0;
    for (const key of conflicted) {
      const w = Math.floor(key / seats);
      const p = key - w * seats;
      const from = tableAt[place[key]!]!;
      for (let s = 0; s < seats; s++) {
        const to = tableAt[s]!;
        if (to === from) continue;
        const q = slot[w * seats + s]!;
        if (!spreadKept(w, p, q, from, to)) continue;
        evaluations++;
        const delta = deltaOf(w, p, q, from, to);
        const tabu =
          tabuUntil[(w * seats + p) * tables + to]! >= step ||
          tabuUntil[(w * seats + q) * tables + from]! >= step;
        if (tabu && cost + delta >= best) continue;
        if (delta < chosenDelta) {
          chosenW = w;
          chosenP = p;
          chosenQ = q;
          chosenDelta = delta;
          ties = 1;
        } else if (delta === chosenDelta && draw.below(++ties) === 0) {
          chosenW = w;
          chosenP = p;
          chosenQ = q;
        }
      }
    }
    if (chosenW < 0) {
      lastBetter = step - bounds.staleSteps - 1;
      continue;
    }
    const w = chosenW;
    const from = tableAt[place[w * seats + chosenP]!]!;
    const to = tableAt[place[w * seats + chosenQ]!]!;
    swap(w, chosenP, chosenQ);
    tabuUntil[(w * seats + chosenP) * tables + from] = step + TABU_TENURE + draw.below(TABU_TENURE);
    tabuUntil[(w * seats + chosenQ) * tables + to] = step + TABU_TENURE + draw.below(TABU_TENURE);
    if (cost < best) {
      best = cost;
      bestSlot = slot.slice();
      lastBetter = step;
    }
  }
  const out: number[][] = [];
  for (let w = 0; w < count; w++) out.push(Array.from(bestSlot.subarray(w * seats, (w + 1) * seats)));
  return { rounds: out, repeats: best };
}
