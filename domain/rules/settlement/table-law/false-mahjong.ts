// False Mahjong, seed 004: the declarer pays 25 to each other player (the seed's amount; the table's
// `falseMahjong` when set); the hand is void, dealt again by East.
import type { PlayerCount, Seat, Transfer } from '../../seats.ts';
import { checkSeat, opponentsOf, resolveAmounts, SEED_004_AMOUNTS, type TableLawAmounts } from './ledger.ts';

/** "The declarer pays 25 points to each of the other three players: 75 in total." (the seed's default) */
export const FALSE_MAHJONG = SEED_004_AMOUNTS.falseMahjong;

/** Dead hands are paid too: it is a penalty, not flower or gong money. An amount of 0 pays nothing. */
export function falseMahjongTransfers(
  declarer: Seat,
  players: PlayerCount,
  amounts?: Partial<TableLawAmounts>,
): Transfer[] {
  const points = resolveAmounts(amounts).falseMahjong;
  checkSeat(declarer, players, 'declarer');
  if (points === 0) return [];
  return opponentsOf(declarer, players).map((to) => ({
    from: declarer,
    to,
    points,
    reason: `false Mahjong by ${declarer}: ${points} to each other player`,
  }));
}
