// Input a claim window cannot take (seed 001's rules, RuleInputError naming the field): each case once.
import { describe, expect, it } from 'vitest';
import { chow, expectRuleError, KONG, offer, PONG, WIN } from '../../../test/support/claims.ts';
import { tile } from '../../../test/support/hand.ts';
import type { Seat } from '../seats.ts';
import { arbitrateClaims } from './arbitrate.ts';
import type { SeatWindow } from './claim.ts';
import { claimOptions } from './options.ts';
import type { ClaimWindow } from './window.ts';

const threeCharacters = offer('E', '3m');
const decide = (decision: SeatWindow['decision'] & object) => decision;
const arbitrate = (window: Partial<ClaimWindow> & { seats?: Record<string, SeatWindow> }) => () =>
  arbitrateClaims({ offer: threeCharacters, seats: {}, ...window } as ClaimWindow);

describe('seats', () => {
  it('an unknown seat', () => {
    expectRuleError(arbitrate({ seats: { X: {} } }), 'seats.X', 'unknown seat "X": seats are E, S, W, N');
    expectRuleError(
      arbitrate({ offer: { ...threeCharacters, from: 'Z' as Seat } }),
      'offer.from',
      /unknown seat "Z"/,
    );
  });

  it('a seat not in play', () => {
    const three = offer('E', '3m', 'discard', 3);
    expectRuleError(
      () => arbitrateClaims({ offer: three, seats: { N: {} } }),
      'seats.N',
      'seat N is not in play at a 3-player table (E, S, W)',
    );
    expectRuleError(
      () => arbitrateClaims({ offer: { ...three, from: 'N' }, seats: {} }),
      'offer.from',
      /not in play at a 3-player table/,
    );
    expectRuleError(
      () => arbitrateClaims({ offer: offer('W', '3m', 'discard', 2), seats: {} }),
      'offer.from',
      /2-player/,
    );
  });

  it('a claim by the discarder', () => {
    const seats = { E: { eligible: { pong: true }, decision: decide({ decision: PONG, atMs: 10 }) } };
    expectRuleError(arbitrate({ seats }), 'seats.E', 'E offered 3m (a discard) and cannot claim it');
  });

  it('the discarder may still be listed with nothing to claim', () => {
    expect(arbitrate({ seats: { E: { decision: { decision: 'pass', atMs: 0 } } } })().outcome).toBe(
      'no-claim',
    );
  });

  it('the number of players', () => {
    expectRuleError(
      arbitrate({ offer: { ...threeCharacters, players: 5 as 4 } }),
      'offer.players',
      /4, 3 or 2/,
    );
  });

  it('the offered tile: a flower is never claimed', () => {
    expectRuleError(arbitrate({ offer: { ...threeCharacters, tile: 34 } }), 'offer.tile', /flowers excluded/);
  });

  it('the kind of offer', () => {
    expectRuleError(
      arbitrate({ offer: { ...threeCharacters, kind: 'meld' as 'discard' } }),
      'offer.kind',
      /unknown offer/,
    );
  });

  it('a flower offer (seed 003, Eight Immortals): the tile must be a flower', () => {
    expectRuleError(
      arbitrate({ offer: { ...threeCharacters, kind: 'flower' } }),
      'offer.tile',
      /is no flower/,
    );
  });
});

describe('chows', () => {
  it('a chow by a player who is not next', () => {
    const seats = {
      W: {
        eligible: { chows: [[tile('1m'), tile('2m')]] as const },
        decision: decide({ decision: chow('12m'), atMs: 10 }),
      },
    };
    expectRuleError(
      arbitrate({ seats }),
      'seats.W.decision',
      "only S, next after E, may chow E's discard; W is not next",
    );
  });

  it("in three-player, after West comes East: South may not chow West's discard", () => {
    const on = offer('W', '3m', 'discard', 3);
    const seats = {
      S: {
        eligible: { chows: [[tile('1m'), tile('2m')]] as const },
        decision: decide({ decision: chow('12m'), atMs: 10 }),
      },
    };
    expectRuleError(() => arbitrateClaims({ offer: on, seats }), 'seats.S.decision', /only E, next after W/);
  });

  it('a chow whose tiles make no run with the discard', () => {
    const seats = (tiles: string) => ({
      S: {
        eligible: { chows: [[tile('1m'), tile('2m')]] as const },
        decision: decide({ decision: chow(tiles), atMs: 10 }),
      },
    });
    const noRun = /make no run: a chow is three consecutive tiles of one suit/;
    expectRuleError(arbitrate({ seats: seats('19m') }), 'seats.S.decision.tiles', noRun);
    expectRuleError(arbitrate({ seats: seats('12p') }), 'seats.S.decision.tiles', noRun);
    expectRuleError(arbitrate({ seats: seats('33m') }), 'seats.S.decision.tiles', noRun);
    expectRuleError(
      arbitrate({ seats: seats('1m') }),
      'seats.S.decision.tiles',
      'a chow takes two tiles from the hand',
    );
  });

  it('a chow with tiles the player does not hold', () => {
    const seats = {
      S: {
        eligible: { chows: [[tile('1m'), tile('2m')]] as const },
        decision: decide({ decision: chow('45m'), atMs: 10 }),
      },
    };
    expectRuleError(arbitrate({ seats }), 'seats.S.decision.tiles', 'S does not hold 45m to chow 3m');
  });

  it('an eligibility chow that is not two tiles', () => {
    const seats = { S: { eligible: { chows: [[tile('1m')]] as unknown as [[number, number]] } } };
    expectRuleError(
      arbitrate({ seats }),
      'seats.S.eligible.chows[0]',
      'a chow takes two tiles from the hand',
    );
  });

  it('an eligibility chow that makes no run with the discard', () => {
    const seats = { S: { eligible: { chows: [[tile('7p'), tile('8p')]] as const } } };
    expectRuleError(arbitrate({ seats }), 'seats.S.eligible.chows[0]', '78p with 3m make no run');
  });
});

describe('claims the seat was not eligible for', () => {
  it('a pong, a kong, a win', () => {
    const claim = (decision: SeatWindow['eligible'] & object, what: typeof PONG) => ({
      N: { eligible: decision, decision: decide({ decision: what, atMs: 10 }) },
    });
    expectRuleError(
      arbitrate({ seats: claim({ chows: [] }, PONG) }),
      'seats.N.decision',
      'N does not hold two 3m: no pong',
    );
    expectRuleError(
      arbitrate({ seats: claim({ pong: true }, KONG) }),
      'seats.N.decision',
      'N does not hold three 3m: no kong',
    );
    expectRuleError(
      arbitrate({ seats: claim({ pong: true }, WIN) }),
      'seats.N.decision',
      'N has no winning hand with 3m',
    );
  });

  it('a win by a seat barred from discard wins', () => {
    const seats = {
      N: {
        eligible: { win: true },
        barredFromDiscardWin: true,
        decision: decide({ decision: WIN, atMs: 10 }),
      },
    };
    expectRuleError(arbitrate({ seats }), 'seats.N.decision', /N is barred from winning on another's tile/);
  });

  it('a kong claim on an added kong', () => {
    const seats = {
      N: { eligible: { kong: true, pong: true }, decision: decide({ decision: KONG, atMs: 10 }) },
    };
    expectRuleError(
      arbitrate({ offer: offer('E', '3m', 'added-kong'), seats }),
      'seats.N.decision',
      'an added kong can only be robbed by a win: no kong claim on it',
    );
  });

  it('an unknown decision', () => {
    const seats = { N: { decision: { decision: { claim: 'ron' } as unknown as typeof WIN, atMs: 10 } } };
    expectRuleError(arbitrate({ seats }), 'seats.N.decision', /unknown decision/);
  });

  it('two seats holding two of the tile beside the discard', () => {
    const seats = { S: { eligible: { pong: true } }, N: { eligible: { pong: true } } };
    expectRuleError(arbitrate({ seats }), 'seats.N.eligible', /S and N cannot both hold two of 3m/);
  });

  it('an invalid claim is rejected even after the deadline', () => {
    const seats = { N: { decision: decide({ decision: PONG, atMs: 9000 }) } };
    expectRuleError(arbitrate({ seats }), 'seats.N.decision', /no pong/);
  });
});

describe('times and options', () => {
  it('a deadline of 0 ms or less', () => {
    expectRuleError(
      arbitrate({ options: { deadlineMs: 0 } }),
      'options.deadlineMs',
      'the deadline must be more than 0 ms',
    );
    expectRuleError(() => claimOptions({ deadlineMs: -5000 }), 'options.deadlineMs', /more than 0 ms/);
  });

  it('an unknown multiple-winner policy or option', () => {
    expectRuleError(
      () => claimOptions({ multipleWinners: 'first' as 'multiple' }),
      'options.multipleWinners',
      /.+/,
    );
    expectRuleError(() => claimOptions({ speed: true } as object), 'options', /speed/);
  });

  it('a decision before the offer', () => {
    const seats = { S: { decision: { decision: 'pass' as const, atMs: -1 } } };
    expectRuleError(arbitrate({ seats }), 'seats.S.decision.atMs', /-1 is no time/);
  });

  it('defaults: head-bump, no 過水, 5 seconds (seed 001)', () => {
    expect(claimOptions()).toEqual({ multipleWinners: 'head-bump', passLocksWin: false, deadlineMs: 5000 });
  });
});
