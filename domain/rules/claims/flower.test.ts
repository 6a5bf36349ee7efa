// Seed 003, Eight Immortals: "Declare 7 flowers and have someone declare the last one. Considered as winning by
// discard." The declared flower is offered, win only, to the seat holding the other seven; the declarer pays.
import { describe, expect, it } from 'vitest';
import { expectRuleError, offer, PONG, WIN } from '../../../test/support/claims.ts';
import { arbitrateClaims } from './arbitrate.ts';

// North declares the winter (8f); West holds the other seven flowers.
const winter = offer('N', '8f', 'flower');
const west = (decision: typeof WIN | 'pass') => ({
  W: { eligible: { win: true }, decision: { decision, atMs: 1000 } },
});

describe('a flower offered on its declaration', () => {
  it('given West holds seven flowers, when West claims the win on North’s eighth, then West wins and North pays', () => {
    const result = arbitrateClaims({ offer: winter, seats: west(WIN) });
    expect(result).toMatchObject({ outcome: 'win', winners: ['W'], payer: 'N', robbedKong: null });
    expect(result.next).toEqual({ kind: 'hand-ends' });
  });

  it('when West lets it go, then nobody claimed it and the turn it interrupted resumes', () => {
    const result = arbitrateClaims({ offer: winter, seats: west('pass') });
    expect(result.outcome).toBe('no-claim');
    expect(result.next).toEqual({ kind: 'resume' });
    expect(result.passed).toEqual(['W']);
  });

  it('only a win takes a flower: a pong on it is refused as input', () => {
    expectRuleError(
      () =>
        arbitrateClaims({
          offer: winter,
          seats: { W: { eligible: { pong: true }, decision: { decision: PONG, atMs: 1000 } } },
        }),
      'seats.W.decision',
      'a flower can only be won on (Eight Immortals): no pong claim on it',
    );
  });
});
