// Seed 001 (mahjong-house, claims): the priority order, its examples, and the 5-second window.
import { describe, expect, it } from 'vitest';
import { chow, KONG, offer, PONG, seatsFor, WIN } from '../../../test/support/claims.ts';
import { tile } from '../../../test/support/hand.ts';
import { arbitrateClaims } from './arbitrate.ts';
import type { ClaimOptionsInput } from './options.ts';

// East discards 5p: South holds 34p, West 55p, North waits on 46p.
const fiveDots = offer('E', '5p');
const fiveDotsSeats = seatsFor(fiveDots, {
  S: { hand: '34p 123m 456m 789m 11z', decision: chow('34p'), at: 300 },
  W: { hand: '55p 123s 456s 789s 23z', decision: PONG, at: 1200 },
  N: { hand: '46p 234m 567m 678s 99s', decision: WIN, at: 2500 },
});

// East discards 3m: South holds 12m, North a pair of 3s.
const threeCharacters = offer('E', '3m');
const threeSeats = (northAt: number) =>
  seatsFor(threeCharacters, {
    S: { hand: '12m 456p 789p 123s 55z', decision: chow('12m'), at: 50 },
    N: { hand: '33m 789m 456s 11p 567z', decision: PONG, at: northAt },
  });

// East discards 9s: West waits on 78s, North on 99s and 22z.
const nineBamboo = offer('E', '9s');
const nineSeats = seatsFor(nineBamboo, {
  W: { hand: '123m 456m 789p 11z 78s', decision: WIN, at: 4000 },
  N: { hand: '123p 456p 789m 99s 22z', decision: WIN, at: 200 },
});

describe('a win beats any other claim (seed 001)', () => {
  it('East discards the 5 of dots; South chows, West pongs, North wins: North wins, East is the discarder', () => {
    const result = arbitrateClaims({ offer: fiveDots, seats: fiveDotsSeats });
    expect(result.outcome).toBe('win');
    if (result.outcome !== 'win') return;
    expect(result.winners).toEqual(['N']);
    expect(result.payer).toBe('E');
    expect(result.robbedKong).toBeNull();
    expect(result.next).toEqual({ kind: 'hand-ends' });
    expect(result.lapsed).toEqual([
      {
        seat: 'S',
        claim: { claim: 'chow', tiles: [tile('3p'), tile('4p')] },
        reason: 'a win beats any other claim',
      },
      { seat: 'W', claim: { claim: 'pong' }, reason: 'a win beats any other claim' },
    ]);
  });
});

describe('chow: the next player only, and last (seed 001)', () => {
  it('East discards the 3 of characters; South chows 12m, North pongs: North pongs and East is next', () => {
    const result = arbitrateClaims({ offer: threeCharacters, seats: threeSeats(3000) });
    expect(result.outcome).toBe('meld');
    if (result.outcome !== 'meld') return;
    expect(result.seat).toBe('N');
    expect(result.claim).toBe('pong');
    expect(result.meld).toEqual({ kind: 'pung', tile: tile('3m'), concealed: false });
    expect(result.fromHand).toEqual([tile('3m'), tile('3m')]);
    expect(result.next).toEqual({ kind: 'discard', seat: 'N', thenTurn: 'E', skipped: ['S', 'W'] });
    expect(result.lapsed).toEqual([
      { seat: 'S', claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] }, reason: 'pong outranks chow' },
    ]);
  });

  it('a fast chow does not beat a slower pong: South at 50 ms, North at 4999 ms', () => {
    const result = arbitrateClaims({ offer: threeCharacters, seats: threeSeats(4999) });
    expect(result.outcome === 'meld' && result.seat).toBe('N');
  });

  it('a fast pong does not beat a slower win', () => {
    const seats = { ...fiveDotsSeats, W: { ...fiveDotsSeats.W, decision: { decision: PONG, atMs: 1 } } };
    const result = arbitrateClaims({
      offer: fiveDots,
      seats: { ...seats, N: { ...seats.N, decision: { decision: WIN, atMs: 4999 } } },
    });
    expect(result.outcome === 'win' && result.winners).toEqual(['N']);
  });

  it('without the pong, South chows 12m 3m and discards; nobody is skipped', () => {
    const seats = seatsFor(threeCharacters, {
      S: { hand: '12m 456p 789p 123s 55z', decision: chow('21m') },
      N: { hand: '33m 789m 456s 11p 567z', decision: 'pass' },
    });
    const result = arbitrateClaims({ offer: threeCharacters, seats });
    expect(result.outcome).toBe('meld');
    if (result.outcome !== 'meld') return;
    expect(result.meld).toEqual({ kind: 'chow', tile: tile('1m'), concealed: false });
    expect(result.fromHand).toEqual([tile('1m'), tile('2m')]);
    expect(result.next).toEqual({ kind: 'discard', seat: 'S', thenTurn: 'W', skipped: [] });
    expect(result.passed).toEqual(['N']);
    expect(result.lapsed).toEqual([]);
  });

  it('a kong on a discard: its player draws a replacement, then the turn passes on from them', () => {
    const seats = seatsFor(threeCharacters, {
      S: { hand: '12m 456p 789p 123s 55z', decision: chow('12m') },
      W: { hand: '333m 789m 456s 11p 56z', decision: KONG, at: 4000 },
    });
    const result = arbitrateClaims({ offer: threeCharacters, seats });
    expect(result.outcome).toBe('meld');
    if (result.outcome !== 'meld') return;
    expect(result.meld).toEqual({ kind: 'kong', tile: tile('3m'), concealed: false });
    expect(result.fromHand).toHaveLength(3);
    expect(result.next).toEqual({ kind: 'replacement', seat: 'W', thenTurn: 'N', skipped: ['S'] });
    expect(result.lapsed.map((l) => l.reason)).toEqual(['kong outranks chow']);
  });

  it('if nobody claims, the next player draws', () => {
    const seats = seatsFor(threeCharacters, {
      S: { hand: '12m 456p 789p 123s 55z', decision: 'pass' },
      N: { hand: '33m 789m 456s 11p 567z', decision: 'pass' },
    });
    const result = arbitrateClaims({ offer: threeCharacters, seats });
    expect(result.outcome).toBe('no-claim');
    expect(result.next).toEqual({ kind: 'draw', seat: 'S' });
    expect(result.passed).toEqual(['S', 'N']);
  });

  it('three players: West discards and East, the next player, chows', () => {
    const on = offer('W', '3m', 'discard', 3);
    const seats = seatsFor(on, { E: { hand: '45m 456p 789p 123s 55z', decision: chow('45m') } });
    const result = arbitrateClaims({ offer: on, seats });
    expect(result.outcome === 'meld' && result.next).toEqual({
      kind: 'discard',
      seat: 'E',
      thenTurn: 'S',
      skipped: [],
    });
  });

  it('two players: the only opponent may chow, and after a pong the turn comes back to the discarder', () => {
    const on = offer('S', '3m', 'discard', 2);
    const chowed = arbitrateClaims({
      offer: on,
      seats: seatsFor(on, { E: { hand: '24m 456p 789p 123s 55z', decision: chow('24m') } }),
    });
    expect(chowed.outcome === 'meld' && chowed.claim).toBe('chow');
    const ponged = arbitrateClaims({
      offer: on,
      seats: seatsFor(on, { E: { hand: '33m 456p 789p 123s 57z', decision: PONG } }),
    });
    expect(ponged.outcome === 'meld' && ponged.next).toEqual({
      kind: 'discard',
      seat: 'E',
      thenTurn: 'S',
      skipped: [],
    });
  });
});

describe('two winners on one tile (seeds 001, 000)', () => {
  const withPolicy = (multipleWinners: ClaimOptionsInput['multipleWinners']) =>
    arbitrateClaims({ offer: nineBamboo, seats: nineSeats, options: { multipleWinners } });

  it('East discards the 9 of bamboo; West and North can win: with one winner West wins, North lapses', () => {
    const result = withPolicy('head-bump');
    expect(result.outcome === 'win' && result.winners).toEqual(['W']);
    expect(result.lapsed).toEqual([
      { seat: 'N', claim: { claim: 'win' }, reason: 'head-bump: W is first in turn order after E' },
    ]);
  });

  it('head-bump is the default (seed 001: 截糊 is standard)', () => {
    const result = arbitrateClaims({ offer: nineBamboo, seats: nineSeats });
    expect(result.outcome === 'win' && result.winners).toEqual(['W']);
  });

  it('with multiple winners on, West and North both win and East pays each', () => {
    const result = withPolicy('multiple');
    expect(result.outcome === 'win' && result.winners).toEqual(['W', 'N']);
    expect(result.outcome === 'win' && result.payer).toBe('E');
    expect(result.lapsed).toEqual([]);
  });

  it('score priority lets both win, in turn order after the discarder (seed 000)', () => {
    const result = withPolicy('score-priority');
    expect(result.outcome === 'win' && result.winners).toEqual(['W', 'N']);
  });

  it('North discards the South wind; East and South win, East first in turn order (seed 000)', () => {
    const on = offer('N', '2z');
    const seats = seatsFor(on, {
      S: { hand: '123m 456m 789m 111s 2z', decision: WIN, at: 10 },
      E: { hand: '123p 456p 789p 999s 2z', decision: WIN, at: 3000 },
    });
    const result = arbitrateClaims({ offer: on, seats, options: { multipleWinners: 'score-priority' } });
    expect(result.outcome === 'win' && result.winners).toEqual(['E', 'S']);
  });
});

describe('the window: 5 seconds, a timeout is a pass (seed 001)', () => {
  it('a pong after the deadline counts as a pass: the chow stands, and the late claim is on the record', () => {
    const result = arbitrateClaims({ offer: threeCharacters, seats: threeSeats(5001) });
    expect(result.outcome === 'meld' && result.seat).toBe('S');
    expect(result.timedOut).toEqual(['N']);
    expect(result.late).toEqual([{ seat: 'N', decision: { claim: 'pong' }, atMs: 5001 }]);
    expect(result.lapsed).toEqual([
      {
        seat: 'N',
        claim: { claim: 'pong' },
        reason: 'late: at 5001 ms, after the 5000 ms deadline, it counts as a pass',
      },
    ]);
  });

  it('a decision at the deadline itself is in time', () => {
    const result = arbitrateClaims({ offer: threeCharacters, seats: threeSeats(5000) });
    expect(result.outcome === 'meld' && result.seat).toBe('N');
  });

  it('the deadline is an option', () => {
    const result = arbitrateClaims({
      offer: threeCharacters,
      seats: threeSeats(8000),
      options: { deadlineMs: 10_000 },
    });
    expect(result.outcome === 'meld' && result.seat).toBe('N');
  });

  it('a late win counts as a pass too', () => {
    const seats = { ...nineSeats, W: { ...nineSeats.W, decision: { decision: WIN, atMs: 6000 } } };
    const result = arbitrateClaims({ offer: nineBamboo, seats });
    expect(result.outcome === 'win' && result.winners).toEqual(['N']);
  });

  it('no decision at all, or an explicit timeout, is a timeout: the next player draws', () => {
    const seats = seatsFor(threeCharacters, {
      S: { hand: '12m 456p 789p 123s 55z', decision: 'timeout' },
      N: { hand: '33m 789m 456s 11p 567z' },
      W: { hand: '147m 258p 369s 1234z' },
    });
    const result = arbitrateClaims({ offer: threeCharacters, seats });
    expect(result.outcome).toBe('no-claim');
    expect(result.next).toEqual({ kind: 'draw', seat: 'S' });
    // West could claim nothing: the window never waited for it.
    expect(result.timedOut).toEqual(['S', 'N']);
  });
});

describe('過水: passing a win (option passLocksWin; seed 001 does not play it)', () => {
  const seats = seatsFor(fiveDots, {
    S: { hand: '46p 123m 456m 789m 11z', decision: 'pass' },
    W: { hand: '55p 123s 456s 789s 23z', decision: 'pass' },
  });

  it('off (seed 001): passing a win locks nobody', () => {
    const result = arbitrateClaims({ offer: fiveDots, seats });
    expect(result.outcome).toBe('no-claim');
    expect(result.lockedUntilDraw).toEqual([]);
  });

  it('on: a player who could win and passed is locked until their next draw', () => {
    const result = arbitrateClaims({ offer: fiveDots, seats, options: { passLocksWin: true } });
    expect(result.lockedUntilDraw).toEqual(['S']);
  });

  it('on: taking the tile as a pong instead of the win also passes the win', () => {
    const on = offer('E', '5p');
    const ponging = seatsFor(on, { W: { hand: '55p 123s 456s 789s 11z', decision: PONG } });
    const result = arbitrateClaims({ offer: on, seats: ponging, options: { passLocksWin: true } });
    expect(result.outcome === 'meld' && result.seat).toBe('W');
    expect(result.lockedUntilDraw).toEqual(['W']);
  });

  it('on: a timeout passes the win as well', () => {
    const quiet = seatsFor(fiveDots, { S: { hand: '46p 123m 456m 789m 11z' } });
    expect(
      arbitrateClaims({ offer: fiveDots, seats: quiet, options: { passLocksWin: true } }).lockedUntilDraw,
    ).toEqual(['S']);
  });

  it('the lock, carried as barredFromDiscardWin, leaves South nothing to decide on the next discard', () => {
    const again = offer('W', '5p');
    const barred = seatsFor(again, { S: { hand: '46p 123m 456m 789m 11z', barred: true } });
    const result = arbitrateClaims({ offer: again, seats: barred, options: { passLocksWin: true } });
    expect(result.timedOut).toEqual([]);
    expect(result.lockedUntilDraw).toEqual([]);
  });

  it('a win ends the hand: nobody needs a lock', () => {
    const result = arbitrateClaims({ offer: nineBamboo, seats: nineSeats, options: { passLocksWin: true } });
    expect(result.lockedUntilDraw).toEqual([]);
  });
});
