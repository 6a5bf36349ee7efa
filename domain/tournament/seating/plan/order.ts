// Orders a plan's rounds and numbers its tables (DESIGN.md "The domain", tournament seating): neither changes
// who meets whom, so both are free to spend on what players notice — meeting someone again straight away,
// and sitting at the same table number again.

/** A round as the planner holds it: each table's registered players (indices), and its seats. */
export interface OrderedTable {
  readonly members: readonly number[];
  readonly size: number;
}

/**
 * The rounds reordered so that as few pairs as possible meet in two rounds in a row (the last round before the
 * plan counted in front): a nearest-neighbour walk, then reversals of stretches while one helps. Ties keep
 * the planner's order.
 */
export function orderRounds(
  rounds: readonly (readonly OrderedTable[])[],
  players: number,
  lastBefore: readonly (readonly number[])[] | undefined,
): number[] {
  const count = rounds.length;
  const pairs = rounds.map((round) =>
    pairSet(
      round.map((t) => t.members),
      players,
    ),
  );
  const before = lastBefore === undefined ? new Set<number>() : pairSet(lastBefore, players);
  const shared = (a: Set<number>, b: Set<number>) => {
    let n = 0;
    for (const k of a) if (b.has(k)) n++;
    return n;
  };
  const between = rounds.map((_, i) => rounds.map((__, j) => (i === j ? 0 : shared(pairs[i]!, pairs[j]!))));
  const first = pairs.map((p) => shared(p, before));
  const cost = (order: readonly number[]) =>
    order.reduce((sum, r, i) => sum + (i === 0 ? first[r]! : between[order[i - 1]!]![r]!), 0);
  if (cost(rounds.map((_, i) => i)) === 0) return rounds.map((_, i) => i);
  const order: number[] = [];
  const left = new Set(rounds.map((_, i) => i));
  while (left.size > 0) {
    let pick = -1;
    let pickCost = Number.POSITIVE_INFINITY;
    for (const r of left) {
      const c = order.length === 0 ? first[r]! : between[order[order.length - 1]!]![r]!;
      if (c < pickCost) {
        pick = r;
        pickCost = c;
      }
    }
    order.push(pick);
    left.delete(pick);
  }
  for (let improved = true; improved; ) {
    improved = false;
    for (let i = 0; i < count && !improved; i++)
      for (let j = i + 1; j < count && !improved; j++) {
        const trial = [...order.slice(0, i), ...order.slice(i, j + 1).reverse(), ...order.slice(j + 1)];
        if (cost(trial) < cost(order)) {
          order.splice(0, count, ...trial);
          improved = true;
        }
      }
  }
  return order;
}

function pairSet(tables: readonly (readonly number[])[], players: number): Set<number> {
  const out = new Set<number>();
  for (const members of tables)
    for (let i = 0; i < members.length; i++)
      for (let j = i + 1; j < members.length; j++) {
        const a = Math.min(members[i]!, members[j]!);
        const b = Math.max(members[i]!, members[j]!);
        out.add(a * players + b);
      }
  return out;
}

/**
 * Each round's tables in the order they are numbered: tables seating more players first, then those with
 * fewer substitutes (as a single round places them: the last tables take the substitutes), and within each
 * kind the numbering that sends fewest players back to a table number they sat at before (`visited`, round
 * by round, the rounds before the plan first): swaps between tables of a kind while one helps.
 */
export function numberTables(
  rounds: readonly (readonly OrderedTable[])[],
  players: number,
  visited: readonly (readonly (readonly number[])[])[],
): number[][] {
  const tableCount = Math.max(1, ...rounds.map((r) => r.length), ...visited.map((r) => r.length));
  // seen[p × tableCount + k]: times p sat at table number k + 1.
  const seen = new Int32Array(players * tableCount);
  for (const round of visited)
    round.forEach((members, k) => {
      for (const p of members) if (p < players) seen[p * tableCount + k]! += 1;
    });
  return rounds.map((round) => {
    const kind = (t: OrderedTable) => t.size * 8 + t.members.length;
    const order = round
      .map((_, i) => i)
      .sort((a, b) => {
        const ta = round[a]!;
        const tb = round[b]!;
        return tb.size - ta.size || tb.members.length - ta.members.length || a - b;
      });
    const cost = (table: OrderedTable, k: number) => {
      let c = 0;
      for (const p of table.members) c += seen[p * tableCount + k]!;
      return c;
    };
    // Swap tables of the same kind between numbers while it lowers the revisits.
    for (let improved = true; improved; ) {
      improved = false;
      for (let i = 0; i < order.length; i++)
        for (let j = i + 1; j < order.length; j++) {
          const a = round[order[i]!]!;
          const b = round[order[j]!]!;
          if (kind(a) !== kind(b)) continue;
          if (cost(a, j) + cost(b, i) < cost(a, i) + cost(b, j)) {
            const held = order[i]!;
            order[i] = order[j]!;
            order[j] = held;
            improved = true;
          }
        }
    }
    order.forEach((t, k) => {
      for (const p of round[t]!.members) seen[p * tableCount + k]! += 1;
    });
    return order;
  });
}
