// Robbing the kong, seeds 001 (搶槓), 003 (抢杠) and 004 (robbing the gong): an added kong is robbed by any win
// on its tile, a concealed kong only by thirteen orphans; the kong's player pays as the discarder.
import { describe, expect, it } from 'vitest';
import { expectRuleError, offer, PONG, seatsFor, WIN } from '../../../test/support/claims.ts';
import { arbitrateClaims } from './arbitrate.ts';

// South adds the fourth 5p to the exposed pong 555p. West waits on 46p, North on 34p.
const addedKong = offer('S', '5p', 'added-kong');
const west = { hand: '46p 123m 456m 789s 11z' };
const north = { hand: '34p 234s 567s 789m 22z' };

describe('robbing an added kong', () => {
  it('West wins on the added 5p: the kong goes back to a pong and South pays as the discarder', () => {
    const seats = seatsFor(addedKong, { W: { ...west, decision: WIN }, N: { ...north, decision: 'pass' } });
    const result = arbitrateClaims({ offer: addedKong, seats });
    expect(result.outcome).toBe('win');
    if (result.outcome !== 'win') return;
    expect(result.winners).toEqual(['W']);
    expect(result.payer).toBe('S');
    expect(result.robbedKong).toEqual({ seat: 'S', revertsTo: 'pong' });
    expect(result.next).toEqual({ kind: 'hand-ends' });
  });

  it('if nobody robs it, the kong stands and South draws a replacement', () => {
    const seats = seatsFor(addedKong, {
      W: { ...west, decision: 'pass' },
      N: { ...north, decision: 'pass' },
    });
    const result = arbitrateClaims({ offer: addedKong, seats });
    expect(result.outcome).toBe('kong-stands');
    expect(result.next).toEqual({ kind: 'replacement', seat: 'S', thenTurn: 'W', skipped: [] });
    expect(result.passed).toEqual(['W', 'N']);
  });

  it('two robbers resolve like two winners on a discard: head-bump gives it to West, first after South', () => {
    const seats = seatsFor(addedKong, {
      W: { ...west, decision: WIN, at: 4000 },
      N: { ...north, decision: WIN, at: 100 },
    });
    const bumped = arbitrateClaims({ offer: addedKong, seats });
    expect(bumped.outcome === 'win' && bumped.winners).toEqual(['W']);
    expect(bumped.lapsed).toEqual([
      { seat: 'N', claim: { claim: 'win' }, reason: 'head-bump: W is first in turn order after S' },
    ]);
    const both = arbitrateClaims({ offer: addedKong, seats, options: { multipleWinners: 'multiple' } });
    expect(both.outcome === 'win' && both.winners).toEqual(['W', 'N']);
    expect(both.outcome === 'win' && both.payer).toBe('S');
  });

  it('a player barred from discard wins (sacred discard) cannot rob either', () => {
    const seats = seatsFor(addedKong, { W: { ...west, barred: true, decision: WIN } });
    expectRuleError(
      () => arbitrateClaims({ offer: addedKong, seats }),
      'seats.W.decision',
      /barred from winning/,
    );
  });

  it('the added tile cannot be ponged: only a win takes it', () => {
    const seats = { E: { eligible: { pong: true }, decision: { decision: PONG, atMs: 10 } } };
    expectRuleError(
      () => arbitrateClaims({ offer: addedKong, seats }),
      'seats.E.decision',
      'an added kong can only be robbed by a win: no pong claim on it',
    );
  });
});

// East declares a concealed kong of 1m. North waits on 1m with thirteen orphans, West on 23m.
const concealedKong = offer('E', '1m', 'concealed-kong');
const orphans = { hand: '99m 19p 19s 1234567z' };
const standard = { hand: '23m 456p 789p 123s 55z' };

describe('robbing a concealed kong: thirteen orphans only', () => {
  it('North, waiting on thirteen orphans, robs the concealed 1m kong', () => {
    const seats = seatsFor(concealedKong, {
      N: { ...orphans, decision: WIN },
      W: { ...standard, decision: 'pass' },
    });
    const result = arbitrateClaims({ offer: concealedKong, seats });
    expect(result.outcome).toBe('win');
    if (result.outcome !== 'win') return;
    expect(result.winners).toEqual(['N']);
    expect(result.payer).toBe('E');
    expect(result.robbedKong).toEqual({ seat: 'E', revertsTo: 'concealed-triplet' });
  });

  it('West, whose 23m would take 1m off a discard, has nothing to claim on a concealed kong', () => {
    const seats = seatsFor(concealedKong, { W: standard });
    expect(seats.W?.eligible?.win).toBe(false);
    const result = arbitrateClaims({ offer: concealedKong, seats });
    expect(result.outcome).toBe('kong-stands');
    expect(result.timedOut).toEqual([]);
    expect(result.next).toEqual({ kind: 'replacement', seat: 'E', thenTurn: 'S', skipped: [] });
  });

  it('a win claim on a concealed kong without thirteen orphans is invalid', () => {
    const seats = { W: { eligible: { win: true }, decision: { decision: WIN, atMs: 10 } } };
    expectRuleError(
      () => arbitrateClaims({ offer: concealedKong, seats }),
      'seats.W.decision',
      'a concealed kong can be robbed only by a player waiting on thirteen orphans',
    );
  });

  it('the same West hand robs an added 1m kong', () => {
    const added = offer('E', '1m', 'added-kong');
    const result = arbitrateClaims({
      offer: added,
      seats: seatsFor(added, { W: { ...standard, decision: WIN } }),
    });
    expect(result.outcome === 'win' && result.robbedKong).toEqual({ seat: 'E', revertsTo: 'pong' });
  });
});
