// Amendments of the ruleset (issue: "which options change, to what, from which round or hand on, and why"):
// settlement options may reach back over hands played; options that change play may not, and the refusal
// says so and offers the next hand; a corrected hand moves its finished table's result.
import { describe, expect, it } from 'vitest';
import { rulesetOf } from '../rules/rulesets/index.ts';
import { rulesetForHand, scopeCovers } from './amendments.ts';
import type { AmendmentScope } from './events.ts';
import { TOURNAMENT_RULES } from './rejection.ts';
import {
  command,
  create,
  decided,
  finishTable,
  given,
  PLAYERS,
  REFEREE,
  register,
  SYSTEM,
  schedule,
  upload,
  when,
} from './spec.ts';

const TABLES = [
  ['ana', 'bo', 'cy', 'di'],
  ['ed', 'fa', 'gu', 'hu'],
];
const HEAD_BUMP = rulesetOf('four-seas', { multipleWinners: 'head-bump' });
const opened = () => [
  create('four-seas', { ruleset: HEAD_BUMP }),
  register(...PLAYERS),
  schedule(1),
  upload(1, TABLES),
];
const seated = () => given(...opened());
const started = () => given(...opened(), command('StartRound', { round: 1 }));

const amend = (
  changes: Record<string, unknown>,
  scope: AmendmentScope = { kind: 'event' },
  amendmentId = 'a1',
) => command('AmendRuleset', { amendmentId, changes, scope, reason: 'the organizers decided' });

const refusal = (state: ReturnType<typeof given>, c: Parameters<typeof when>[1]) => {
  const decision = when(state, c);
  if (!('rejection' in decision)) throw new Error(`expected ${c.type} to be refused`);
  return decision.rejection;
};

describe('amending the ruleset', () => {
  it('given round 1 started under head-bump, when multipleWinners becomes score-priority, then revision 2 with the new hash and a recompute', () => {
    const [event] = decided(started(), amend({ multipleWinners: 'score-priority' }));
    const after = rulesetOf('four-seas', { multipleWinners: 'score-priority' });
    expect(event).toMatchObject({
      type: 'RulesetAmended',
      data: {
        amendmentId: 'a1',
        changes: { multipleWinners: { from: 'head-bump', to: 'score-priority' } },
        scope: { kind: 'event' },
        revision: 2,
        ruleset: { preset: 'four-seas', hash: after.hash },
        previous: { preset: 'four-seas', hash: HEAD_BUMP.hash },
        recompute: true,
        amendedBy: { role: 'organizer' },
      },
    });
  });

  it('given no round started, when a settlement option is amended, then it is recorded with nothing to recompute', () => {
    const [event] = decided(seated(), amend({ discardMultiplier: 3 }));
    expect(event).toMatchObject({ type: 'RulesetAmended', data: { recompute: false } });
  });

  it('given an amendment, when a second one sets the option back, then revision 3 hashes as the ruleset created', () => {
    const once = given(
      ...opened(),
      command('StartRound', { round: 1 }),
      amend({ multipleWinners: 'score-priority' }),
    );
    const [back] = decided(once, amend({ multipleWinners: 'head-bump' }, { kind: 'event' }, 'a2'));
    expect(back).toMatchObject({ data: { revision: 3, ruleset: { hash: HEAD_BUMP.hash }, recompute: true } });
  });

  it('given an option the preset does not have, then unknown-option naming options.<name>, nothing decided', () => {
    expect(refusal(started(), amend({ tsumoBonus: 100 }))).toEqual({
      code: 'unknown-option',
      rule: TOURNAMENT_RULES.amendments,
      message: 'options.tsumoBonus: four-seas has no option tsumoBonus',
    });
  });

  it('given a value out of range, then bad-option-value naming the option', () => {
    const r = refusal(started(), amend({ bystanderCap: -1 }));
    expect(r.code).toBe('bad-option-value');
    expect(r.message).toMatch(/^options\.bystanderCap: /);
    expect(refusal(started(), amend({ multipleWinners: 'sometimes' })).message).toMatch(
      /^options\.multipleWinners: /,
    );
  });

  it('given round 1 started, when an option that changes play is amended over the event, then amendment-not-retroactive offers the next hand', () => {
    const r = refusal(started(), amend({ claimDeadlineMs: 8000 }));
    expect(r.code).toBe('amendment-not-retroactive');
    expect(r.rule).toBe(TOURNAMENT_RULES.retroactive);
    expect(r.message).toMatch(/^options\.claimDeadlineMs: claimDeadlineMs changes play/);
    expect(r.message).toContain('round 1 has started');
    expect(r.message).toContain('from the next hand instead (scope next-hand)');
    const [event] = decided(started(), amend({ claimDeadlineMs: 8000 }, { kind: 'next-hand' }));
    expect(event).toMatchObject({ type: 'RulesetAmended', data: { recompute: false } });
  });

  it('given round 1 started, when a play option is amended from round 2 on, then it is accepted: no hand of round 2 is played', () => {
    const [event] = decided(started(), amend({ claimDeadlineMs: 8000 }, { kind: 'round', round: 2 }));
    expect(event).toMatchObject({ data: { scope: { kind: 'round', round: 2 }, recompute: false } });
  });

  it('given the table size, then option-not-amendable; given the value in force, then amendment-changes-nothing', () => {
    const hu = given(create('hu-mahjong'), register(...PLAYERS));
    expect(refusal(hu, amend({ players: 3 })).code).toBe('option-not-amendable');
    expect(refusal(started(), amend({ multipleWinners: 'head-bump' })).code).toBe(
      'amendment-changes-nothing',
    );
    expect(refusal(started(), amend({})).code).toBe('amendment-changes-nothing');
  });

  it('given an amendment id on record, then amendment-exists; given a referee, then not-allowed', () => {
    const once = given(...opened(), amend({ discardMultiplier: 3 }));
    expect(refusal(once, amend({ discardMultiplier: 2 })).code).toBe('amendment-exists');
    expect(refusal(seated(), { ...amend({ discardMultiplier: 3 }), by: REFEREE }).code).toBe('not-allowed');
  });
});

describe('which hands an amendment covers', () => {
  it('event: every hand; round 2: rounds 2 on; hand 2.5: hand 5 of round 2 on and every later round; next-hand: none played', () => {
    expect(scopeCovers({ kind: 'event' }, 1, 1)).toBe(true);
    expect([1, 2, 3].map((r) => scopeCovers({ kind: 'round', round: 2 }, r, 1))).toEqual([false, true, true]);
    const fromHand = { kind: 'hand', round: 2, hand: 5 } as const;
    expect([scopeCovers(fromHand, 2, 4), scopeCovers(fromHand, 2, 5), scopeCovers(fromHand, 3, 1)]).toEqual([
      false,
      true,
      true,
    ]);
    expect(scopeCovers(fromHand, 1, 9)).toBe(false);
    expect(scopeCovers({ kind: 'next-hand' }, 1, 1)).toBe(false);
  });

  it('given two amendments of one option, then a hand they both cover settles under the later one', () => {
    const state = given(
      ...opened(),
      amend({ discardMultiplier: 3 }),
      amend({ discardMultiplier: 2 }, { kind: 'round', round: 2 }, 'a2'),
    );
    const table = state.rounds[0]!.tables[0]!;
    expect(
      (rulesetForHand(table, state.amendments, 1, 1, () => true).options as Record<string, unknown>)
        .discardMultiplier,
    ).toBe(3);
    expect(
      (rulesetForHand(table, state.amendments, 2, 1, () => true).options as Record<string, unknown>)
        .discardMultiplier,
    ).toBe(2);
  });
});

describe('a finished table corrected', () => {
  const finished = () =>
    given(
      ...opened(),
      command('StartRound', { round: 1 }),
      finishTable(1, 1, [
        ['ana', 400],
        ['bo', 100],
        ['cy', -200],
        ['di', -300],
      ]),
    );
  const corrected = (scores: [string, number][]) =>
    command(
      'RecordTableCorrected',
      {
        gameId: 'spring-r1-t1',
        hand: 3,
        correction: 'evt-9',
        scores: scores.map(([playerId, points]) => ({ playerId, points })),
      },
      SYSTEM,
    );

  it('given a corrected hand, then TableResultCorrected with the table’s scores before and after', () => {
    const scores: [string, number][] = [
      ['ana', 100],
      ['bo', 400],
      ['cy', -200],
      ['di', -300],
    ];
    const [event] = decided(finished(), corrected(scores));
    expect(event).toMatchObject({
      type: 'TableResultCorrected',
      data: {
        round: 1,
        table: 1,
        hand: 3,
        correction: 'evt-9',
        previous: [
          { playerId: 'ana', points: 400 },
          { playerId: 'bo', points: 100 },
          { playerId: 'cy', points: -200 },
          { playerId: 'di', points: -300 },
        ],
        scores: scores.map(([playerId, points]) => ({ playerId, points })),
      },
    });
    const state = given(...opened(), command('StartRound', { round: 1 }));
    expect(refusal(state, corrected(scores)).code).toBe('unknown-table');
  });

  it('given the same scores again, then nothing more; given another table’s players, then bad-scores', () => {
    const same = corrected([
      ['ana', 400],
      ['bo', 100],
      ['cy', -200],
      ['di', -300],
    ]);
    expect(decided(finished(), same)).toEqual([]);
    expect(
      refusal(
        finished(),
        corrected([
          ['ed', 0],
          ['bo', 0],
          ['cy', 0],
          ['di', 0],
        ]),
      ).code,
    ).toBe('bad-scores');
  });
});
