// The StartHand of a game's next hand, from the game's own state: who sits where, the prevalent wind, the
// dealer's repeats (table law: the streak, seed 004) and the wall's seed.
import type { GameState } from '../../domain/play/game/index.ts';
import { seatWindsOf } from '../../domain/play/game/index.ts';
import type { StartHand } from '../../domain/play/hand/index.ts';
import { type Ruleset, rulesetOf } from '../../domain/rules/rulesets/index.ts';

/** `ruleset`: the rules this hand is dealt with (a tournament's amendments); default the game's own. */
export function nextHandOf(game: GameState, wallSeed: string, at: string, ruleset?: Ruleset): StartHand {
  if (game.preset === undefined) throw new Error(`game ${game.gameId} has not started`);
  return {
    type: 'StartHand',
    gameId: game.gameId,
    hand: game.hands + 1,
    ruleset: ruleset ?? rulesetOf(game.preset, game.options),
    prevalentWind: game.deal.prevalentWind,
    seatWinds: seatWindsOf(game.players, game.deal.dealer),
    repeats: game.preset === 'table-law' ? game.deal.streak : game.deal.repeats,
    wall: { source: 'seed', seed: wallSeed },
    at,
  };
}
