// Wins: the engine's test of a hand (hu-mahjong: a complete hand showing a pattern, seed 003; the declared-
// score presets: a complete shape), and the settlement by the score contract once the winners are known.
import { isComplete, type Meld, meldTiles } from '../../hand/index.ts';
import { evaluateScoreRequest } from '../../rules/contract/index.ts';
import type { Luck, WinType } from '../../rules/patterns/facts.ts';
import { huMahjongTable } from '../../rules/patterns/hu-mahjong.ts';
import { scoreHand } from '../../rules/patterns/score.ts';
import { rulesetOf } from '../../rules/rulesets/index.ts';
import { type Seat, windTileOf } from '../../rules/seats.ts';
import { formatTiles, isFlower, type Tile } from '../../tiles/index.ts';
import { revealWall } from './draw.ts';
import type { Emitter } from './emitter.ts';
import { type Rejection, RULES } from './rejection.ts';
import {
  dieForgotten,
  type HandState,
  kindsOf,
  lastTileReading,
  POND_LENGTH,
  pondFull,
  seatHand,
  tilesOf,
  wallRemaining,
} from './state.ts';

export interface WinAttempt {
  readonly seat: Seat;
  /** The 34 kinds held without the winning tile. */
  readonly concealed: ArrayLike<number>;
  readonly melds: readonly Meld[];
  readonly tile: Tile;
  readonly winType: WinType;
}

/** Whether the preset takes the winner's declared score rather than scoring the tiles. */
export const takesDeclaredScore = (state: HandState): boolean => state.preset !== 'hu-mahjong';

function luckOf(state: HandState, seat: Seat, winType: WinType): Luck {
  const selfDraw = winType === 'self-draw';
  // Seed 003: the blessings go to a hand complete on its first draw, before any call (any meld, here).
  const first =
    selfDraw &&
    seatHand(state, seat).discarded.length === 0 &&
    Object.values(state.seats).every((hand) => hand.melds.length === 0);
  return {
    lastTile: onLastTile(state, seat, winType),
    afterKong: selfDraw ? state.afterKong : 0,
    afterFlower: selfDraw ? state.afterFlower : 0,
    heaven: first && seat === 'E',
    earth: first && seat !== 'E',
  };
}

/**
 * Seed 003, Winning on the Last Draw/Discard, as the ruleset reads it (`lastTileReading`, docs/rules.md). By the
 * pond (the default): a self-draw by the seat whose next discard fills its pond (no draw can follow it but its
 * own replacements), or a win on the discard that fills one (the discard won on is the last of the flow). By
 * the wall: the wall's last tile drawn, or a discard after it.
 */
export function onLastTile(state: HandState, seat: Seat, winType: WinType): boolean {
  if (lastTileReading(state) === 'wall') return wallRemaining(state) === 0;
  switch (winType) {
    case 'self-draw':
      return (
        state.preset === 'hu-mahjong' &&
        seatHand(state, seat).discarded.length === POND_LENGTH[state.players] - 1
      );
    case 'discard': {
      const last = state.flow.at(-1);
      return last !== undefined && pondFull(state, last.seat);
    }
    case 'robbing-kong':
      return false;
  }
}

/** Why the hand is no win, or undefined when it is one. */
export function notAWin(state: HandState, attempt: WinAttempt): string | undefined {
  const { concealed, melds, tile, seat, winType } = attempt;
  if (state.preset !== 'hu-mahjong') {
    const withTile = Uint8Array.from(concealed);
    withTile[tile]!++;
    return isComplete(withTile, melds.length)
      ? undefined
      : `${formatTiles(tilesOf(withTile))} is no complete hand`;
  }
  const ruleset = rulesetOf('hu-mahjong', state.options);
  const score = scoreHand(huMahjongTable(ruleset.options), {
    concealed,
    melds,
    winningTile: tile,
    situation: {
      winType,
      seatWind: windTileOf(seat),
      prevalentWind: windTileOf(state.prevalentWind),
      dealer: seat === 'E',
      // Won on a flower (Eight Immortals), the flower counts among the winner's as the contract counts it.
      flowers: isFlower(tile) ? [...seatHand(state, seat).flowers, tile] : seatHand(state, seat).flowers,
      luck: luckOf(state, seat, winType),
    },
  });
  return score.win ? undefined : score.message;
}

/** HandSettled from the score contract, then the wall shown; a rejection if the contract refuses. */
export function settle(
  em: Emitter,
  winType: WinType,
  from: Seat | undefined,
  winners: readonly WinAttempt[],
): Rejection | undefined {
  const { state } = em;
  const declared = takesDeclaredScore(state);
  const request = {
    ruleset: state.preset,
    options: state.options,
    prevalentWind: state.prevalentWind,
    dealerRepeats: state.repeats,
    ...(dieForgotten(state) ? { dieForgotten: true } : {}),
    winType,
    ...(from === undefined ? {} : { from }),
    ...(state.preset === 'chinese-classical' ? { loserScores: loserScoresOf(state, winners) } : {}),
    claims: winners.map((w) =>
      declared
        ? { seat: w.seat, handScore: state.declaredScores[w.seat] ?? 0 }
        : {
            seat: w.seat,
            hand: formatTiles(tilesOf(w.concealed)),
            melds: w.melds.map((m: Meld) => ({ tiles: formatTiles(meldTiles(m)), concealed: m.concealed })),
            winningTile: formatTiles([w.tile]),
            flowers: seatHand(state, w.seat).flowers.map((f) => formatTiles([f])),
            luck: luckOf(state, w.seat, winType),
          },
    ),
  };
  const outcome = evaluateScoreRequest(request);
  if (outcome.kind !== 'scored')
    return {
      code: 'settlement-refused',
      rule: RULES.settlement,
      message: outcome.kind === 'invalid' ? `${outcome.field}: ${outcome.message}` : outcome.message,
    };
  const { output } = outcome;
  const ref = state.rulesetRef!;
  em.emit({
    type: 'HandSettled',
    schemaVersion: 2,
    data: {
      ruleset: output.ruleset
        ? { preset: ref.preset, version: output.ruleset.version, hash: output.ruleset.hash }
        : ref,
      winners: output.winners.map(({ seat, handScore, effectiveScore }) => ({
        seat,
        handScore,
        effectiveScore,
      })),
      lapsed: output.lapsed.map(({ seat, reason }) => ({ seat, reason })),
      transfers: output.transfers.map(({ from, to, points, reason }) => ({ from, to, points, reason })),
    },
  });
  revealWall(em);
  return undefined;
}

/** A self-drawn win on the tile just drawn: the hand without it, and the melds. */
export function selfDrawAttempt(state: HandState, seat: Seat, drawn: Tile): WinAttempt {
  return {
    seat,
    concealed: handBefore(state, seat, drawn),
    melds: seatHand(state, seat).melds,
    tile: drawn,
    winType: 'self-draw',
  };
}

/**
 * A self-drawn win: WinDeclared, the declared score sheet (declared-score presets), then the settlement.
 * Re-settling the hand under an amended ruleset (../resettle) runs it again with the sheet as recorded.
 */
export function winBySelfDraw(
  em: Emitter,
  attempt: WinAttempt,
  scores: Partial<Record<Seat, number>> | undefined,
): Rejection | undefined {
  const { seat, tile } = attempt;
  em.emit({ type: 'WinDeclared', schemaVersion: 1, data: { seat, tile, by: 'self-draw' } });
  if (scores !== undefined) em.emit({ type: 'ScoresDeclared', schemaVersion: 1, data: { scores } });
  return settle(em, 'self-draw', undefined, [attempt]);
}

/**
 * chinese-classical (seed 002): the losers' final scores as the winner's sheet gives them. One winner is
 * settled (head-bump): its sheet names every other seat, a blocked claimant too.
 */
function loserScoresOf(state: HandState, winners: readonly WinAttempt[]): Partial<Record<Seat, number>> {
  const winner = winners[0]?.seat;
  const sheet = winner === undefined ? {} : (state.scoreSheets[winner] ?? {});
  return Object.fromEntries(Object.entries(sheet).filter(([seat]) => seat !== winner));
}

/** The winner's concealed kinds without the tile they won on (the drawn tile on a self-draw). */
export function handBefore(state: HandState, seat: Seat, drawn: Tile | undefined): Uint8Array {
  const kinds = kindsOf(seatHand(state, seat));
  if (drawn !== undefined) kinds[drawn]!--;
  return kinds;
}
