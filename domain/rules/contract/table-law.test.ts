// The score contract for table-law (seed 004): declared scores, the dealer streak, robbing the gong,
// several winners and penalties, through the same entry the CLI and the API use.
import { describe, expect, it } from 'vitest';
import { evaluateScoreRequest } from './index.ts';

function output(input: Record<string, unknown>) {
  const outcome = evaluateScoreRequest({ ruleset: 'table-law', ...input });
  if (outcome.kind !== 'scored') throw new Error(`expected a score, got ${JSON.stringify(outcome)}`);
  return outcome.output;
}

describe('table-law through the score contract', () => {
  it('given S wins 20 on North’s discard, then North pays 20', () => {
    expect(output({ winType: 'discard', from: 'N', claims: [{ seat: 'S', handScore: 20 }] }).deltas).toEqual({
      E: 0,
      S: 20,
      W: 0,
      N: -20,
    });
  });

  it('given East wins in a streak of 2, then the payer adds the streak bonus 2n + 1 = 5', () => {
    const result = output({
      winType: 'discard',
      from: 'S',
      dealerRepeats: 2,
      claims: [{ seat: 'E', handScore: 20 }],
    });
    expect(result.deltas).toEqual({ E: 25, S: -25, W: 0, N: 0 });
  });

  it('given East discards the winning tile in a streak of 1, then East pays the bonus 3 on top', () => {
    const result = output({
      winType: 'discard',
      from: 'E',
      dealerRepeats: 1,
      claims: [{ seat: 'S', handScore: 20 }],
    });
    expect(result.deltas).toEqual({ E: -23, S: 23, W: 0, N: 0 });
  });

  it('given East self-draws with no streak, then each other player pays the 1 point row besides the hand', () => {
    expect(output({ winType: 'self-draw', claims: [{ seat: 'E', handScore: 20 }] }).deltas).toEqual({
      E: 63,
      S: -21,
      W: -21,
      N: -21,
    });
  });

  it('given S robs West’s gong with 30 (Robbing the Gong 10 included), then West pays 30 and an extra 10', () => {
    const result = output({ winType: 'robbing-kong', from: 'W', claims: [{ seat: 'S', handScore: 30 }] });
    expect(result.deltas).toEqual({ E: 0, S: 40, W: -40, N: 0 });
  });

  it('pays several winners on one discard by default, and one with head-bump', () => {
    const claims = [
      { seat: 'N', handScore: 16 },
      { seat: 'W', handScore: 8 },
    ];
    expect(output({ winType: 'discard', from: 'S', claims }).deltas).toEqual({ E: 0, S: -24, W: 8, N: 16 });
    const bumped = output({
      options: { multipleWinners: 'head-bump' },
      winType: 'discard',
      from: 'S',
      claims,
    });
    expect(bumped.deltas).toEqual({ E: 0, S: -8, W: 8, N: 0 });
    expect(bumped.lapsed).toEqual([{ seat: 'N', reason: 'head-bump: W is first in turn order after S' }]);
  });

  it('a false Mahjong penalty of 25 goes to each other player', () => {
    const result = output({
      winType: 'discard',
      from: 'N',
      claims: [{ seat: 'S', handScore: 20 }],
      penalties: [{ seat: 'W', kind: 'false-mahjong', points: 25 }],
    });
    expect(result.deltas).toEqual({ E: 25, S: 45, W: -75, N: 5 });
  });

  it('an amended amount settles with the organizer’s value', () => {
    const result = output({
      options: { robbingGongBonus: 20 },
      winType: 'robbing-kong',
      from: 'W',
      claims: [{ seat: 'S', handScore: 30 }],
    });
    expect(result.deltas).toMatchObject({ S: 50, W: -50 });
  });

  it.each([
    [{ winType: 'robbing-kong', from: 'W', claims: [{ seat: 'S', handScore: 5 }] }, 'claims[0].handScore'],
    [{ winType: 'discard', from: 'N', claims: [{ seat: 'S' }] }, 'claims[0].handScore'],
    [{ winType: 'discard', from: 'N', claims: [{ seat: 'N', handScore: 4 }] }, 'claims[0].seat'],
    [
      { options: { falseMahjong: -1 }, winType: 'discard', from: 'N', claims: [{ seat: 'S', handScore: 4 }] },
      'options.falseMahjong',
    ],
  ])('rejects %j naming %s', (input, field) => {
    expect(evaluateScoreRequest({ ruleset: 'table-law', ...input })).toMatchObject({
      kind: 'invalid',
      field,
    });
  });
});
