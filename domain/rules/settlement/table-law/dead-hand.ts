// Too many or too few tiles (a dead hand), seed 004: keep playing and paying, never win, claim or collect.
import type { Seat } from '../../seats.ts';
import { resolveAmounts, type TableLawAmounts } from './ledger.ts';

/** What a dead hand may not do. Paying (flower money, dice triples, chasing, a winner) is never refused. */
export type DeadHandAction =
  | 'declare-mahjong'
  | 'claim'
  | 'declare-set'
  | 'declare-concealed-gong'
  | 'collect-flower-money'
  | 'collect-gong-money';

export interface DeadHandRejection {
  readonly code: 'dead-hand';
  readonly seat: Seat;
  readonly action: DeadHandAction;
  /** Declaring Mahjong with a dead hand is a false Mahjong; anything else is simply refused. */
  readonly falseMahjong: boolean;
  readonly message: string;
}

const REFUSED: Record<DeadHandAction, (amounts: TableLawAmounts) => string> = {
  'declare-mahjong': ({ falseMahjong }) =>
    `cannot declare Mahjong: declaring is a false Mahjong (${falseMahjong} to each other player)`,
  claim: () => 'cannot claim a discard',
  'declare-set': () => 'cannot declare a set',
  'declare-concealed-gong': () => 'cannot declare a concealed gong',
  'collect-flower-money': () => 'collects no flower money',
  'collect-gong-money': () => 'collects no gong money',
};

/**
 * "This is not a false Mahjong as long as you do not declare a win": a win declared with a dead hand is one,
 * whatever its tiles show. Why, or undefined when the hand is alive.
 */
export function deadHandDeclaration(seat: Seat, deadHands: Iterable<Seat>): string | undefined {
  if (![...deadHands].includes(seat)) return undefined;
  return `${seat} holds too many or too few tiles: a win declared with a dead hand is a false Mahjong`;
}

/** Why `seat` may not do `action`, or undefined when its hand is alive; `amounts` names the false Mahjong's. */
export function deadHandRejection(
  seat: Seat,
  action: DeadHandAction,
  deadHands: Iterable<Seat>,
  amounts?: Partial<TableLawAmounts>,
): DeadHandRejection | undefined {
  if (![...deadHands].includes(seat)) return undefined;
  return {
    code: 'dead-hand',
    seat,
    action,
    falseMahjong: action === 'declare-mahjong',
    message: `${seat} holds too many or too few tiles and ${REFUSED[action](resolveAmounts(amounts))}`,
  };
}
