// Seat winds over a whole plan (DESIGN.md "The domain", tournament seating): each player at each wind as
// evenly as the plan's rounds allow, by colouring the edges of the player–table graph (König's theorem).
import type { Draw } from '../random.ts';
import { shuffled } from '../random.ts';

/** A table of a planned round: its registered players (indices) and its seats, substitutes filling the rest. */
export interface WindTable {
  readonly members: readonly number[];
  readonly size: number;
}

const WINDS = 4;

/**
 * The seat (0 = E … 3 = N) of each member of each table, round by round, table by table.
 *
 * Each player's tables are cut (in a seeded order) into runs of four, and each run is a node of a bipartite
 * graph whose other nodes are the tables; an edge is a player at a table. Both kinds of node have at most
 * four edges, so by König's theorem four colours colour the edges with no colour twice at a node: a table's
 * players get different seats, and a run of four tables holds each seat once. So a player over r rounds sits
 * each wind ⌊r / 4⌋ or ⌈r / 4⌉ times — over 8 rounds exactly twice — when every table seats 4.
 *
 * Tables of 3 (and 2) seat only E, S, W (E, S): a colour beyond is moved to a seat the table has free, then
 * tables are re-seated one at a time, each to the order that most evens out its players' winds, until none
 * improves.
 */
export function assignWinds(
  rounds: readonly (readonly WindTable[])[],
  players: number,
  draw: Draw,
): number[][][] {
  const tables = rounds.flat();
  const tableIndex: number[][] = [];
  let next = 0;
  for (const round of rounds) tableIndex.push(round.map(() => next++));
  // Edges: (run node, table node); a run is four of a player's tables.
  const visits: { table: number; slot: number }[][] = Array.from({ length: players }, () => []);
  rounds.forEach((round, r) => {
    round.forEach((table, t) => {
      table.members.forEach((p, slot) => {
        visits[p]!.push({ table: tableIndex[r]![t]!, slot });
      });
    });
  });
  const edgeRun: number[] = [];
  const edgeTable: number[] = [];
  const edgeOf = new Map<string, number>();
  let runs = 0;
  visits.forEach((seen) => {
    shuffled(seen, draw).forEach((visit, k) => {
      if (k % WINDS === 0) runs++;
      edgeOf.set(`${visit.table}:${visit.slot}`, edgeRun.length);
      edgeRun.push(runs - 1);
      edgeTable.push(visit.table);
    });
  });
  const colour = colourEdges(edgeRun, edgeTable, runs, tables.length, draw);
  const seats = rounds.map((round, r) =>
    round.map((table, t) =>
      table.members.map((_, slot) => colour[edgeOf.get(`${tableIndex[r]![t]}:${slot}`)!]!),
    ),
  );
  balanceSmallTables(rounds, seats, players);
  return seats;
}

/**
 * A proper colouring with WINDS colours of a bipartite multigraph whose nodes have at most WINDS edges: each
 * edge takes a colour free at both ends, after swapping two colours along an alternating path when none is.
 */
function colourEdges(
  edgeRun: readonly number[],
  edgeTable: readonly number[],
  runs: number,
  tables: number,
  draw: Draw,
): number[] {
  // at[node × WINDS + c]: the edge of colour c at that node, or −1; runs first, then tables.
  const at = new Int32Array((runs + tables) * WINDS).fill(-1);
  const colour = Array<number>(edgeRun.length).fill(-1);
  const ends = (e: number): [number, number] => [edgeRun[e]!, runs + edgeTable[e]!];
  const free = (node: number) => {
    const open: number[] = [];
    for (let c = 0; c < WINDS; c++) if (at[node * WINDS + c] === -1) open.push(c);
    return open;
  };
  for (const e of shuffled(
    edgeRun.map((_, i) => i),
    draw,
  )) {
    const [u, v] = ends(e);
    const atU = free(u);
    const atV = free(v);
    const both = atU.filter((c) => atV.includes(c));
    if (both.length > 0) {
      const c = both[draw.below(both.length)]!;
      colour[e] = c;
      at[u * WINDS + c] = e;
      at[v * WINDS + c] = e;
      continue;
    }
    const alpha = atU[0]!;
    const beta = atV[0]!;
    // The path from v along alpha, beta, alpha, …: it never reaches u (the graph is bipartite and alpha is
    // free at u), and swapping its colours frees alpha at v.
    const path: number[] = [];
    let node = v;
    let want = alpha;
    for (;;) {
      const f = at[node * WINDS + want]!;
      if (f === -1) break;
      path.push(f);
      const [a, b] = ends(f);
      node = a === node ? b : a;
      want = want === alpha ? beta : alpha;
    }
    for (const f of path) {
      const [a, b] = ends(f);
      at[a * WINDS + colour[f]!] = -1;
      at[b * WINDS + colour[f]!] = -1;
    }
    for (const f of path) {
      const c = colour[f] === alpha ? beta : alpha;
      colour[f] = c;
      const [a, b] = ends(f);
      at[a * WINDS + c] = f;
      at[b * WINDS + c] = f;
    }
    colour[e] = alpha;
    at[u * WINDS + alpha] = e;
    at[v * WINDS + alpha] = e;
  }
  return colour;
}

/**
 * Tables seating fewer than 4 take only their first seats: a seat beyond moves to one the table has free;
 * then, while any table's re-seating lowers the players' spread of winds, the best order is taken.
 */
function balanceSmallTables(
  rounds: readonly (readonly WindTable[])[],
  seats: number[][][],
  players: number,
): void {
  let small = false;
  rounds.forEach((round, r) => {
    round.forEach((table, t) => {
      const held = seats[r]![t]!;
      const used = new Set(held.filter((s) => s < table.size));
      held.forEach((s, i) => {
        if (s < table.size) return;
        small = true;
        let open = 0;
        while (used.has(open)) open++;
        held[i] = open;
        used.add(open);
      });
    });
  });
  if (!small) return;
  // counts[p × 4 + s]: times p sits at seat s; widest[p]: the largest table p sits at.
  const counts = new Int32Array(players * WINDS);
  const widest = new Int32Array(players);
  rounds.forEach((round, r) => {
    round.forEach((table, t) => {
      table.members.forEach((p, i) => {
        counts[p * WINDS + seats[r]![t]![i]!]! += 1;
        widest[p] = Math.max(widest[p]!, table.size);
      });
    });
  });
  const spread = (p: number) => {
    let sum = 0;
    let sq = 0;
    for (let s = 0; s < widest[p]!; s++) {
      const c = counts[p * WINDS + s]!;
      sum += c;
      sq += c * c;
    }
    return sq * widest[p]! - sum * sum;
  };
  for (let changed = true, pass = 0; changed && pass < 20; pass++) {
    changed = false;
    rounds.forEach((round, r) => {
      round.forEach((table, t) => {
        const held = seats[r]![t]!;
        const members = table.members;
        for (const [i, p] of members.entries()) counts[p * WINDS + held[i]!]! -= 1;
        let best = [...held];
        let bestCost = Number.POSITIVE_INFINITY;
        for (const order of seatOrders(table.size, members.length)) {
          for (const [i, p] of members.entries()) counts[p * WINDS + order[i]!]! += 1;
          let cost = 0;
          for (const p of members) cost += spread(p);
          for (const [i, p] of members.entries()) counts[p * WINDS + order[i]!]! -= 1;
          if (cost < bestCost) {
            bestCost = cost;
            best = order;
          }
        }
        let current = 0;
        for (const [i, p] of members.entries()) counts[p * WINDS + held[i]!]! += 1;
        for (const p of members) current += spread(p);
        for (const [i, p] of members.entries()) counts[p * WINDS + held[i]!]! -= 1;
        if (bestCost < current) {
          changed = true;
          seats[r]![t] = best;
        }
        for (const [i, p] of members.entries()) counts[p * WINDS + seats[r]![t]![i]!]! += 1;
      });
    });
  }
}

/** Every way to give `count` players distinct seats among the first `size`. */
function seatOrders(size: number, count: number): number[][] {
  const out: number[][] = [];
  const walk = (chosen: number[]) => {
    if (chosen.length === count) {
      out.push([...chosen]);
      return;
    }
    for (let s = 0; s < size; s++)
      if (!chosen.includes(s)) {
        chosen.push(s);
        walk(chosen);
        chosen.pop();
      }
  };
  walk([]);
  return out;
}
