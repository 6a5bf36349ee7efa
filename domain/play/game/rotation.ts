// Who deals next, per preset: seed 003 "Wind Rotation and Winning the Game", seed 004 "Dealer streak and the
// die", and the default of README.md for the presets whose texts are silent.
import type { PresetId } from '../../rules/rulesets/index.ts';
import { nextDeal } from '../../rules/settlement/table-law/streak.ts';
import type { HandResult } from './commands.ts';

/** Seed 003: "The dealer's eighth repeat concludes" — the seat winds rotate after it whatever happened. */
export const HU_MAHJONG_MAX_REPEATS = 8;

/** repeat: the dealer deals again (repeats + 1); rotate: the deal passes; replay: the hand is dealt again as it was. */
export type NextDealer = { readonly how: 'repeat' | 'rotate' | 'replay'; readonly streak: number };

export function nextDealer(
  preset: PresetId,
  result: HandResult,
  repeats: number,
  streak: number,
): NextDealer {
  if (result.kind === 'voided') return { how: 'replay', streak };
  const dealerWon = result.kind === 'won' && result.winners.includes('E');
  switch (preset) {
    case 'hu-mahjong': {
      const keeps = dealerWon || (result.kind === 'drawn' && result.dealerReady === true);
      return { how: keeps && repeats < HU_MAHJONG_MAX_REPEATS ? 'repeat' : 'rotate', streak: 0 };
    }
    case 'table-law': {
      const next = nextDeal(
        { count: streak },
        dealerWon ? 'east-won' : result.kind === 'won' ? 'other-won' : 'drawn',
      );
      return { how: next.sameDealer ? 'repeat' : 'rotate', streak: next.streak.count };
    }
    case 'four-seas':
    case 'chinese-classical':
    case 'mahjong-house':
      return { how: dealerWon || result.kind === 'drawn' ? 'repeat' : 'rotate', streak: 0 };
  }
}
