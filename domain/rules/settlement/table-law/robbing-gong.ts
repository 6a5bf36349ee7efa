// Robbing the gong, seed 004: the hand scores Robbing the Gong 10 and the gong player pays the robber 10 more
// (the seed's extra; the table's `robbingGongBonus` when set: the 10 inside the score is the pattern's own).
import { RuleInputError } from '../../errors.ts';
import type { Seat, Transfer } from '../../seats.ts';
import { resolveAmounts, SEED_004_AMOUNTS, type TableLawAmounts } from './ledger.ts';

/** "the winning hand scores Robbing the Gong 10" (inside the declared score; no table option changes it) */
export const ROBBING_THE_GONG = 10;
/** "the player who declared the gong pays the robber an extra 10 points" (the seed's default) */
export const ROBBED_GONG_EXTRA = SEED_004_AMOUNTS.robbingGongBonus;

/** The chance to rob closes once the gong player has placed their replacement tile into their row. */
export function checkRobbingOpen(replacementPlaced: boolean): void {
  if (replacementPlaced)
    throw new RuleInputError(
      'replacementPlaced',
      'the gong player has placed the replacement tile: the chance to rob the gong is closed',
    );
}

/** The declared score must hold Robbing the Gong 10; anything less cannot be such a hand. */
export function checkRobbingScore(handScore: number, field: string): void {
  if (handScore < ROBBING_THE_GONG)
    throw new RuleInputError(
      field,
      `${handScore} is less than Robbing the Gong (${ROBBING_THE_GONG}), which a robbing hand's score includes`,
    );
}

/** The extra beside the hand; with an amount of 0 its `points` is 0 and the final record drops it. */
export function robbedGongExtra(
  gongPlayer: Seat,
  robber: Seat,
  amounts?: Partial<TableLawAmounts>,
): Transfer {
  const points = resolveAmounts(amounts).robbingGongBonus;
  return {
    from: gongPlayer,
    to: robber,
    points,
    reason: `robbing the gong: ${gongPlayer}, who declared the gong, pays the robber an extra ${points}`,
  };
}
