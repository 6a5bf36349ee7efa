// Keeping a plan after players come and go (DESIGN.md "The domain", tournament seating; issue 11): the rounds
// still to seat change as little as they can — a replacement takes their predecessor's seat, a withdrawn
// player's seat goes to a substitute, and only when the table sizes no longer fit do players move, each to
// the table where they meet fewest players again.
import { SEATS, type Seat } from '../../../rules/seats.ts';
import { seatingCost } from '../cost.ts';
import { isSubstitute, substituteId, substitutesPerTable } from '../substitutes.ts';
import { tableSizesFor } from '../table-sizes.ts';
import type { PastRound, SeatedTable, TableSize } from '../types.ts';
import type { PlannedRound } from './types.ts';

export interface RepairRequest {
  /** The plan's rounds still to seat, the next one first. */
  readonly rounds: readonly PlannedRound[];
  /** The rounds seated before them. */
  readonly history: readonly PastRound[];
  /** The active players now, in registration order. */
  readonly players: readonly string[];
  /** Who took whose place: a replaced player's id to their replacement's (a chain is followed). */
  readonly replacements: ReadonlyMap<string, string>;
  readonly allowedSizes: readonly TableSize[];
}

export interface PlanChange {
  /** Which of the repaired rounds: 0 is the next one. */
  readonly round: number;
  readonly playerId: string;
  /** The table number the plan had them at; absent for a player new to the plan. */
  readonly from?: number;
  readonly to: number;
  /** The player whose seat they took (a replacement). */
  readonly replaces?: string;
}

export interface PlanRepair {
  readonly rounds: readonly PlannedRound[];
  /** Every player seated elsewhere than the plan said, or new to it; empty when nothing changed. */
  readonly changes: readonly PlanChange[];
  /** Repeat pairs the repair added to the plan (its own, less the plan's without the players gone). */
  readonly repeatsCaused: number;
}

interface Table {
  size: number;
  /** The player at each seat, E first; undefined: free (a substitute's, once the table is set). */
  seats: (string | undefined)[];
  /** The table number in the plan; undefined for a table the repair opens. */
  planned: number | undefined;
}

/**
 * The plan's rounds with the active players: everyone the plan seats who is still active keeps their seat; a
 * replacement sits where the player they replaced would have; every other seat of a player gone is free. When
 * that leaves the tables as the round's layout wants them (tableSizesFor: at [4], the free seats become
 * substitutes', at most one per table while another has none), nothing else moves. Otherwise tables are
 * matched to the layout's sizes so that fewest players must leave, the players who must (those who meet their
 * table-mates most often elsewhere) and the players new to the plan each go to the free seat where they meet
 * fewest players again, at the wind they have sat least. Deterministic: no seed.
 */
export function repairPlan(request: RepairRequest): PlanRepair {
  const { players, allowedSizes } = request;
  const active = new Set(players);
  const changes: PlanChange[] = [];
  const repaired: PlannedRound[] = [];
  const original = request.rounds.map((round) => withReplacements(round, request.replacements, active));
  request.rounds.forEach((round, r) => {
    const others = [...request.history, ...repaired, ...original.slice(r + 1)];
    const meetings = meetingsIn(others);
    const winds = windsIn(others);
    const cost = (id: string, with_: readonly (string | undefined)[]) =>
      with_.reduce(
        (sum, other) => sum + (other === undefined ? 0 : (meetings.get(pairKey(id, other)) ?? 0)),
        0,
      );

    const placed = new Set<string>();
    const tables: Table[] = round.tables.map((seated, t) => {
      const size = SEATS.filter((seat) => seated[seat] !== undefined).length;
      const seats = SEATS.slice(0, size).map((seat) => {
        const id = seated[seat];
        if (id === undefined || isSubstitute(id)) return undefined;
        const sitting = successorOf(id, request.replacements, active);
        if (sitting === undefined || placed.has(sitting)) return undefined;
        placed.add(sitting);
        if (sitting !== id) changes.push({ round: r, playerId: sitting, to: t + 1, replaces: id });
        return sitting;
      });
      return { size, seats, planned: t + 1 };
    });
    const movers = players
      .filter((id) => !placed.has(id))
      .map((id) => ({ id, from: undefined as number | undefined }));

    const layout = tableSizesFor(players.length, allowedSizes);
    const free = substitutesPerTable(layout.sizes.length, layout.substitutes);
    const capacities = layout.sizes
      .map((size, t) => ({ size, seated: size - free[t]! }))
      .sort((a, b) => b.seated - a.seated || b.size - a.size);
    const count = (table: Table) => table.seats.filter((id) => id !== undefined).length;
    // Too many tables: the emptiest (the last of them on a tie) close, their players move.
    while (tables.length > capacities.length) {
      let emptiest = tables.length - 1;
      tables.forEach((table, t) => {
        if (count(table) < count(tables[emptiest]!)) emptiest = t;
      });
      const [closed] = tables.splice(emptiest, 1);
      for (const id of closed!.seats) if (id !== undefined) movers.push({ id, from: closed!.planned });
    }
    while (tables.length < capacities.length) tables.push({ size: 4, seats: [], planned: undefined });
    // The fullest tables take the largest capacities: fewest players have to leave.
    const byCount = tables.map((_, t) => t).sort((a, b) => count(tables[b]!) - count(tables[a]!) || a - b);
    byCount.forEach((t, k) => {
      const table = tables[t]!;
      const { size, seated } = capacities[k]!;
      const kept = table.seats.filter((id): id is string => id !== undefined);
      while (kept.length > seated) {
        // Who leaves: whoever meets their table-mates most often elsewhere; the last seated on a tie.
        let leaving = kept.length - 1;
        kept.forEach((id, i) => {
          if (cost(id, kept) > cost(kept[leaving]!, kept)) leaving = i;
        });
        const [id] = kept.splice(leaving, 1);
        movers.push({ id: id!, from: table.planned });
      }
      // Seats beyond the new size give way; their players sit at a seat left free.
      const seats: (string | undefined)[] = Array.from({ length: size }, (_, s) =>
        s < table.seats.length && kept.includes(table.seats[s]!) ? table.seats[s] : undefined,
      );
      for (const id of kept) if (!seats.includes(id)) seats[leastSatFree(id, seats, winds)] = id;
      table.size = size;
      table.seats = seats;
    });
    const room = (table: Table, t: number) =>
      capacities[byCount.indexOf(t)]!.seated - table.seats.filter((id) => id !== undefined).length;
    for (const mover of movers) {
      let best = -1;
      let bestCost = Number.POSITIVE_INFINITY;
      tables.forEach((table, t) => {
        if (room(table, t) <= 0) return;
        const c = cost(mover.id, table.seats);
        if (c < bestCost) {
          best = t;
          bestCost = c;
        }
      });
      const table = tables[best]!;
      table.seats[leastSatFree(mover.id, table.seats, winds)] = mover.id;
      changes.push({
        round: r,
        playerId: mover.id,
        ...(mover.from === undefined ? {} : { from: mover.from }),
        to: best + 1,
      });
    }
    repaired.push(named(tables));
  });
  const before = seatingCost([...request.history, ...original]).repeatPairs;
  const after = seatingCost([...request.history, ...repaired]).repeatPairs;
  const moved = changes.filter((c) => c.from === undefined || c.from !== c.to || c.replaces !== undefined);
  return { rounds: repaired, changes: moved, repeatsCaused: Math.max(0, after - before) };
}

/** The active player sitting in `id`'s place: themselves, or the end of their chain of replacements. */
function successorOf(
  id: string,
  replacements: ReadonlyMap<string, string>,
  active: ReadonlySet<string>,
): string | undefined {
  const seen = new Set<string>();
  let at: string | undefined = id;
  while (at !== undefined && !active.has(at) && !seen.has(at)) {
    seen.add(at);
    at = replacements.get(at);
  }
  return at !== undefined && active.has(at) ? at : undefined;
}

/** A planned round as it stands for the active players: replacements in, players gone and substitutes out. */
function withReplacements(
  round: PlannedRound,
  replacements: ReadonlyMap<string, string>,
  active: ReadonlySet<string>,
): PastRound {
  return {
    tables: round.tables.map((table) => {
      const out: Partial<Record<Seat, string>> = {};
      for (const seat of SEATS) {
        const id = table[seat];
        const sitting =
          id === undefined || isSubstitute(id) ? undefined : successorOf(id, replacements, active);
        if (sitting !== undefined) out[seat] = sitting;
      }
      return out;
    }),
  };
}

/** The seat left free that `id` has sat at least (E first on a tie). */
function leastSatFree(
  id: string,
  seats: readonly (string | undefined)[],
  winds: ReadonlyMap<string, number[]>,
) {
  const held = winds.get(id) ?? [0, 0, 0, 0];
  let best = -1;
  seats.forEach((at, s) => {
    if (at === undefined && (best < 0 || held[s]! < held[best]!)) best = s;
  });
  return best;
}

function named(tables: readonly Table[]): PlannedRound {
  const substitutes: string[] = [];
  const seated: SeatedTable[] = tables.map((table) => {
    const out: Partial<Record<Seat, string>> = {};
    SEATS.slice(0, table.size).forEach((seat, s) => {
      let id = table.seats[s];
      if (id === undefined) {
        id = substituteId(substitutes.length + 1);
        substitutes.push(id);
      }
      out[seat] = id;
    });
    return out;
  });
  return { tables: seated, substitutes };
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}

function meetingsIn(rounds: readonly PastRound[]): Map<string, number> {
  const meetings = new Map<string, number>();
  for (const round of rounds)
    for (const table of round.tables) {
      const ids = SEATS.flatMap((seat) => {
        const id = table[seat];
        return id === undefined || isSubstitute(id) ? [] : [id];
      });
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++) {
          const key = pairKey(ids[i]!, ids[j]!);
          meetings.set(key, (meetings.get(key) ?? 0) + 1);
        }
    }
  return meetings;
}

function windsIn(rounds: readonly PastRound[]): Map<string, number[]> {
  const winds = new Map<string, number[]>();
  for (const round of rounds)
    for (const table of round.tables)
      SEATS.forEach((seat, s) => {
        const id = table[seat];
        if (id === undefined || isSubstitute(id)) return;
        const held = winds.get(id) ?? [0, 0, 0, 0];
        held[s]! += 1;
        winds.set(id, held);
      });
  return winds;
}
