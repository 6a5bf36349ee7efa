// Drawn hands and the kitty, seed 004: every player puts 5 in (the seed's stake; the table's `kitty` when set);
// the next self-draw winner who claims it collects.
import { RuleInputError } from '../../errors.ts';
import { type PlayerCount, type Seat, seatsInPlay } from '../../seats.ts';
import {
  KITTY,
  resolveAmounts,
  SEED_004_AMOUNTS,
  type TableLawAmounts,
  type TableTransfer,
} from './ledger.ts';

/** "every player puts 5 into a kitty" (the seed's default) */
export const KITTY_STAKE = SEED_004_AMOUNTS.kitty;

/** What lies in the kitty between hands: passed into each hand's settlement and out of it. */
export interface Kitty {
  readonly points: number;
}

export const EMPTY_KITTY: Kitty = { points: 0 };

export function checkKitty(kitty: Kitty): void {
  if (!Number.isInteger(kitty.points) || kitty.points < 0)
    throw new RuleInputError('kitty.points', `${kitty.points} is no kitty: a whole number, zero or more`);
}

/** Live wall exhausted without a win: every seat in play pays in, dead hands too (they keep paying). */
export function drawnHandKitty(
  kitty: Kitty,
  players: PlayerCount,
  amounts?: Partial<TableLawAmounts>,
): { transfers: TableTransfer[]; kitty: Kitty } {
  const stake = resolveAmounts(amounts).kitty;
  checkKitty(kitty);
  if (stake === 0) return { transfers: [], kitty };
  const seats = seatsInPlay(players);
  return {
    transfers: seats.map((from) => ({
      from,
      to: KITTY,
      points: stake,
      reason: `drawn hand: ${stake} into the kitty`,
    })),
    kitty: { points: kitty.points + stake * seats.length },
  };
}

/**
 * A self-draw winner takes the whole kitty if they collect it before the next dice roll; if they forget, it
 * stays for the next self-draw winner. A discard win (or a robbed gong) never takes it.
 */
export function collectKitty(
  kitty: Kitty,
  winner: Seat,
  selfDraw: boolean,
  collected: boolean,
): { transfers: TableTransfer[]; kitty: Kitty } {
  checkKitty(kitty);
  if (!selfDraw || !collected || kitty.points === 0) return { transfers: [], kitty };
  return {
    transfers: [
      { from: KITTY, to: winner, points: kitty.points, reason: 'kitty collected by the self-draw winner' },
    ],
    kitty: EMPTY_KITTY,
  };
}
