// The score contract for table-law, seed 004: declared scores (the points the paying player owes each
// winner), with the dealer streak of `dealerRepeats` and robbing the gong; no kitty is at stake in a
// single winning hand.

import { RuleInputError } from '../errors.ts';
import { rulesetOf } from '../rulesets/index.ts';
import { deltasOf, seatsInPlay, type Transfer } from '../seats.ts';
import { checkDeclaredWin, claimsInTurnOrder, headBump, type Lapsed } from '../settlement/declared-win.ts';
import { KITTY, settleFinalHand } from '../settlement/table-law/index.ts';
import { penaltiesToEachOther } from './common.ts';
import { invalid, type ScoreOutcome } from './outcome.ts';
import type { ScoreRequest } from './schema.ts';

const PLAYERS = 4;

export function scoreTableLaw(request: ScoreRequest): ScoreOutcome {
  const ruleset = rulesetOf('table-law', request.options);
  const { options } = ruleset;
  const seats = seatsInPlay(PLAYERS);
  if (request.loserScores !== undefined) invalid('loserScores', 'loserScores is for chinese-classical only');
  const claims = request.claims.map((claim, i) => {
    if (claim.handScore === undefined)
      invalid(`claims[${i}].handScore`, 'table-law takes a declared score: give handScore');
    return { seat: claim.seat, handScore: claim.handScore! };
  });
  const win = {
    players: PLAYERS,
    winType: request.winType,
    ...(request.from !== undefined ? { from: request.from } : {}),
    claims,
  } as const;
  checkDeclaredWin(win);
  // Several winners on one discard are all paid (the seed's "alone or with other winners"), unless the
  // organizer chose head-bump.
  let winners = claimsInTurnOrder(win);
  let lapsed: Lapsed[] = [];
  if (options.multipleWinners === 'head-bump' && request.from !== undefined && winners.length > 1) {
    const bumped = headBump(request.from, winners);
    winners = [bumped.winner];
    lapsed = bumped.lapsed;
  }
  let record: ReturnType<typeof settleFinalHand>;
  try {
    record = settleFinalHand({
      players: PLAYERS,
      amounts: options,
      streak: { count: request.dealerRepeats, dieForgotten: request.dieForgotten },
      kitty: { points: 0 },
      outcome: {
        kind: 'win',
        winType: request.winType,
        ...(request.from !== undefined ? { from: request.from } : {}),
        winners,
      },
    });
  } catch (error) {
    // The scheme names its winners[i]; the request knows them as claims[j].
    const at = error instanceof RuleInputError ? /^winners\[(\d+)\](.*)$/.exec(error.field) : null;
    if (at === null) throw error;
    const claim = request.claims.findIndex((c) => c.seat === winners[Number(at[1])]?.seat);
    return invalid(`claims[${claim}]${at[2]}`, (error as Error).message);
  }
  const transfers: Transfer[] = record.transfers.map((t, i) => {
    if (t.from === KITTY || t.to === KITTY)
      return invalid(`transfers[${i}]`, 'no kitty is at stake in a score request');
    return { from: t.from, to: t.to, points: t.points, reason: t.reason };
  });
  transfers.push(...penaltiesToEachOther(request, seats));
  return {
    kind: 'scored',
    output: {
      winners: winners.map(({ seat, handScore }) => ({ seat, handScore, effectiveScore: handScore })),
      lapsed,
      transfers,
      deltas: deltasOf(transfers, PLAYERS),
      ruleset: { preset: ruleset.preset, version: ruleset.version, hash: ruleset.hash },
    },
  };
}
