// A hand entered by a table scorer (HandResultEntered, ../entry): settled again by the entry's own code under
// the amended ruleset: the contract request exactly as recorded, its options replaced by the new ruleset's
// (tiles scored again in hu-mahjong, the declared scores paid again elsewhere), or the ready-hand payment of a
// hu-mahjong draw and the patterns entered as reached at it, priced by the new ruleset. Penalties entered with the win are part of the request, so the contract pays them again as
// it did, with the points entered.
import type { Ruleset } from '../../rules/rulesets/index.ts';
import type { PlayerCount } from '../../rules/seats.ts';
import { handSettledOf } from '../entry/decide.ts';
import { drawnSettlement, settleRequest } from '../entry/evaluate.ts';
import type { PlayEventOf } from '../events.ts';
import { seatsOf } from '../fields.ts';
import { noSettlement, type Resettled, refused } from './resettled.ts';
import { mismatch } from './rules.ts';

export function resettleEntered(entered: PlayEventOf<'HandResultEntered'>, ruleset: Ruleset): Resettled {
  const { data } = entered;
  const seats = seatsOf(data.seatWinds);
  const wrong = mismatch(data.ruleset.preset, seats.length as PlayerCount, ruleset);
  if (wrong !== undefined) return refused(wrong);
  const { result, request } = data;
  switch (result.kind) {
    case 'voided':
      return noSettlement('voided', `the hand was voided (${result.cause}): ${result.explanation}`);
    case 'drawn': {
      const settlement = drawnSettlement(ruleset, seats, result);
      return settlement === null
        ? noSettlement('drawn', `a drawn ${ruleset.preset} hand pays nothing`)
        : { kind: 'settled', settlement: handSettledOf(settlement).data };
    }
    case 'win': {
      if (request === null) return refused('the entered win records no contract request');
      const settled = settleRequest({ ...request, options: { ...ruleset.options } }, ruleset);
      if ('settlement' in settled)
        return { kind: 'settled', settlement: handSettledOf(settled.settlement).data };
      const { refused: outcome } = settled;
      return refused(outcome.kind === 'invalid' ? `${outcome.field}: ${outcome.message}` : outcome.message);
    }
  }
}
