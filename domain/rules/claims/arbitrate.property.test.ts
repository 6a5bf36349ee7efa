// Property tests of claim arbitration (seeds 000, 001): random windows of valid eligibility and decisions.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type PlayerCount, type Seat, seatsInPlay, turnOrderAfter } from '../seats.ts';
import { arbitrateClaims } from './arbitrate.ts';
import { chowSeatAfter, chowShapes } from './chow.ts';
import type { Decision, OfferKind, SeatWindow } from './claim.ts';
import type { ClaimOptions } from './options.ts';
import type { ClaimWindow } from './window.ts';

const RUNS = 2000;

const seatArb = fc.record({
  win: fc.boolean(),
  thirteenOrphans: fc.boolean(),
  three: fc.boolean(),
  barred: fc.boolean(),
  chowMask: fc.nat(7),
  answers: fc.boolean(),
  choice: fc.nat(20),
  atMs: fc.nat(12_000),
});

const windowArb = fc
  .record({
    players: fc.constantFrom<PlayerCount>(2, 3, 4),
    from: fc.nat(3),
    tile: fc.oneof(fc.integer({ min: 0, max: 26 }), fc.integer({ min: 0, max: 33 })),
    kind: fc.constantFrom<OfferKind>('discard', 'discard', 'discard', 'added-kong', 'concealed-kong'),
    holder: fc.integer({ min: -1, max: 2 }),
    seats: fc.array(seatArb, { minLength: 3, maxLength: 3 }),
    options: fc.record({
      multipleWinners: fc.constantFrom<ClaimOptions['multipleWinners']>(
        'head-bump',
        'multiple',
        'score-priority',
      ),
      passLocksWin: fc.boolean(),
      deadlineMs: fc.integer({ min: 1, max: 10_000 }),
    }),
  })
  .map((g): ClaimWindow & { options: ClaimOptions } => {
    const from = seatsInPlay(g.players)[g.from % g.players]!;
    const offer = { tile: g.tile, from, kind: g.kind, players: g.players };
    const seats: Partial<Record<Seat, SeatWindow>> = {};
    turnOrderAfter(from, g.players).forEach((seat, i) => {
      const s = g.seats[i]!;
      const pong = i === g.holder;
      const chows = chowShapes(g.tile).filter((_, k) => (s.chowMask >> k) & 1);
      const eligible = { win: s.win, thirteenOrphans: s.thirteenOrphans, pong, kong: pong && s.three, chows };
      // The claims the rules open to this seat, read here independently of the module.
      const next = seat === chowSeatAfter(from, g.players);
      const open: Decision[] = ['pass', 'timeout'];
      if (s.win && !s.barred && (g.kind !== 'concealed-kong' || s.thirteenOrphans))
        open.push({ claim: 'win' });
      if (g.kind === 'discard') {
        if (eligible.pong) open.push({ claim: 'pong' });
        if (eligible.kong) open.push({ claim: 'kong' });
        if (next) for (const tiles of chows) open.push({ claim: 'chow', tiles });
      }
      seats[seat] = {
        eligible,
        barredFromDiscardWin: s.barred,
        ...(s.answers ? { decision: { decision: open[s.choice % open.length]!, atMs: s.atMs } } : {}),
      };
    });
    return { offer, seats, options: g.options };
  });

/** In-time claims in turn order after the offering seat. */
function claimsOf(window: ClaimWindow & { options: ClaimOptions }) {
  return turnOrderAfter(window.offer.from, window.offer.players).flatMap((seat) => {
    const timed = window.seats[seat]?.decision;
    if (timed === undefined || timed.atMs > window.options.deadlineMs) return [];
    const d = timed.decision;
    return typeof d === 'object' ? [{ seat, claim: d }] : [];
  });
}

describe('claim arbitration properties', () => {
  it('head-bump never returns more than one winner, and it is the first win claimant after the discarder', () => {
    fc.assert(
      fc.property(windowArb, (window) => {
        const headBump = { ...window, options: { ...window.options, multipleWinners: 'head-bump' as const } };
        const result = arbitrateClaims(headBump);
        const firstWin = claimsOf(headBump).find((c) => c.claim.claim === 'win');
        if (result.outcome === 'win') expect(result.winners).toEqual([firstWin?.seat]);
        else expect(firstWin).toBeUndefined();
      }),
      { numRuns: RUNS },
    );
  });

  it('with multiple winners or score priority, every win claimant wins, in turn order', () => {
    fc.assert(
      fc.property(windowArb, (window) => {
        fc.pre(window.options.multipleWinners !== 'head-bump');
        const result = arbitrateClaims(window);
        const wins = claimsOf(window)
          .filter((c) => c.claim.claim === 'win')
          .map((c) => c.seat);
        expect(result.outcome === 'win' ? result.winners : []).toEqual(wins);
      }),
      { numRuns: RUNS },
    );
  });

  it('a win claim beats every other claim', () => {
    fc.assert(
      fc.property(windowArb, (window) => {
        const claims = claimsOf(window);
        fc.pre(claims.some((c) => c.claim.claim === 'win'));
        const result = arbitrateClaims(window);
        expect(result.outcome).toBe('win');
        expect(result.next).toEqual({ kind: 'hand-ends' });
        for (const c of claims.filter((c) => c.claim.claim !== 'win'))
          expect(result.lapsed).toContainEqual({ ...c, reason: 'a win beats any other claim' });
      }),
      { numRuns: RUNS },
    );
  });

  it('at most one of pong, kong or chow is granted, pong and kong before chow; every other claim lapses', () => {
    fc.assert(
      fc.property(windowArb, (window) => {
        const claims = claimsOf(window);
        const result = arbitrateClaims(window);
        const granted =
          result.outcome === 'win' ? result.winners : result.outcome === 'meld' ? [result.seat] : [];
        const inTimeLapsed = result.lapsed.filter((l) => !l.reason.startsWith('late'));
        // Each in-time claim is granted or lapsed, once.
        expect([...granted, ...inTimeLapsed.map((l) => l.seat)].sort()).toEqual(
          claims.map((c) => c.seat).sort(),
        );
        if (result.outcome === 'meld') {
          const set = claims.find((c) => c.claim.claim === 'pong' || c.claim.claim === 'kong');
          expect(result.seat).toBe((set ?? claims.find((c) => c.claim.claim === 'chow'))!.seat);
        }
        if (result.outcome === 'no-claim' || result.outcome === 'kong-stands') expect(claims).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it('speed never matters: other arrival times within the deadline give the same resolution', () => {
    fc.assert(
      fc.property(
        windowArb,
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 4, maxLength: 4 }),
        (window, shares) => {
          const reordered: Partial<Record<Seat, SeatWindow>> = {};
          Object.entries(window.seats).forEach(([seat, entry], i) => {
            const timed = entry.decision;
            reordered[seat as Seat] =
              timed === undefined || timed.atMs > window.options.deadlineMs
                ? entry
                : { ...entry, decision: { ...timed, atMs: shares[i]! * window.options.deadlineMs } };
          });
          expect(arbitrateClaims({ ...window, seats: reordered })).toEqual(arbitrateClaims(window));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it('the turn after a meld passes from the claimant; the seats between are skipped', () => {
    fc.assert(
      fc.property(windowArb, (window) => {
        const result = arbitrateClaims(window);
        fc.pre(result.outcome === 'meld');
        if (
          result.outcome !== 'meld' ||
          result.next.kind === 'hand-ends' ||
          result.next.kind === 'draw' ||
          result.next.kind === 'resume'
        )
          return;
        const { from, players } = window.offer;
        const order = turnOrderAfter(from, players);
        expect(result.next.seat).toBe(result.seat);
        expect(result.next.thenTurn).toBe(turnOrderAfter(result.seat, players)[0]);
        expect([...result.next.skipped, result.seat]).toEqual(order.slice(0, order.indexOf(result.seat) + 1));
      }),
      { numRuns: RUNS },
    );
  });
});
