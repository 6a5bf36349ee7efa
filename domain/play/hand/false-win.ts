// A win declared on a hand that is none (`issues show 4`, item 2): the ruleset's `falseWin` says whether the
// declaration is refused ('reject', `not-a-win`) or penalised ('penalise'): the declarer pays each other
// player at once, the hand is void (dealt again by the same dealer) and the wall is shown.
import type { Seat, Transfer } from '../../rules/seats.ts';
import { seatsOf } from '../fields.ts';
import { revealWall } from './draw.ts';
import type { Emitter } from './emitter.ts';
import type { HandState } from './state.ts';
import { falseMahjongPenalty } from './table-law.ts';

/** The ruleset's choice; a stream recorded before the option existed keeps the rule it was played by. */
export function falseWinOf(state: HandState): 'reject' | 'penalise' {
  const chosen = state.options.falseWin;
  if (chosen === 'reject' || chosen === 'penalise') return chosen;
  return state.preset === 'table-law' ? 'penalise' : 'reject';
}

interface Penalty {
  readonly kind: string;
  readonly points: number;
  readonly reason: string;
  readonly transfers: readonly Transfer[];
  readonly explanation: string;
}

/** Any preset but table law: `falseWinPenalty` to each other player (none when it is 0). */
function falseWinPenalty(state: HandState, seat: Seat, why: string): Penalty {
  const raw = state.options.falseWinPenalty;
  const points = typeof raw === 'number' && Number.isSafeInteger(raw) && raw > 0 ? raw : 0;
  const rule = `${state.preset} falseWin 'penalise'`;
  return {
    kind: 'false-win',
    points,
    reason: `${rule}: false win (${why}): ${points} to each other player`,
    transfers:
      points === 0
        ? []
        : seatsOf(state.seats)
            .filter((to) => to !== seat)
            .map((to) => ({
              from: seat,
              to,
              points,
              reason: `false win by ${seat}: ${points} to each other player`,
            })),
    explanation: `${rule}: a false win voids the hand; the same dealer deals again`,
  };
}

/** FalseWinDeclared, PenaltyAssessed (settled now), HandVoided and WallRevealed: the hand is over. */
export function falseWin(em: Emitter, seat: Seat, tile: number, why: string): void {
  const { state } = em;
  const penalty =
    state.preset === 'table-law' ? falseMahjongPenalty(state, seat, why) : falseWinPenalty(state, seat, why);
  em.emit({
    type: 'FalseWinDeclared',
    schemaVersion: 1,
    data: { seat, tile, by: 'self-draw', reason: why },
  });
  em.emit({
    type: 'PenaltyAssessed',
    schemaVersion: 1,
    data: {
      seat,
      kind: penalty.kind,
      points: penalty.points,
      reason: penalty.reason,
      settled: 'now',
      transfers: penalty.transfers.map(({ from, to, points, reason }) => ({ from, to, points, reason })),
    },
  });
  em.emit({
    type: 'HandVoided',
    schemaVersion: 1,
    data: { cause: 'false-win', explanation: penalty.explanation },
  });
  revealWall(em);
}
