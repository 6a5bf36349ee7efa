// Repeat avoidance for a random round (DESIGN.md "The domain", tournament seating): a tabu search on the
// cost of seating pairs together again, as local search solves the social golfer problem.
import type { CompiledHistory } from './history.ts';
import type { Draw } from './random.ts';

/** Tabu steps per player at most; the search also ends at no repeats, or when it stops improving. */
export const REPEAT_STEPS_PER_PLAYER = 300;
/** Steps per player without a better seating after which the search gives up. */
const STALE_STEPS_PER_PLAYER = 60;
/** Players who meet someone again whose swaps a step weighs, at most. */
const PLAYERS_PER_STEP = 8;
/** Steps a player stays away from a table they left, plus up to as many again (seeded). */
const TABU_TENURE = 4;

/**
 * Improves `members` (tables of player indices) in place. Each step weighs up to PLAYERS_PER_STEP seeded
 * players who meet someone again, and makes the best swap of one of them with anyone at another table (ties
 * to a seeded one), even a swap that costs more, so that the search climbs out of local minima; a swap that
 * sends a player back to a table they left in the last few steps is barred unless it gives the best seating
 * yet. The best seating seen is kept.
 */
export function avoidRepeats(members: number[][], history: CompiledHistory, n: number, draw: Draw): void {
  const tables = members.length;
  if (tables < 2) return;
  const { pairCost } = history;
  const tableOf = new Int32Array(n);
  members.forEach((at, t) => {
    for (const p of at) tableOf[p] = t;
  });
  // toward[p × tables + t]: what player p pays to sit with table t's players (themselves included, at 0).
  const toward = new Int32Array(n * tables);
  for (let p = 0; p < n; p++)
    for (let q = 0; q < n; q++) toward[p * tables + tableOf[q]!]! += pairCost[p * n + q]!;
  let cost = 0;
  for (let p = 0; p < n; p++) cost += toward[p * tables + tableOf[p]!]!;
  cost /= 2;
  let best = cost;
  let bestSeating = members.map((at) => [...at]);
  let lastBetter = 0;
  const tabuUntil = new Int32Array(n * tables);
  const conflicted: number[] = [];
  for (let step = 0; step < REPEAT_STEPS_PER_PLAYER * n && best > 0; step++) {
    if (step - lastBetter > STALE_STEPS_PER_PLAYER * n) break;
    let chosenA = -1;
    let chosenB = -1;
    let chosenDelta = Number.POSITIVE_INFINITY;
    let ties = 0;
    conflicted.length = 0;
    for (let p = 0; p < n; p++) if (toward[p * tables + tableOf[p]!]! > 0) conflicted.push(p);
    // A seeded few of them when many meet again, so that a step costs O(players), not O(players²).
    const tried = Math.min(conflicted.length, PLAYERS_PER_STEP);
    for (let k = 0; k < tried; k++) {
      const pick = k + draw.below(conflicted.length - k);
      const a = conflicted[pick]!;
      conflicted[pick] = conflicted[k]!;
      conflicted[k] = a;
      const ta = tableOf[a]!;
      for (let b = 0; b < n; b++) {
        const tb = tableOf[b]!;
        if (tb === ta) continue;
        const delta =
          toward[b * tables + ta]! -
          toward[a * tables + ta]! +
          toward[a * tables + tb]! -
          toward[b * tables + tb]! -
          2 * pairCost[a * n + b]!;
        const tabu = tabuUntil[a * tables + tb]! > step || tabuUntil[b * tables + ta]! > step;
        if (tabu && cost + delta >= best) continue;
        if (delta < chosenDelta) {
          chosenA = a;
          chosenB = b;
          chosenDelta = delta;
          ties = 1;
        } else if (delta === chosenDelta && draw.below(++ties) === 0) {
          chosenA = a;
          chosenB = b;
        }
      }
    }
    if (chosenA < 0) continue;
    const a = chosenA;
    const b = chosenB;
    const ta = tableOf[a]!;
    const tb = tableOf[b]!;
    const at = members[ta]!;
    const bt = members[tb]!;
    at[at.indexOf(a)] = b;
    bt[bt.indexOf(b)] = a;
    for (let p = 0; p < n; p++) {
      toward[p * tables + ta]! += pairCost[p * n + b]! - pairCost[p * n + a]!;
      toward[p * tables + tb]! += pairCost[p * n + a]! - pairCost[p * n + b]!;
    }
    tableOf[a] = tb;
    tableOf[b] = ta;
    tabuUntil[a * tables + ta] = step + TABU_TENURE + draw.below(TABU_TENURE);
    tabuUntil[b * tables + tb] = step + TABU_TENURE + draw.below(TABU_TENURE);
    cost += chosenDelta;
    if (cost < best) {
      best = cost;
      bestSeating = members.map((seated) => [...seated]);
      lastBetter = step;
    }
  }
  bestSeating.forEach((at, t) => {
    members[t] = at;
  });
}
