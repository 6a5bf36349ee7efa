// Test oracle for domain/hand/shanten.ts: standard-shape shanten by plain search over the whole hand, no
// tables. Each candidate pair (or none) is taken out first, then every split of the rest into sets,
// partial sets and lone tiles is tried, scoring 8 - 2 sets - partials - pair with sets + partials <= 4.
export function recursiveStandardShanten(counts: ArrayLike<number>, meldCount = 0): number {
  const held = Array.from({ length: 34 }, (_, t) => counts[t]!);
  let best = 8;

  const search = (from: number, sets: number, partials: number, pair: number): void => {
    let t = from;
    while (t < 34 && held[t] === 0) t++;
    if (t === 34) {
      best = Math.min(best, 8 - 2 * sets - Math.min(partials, 4 - sets) - pair);
      return;
    }
    const suited = t < 27;
    const rank = t % 9;
    // The lowest tile left belongs to a block that starts at it, or stays alone.
    if (held[t]! >= 3) {
      held[t]! -= 3;
      search(t, sets + 1, partials, pair);
      held[t]! += 3;
    }
    if (suited && rank <= 6 && held[t + 1]! > 0 && held[t + 2]! > 0) {
      held[t]!--;
      held[t + 1]!--;
      held[t + 2]!--;
      search(t, sets + 1, partials, pair);
      held[t]!++;
      held[t + 1]!++;
      held[t + 2]!++;
    }
    if (held[t]! >= 2) {
      held[t]! -= 2;
      search(t, sets, partials + 1, pair);
      held[t]! += 2;
    }
    for (const step of [1, 2]) {
      if (suited && rank + step <= 8 && held[t + step]! > 0) {
        held[t]!--;
        held[t + step]!--;
        search(t, sets, partials + 1, pair);
        held[t]!++;
        held[t + step]!++;
      }
    }
    held[t]!--;
    search(t, sets, partials, pair);
    held[t]!++;
  };

  search(0, meldCount, 0, 0);
  for (let t = 0; t < 34; t++) {
    if (held[t]! < 2) continue;
    held[t]! -= 2;
    search(0, meldCount, 0, 1);
    held[t]! += 2;
  }
  return best;
}
