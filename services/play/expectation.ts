// A game script may state what the game derives for a hand (its number, the seats, the prevalent wind, the
// repeats, the kitty); each stated value is checked against the game before the hand is dealt, so that a
// referee's reading of the rotation or the kitty is confirmed or named where it differs.
import type { StartHand } from '../../domain/play/hand/index.ts';
import { SEATS } from '../../domain/rules/seats.ts';
import type { Expectation } from './game-script.ts';
import { InvalidScript } from './invalid.ts';

export function checkExpectation(
  expected: Expectation | undefined,
  start: StartHand,
  kitty: number,
  path: string,
): void {
  if (expected === undefined) return;
  const differs = (field: string, derived: unknown, stated: unknown) => {
    if (stated !== undefined && stated !== derived)
      throw new InvalidScript(
        `${path}.${field}`,
        `the game deals hand ${start.hand} with ${field} ${String(derived)}, not ${String(stated)}`,
      );
  };
  if (expected.hand !== undefined && expected.hand !== start.hand)
    throw new InvalidScript(`${path}.hand`, `this is hand ${start.hand} of the game, not ${expected.hand}`);
  for (const seat of SEATS) differs(`seats.${seat}`, start.seatWinds[seat], expected.seats?.[seat]);
  differs('prevalentWind', start.prevalentWind, expected.prevalentWind);
  differs('repeats', start.repeats, expected.repeats);
  differs('kitty', kitty, expected.kitty);
}
