// Seeded players for simulated games (tests, demos, load): legal, plausible decisions. A bot keeps pairs and
// runs by playing for the least shanten, claims every win it may, and melds only sometimes and only when
// the meld does not set its hand back.
import { isComplete, shanten } from '../../domain/hand/index.ts';
import type { Claim, Decision, Eligibility } from '../../domain/rules/claims/index.ts';
import type { Tile } from '../../domain/tiles/index.ts';
import { chooseDiscardTile } from './discard.ts';
import { type Random, seededRandom } from './random.ts';
import { bestAfterDiscard, checkedCounts, expectSize, without } from './shape.ts';
import type { ClaimView, PlayerView } from './view.ts';

/** A kong on the bot's own turn: four tiles in hand, or the fourth added to an exposed pong. */
export interface KongChoice {
  readonly kong: 'concealed' | 'added';
  readonly tile: Tile;
}

export interface BotStyle {
  /** How often a pong, kong or chow that does not raise shanten is taken: 0 never, 1 always; 0.5 by default. */
  readonly claimRate?: number;
}

export interface Bot {
  readonly seed: string;
  /** On its turn (14 concealed tiles less 3 per meld): a tile it holds. */
  chooseDiscard(view: PlayerView): { readonly tile: Tile };
  /**
   * In a claim window, given what the rules leave open to the seat (eligibleClaims, then openClaims: the
   * caller's win test, sacred discard and chow seat are in it): a win whenever one is open.
   */
  chooseClaim(view: ClaimView, eligibility: Eligibility): Decision;
  /** After a draw: a win when the hand is complete and the caller's own test (a faan floor) allows it. */
  chooseSelfDraw(view: PlayerView, canWin?: boolean): 'win' | 'continue';
  /** After a draw, before the discard: a kong that does not raise shanten, sometimes. */
  chooseKong(view: PlayerView): KongChoice | 'pass';
}

export const DEFAULT_CLAIM_RATE = 0.5;

interface Option<T> {
  readonly choice: T;
  /** Shanten once the move is made (and, for a pong or chow, the best discard after it). */
  readonly after: number;
}

/** The same seed and the same sequence of views give the same decisions: the bot holds its generator. */
export function createBot(seed: string, style: BotStyle = {}): Bot {
  const claimRate = style.claimRate ?? DEFAULT_CLAIM_RATE;
  if (!Number.isFinite(claimRate) || claimRate < 0 || claimRate > 1)
    throw new RangeError(`claimRate ${claimRate}: a probability from 0 to 1`);
  const random: Random = seededRandom(seed);

  // The first of the least shanten, taken with the claim rate when it does not raise shanten.
  const sometimes = <T>(options: readonly Option<T>[], now: number): T | undefined => {
    let best: Option<T> | undefined;
    for (const option of options)
      if (option.after <= now && option.after < (best?.after ?? now + 1)) best = option;
    return best !== undefined && random.chance(claimRate) ? best.choice : undefined;
  };

  return {
    seed,

    chooseDiscard(view) {
      const counts = checkedCounts(view.concealed);
      expectSize(counts, view.melds.length, 'turn');
      return { tile: chooseDiscardTile(view, counts, random) };
    },

    chooseClaim(view, eligibility) {
      if (eligibility.win) return { claim: 'win' };
      if (view.offer.kind !== 'discard') return 'pass';
      const counts = checkedCounts(view.concealed);
      const melds = view.melds.length;
      expectSize(counts, melds, 'offer');
      const { tile } = view.offer;
      const options: Option<Claim>[] = [];
      // A claimed kong draws a replacement: it needs a tile left in the wall.
      if (eligibility.kong && view.wallRemaining > 0)
        options.push({
          choice: { claim: 'kong' },
          after: shanten(without(counts, [tile, tile, tile]), melds + 1),
        });
      if (eligibility.pong)
        options.push({
          choice: { claim: 'pong' },
          after: bestAfterDiscard(without(counts, [tile, tile]), melds + 1),
        });
      for (const tiles of eligibility.chows)
        options.push({
          choice: { claim: 'chow', tiles },
          after: bestAfterDiscard(without(counts, tiles), melds + 1),
        });
      return sometimes(options, shanten(counts, melds)) ?? 'pass';
    },

    chooseSelfDraw(view, canWin = true) {
      const counts = checkedCounts(view.concealed);
      expectSize(counts, view.melds.length, 'turn');
      return canWin && isComplete(counts, view.melds.length) ? 'win' : 'continue';
    },

    chooseKong(view) {
      const counts = checkedCounts(view.concealed);
      const melds = view.melds.length;
      expectSize(counts, melds, 'turn');
      if (view.wallRemaining <= 0 || isComplete(counts, melds)) return 'pass';
      const options: Option<KongChoice>[] = [];
      for (let t = 0; t < counts.length; t++)
        if (counts[t] === 4)
          options.push({
            choice: { kong: 'concealed', tile: t },
            after: shanten(without(counts, [t, t, t, t]), melds + 1),
          });
      for (const meld of view.melds)
        if (meld.kind === 'pung' && counts[meld.tile]! > 0)
          options.push({
            choice: { kong: 'added', tile: meld.tile },
            after: shanten(without(counts, [meld.tile]), melds),
          });
      // With no kong to weigh, the hand's best shanten (a dozen shanten calls) is not needed: pass at once.
      if (options.length === 0) return 'pass';
      return sometimes(options, bestAfterDiscard(counts, melds)) ?? 'pass';
    },
  };
}

/** One bot per player, made on first use from `{seed}:{playerId}` and kept: a bot keeps its generator all event. */
export function botRoster(seed: string, style: BotStyle = {}): (playerId: string) => Bot {
  const bots = new Map<string, Bot>();
  return (playerId) => {
    let bot = bots.get(playerId);
    if (bot === undefined) {
      bot = createBot(`${seed}:${playerId}`, style);
      bots.set(playerId, bot);
    }
    return bot;
  };
}
