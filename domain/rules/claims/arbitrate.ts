// Claim arbitration of one offered tile, seed 001 ("The priority order", "Robbing the kong", "Two winners on
// one tile") with seed 000's three multiple-winner policies: win > pong/kong > chow, whoever was quicker.
import { meldFromTiles } from '../../hand/index.ts';
import { type Seat, turnOrderAfter } from '../seats.ts';
import type { Claim, TimedDecision } from './claim.ts';
import type { Lapsed, LateDecision, NextTurn, Resolution } from './resolution.ts';
import { type Answer, type CheckedWindow, type ClaimWindow, checkWindow } from './window.ts';

type Claimed = Extract<Answer, { type: 'claim' }>;
type MeldClaim = Exclude<Claim, { claim: 'win' }>;

/** Decides who takes the tile once every eligible player has answered or the deadline has passed. */
export function arbitrateClaims(window: ClaimWindow): Resolution {
  const checked = checkWindow(window);
  const { offer, options, seats } = checked;
  const answers = seats.map((s) => s.answer);
  // In turn order after the offering seat: the time a claim arrived within the deadline never matters.
  const claims = answers.filter((a): a is Claimed => a.type === 'claim');
  const late = lateDecisions(answers);
  const common = {
    offer,
    passed: seats.filter((s) => hasOpen(s) && s.answer.type === 'pass').map((s) => s.seat),
    timedOut: seats.filter((s) => hasOpen(s) && s.answer.type === 'timeout').map((s) => s.seat),
    late,
  };
  // filter and map rather than flatMap, here and below: arbitration runs on every discard, and flatMap is
  // many times slower on these short lists.
  const lateLapsed = late
    .filter((d): d is LateDecision & { decision: Claim } => typeof d.decision === 'object')
    .map(
      ({ seat, decision, atMs }): Lapsed => ({
        seat,
        claim: decision,
        reason: `late: at ${atMs} ms, after the ${options.deadlineMs} ms deadline, it counts as a pass`,
      }),
    );

  const wins = claims.filter((c) => c.claim.claim === 'win');
  const first = wins[0];
  if (first !== undefined) {
    const winners = options.multipleWinners === 'head-bump' ? [first.seat] : wins.map((c) => c.seat);
    const lapsed = claims
      .filter((c) => !winners.includes(c.seat))
      .map(({ seat, claim }) => ({
        seat,
        claim,
        reason:
          claim.claim === 'win'
            ? `head-bump: ${first.seat} is first in turn order after ${offer.from}`
            : 'a win beats any other claim',
      }));
    return {
      ...common,
      outcome: 'win',
      winners,
      payer: offer.from,
      robbedKong:
        offer.kind === 'discard' || offer.kind === 'flower'
          ? null
          : { seat: offer.from, revertsTo: offer.kind === 'added-kong' ? 'pong' : 'concealed-triplet' },
      lapsed: [...lapsed, ...lateLapsed],
      lockedUntilDraw: [],
      next: { kind: 'hand-ends' },
    };
  }

  // Nobody won: every seat that could have is locked under 過水.
  const lockedUntilDraw = options.passLocksWin ? seats.filter((s) => s.open.win).map((s) => s.seat) : [];
  // Only one player can hold two or three of a tile, and only one may chow, so one of each at most.
  const melds = claims
    .filter((c): c is Claimed & { claim: MeldClaim } => c.claim.claim !== 'win')
    .map(({ seat, claim }) => ({ seat, claim }));
  const set = melds.find((c) => c.claim.claim === 'pong' || c.claim.claim === 'kong');
  const chow = melds.find((c) => c.claim.claim === 'chow');
  const granted = set ?? chow;
  if (granted === undefined) {
    // The checked seats are in turn order after the offering seat: the first of them plays next.
    const after = seats[0]!.seat;
    const next: NextTurn =
      offer.kind === 'discard'
        ? { kind: 'draw', seat: after }
        : offer.kind === 'flower'
          ? { kind: 'resume' }
          : { kind: 'replacement', seat: offer.from, thenTurn: after, skipped: [] };
    return {
      ...common,
      outcome: offer.kind === 'discard' || offer.kind === 'flower' ? 'no-claim' : 'kong-stands',
      lapsed: lateLapsed,
      lockedUntilDraw,
      next,
    };
  }
  const lapsed: Lapsed[] =
    set !== undefined && chow !== undefined
      ? [{ seat: chow.seat, claim: chow.claim, reason: `${set.claim.claim} outranks chow` }]
      : [];
  return {
    ...common,
    ...meldOf(checked, granted.seat, granted.claim),
    lapsed: [...lapsed, ...lateLapsed],
    lockedUntilDraw,
  };
}

function meldOf(window: CheckedWindow, seat: Seat, claim: MeldClaim) {
  const { tile, from, players } = window.offer;
  const order = turnOrderAfter(from, players);
  const turn = {
    seat,
    thenTurn: turnOrderAfter(seat, players)[0]!,
    // The seats between the discarder and the claimant lose this turn (seed 001: "South and West are skipped").
    skipped: order.slice(0, order.indexOf(seat)),
  };
  switch (claim.claim) {
    case 'kong':
      return {
        outcome: 'meld' as const,
        seat,
        claim: 'kong' as const,
        meld: meldFromTiles([tile, tile, tile, tile]),
        fromHand: [tile, tile, tile],
        next: { kind: 'replacement' as const, ...turn },
      };
    default: {
      const fromHand = claim.claim === 'pong' ? [tile, tile] : [...claim.tiles].sort((a, b) => a - b);
      return {
        outcome: 'meld' as const,
        seat,
        claim: claim.claim,
        meld: meldFromTiles([...fromHand, tile]),
        fromHand,
        next: { kind: 'discard' as const, ...turn },
      };
    }
  }
}

function lateDecisions(answers: readonly Answer[]): LateDecision[] {
  return answers
    .filter(
      (a): a is Extract<Answer, { type: 'timeout' }> & { late: TimedDecision } =>
        a.type === 'timeout' && a.late !== undefined,
    )
    .map((a) => ({ seat: a.seat, ...a.late }));
}

const hasOpen = ({ open }: CheckedWindow['seats'][number]): boolean =>
  open.win || open.kong || open.pong || open.chows.length > 0;
