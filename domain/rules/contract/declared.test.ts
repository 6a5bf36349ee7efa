// The score contract for declared-score presets: the worked examples of spec/score-contract.md, through
// the same entry the CLI and the API use.
import { describe, expect, it } from 'vitest';
import { evaluateScoreRequest } from './index.ts';

function deltasOf(input: unknown) {
  const outcome = evaluateScoreRequest(input);
  if (outcome.kind !== 'scored') throw new Error(`expected a score, got ${JSON.stringify(outcome)}`);
  return outcome.output;
}

describe('four-seas: North discards the South wind, East and South both claim (seed 000)', () => {
  it.each([
    [30, 45, 'head-bump', { E: 120, S: -30, W: -30, N: -60 }],
    [30, 45, 'score-priority', { E: 120, S: 60, W: -45, N: -135 }],
    [30, 45, 'multiple', { E: 120, S: 180, W: -50, N: -250 }],
    [45, 30, 'head-bump', { E: 180, S: -45, W: -45, N: -90 }],
    [45, 30, 'score-priority', { E: 180, S: 0, W: -45, N: -135 }],
    [45, 30, 'multiple', { E: 180, S: 120, W: -50, N: -250 }],
  ])('E %i, S %i, %s', (east, south, multipleWinners, deltas) => {
    const output = deltasOf({
      ruleset: 'four-seas',
      options: { multipleWinners },
      winType: 'discard',
      from: 'N',
      claims: [
        { seat: 'E', handScore: east },
        { seat: 'S', handScore: south },
      ],
    });
    expect(output.deltas).toEqual(deltas);
  });

  it('score priority is the default, and S is paid its part above E', () => {
    const output = deltasOf({
      ruleset: 'four-seas',
      winType: 'discard',
      from: 'N',
      claims: [
        { seat: 'S', handScore: 45 },
        { seat: 'E', handScore: 30 },
      ],
    });
    expect(output.winners).toEqual([
      { seat: 'E', handScore: 30, effectiveScore: 30 },
      { seat: 'S', handScore: 45, effectiveScore: 15 },
    ]);
    expect(output.ruleset).toMatchObject({ preset: 'four-seas', version: 1 });
  });
});

describe('chinese-classical: North wins with 192, losers E 2, S 46, W 12 (seed 002)', () => {
  const hand = {
    ruleset: 'chinese-classical',
    winType: 'discard',
    from: 'W',
    claims: [{ seat: 'N', handScore: 192 }],
    loserScores: { E: 2, S: 46, W: 12 },
  };
  it('gives E −492, S −70, W −206, N +768', () => {
    expect(deltasOf(hand).deltas).toEqual({ E: -492, S: -70, W: -206, N: 768 });
  });
  it('with a faulty declaration by East worth 10: E −502, N +778', () => {
    const output = deltasOf({ ...hand, penalties: [{ seat: 'E', kind: 'faulty-declaration', points: 10 }] });
    expect(output.deltas).toMatchObject({ E: -502, N: 778 });
  });
  it('needs every loser’s score', () => {
    const { loserScores: _, ...missing } = hand;
    expect(evaluateScoreRequest(missing)).toMatchObject({ kind: 'invalid', field: 'loserScores' });
  });
});

describe('mahjong-house: East discards the 9 of bamboo, West and North can win (seed 001)', () => {
  const claims = [
    { seat: 'N', handScore: 16 },
    { seat: 'W', handScore: 8 },
  ];
  it('one winner (截糊) by default: West, first after East', () => {
    const output = deltasOf({ ruleset: 'mahjong-house', winType: 'discard', from: 'E', claims });
    expect(output.winners.map((w) => w.seat)).toEqual(['W']);
    expect(output.lapsed).toEqual([{ seat: 'N', reason: 'head-bump: W is first in turn order after E' }]);
    expect(output.deltas).toEqual({ E: -8, S: 0, W: 8, N: 0 });
  });
  it('Multiple Winners on One Discard (一炮多響): East pays each', () => {
    const output = deltasOf({
      ruleset: 'mahjong-house',
      options: { multipleWinners: 'multiple' },
      winType: 'discard',
      from: 'E',
      claims,
    });
    expect(output.deltas).toEqual({ E: -24, S: 0, W: 8, N: 16 });
  });
});

describe('declared-score errors', () => {
  it.each([
    [{ ruleset: 'four-seas', winType: 'discard', from: 'N', claims: [{ seat: 'E' }] }, 'claims[0].handScore'],
    [
      { ruleset: 'four-seas', winType: 'discard', from: 'N', claims: [{ seat: 'E', handScore: -3 }] },
      'claims[0].handScore',
    ],
    [
      { ruleset: 'four-seas', winType: 'discard', from: 'E', claims: [{ seat: 'E', handScore: 3 }] },
      'claims[0].seat',
    ],
    [
      {
        ruleset: 'mahjong-house',
        options: { multipleWinners: 'score-priority' },
        winType: 'discard',
        from: 'E',
        claims: [{ seat: 'S', handScore: 3 }],
      },
      'options.multipleWinners',
    ],
    [
      {
        ruleset: 'mahjong-house',
        winType: 'discard',
        from: 'E',
        claims: [{ seat: 'S', handScore: 3 }],
        loserScores: { E: 1 },
      },
      'loserScores',
    ],
    [
      {
        ruleset: 'four-seas',
        winType: 'discard',
        from: 'N',
        claims: [{ seat: 'E', handScore: 3 }],
        penalties: [{ seat: 'X', kind: 'k', points: 1 }],
      },
      'penalties[0].seat',
    ],
  ])('rejects %j naming %s', (input, field) => {
    expect(evaluateScoreRequest(input)).toMatchObject({ kind: 'invalid', field });
  });
});
