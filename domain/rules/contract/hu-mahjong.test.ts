// The score contract for hu-mahjong: seed 003's worked example (6100, one chow exposed, one season) in 4, 3
// and 2 players by both win types, as spec/score-contract.md tabulates it, and the contract's errors.
import { describe, expect, it } from 'vitest';
import { evaluateScoreRequest } from './index.ts';

const exampleClaim = {
  seat: 'S',
  hand: '123s123p789p9p',
  melds: [{ tiles: '123m' }],
  winningTile: '9p',
  flowers: ['5f'],
};
const request = (overrides: Record<string, unknown>) => ({
  ruleset: 'hu-mahjong',
  claims: [exampleClaim],
  ...overrides,
});

function scored(input: unknown) {
  const outcome = evaluateScoreRequest(input);
  if (outcome.kind !== 'scored') throw new Error(`expected a score, got ${JSON.stringify(outcome)}`);
  return outcome.output;
}

describe('seed 003 scoring example: 6100 basic points', () => {
  it('given the opened hand with one season, then Fully Outside Hand, Three-color Sequences and a Flower make 6100', () => {
    const output = scored(request({ winType: 'discard', from: 'N' }));
    expect(output.winners[0]).toMatchObject({ seat: 'S', handScore: 6100, effectiveScore: 6100 });
    expect(output.winners[0]!.patterns).toEqual([
      { name: 'Fully Outside Hand', chinese: '純全带么', points: 4000 },
      { name: 'Three-color Sequences', chinese: '三色三同顺', points: 2000 },
      { name: 'Flower Tile', chinese: '花牌', points: 100 },
    ]);
  });

  it.each([
    [4, { E: -6100, S: 18300, W: -6100, N: -6100 }],
    [3, { E: -6100, S: 12200, W: -6100 }],
    [2, { E: -6100, S: 6100 }],
  ])('won by self-draw with %i players: S receives 6100 from each other player', (players, deltas) => {
    const output = scored(request({ options: { players }, winType: 'self-draw' }));
    expect(output.deltas).toEqual(deltas);
    expect(
      output.transfers.every((t) => t.points === 6100 && t.to === 'S' && t.reason === 'self-draw win'),
    ).toBe(true);
  });

  it.each([
    [4, 'N', 18300, { E: 0, S: 18300, W: 0, N: -18300 }],
    [3, 'W', 15250, { E: 0, S: 15250, W: -15250 }],
    [2, 'E', 12200, { E: -12200, S: 12200 }],
  ])('won by discard with %i players: the discarder %s pays %i alone', (players, from, points, deltas) => {
    const output = scored(request({ options: { players }, winType: 'discard', from }));
    expect(output.transfers).toEqual([{ from, to: 'S', points, reason: 'discard win' }]);
    expect(output.deltas).toEqual(deltas);
  });
});

describe('hu-mahjong payout scheme', () => {
  it('robbing the kong: the kong player pays as the discarder, and the bonus is scored', () => {
    const output = scored(request({ winType: 'robbing-kong', from: 'W' }));
    expect(output.winners[0]!.handScore).toBe(7100);
    expect(output.transfers).toEqual([
      { from: 'W', to: 'S', points: 21300, reason: 'robbing the kong: paid as the discarder' },
    ]);
  });

  it('the dealer earns 100 base points for each repeat', () => {
    const output = scored(
      request({ winType: 'self-draw', dealerRepeats: 3, claims: [{ ...exampleClaim, seat: 'E' }] }),
    );
    expect(output.winners[0]).toMatchObject({ handScore: 6100, effectiveScore: 6400 });
    expect(output.deltas).toEqual({ E: 19200, S: -6400, W: -6400, N: -6400 });
  });

  it('the repeat bonus is the dealer’s only', () => {
    const output = scored(request({ winType: 'self-draw', dealerRepeats: 3 }));
    expect(output.winners[0]).toMatchObject({ effectiveScore: 6100 });
  });

  it('at the eighth repeat every winning hand earns 4000 more base points', () => {
    const byS = scored(request({ winType: 'discard', from: 'N', dealerRepeats: 8 }));
    expect(byS.winners[0]).toMatchObject({ handScore: 6100, effectiveScore: 10100 });
    expect(byS.deltas.S).toBe(30300);
    const byE = scored(
      request({ winType: 'self-draw', dealerRepeats: 8, claims: [{ ...exampleClaim, seat: 'E' }] }),
    );
    expect(byE.winners[0]).toMatchObject({ effectiveScore: 6100 + 800 + 4000 });
  });

  it('the bonuses are added after the 8000 limit', () => {
    const thirteenOrphans = { seat: 'E', hand: '19m19p19s1234567z', winningTile: '1m' };
    const output = scored(request({ winType: 'self-draw', dealerRepeats: 2, claims: [thirteenOrphans] }));
    expect(output.winners[0]).toMatchObject({ handScore: 8000, effectiveScore: 8200 });
  });
});

describe('penalties and the ruleset', () => {
  it('a heavy penalty of 4000 goes from the offender to each other player, beside the hand', () => {
    const output = scored(
      request({
        winType: 'discard',
        from: 'N',
        penalties: [{ seat: 'W', kind: 'heavy-penalty', points: 4000 }],
      }),
    );
    expect(output.deltas).toEqual({ E: 4000, S: 18300 + 4000, W: -12000, N: -18300 + 4000 });
    expect(output.transfers.filter((t) => t.from === 'W').map((t) => t.reason)).toEqual([
      'penalty: heavy-penalty',
      'penalty: heavy-penalty',
      'penalty: heavy-penalty',
    ]);
  });

  it('names the ruleset that settled the hand, with a hash that changes with an option', () => {
    const plain = scored(request({ winType: 'discard', from: 'N' })).ruleset;
    const open = scored(
      request({ winType: 'discard', from: 'N', options: { allSequencesConcealedOnly: false } }),
    ).ruleset;
    expect(plain).toMatchObject({
      preset: 'hu-mahjong',
      version: 1,
      hash: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
    });
    expect(open!.hash).not.toBe(plain!.hash);
  });

  it('the limit option caps the sum of patterns', () => {
    const output = scored(request({ winType: 'discard', from: 'N', options: { limit: 5000 } }));
    expect(output.winners[0]).toMatchObject({ handScore: 5000 });
  });
});

describe('luck through the contract', () => {
  it('a hand with no pattern of its own wins after a kong, paid by everyone as a self-draw', () => {
    const claim = {
      seat: 'W',
      hand: '789s1z',
      melds: [{ tiles: '678m' }, { tiles: '345p' }, { tiles: '2222s' }],
      winningTile: '1z',
      luck: { afterKong: 1 },
    };
    const output = scored({ ruleset: 'hu-mahjong', winType: 'self-draw', claims: [claim] });
    expect(output.winners[0]!.patterns!.map((p) => `${p.name} ${p.points}`)).toEqual([
      'One Quad 500',
      'After a Kong 1000',
    ]);
    expect(output.deltas).toEqual({ E: -1500, S: -1500, W: 4500, N: -1500 });
  });

  it('Eight Immortals wins on the eighth flower', () => {
    const claim = {
      seat: 'N',
      hand: '159m159p159s1234z',
      winningTile: '8f',
      flowers: ['1f', '2f', '3f', '4f', '5f', '6f', '7f'],
    };
    const output = scored({ ruleset: 'hu-mahjong', winType: 'self-draw', claims: [claim] });
    expect(output.winners[0]).toMatchObject({
      handScore: 8000,
      patterns: [{ name: 'Eight Immortals', points: 8000 }],
    });
    expect(output.winners[0]!.sets).toBeUndefined();
  });
});

describe('several wins on one discard', () => {
  const west = { seat: 'W', hand: '🀋🀌🀍 🀙🀚🀛 🀒🀓🀔 🀖🀗🀘 🀂', winningTile: '🀂' };
  // Both wait on West: South with Half Outside Hand, Three-color Sequences and All Sequences (5500), West with
  // All Sequences (500); a discard win pays ×3.
  const southOnWest = { seat: 'S', hand: '123m 123p 123s 789s 3z', winningTile: '3z' };

  it('head-bump by default: the first claimant in turn order after the discarder takes it', () => {
    const output = scored({
      ruleset: 'hu-mahjong',
      winType: 'discard',
      from: 'E',
      claims: [west, southOnWest],
    });
    expect(output.winners.map((w) => w.seat)).toEqual(['S']);
    expect(output.lapsed).toEqual([{ seat: 'W', reason: 'head-bump: S is first in turn order after E' }]);
    expect(output.deltas).toEqual({ E: -16500, S: 16500, W: 0, N: 0 });
  });

  it('multiple winners as an option: the discarder pays each', () => {
    const output = scored({
      ruleset: 'hu-mahjong',
      options: { multipleWinners: 'multiple' },
      winType: 'discard',
      from: 'N',
      claims: [west, southOnWest],
    });
    expect(output.winners.map((w) => w.seat)).toEqual(['S', 'W']);
    expect(output.deltas).toEqual({ E: 0, S: 16500, W: 1500, N: -18000 });
  });
});

describe('score contract errors', () => {
  const invalidField = (input: unknown) => {
    const outcome = evaluateScoreRequest(input);
    if (outcome.kind !== 'invalid') throw new Error(`expected invalid input, got ${JSON.stringify(outcome)}`);
    return outcome;
  };

  it.each([
    [{ ...request({ winType: 'discard' }) }, 'from'],
    [request({ winType: 'self-draw', from: 'N' }), 'from'],
    [request({ winType: 'discard', from: 'S' }), 'claims[0].seat'],
    [request({ winType: 'discard', from: 'N', options: { players: 3 } }), 'from'],
    [request({ winType: 'discard', from: 'N', options: { players: 5 } }), 'options.players'],
    [request({ winType: 'discard', from: 'N', options: { fish: true } }), 'options'],
    [request({ winType: 'discard', from: 'N', dealerRepeats: 9 }), 'dealerRepeats'],
    [request({ winType: 'discard', from: 'N', dealerRepeats: -1 }), 'dealerRepeats'],
    [request({ winType: 'sideways', from: 'N' }), 'winType'],
    [request({ winType: 'discard', from: 'X' }), 'from'],
    [
      request({ winType: 'discard', from: 'N', claims: [{ ...exampleClaim, hand: '123s12x3p' }] }),
      'claims[0].hand',
    ],
    [
      request({ winType: 'discard', from: 'N', claims: [{ ...exampleClaim, melds: [{ tiles: '124m' }] }] }),
      'claims[0].melds[0].tiles',
    ],
    [
      request({
        winType: 'discard',
        from: 'N',
        claims: [{ ...exampleClaim, melds: [{ tiles: '123m', concealed: true }] }],
      }),
      'claims[0].melds[0].tiles',
    ],
    [
      request({ winType: 'discard', from: 'N', claims: [{ ...exampleClaim, flowers: ['9p'] }] }),
      'claims[0].flowers[0]',
    ],
    [
      request({ winType: 'discard', from: 'N', claims: [{ ...exampleClaim, flowers: ['5f', '5f'] }] }),
      'claims[0].flowers',
    ],
    [
      request({ winType: 'discard', from: 'N', claims: [{ ...exampleClaim, winningTile: '9p9p' }] }),
      'claims[0].winningTile',
    ],
    [request({ winType: 'discard', from: 'N', claims: [{ seat: 'S', handScore: 30 }] }), 'claims[0].hand'],
    [
      request({ winType: 'discard', from: 'N', penalties: [{ seat: 'N', kind: 'x', points: -1 }] }),
      'penalties[0].points',
    ],
    [
      request({
        winType: 'discard',
        from: 'N',
        options: { players: 3 },
        penalties: [{ seat: 'N', kind: 'x', points: 1 }],
      }),
      'from',
    ],
    [request({ winType: 'discard', from: 'N', claims: [exampleClaim, exampleClaim] }), 'claims[1].seat'],
    [
      request({ winType: 'discard', from: 'N', claims: [{ ...exampleClaim, luck: { heaven: true } }] }),
      'claims[0].luck.heaven',
    ],
    [
      request({ winType: 'discard', from: 'N', claims: [{ ...exampleClaim, luck: { afterKong: 1 } }] }),
      'claims[0].luck',
    ],
    [request({ winType: 'discard', from: 'N', claims: [{ ...exampleClaim, colour: 'red' }] }), 'claims[0]'],
    [
      request({ winType: 'self-draw', claims: [{ ...exampleClaim, luck: { afterKong: 1 } }] }),
      'claims[0].luck.afterKong',
    ],
    [
      request({ winType: 'self-draw', claims: [{ ...exampleClaim, luck: { afterFlower: 2 } }] }),
      'claims[0].luck.afterFlower',
    ],
    [{ winType: 'discard' }, 'ruleset'],
  ])('rejects %j naming %s', (input, field) => {
    expect(invalidField(input).field).toBe(field);
  });

  it.each([
    ['no complete shape', { ...exampleClaim, hand: '123s123p789p8p' }],
    ['a fifth tile', { ...exampleClaim, hand: '9999p123p789p9p', melds: [{ tiles: '123m' }] }],
    ['wrong tile count', { ...exampleClaim, hand: '123s123p789p' }],
    [
      'no pattern',
      {
        seat: 'S',
        hand: '789s1z',
        melds: [{ tiles: '678m' }, { tiles: '345p' }, { tiles: '2222s' }],
        winningTile: '1z',
      },
    ],
  ])('a claim with %s is not a win, naming the seat', (_, claim) => {
    const outcome = evaluateScoreRequest(request({ winType: 'discard', from: 'N', claims: [claim] }));
    expect(outcome).toMatchObject({ kind: 'not-a-win', seat: 'S' });
  });
});
