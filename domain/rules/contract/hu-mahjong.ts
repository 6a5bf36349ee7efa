// The score contract for the hu-mahjong preset, seed 003: tiles scored by the pattern table, paid by the
// payout scheme, several claims on one discard settled by the multipleWinners option.

import { type HandSet, type Meld, MeldError, meldFromTiles, setTiles } from '../../hand/index.ts';
import { formatTiles, isFlower, TILE_KINDS, type Tile } from '../../tiles/index.ts';
import { type Luck, NO_LUCK, type WinSituation } from '../patterns/facts.ts';
import { huMahjongTable } from '../patterns/hu-mahjong.ts';
import { scoreHand } from '../patterns/score.ts';
import { type PresetOptions, rulesetOf } from '../rulesets/index.ts';
import { deltasOf, type Seat, seatsInPlay, type Transfer, turnOrderAfter, windTileOf } from '../seats.ts';
import {
  basePointsOf,
  EIGHTH_REPEAT,
  huMahjongPenaltyTransfers,
  huMahjongWinTransfers,
} from '../settlement/hu-mahjong.ts';
import { validateClaimants } from './common.ts';
import { invalid, type ScoreOutcome, type WinnerOutput } from './outcome.ts';
import type { ClaimRequest, ScoreRequest } from './schema.ts';

interface ScoredClaim {
  readonly seat: Seat;
  readonly output: WinnerOutput;
  readonly basePoints: number;
}

export function scoreHuMahjong(request: ScoreRequest): ScoreOutcome {
  const ruleset = rulesetOf('hu-mahjong', request.options);
  const { options } = ruleset;
  const seats = seatsInPlay(options.players);
  validateClaimants(request, seats);
  if (request.dealerRepeats > EIGHTH_REPEAT) {
    invalid(
      'dealerRepeats',
      `at most ${EIGHTH_REPEAT} in hu-mahjong: the seat winds rotate when the eighth repeat concludes`,
    );
  }
  if (request.loserScores !== undefined) invalid('loserScores', 'loserScores is for chinese-classical only');
  request.penalties?.forEach((penalty, i) => {
    if (!seats.includes(penalty.seat)) invalid(`penalties[${i}].seat`, `seat ${penalty.seat} is not in play`);
  });
  const table = huMahjongTable(options);
  const scored: ScoredClaim[] = [];
  for (const [index, claim] of request.claims.entries()) {
    const hand = readClaim(request, claim, index);
    const result = scoreHand(table, hand);
    if (!result.win)
      return { kind: 'not-a-win', seat: claim.seat, message: `${claim.seat}: ${result.message}` };
    const dealer = claim.seat === 'E';
    const { base, bonuses } = basePointsOf(result.points, dealer, request.dealerRepeats);
    scored.push({
      seat: claim.seat,
      basePoints: base,
      output: {
        seat: claim.seat,
        handScore: result.points,
        effectiveScore: base,
        patterns: result.patterns.map(({ name, chinese, points }) => ({ name, chinese, points })),
        ...(bonuses.length > 0 ? { bonuses } : {}),
        ...(result.decomposition
          ? { sets: setsInNotation(result.decomposition.sets, result.decomposition.winningSet) }
          : {}),
      },
    });
  }

  const { winners, lapsed } = arbitrate(request, options, scored);
  const transfers: Transfer[] = winners.flatMap((w) =>
    huMahjongWinTransfers({
      players: options.players,
      winType: request.winType,
      winner: w.seat,
      ...(request.from !== undefined ? { from: request.from } : {}),
      basePoints: w.basePoints,
    }),
  );
  // Penalties (seed 003's heavy penalty, or an organizer's) go to each other player, apart from the hand.
  for (const penalty of request.penalties ?? []) {
    transfers.push(
      ...huMahjongPenaltyTransfers(options.players, penalty.seat, penalty.points, `penalty: ${penalty.kind}`),
    );
  }
  return {
    kind: 'scored',
    output: {
      winners: winners.map((w) => w.output),
      lapsed,
      transfers,
      deltas: deltasOf(transfers, options.players),
      ruleset: { preset: ruleset.preset, version: ruleset.version, hash: ruleset.hash },
    },
  };
}

/** Several claims on one tile: head-bump keeps the first in turn order after the discarder; multiple keeps all. */
function arbitrate(
  request: ScoreRequest,
  options: PresetOptions['hu-mahjong'],
  scored: readonly ScoredClaim[],
): { winners: ScoredClaim[]; lapsed: { seat: Seat; reason: string }[] } {
  if (request.from === undefined || scored.length === 1) return { winners: [...scored], lapsed: [] };
  const order = turnOrderAfter(request.from, options.players);
  const inTurnOrder = [...scored].sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat));
  switch (options.multipleWinners) {
    case 'multiple':
      return { winners: inTurnOrder, lapsed: [] };
    case 'head-bump': {
      const [first, ...rest] = inTurnOrder as [ScoredClaim, ...ScoredClaim[]];
      return {
        winners: [first],
        lapsed: rest.map(({ seat }) => ({
          seat,
          reason: `head-bump: ${first.seat} is first in turn order after ${request.from}`,
        })),
      };
    }
  }
}

function readClaim(request: ScoreRequest, claim: ClaimRequest, index: number) {
  const at = `claims[${index}]`;
  if (claim.hand === undefined)
    invalid(`${at}.hand`, 'hu-mahjong scores the tiles: give hand and winningTile');
  if (claim.winningTile === undefined)
    invalid(`${at}.winningTile`, 'hu-mahjong scores the tiles: give the winning tile');
  const handTiles = claim.hand!;
  const winning = claim.winningTile!;
  handTiles.forEach((t) => {
    if (t >= TILE_KINDS)
      invalid(`${at}.hand`, `${formatTiles([t])} is a flower: flowers go in flowers, not in the hand`);
  });
  if (winning.length !== 1)
    invalid(`${at}.winningTile`, `one tile expected, got ${winning.length} ("${formatTiles(winning)}")`);
  const melds: Meld[] = claim.melds.map((meld, m) => {
    try {
      return meldFromTiles(meld.tiles, meld.concealed);
    } catch (error) {
      if (error instanceof MeldError) return invalid(`${at}.melds[${m}].tiles`, error.message);
      throw error;
    }
  });
  const flowers = claim.flowers.map((f, i): Tile => {
    if (f.length !== 1 || !isFlower(f[0]!))
      invalid(`${at}.flowers[${i}]`, `"${formatTiles(f)}" is not one flower tile (1f..8f)`);
    return f[0]!;
  });
  if (new Set(flowers).size !== flowers.length)
    invalid(`${at}.flowers`, 'a flower is listed twice: each exists once');
  const winningTile = winning[0]!;
  if (isFlower(winningTile) && (flowers.includes(winningTile) || flowers.length !== 7)) {
    invalid(
      `${at}.winningTile`,
      'a flower wins only as the eighth flower (Eight Immortals): list the other seven in flowers',
    );
  }
  const luck = claim.luck ?? NO_LUCK;
  checkLuck(request, claim.seat, luck, `${at}.luck`);
  checkReplacements(luck, melds, flowers.length, `${at}.luck`);
  const concealed = new Uint8Array(TILE_KINDS);
  for (const t of handTiles) concealed[t]!++;
  const situation: WinSituation = {
    winType: request.winType,
    seatWind: windTileOf(claim.seat),
    prevalentWind: windTileOf(request.prevalentWind),
    dealer: claim.seat === 'E',
    flowers: isFlower(winningTile) ? [...flowers, winningTile] : flowers,
    luck,
  };
  return { concealed, melds, winningTile, situation };
}

function checkLuck(request: ScoreRequest, seat: Seat, luck: Luck, at: string): void {
  const selfDraw = request.winType === 'self-draw';
  if ((luck.afterKong > 0 || luck.afterFlower > 0) && !selfDraw) {
    invalid(at, 'afterKong and afterFlower need a self-draw win: the replacement tile is drawn');
  }
  if (luck.heaven && (seat !== 'E' || !selfDraw))
    invalid(`${at}.heaven`, 'Blessing of Heaven is for the dealer (E) winning by self-draw');
  if (luck.earth && (seat === 'E' || !selfDraw))
    invalid(`${at}.earth`, 'Blessing of Earth is for a non-dealer winning by self-draw');
}

/** Each replacement draw needs its kong or its flower: a referee's typo, not a hand, would say otherwise. */
function checkReplacements(luck: Luck, melds: readonly Meld[], flowers: number, at: string): void {
  const kongs = melds.filter((m) => m.kind === 'kong').length;
  if (luck.afterKong > kongs) {
    invalid(`${at}.afterKong`, `${luck.afterKong} kong replacement(s) but ${kongs} kong(s) among the melds`);
  }
  if (luck.afterFlower > flowers) {
    invalid(
      `${at}.afterFlower`,
      `${luck.afterFlower} flower replacement(s) but ${flowers} flower(s) declared`,
    );
  }
}

function setsInNotation(sets: readonly HandSet[], winningSet: number): string[] {
  return sets.map((set, i) => formatTiles(setTiles(set)) + (i === winningSet ? '*' : ''));
}
