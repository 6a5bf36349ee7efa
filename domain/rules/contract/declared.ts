// The score contract for the presets whose rule texts have no pattern table (spec "Declared scores"):
// four-seas (seed 000), chinese-classical (seed 002), mahjong-house (seed 001). Each claim declares its score;
// the preset's settlement scheme pays it.

import { rulesetOf } from '../rulesets/index.ts';
import { deltasOf, type PlayerCount, seatsInPlay, type Transfer } from '../seats.ts';
import { settleChineseClassical } from '../settlement/chinese-classical.ts';
import type { DeclaredClaim, DeclaredWin } from '../settlement/declared-win.ts';
import { settleFourSeas } from '../settlement/four-seas.ts';
import { settleMahjongHouse } from '../settlement/mahjong-house.ts';
import type { Settlement } from '../settlement/settlement.ts';
import { penaltiesToEachOther } from './common.ts';
import { invalid, type ScoreOutcome } from './outcome.ts';
import type { Preset, ScoreRequest } from './schema.ts';

type DeclaredPreset = Exclude<Preset, 'hu-mahjong' | 'table-law'>;

/** These rule texts speak of four players; their presets have no players option. */
const PLAYERS: PlayerCount = 4;

export function scoreDeclared(preset: DeclaredPreset, request: ScoreRequest): ScoreOutcome {
  const ruleset = rulesetOf(preset, request.options);
  const seats = seatsInPlay(PLAYERS);
  if (!seats.includes(request.prevalentWind))
    invalid('prevalentWind', `seat ${request.prevalentWind} is not in play`);
  if (preset !== 'chinese-classical' && request.loserScores !== undefined) {
    invalid('loserScores', 'loserScores is for chinese-classical only');
  }
  const win: DeclaredWin = {
    players: PLAYERS,
    winType: request.winType,
    ...(request.from !== undefined ? { from: request.from } : {}),
    claims: request.claims.map((claim, i): DeclaredClaim => {
      if (claim.handScore === undefined) {
        return invalid(`claims[${i}].handScore`, `${preset} takes a declared score: give handScore`);
      }
      return { seat: claim.seat, handScore: claim.handScore };
    }),
  };
  const settlement = settle(preset, ruleset.options, win, request);
  const transfers: Transfer[] = [...settlement.transfers];
  if (preset !== 'chinese-classical') transfers.push(...penaltiesToEachOther(request, seats));
  return {
    kind: 'scored',
    output: {
      winners: settlement.winners.map(({ seat, handScore, effectiveScore }) => ({
        seat,
        handScore,
        effectiveScore,
      })),
      lapsed: settlement.lapsed,
      transfers,
      deltas: deltasOf(transfers, PLAYERS),
      ruleset: { preset: ruleset.preset, version: ruleset.version, hash: ruleset.hash },
    },
  };
}

function settle(
  preset: DeclaredPreset,
  options: Record<string, unknown>,
  win: DeclaredWin,
  request: ScoreRequest,
): Settlement {
  switch (preset) {
    case 'four-seas':
      return settleFourSeas({ ...win, options });
    case 'mahjong-house':
      return settleMahjongHouse({
        ...win,
        options: options as Parameters<typeof settleMahjongHouse>[0]['options'],
      });
    case 'chinese-classical':
      if (request.loserScores === undefined) {
        return invalid(
          'loserScores',
          'chinese-classical needs every loser’s final hand score in loserScores',
        );
      }
      return settleChineseClassical({
        ...win,
        loserScores: request.loserScores,
        ...(request.penalties !== undefined ? { penalties: request.penalties } : {}),
        options: options as Parameters<typeof settleChineseClassical>[0]['options'],
      });
  }
}
