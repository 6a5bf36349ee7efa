// Seating a tournament round (DESIGN.md "The domain", tournament seating): random, swiss or uploaded, the
// same request and seed always giving the same tables.
import { SEATS, type Seat } from '../../rules/seats.ts';
import { seatingCost } from './cost.ts';
import { SeatingError } from './errors.ts';
import { type CompiledHistory, compileHistory } from './history.ts';
import { type Draw, seatingDraw, shuffled } from './random.ts';
import { improveAnywhere, improveNeighbours, type Layout } from './search.ts';
import { isSubstitute, substituteId, substitutesPerTable } from './substitutes.ts';
import { tableSizesFor } from './table-sizes.ts';
import type { SeatedTable, Seating, SeatingRequest } from './types.ts';
import { uploadedSeating } from './uploaded.ts';
import { bestSeats, SEAT_ORDERS } from './winds.ts';

/**
 * Seats a round. Throws a SeatingError naming the players or tables when the request cannot be seated (a
 * player listed twice, a player id that looks like a substitute's, an uploaded seating that does not check),
 * and tableSizesFor's RangeError when there are too few players for the smallest table.
 */
export function seatRound(request: SeatingRequest): Seating {
  checkPlayers(request.players);
  const { tables, substitutes } = seatTables(request);
  return { tables, substitutes, cost: seatingCost([...request.history, { tables }]) };
}

function seatTables(request: SeatingRequest): { tables: SeatedTable[]; substitutes: string[] } {
  const { method, players } = request;
  switch (method.kind) {
    case 'random': {
      const draw = seatingDraw(request.seed);
      return searched(request, shuffled(players, draw), draw, (layout, history) =>
        improveAnywhere(layout, history, players.length, draw),
      );
    }
    case 'swiss': {
      const order = swissOrder(players, method.standings);
      const rank = order.map((_, i) => i);
      return searched(request, order, seatingDraw(request.seed), (layout, history) =>
        improveNeighbours(layout, history, order.length, rank),
      );
    }
    case 'uploaded':
      return uploadedSeating(players, method.tables, request.allowedSizes);
  }
}

/** Best first as the standings list them; players they leave out last, in registration order. */
function swissOrder(players: readonly string[], standings: readonly string[]): string[] {
  const playing = new Set(players);
  const ranked = [...new Set(standings)].filter((id) => playing.has(id));
  const placed = new Set(ranked);
  return [...ranked, ...players.filter((id) => !placed.has(id))];
}

/**
 * Tables filled in `order` (the largest tables first, substitutes' seats kept free), improved by `improve`,
 * then seated at winds table by table. Players are searched by index in `order`.
 */
function searched(
  request: SeatingRequest,
  order: readonly string[],
  draw: Draw,
  improve: (layout: Layout, history: CompiledHistory) => void,
): { tables: SeatedTable[]; substitutes: string[] } {
  const plan = tableSizesFor(order.length, request.allowedSizes);
  const free = substitutesPerTable(plan.sizes.length, plan.substitutes);
  let next = 0;
  const members = plan.sizes.map((size, t) => Array.from({ length: size - free[t]! }, () => next++));
  const history = compileHistory(order, request.history);
  improve({ members, sizes: plan.sizes }, history);
  const substitutes: string[] = [];
  const tables = members.map((at, t) => {
    const size = plan.sizes[t]!;
    // Ties between equally balanced seatings go to the seeded order, not always to the first found.
    const { seats } = bestSeats(at, size, history.winds, shuffled(SEAT_ORDERS[size], draw));
    const table: Partial<Record<Seat, string>> = {};
    at.forEach((player, i) => {
      table[SEATS[seats[i]!]!] = order[player]!;
    });
    // Rebuilt in seat order, substitutes in the seats left, so that a table reads E, S, W, N.
    const ordered: Partial<Record<Seat, string>> = {};
    for (const seat of SEATS.slice(0, size)) {
      let id = table[seat];
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

/** Throws a SeatingError naming players listed twice and ids kept for substitutes. */
export function checkPlayers(players: readonly string[]): void {
  const seen = new Set<string>();
  const twice = new Set<string>();
  for (const id of players) (seen.has(id) ? twice : seen).add(id);
  const problems: string[] = [];
  if (twice.size > 0) problems.push(`listed more than once: ${[...twice].join(', ')}`);
  const reserved = players.filter(isSubstitute);
  if (reserved.length > 0) problems.push(`ids kept for substitutes: ${reserved.join(', ')}`);
  if (problems.length > 0) throw new SeatingError(`players to seat: ${problems.join('; ')}`);
}
