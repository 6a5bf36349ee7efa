// Planning an event's rounds ahead (DESIGN.md "The domain", tournament seating; issue 11): every round at
// once, so that pairs meet again only where no plan avoids it. Known designs where they fit, the search over
// the whole plan for the rest; then round order, table numbers and seat winds over the whole plan.
import { SEATS, type Seat } from '../../../rules/seats.ts';
import { seatingCost } from '../cost.ts';
import { type Draw, seatingDraw, shuffled } from '../random.ts';
import { checkPlayers } from '../seat-round.ts';
import { substituteId, substitutesPerTable } from '../substitutes.ts';
import { type TablePlan, tableSizesFor } from '../table-sizes.ts';
import type { PastRound, SeatedTable } from '../types.ts';
import { designRounds, type PointRound } from './designs.ts';
import { numberTables, type OrderedTable, orderRounds } from './order.ts';
import { knownSchedules } from './schedules.ts';
import { type PlanShape, searchPlan } from './search.ts';
import type { PlannedRound, PlanRequest, PlanSource, SeatingPlan } from './types.ts';
import { assignWinds } from './winds.ts';

/**
 * Names the planner: the derivation of its draws, the designs, the search and its bounds, the winds. A change
 * that changes plans gets a new name; a recorded plan is made again with the name it was made with.
 */
// 2: the 32-point schedule (schedules.ts) seats 29–32 players; /1 took RTD(4, 8) there.
export const PLAN_ALGORITHM = 'sha256-xoroshiro128plus-rtd-tabu-konig/2';
export const MAX_PLAN_ROUNDS = 30;
/** Swaps the search weighs in all, at most (1–2 s on the shared 2-core machine): counted, never timed. */
export const PLAN_EVALUATIONS = 4_000_000;
/** Steps at most, whatever they weigh. */
const PLAN_STEPS = 20_000;
/** Steps without a better plan before the search takes up the best again, shaken. */
const STALE_STEPS = 200;

const LABEL = 'mahjong-ledger/seating-plan/1';

/**
 * Plans `rounds` rounds for `players`, each round seated as `seatRound` would seat it (the same table sizes
 * and substitutes), and answers the tables of every round. Players are dealt onto the points of a design in a
 * seeded order. Throws tableSizesFor's RangeError for too few players, a RangeError for a round count out of
 * 1 … MAX_PLAN_ROUNDS, and a SeatingError for a player listed twice or an id kept for substitutes.
 */
export function planSeating(request: PlanRequest): SeatingPlan {
  const { players, rounds, allowedSizes } = request;
  checkPlayers(players);
  if (!Number.isInteger(rounds) || rounds < 1 || rounds > MAX_PLAN_ROUNDS)
    throw new RangeError(`a plan covers 1 to ${MAX_PLAN_ROUNDS} rounds, not ${rounds}`);
  const layout = tableSizesFor(players.length, allowedSizes);
  const history = request.history ?? [];
  const draw = seatingDraw(request.seed, LABEL);
  const order = shuffled(players, draw);
  const n = order.length;
  const index = new Map(order.map((id, i) => [id, i]));
  const shape: PlanShape = { players: n, sizes: layout.sizes, before: meetingsBefore(history, index, n) };

  const known = fittingRounds(layout, n);
  let source = known.source;
  let slots: number[][];
  if (known.rounds.length >= rounds && history.length === 0) slots = known.rounds.slice(0, rounds);
  else {
    slots = known.rounds.slice(0, rounds);
    while (slots.length < rounds) slots.push(randomRound(layout, n, draw));
    const found = searchPlan(shape, slots, draw, {
      evaluations: PLAN_EVALUATIONS,
      steps: PLAN_STEPS,
      staleSteps: STALE_STEPS,
      target: lowerBound(layout, n, rounds, shape.before!),
    });
    source = 'search';
    slots = found.rounds;
  }

  const planned = slots.map((round) => tablesOf(round, layout.sizes, n));
  const lastBefore = history.at(-1);
  const roundOrder = orderRounds(
    planned,
    n,
    lastBefore === undefined ? undefined : indicesOf(lastBefore, index),
  );
  const ordered = roundOrder.map((r) => planned[r]!);
  const visited = history.map((round) => indicesOf(round, index));
  const numbering = numberTables(ordered, n, visited);
  const numbered = ordered.map((round, r) => numbering[r]!.map((t) => round[t]!));
  const winds = assignWinds(numbered, n, draw);
  const out: PlannedRound[] = numbered.map((round, r) => seated(round, winds[r]!, order));
  return { rounds: out, source, cost: seatingCost([...history, ...out]) };
}

/** Meetings of each pair of this plan's players in the rounds before (players by index). */
function meetingsBefore(history: readonly PastRound[], index: ReadonlyMap<string, number>, n: number) {
  const before = new Int32Array(n * n);
  for (const round of history)
    for (const members of indicesOf(round, index))
      for (const a of members) for (const b of members) if (a !== b) before[a * n + b]! += 1;
  return before;
}

/** Each table's players still in the plan, by index, in table order. */
function indicesOf(round: PastRound, index: ReadonlyMap<string, number>): number[][] {
  return round.tables.map((table) =>
    SEATS.flatMap((seat) => {
      const i = table[seat] === undefined ? undefined : index.get(table[seat]);
      return i === undefined ? [] : [i];
    }),
  );
}

/**
 * The rounds a known design or schedule gives for this layout, as seats (table after table, largest first,
 * substitutes' seats holding indices from n up). A design on 4 × tables points fits when the points left over
 * become the substitutes' seats (only 4 allowed) or leave tables of 3 (when 3 is allowed and the layout has
 * them); a round that would put two of them at one table is not used. The points left over are the last of
 * one group (who never meet in a transversal design), or those of one table of the last round (who meet only
 * there): whichever leaves more rounds. Of a design and a schedule, the one that leaves more rounds is taken, the
 * design when they leave as many.
 */
function fittingRounds(layout: TablePlan, n: number): { rounds: number[][]; source: PlanSource } {
  const tables = layout.sizes.length;
  const points = 4 * tables;
  const left = points - n;
  const threes = layout.sizes.filter((s) => s === 3).length;
  const fours = layout.sizes.filter((s) => s === 4).length;
  const asSubstitutes = fours === tables && layout.substitutes === left;
  const asThrees = layout.substitutes === 0 && threes === left && fours === tables - left;
  if (!asSubstitutes && !asThrees) return { rounds: [], source: 'search' };
  const design = fitted(designRounds(points), points, n, asSubstitutes);
  const schedule = fitted(knownSchedules(points), points, n, asSubstitutes);
  return schedule.length > design.length
    ? { rounds: schedule, source: 'schedule' }
    : { rounds: design, source: 'design' };
}

/** The rounds of `chosen` left when the points beyond n are dropped, from one group or from one table. */
function fitted(
  chosen: readonly PointRound[],
  points: number,
  n: number,
  asSubstitutes: boolean,
): number[][] {
  const left = points - n;
  const fromGroup = Array.from({ length: left }, (_, i) => points - 1 - i);
  const fromTable = (chosen.at(-1)?.[0] ?? []).slice(0, left);
  const withGroup = kept(chosen, fromGroup, points, n, asSubstitutes);
  const withTable = kept(chosen, fromTable, points, n, asSubstitutes);
  return withTable.length > withGroup.length ? withTable : withGroup;
}

/** The rounds of `chosen` with the points `dropped` left out, players numbered in point order. */
function kept(
  chosen: readonly PointRound[],
  dropped: readonly number[],
  points: number,
  n: number,
  asSubstitutes: boolean,
): number[][] {
  const gone = new Set(dropped);
  const player = new Int32Array(points).fill(-1);
  let next = 0;
  for (let p = 0; p < points; p++) if (!gone.has(p)) player[p] = next++;
  const rounds: number[][] = [];
  for (const round of chosen) {
    const short = round.filter((table) => table.some((p) => gone.has(p)));
    if (short.some((table) => table.filter((p) => gone.has(p)).length > 1)) continue;
    const full = round.filter((table) => !table.some((p) => gone.has(p)));
    let substitute = n;
    const seats = [...full, ...short].flatMap((table) =>
      asSubstitutes
        ? table.map((p) => (gone.has(p) ? substitute++ : player[p]!))
        : table.filter((p) => !gone.has(p)).map((p) => player[p]!),
    );
    rounds.push(seats);
  }
  return rounds;
}

/** A seeded round: players dealt into the tables, substitutes' seats at the last tables, one per table. */
function randomRound(layout: TablePlan, n: number, draw: Draw): number[] {
  const dealt = shuffled(
    Array.from({ length: n }, (_, i) => i),
    draw,
  );
  const free = substitutesPerTable(layout.sizes.length, layout.substitutes);
  let next = 0;
  let substitute = n;
  return layout.sizes.flatMap((size, t) =>
    Array.from({ length: size }, (_, s) => (s < size - free[t]! ? dealt[next++]! : substitute++)),
  );
}

/**
 * Fewer repeats than this no plan has: every meeting beyond the number of pairs is a repeat (substitutes
 * spread one per table, so a round's meetings are fixed by the layout).
 */
function lowerBound(layout: TablePlan, n: number, rounds: number, before: Int32Array): number {
  const free = substitutesPerTable(layout.sizes.length, layout.substitutes);
  let perRound = 0;
  layout.sizes.forEach((size, t) => {
    const seated = size - free[t]!;
    perRound += (seated * (seated - 1)) / 2;
  });
  let earlier = 0;
  for (let k = 0; k < before.length; k++) earlier += before[k]!;
  return Math.max(0, rounds * perRound + earlier / 2 - (n * (n - 1)) / 2);
}

/** A round's seats as tables: their players (substitutes' seats dropped) and their sizes. */
function tablesOf(round: readonly number[], sizes: readonly number[], n: number): OrderedTable[] {
  let at = 0;
  return sizes.map((size) => {
    const members = round.slice(at, at + size).filter((p) => p < n);
    at += size;
    return { members, size };
  });
}

/** The round as seated tables: players at their winds, substitutes named in table order in the seats left. */
function seated(
  round: readonly OrderedTable[],
  winds: readonly number[][],
  order: readonly string[],
): PlannedRound {
  const substitutes: string[] = [];
  const tables: SeatedTable[] = round.map((table, t) => {
    const at: Partial<Record<Seat, string>> = {};
    table.members.forEach((p, i) => {
      at[SEATS[winds[t]![i]!]!] = order[p]!;
    });
    const ordered: Partial<Record<Seat, string>> = {};
    for (const seat of SEATS.slice(0, table.size)) {
      let id = at[seat];
      if (id === undefined) {
        id = substituteId(substitutes.length + 1);
        substitutes.push(id);
      }
      ordered[seat] = id;
    }
    return ordered;
  });
  return { tables, substitutes };
}
