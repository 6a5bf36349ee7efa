// An entry refused names why: the hand already on record, the field the contract (or the entry's schema)
// refused, or the claimant whose tiles are no win. Nothing is appended then.
import type { Seat } from '../../rules/seats.ts';

export type EntryRejection =
  | { readonly code: 'hand-already-recorded'; readonly rule: string; readonly message: string }
  | {
      readonly code: 'invalid-entry';
      readonly rule: string;
      readonly message: string;
      /** The field of the command: result.claims[0].hand, context.seatWinds… */
      readonly field: string;
      /** The field as the score contract named it, when the contract refused: claims[0].hand. */
      readonly contractField?: string;
    }
  | { readonly code: 'not-a-win'; readonly rule: string; readonly message: string; readonly seat: Seat };

export const ENTRY_RULES = {
  once: 'a hand is recorded once: played here or entered, not both',
  entry: 'an entry names seats at the table and the contract’s fields for the win',
  table: 'the ruleset sets the table: hu-mahjong its players option, the other presets four players',
  contract: 'spec/score-contract.md: the score contract settles the hand',
  win: 'a win needs a complete hand, and in hu-mahjong a pattern (seed 003)',
} as const;
