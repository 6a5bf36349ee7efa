// Seed 003 (003_cfd8ab0b6123cd10.txt), ready hand at exhaustive draw: 1000 from each player with no ready hand.
import type { Seat, Transfer } from '../../rules/seats.ts';

/** Each seat without a ready hand pays `points` to each seat with one; nothing when all or none are ready. */
export function readyHandTransfers(
  seats: readonly Seat[],
  ready: readonly Seat[],
  points: number,
): Transfer[] {
  if (points <= 0) return [];
  return seats
    .filter((seat) => !ready.includes(seat))
    .flatMap((from) => ready.map((to) => ({ from, to, points, reason: 'ready hand at exhaustive draw' })));
}
