// Bots on fixed hands in tile notation: they keep pairs and runs, let isolated and already-seen tiles go,
// claim every open win, and meld only when the meld does not set the hand back.
import { describe, expect, it } from 'vitest';
import { shanten } from '../../domain/hand/index.ts';
import { type Eligibility, eligibleClaims, NO_CLAIM } from '../../domain/rules/claims/index.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import { parseTiles } from '../../domain/tiles/index.ts';
import { hand, meld, tile } from '../../test/support/hand.ts';
import { createBot } from './index.ts';
import type { ClaimView, PlayerView } from './view.ts';

interface TableSpec {
  readonly melds?: readonly string[];
  /** Each seat's pond in notation. */
  readonly ponds?: Partial<Record<Seat, string>>;
  readonly seat?: Seat;
  readonly prevalent?: Seat;
  readonly wall?: number;
}

/** South's view in the East round, 60 tiles left in the wall, unless the spec says otherwise. */
function view(concealed: string, spec: TableSpec = {}): PlayerView {
  const seat = spec.seat ?? 'S';
  const melds = (spec.melds ?? []).map((m) => (m.startsWith('+') ? meld(m.slice(1), true) : meld(m)));
  const ponds = Object.fromEntries(Object.entries(spec.ponds ?? {}).map(([s, p]) => [s, parseTiles(p)]));
  return {
    seat,
    players: 4,
    prevalent: spec.prevalent ?? 'E',
    concealed: hand(concealed),
    melds,
    flowers: [],
    ponds,
    exposed: { [seat]: melds },
    wallRemaining: spec.wall ?? 60,
  };
}

/** South is offered East's discard, eligibility read from its hand as the hand aggregate will. */
function offered(concealed: string, offer: string, spec: TableSpec = {}): [ClaimView, Eligibility] {
  const base = view(concealed, spec);
  const from: Seat = 'E';
  const eligibility = eligibleClaims(base.concealed, base.melds, tile(offer), base.seat, from, 4);
  return [{ ...base, offer: { tile: tile(offer), kind: 'discard', from } }, eligibility];
}

const SEEDS = Array.from({ length: 20 }, (_, i) => `seed-${i}`);

describe('chooseDiscard', () => {
  it('keeps nine gates whole: from 1112345678999m + 5p it lets 5p go', () => {
    for (const seed of SEEDS)
      expect(createBot(seed).chooseDiscard(view('1112345678999m 5p'))).toEqual({ tile: tile('5p') });
  });

  it('keeps the sets, the partial run and the pair and lets the isolated honour go', () => {
    for (const seed of SEEDS)
      expect(createBot(seed).chooseDiscard(view('234m 456p 678s 34p 55s 1z')).tile).toBe(tile('1z'));
  });

  it('lets the isolated honour go where other discards tie on shanten', () => {
    // 4p, 6p, 7p, 3s and 4s leave shanten 1 too, but each has a neighbour in hand.
    const hand14 = view('123m 456p 789s 34s 67p 1z');
    for (const seed of SEEDS) expect(createBot(seed).chooseDiscard(hand14).tile).toBe(tile('1z'));
  });

  it('prefers a tile already in a pond among equals', () => {
    const seen = view('123m 456p 789s 34s 67p 1z', { ponds: { W: '9m 7p', N: '2z' } });
    for (const seed of SEEDS) expect(createBot(seed).chooseDiscard(seen).tile).toBe(tile('7p'));
  });

  it('lets a wind nobody scores go before the round wind and a dragon', () => {
    // South sits in the East round: East and Red may yet pay, North does not.
    const winds = view('123m 456p 789s 34s 1z 4z 7z');
    for (const seed of SEEDS) expect(createBot(seed).chooseDiscard(winds).tile).toBe(tile('4z'));
  });

  it('picks by chance among true equals, always among them', () => {
    // East in the North round: East, North and Red are all valued, lone honours.
    const equals = view('123m 456p 789s 34s 1z 4z 7z', { seat: 'E', prevalent: 'N' });
    const picks = new Set(SEEDS.map((seed) => createBot(seed).chooseDiscard(equals).tile));
    expect([...picks].sort()).toEqual(parseTiles('1z 4z 7z'));
  });

  it('discards beside declared melds, from the concealed tiles only', () => {
    const withMelds = view('234m 55s 9p 1z 4z', { melds: ['777z', '+1111s'] });
    const { tile: t } = createBot('melds').chooseDiscard(withMelds);
    expect(parseTiles('9p 1z 4z')).toContain(t);
  });

  it('refuses a view that is not a turn', () => {
    expect(() => createBot('x').chooseDiscard(view('123m 456p 789s 34s 67p'))).toThrow(
      '13 concealed tiles beside 0 melds: on its turn a seat holds 14',
    );
  });
});

describe('chooseSelfDraw', () => {
  it('declares a complete hand, of every shape', () => {
    const bot = createBot('win');
    expect(bot.chooseSelfDraw(view('123m 456p 789s 234s 55z'))).toBe('win');
    expect(bot.chooseSelfDraw(view('11m 44m 77p 22s 55s 88s 77z'))).toBe('win');
    expect(bot.chooseSelfDraw(view('19m 19p 19s 1234567z 1z'))).toBe('win');
    expect(bot.chooseSelfDraw(view('123m 55z', { melds: ['456p', '789s', '+2222s'] }))).toBe('win');
  });

  it('goes on with a hand one tile short, and when the caller says the win does not qualify', () => {
    const bot = createBot('win');
    expect(bot.chooseSelfDraw(view('123m 456p 789s 234s 5z 6z'))).toBe('continue');
    expect(bot.chooseSelfDraw(view('123m 456p 789s 234s 55z'), false)).toBe('continue');
  });
});

describe('chooseClaim', () => {
  it('claims a win whenever one is open, even a bot that never melds', () => {
    for (const seed of SEEDS) {
      const [claim, eligibility] = offered('123m 456p 789s 234s 5z', '5z');
      expect(eligibility.win).toBe(true);
      expect(createBot(seed, { claimRate: 0 }).chooseClaim(claim, eligibility)).toEqual({ claim: 'win' });
    }
  });

  it('robs a kong with a win, and claims nothing else of a kong', () => {
    const [claim] = offered('123m 456p 789s 234s 5z', '5z');
    const robbing = { ...claim, offer: { ...claim.offer, kind: 'added-kong' as const } };
    const bot = createBot('rob', { claimRate: 1 });
    expect(bot.chooseClaim(robbing, { ...NO_CLAIM, win: true })).toEqual({ claim: 'win' });
    expect(bot.chooseClaim(robbing, { ...NO_CLAIM, pong: true })).toBe('pass');
  });

  it('passes a win the rules closed (sacred discard is in the eligibility)', () => {
    const [claim, eligibility] = offered('123m 456p 789s 234s 5z', '5z');
    expect(createBot('barred', { claimRate: 1 }).chooseClaim(claim, { ...eligibility, win: false })).toBe(
      'pass',
    );
  });

  it('pongs when the pong brings the hand closer', () => {
    // Shanten 1; pong 5z, let 9p go: 123m 456p 78s 66z beside 555z is ready.
    const [claim, eligibility] = offered('123m 456p 78s 55z 66z 9p', '5z');
    expect(createBot('pong', { claimRate: 1 }).chooseClaim(claim, eligibility)).toEqual({ claim: 'pong' });
    expect(createBot('pong', { claimRate: 0 }).chooseClaim(claim, eligibility)).toBe('pass');
  });

  it('pongs only sometimes: the claim rate decides among seeds', () => {
    const [claim, eligibility] = offered('123m 456p 78s 55z 66z 9p', '5z');
    const decisions = SEEDS.map((seed) => createBot(seed).chooseClaim(claim, eligibility));
    expect(decisions).toContainEqual({ claim: 'pong' });
    expect(decisions).toContain('pass');
  });

  it('never pongs out of seven pairs: a meld leaves only the standard shape', () => {
    const [claim, eligibility] = offered('11m 44m 77p 22s 55s 88s 7z', '1m');
    expect(eligibility.pong).toBe(true);
    expect(shanten(claim.concealed)).toBe(0);
    for (const seed of SEEDS)
      expect(createBot(seed, { claimRate: 1 }).chooseClaim(claim, eligibility)).toBe('pass');
  });

  it('chows a run it is building, not one that breaks seven pairs', () => {
    // South is next after East. Shanten 1; 3m with 45m makes a run, and once 9p goes the hand is ready.
    const [good, goodEligibility] = offered('45m 456p 789s 23s 55z 9p', '3m');
    expect(createBot('chow', { claimRate: 1 }).chooseClaim(good, goodEligibility)).toEqual({
      claim: 'chow',
      tiles: parseTiles('45m'),
    });
    // Ready for seven pairs: 4m with 23m would break two pairs, and a meld leaves only the standard shape.
    const [bad, badEligibility] = offered('22m 33m 55p 77p 99s 11z 7z', '4m');
    expect(badEligibility.chows).toHaveLength(1);
    for (const seed of SEEDS)
      expect(createBot(seed, { claimRate: 1 }).chooseClaim(bad, badEligibility)).toBe('pass');
  });

  it('kongs on a discard only with a tile left for the replacement', () => {
    const [claim, eligibility] = offered('555z 123m 456p 78s 9p 1s', '5z');
    expect(eligibility.kong).toBe(true);
    expect(createBot('kong', { claimRate: 1 }).chooseClaim(claim, eligibility)).toEqual({ claim: 'kong' });
    const [last, lastEligibility] = offered('555z 123m 456p 78s 9p 1s', '5z', { wall: 0 });
    expect(createBot('kong', { claimRate: 1 }).chooseClaim(last, lastEligibility)).toEqual({ claim: 'pong' });
  });
});

describe('chooseKong', () => {
  it('declares a concealed kong of four it does not need in runs', () => {
    expect(createBot('kong', { claimRate: 1 }).chooseKong(view('5555z 123m 456p 78s 9p 1s'))).toEqual({
      kong: 'concealed',
      tile: tile('5z'),
    });
  });

  it('adds the fourth tile to an exposed pong', () => {
    expect(
      createBot('kong', { claimRate: 1 }).chooseKong(view('5z 123m 456p 78s 9p 1s', { melds: ['555z'] })),
    ).toEqual({
      kong: 'added',
      tile: tile('5z'),
    });
  });

  it('keeps four tiles that make runs, and kongs nothing on the last tile or from a complete hand', () => {
    const bot = createBot('kong', { claimRate: 1 });
    // 11112233m is a pair and two runs, ready once 9p goes; as a kong it leaves 2233m and shanten 1.
    expect(shanten(hand('11112233m 456p 78s'))).toBe(0);
    expect(bot.chooseKong(view('11112233m 456p 78s 9p'))).toBe('pass');
    expect(bot.chooseKong(view('5555z 123m 456p 78s 9p 1s', { wall: 0 }))).toBe('pass');
    // Complete as 111m 123m: the win comes first (chooseSelfDraw), never a kong that breaks it.
    expect(bot.chooseKong(view('111123m 456p 789s 55z'))).toBe('pass');
  });
});

describe('createBot', () => {
  it('gives the same decisions for the same seed and the same views, and other ones for another seed', () => {
    const views = [
      view('123m 456p 789s 34s 1z 4z 7z', { seat: 'E', prevalent: 'N' }),
      view('19m 19p 19s 1234567z 5m'),
      view('123m 456p 789s 34s 67p 1z', { ponds: { W: '3s 7p' } }),
    ];
    const run = (seed: string) => {
      const bot = createBot(seed);
      return Array.from({ length: 30 }, (_, i) => bot.chooseDiscard(views[i % views.length]!).tile);
    };
    expect(run('table-1:E')).toEqual(run('table-1:E'));
    expect(run('table-1:E')).not.toEqual(run('table-1:S'));
  });

  it('refuses a claim rate that is no probability', () => {
    expect(() => createBot('x', { claimRate: 1.5 })).toThrow('claimRate 1.5: a probability from 0 to 1');
    expect(() => createBot('x', { claimRate: Number.NaN })).toThrow(RangeError);
  });
});
