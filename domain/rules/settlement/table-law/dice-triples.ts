// Dice triples, seed 004: a triple 1–5 pays 5, a triple 6 pays 10 (the seed's amounts; the table's `diceTriple`
// and `diceTripleSix` when set), settled at the table when thrown.
import { RuleInputError } from '../../errors.ts';
import type { PlayerCount, Seat, Transfer } from '../../seats.ts';
import { checkSeat, opponentsOf, resolveAmounts, SEED_004_AMOUNTS, type TableLawAmounts } from './ledger.ts';

/** The seed's defaults. */
export const DICE_TRIPLE = SEED_004_AMOUNTS.diceTriple;
export const DICE_TRIPLE_SIX = SEED_004_AMOUNTS.diceTripleSix;

/** What a throw of three dice pays each time, or undefined when it is no triple. */
export function diceTriplePoints(
  dice: readonly number[],
  amounts?: Partial<TableLawAmounts>,
): number | undefined {
  const { diceTriple, diceTripleSix } = resolveAmounts(amounts);
  if (dice.length !== 3 || dice.some((d) => !Number.isInteger(d) || d < 1 || d > 6))
    throw new RuleInputError('dice', `three dice of 1 to 6 expected, got [${dice.join(', ')}]`);
  const [a, b, c] = dice as [number, number, number];
  if (a !== b || b !== c) return undefined;
  return a === 6 ? diceTripleSix : diceTriple;
}

/**
 * The seed says only that a triple "pays". We read a triple as luck for the thrower: every other player pays
 * the thrower (dead hands too; dice money is no flower or gong money, so a dead thrower is paid as well).
 */
export function diceTripleTransfers(
  dice: readonly number[],
  thrower: Seat,
  players: PlayerCount,
  amounts?: Partial<TableLawAmounts>,
): Transfer[] {
  checkSeat(thrower, players, 'thrower');
  const points = diceTriplePoints(dice, amounts);
  if (points === undefined || points === 0) return [];
  return opponentsOf(thrower, players).map((from) => ({
    from,
    to: thrower,
    points,
    reason: `dice triple ${dice.join('-')} thrown by ${thrower}: each other player pays ${points}`,
  }));
}
