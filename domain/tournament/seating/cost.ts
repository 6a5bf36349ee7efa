// Seating cost (DESIGN.md "The domain", tournament seating): how far a history of rounds is from everyone
// meeting someone new each round and sitting every wind equally often. Substitutes are left out.
import { SEATS } from '../../rules/seats.ts';
import { isSubstitute } from './substitutes.ts';
import type { PastRound, SeatedTable, SeatingCost } from './types.ts';

/** The registered players of a table in seat order, substitutes left out, each with their seat's index. */
export function playersAt(table: SeatedTable): { readonly id: string; readonly seat: number }[] {
  return SEATS.flatMap((seat, index) => {
    const id = table[seat];
    return id === undefined || isSubstitute(id) ? [] : [{ id, seat: index }];
  });
}

/**
 * Repeat pairs (each meeting of a pair after its first), consecutive repeats (those where the pair also met
 * in the round before) and wind imbalance (`windImbalanceByPlayer`, summed).
 */
export function seatingCost(history: readonly PastRound[]): SeatingCost {
  const meetings = new Map<string, number>();
  let previous = new Set<string>();
  let repeatPairs = 0;
  let consecutiveRepeats = 0;
  for (const round of history) {
    const current = new Set<string>();
    for (const table of round.tables) {
      const ids = playersAt(table).map((p) => p.id);
      for (let i = 0; i < ids.length; i++)
        for (let j = i + 1; j < ids.length; j++) {
          const key = pairKey(ids[i]!, ids[j]!);
          const before = meetings.get(key) ?? 0;
          if (before > 0) repeatPairs++;
          if (previous.has(key)) consecutiveRepeats++;
          meetings.set(key, before + 1);
          current.add(key);
        }
    }
    previous = current;
  }
  let windImbalance = 0;
  for (const imbalance of windImbalanceByPlayer(history).values()) windImbalance += imbalance;
  return { repeatPairs, consecutiveRepeats, windImbalance };
}

/**
 * Per player: most times at one wind minus fewest times at one wind, over the winds of the largest table the
 * player sat at (a player only ever at tables of 3 is not short of North).
 */
export function windImbalanceByPlayer(history: readonly PastRound[]): Map<string, number> {
  const counts = new Map<string, number[]>();
  const seatsInPlay = new Map<string, number>();
  for (const round of history)
    for (const table of round.tables) {
      const size = SEATS.filter((seat) => table[seat] !== undefined).length;
      for (const { id, seat } of playersAt(table)) {
        const held = counts.get(id) ?? [0, 0, 0, 0];
        held[seat] = (held[seat] ?? 0) + 1;
        counts.set(id, held);
        seatsInPlay.set(id, Math.max(seatsInPlay.get(id) ?? 0, size));
      }
    }
  const imbalance = new Map<string, number>();
  for (const [id, held] of counts) {
    const inPlay = held.slice(0, seatsInPlay.get(id));
    imbalance.set(id, Math.max(...inPlay) - Math.min(...inPlay));
  }
  return imbalance;
}

function pairKey(a: string, b: string): string {
  return a < b ? `${a}\u0000${b}` : `${b}\u0000${a}`;
}
