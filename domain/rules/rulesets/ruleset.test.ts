// Rulesets: the five presets with their defaults from the rule texts, a stable content hash, and options
// that say whether an amendment may re-settle finished hands.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { RuleInputError } from '../errors.ts';
import { OPTION_SCHEMAS, PRESET_DEFINITIONS, PRESET_IDS } from './presets.ts';
import { amend, amendabilityOf, canonicalJson, contentHash, rulesetOf } from './ruleset.ts';

/** The field a refused ruleset names. */
const field = (preset: Parameters<typeof rulesetOf>[0], options: unknown): string => {
  try {
    rulesetOf(preset, options);
  } catch (error) {
    expect(error).toBeInstanceOf(RuleInputError);
    return (error as RuleInputError).field;
  }
  throw new Error('accepted');
};

describe('presets', () => {
  it('are the five of the rule texts, each versioned and naming its seed', () => {
    expect(PRESET_IDS).toEqual([
      'hu-mahjong',
      'four-seas',
      'chinese-classical',
      'mahjong-house',
      'table-law',
    ]);
    for (const id of PRESET_IDS) {
      expect(PRESET_DEFINITIONS[id].version).toBeGreaterThanOrEqual(1);
      expect(PRESET_DEFINITIONS[id].seed).toMatch(/^00[0-4]_[0-9a-f]{16}\.txt$/);
    }
  });

  it('take their defaults from the rule texts', () => {
    expect(rulesetOf('hu-mahjong').options).toMatchObject({
      players: 4,
      limit: 8000,
      readyHandPayment: 1000,
      heavyPenalty: 4000,
      falseWin: 'reject',
      falseWinPenalty: 4000,
    });
    expect(rulesetOf('four-seas').options).toMatchObject({
      multipleWinners: 'score-priority',
      discardMultiplier: 4,
      bystanderCap: 50,
      falseWin: 'reject',
      falseWinPenalty: 0,
    });
    expect(rulesetOf('chinese-classical').options).toMatchObject({
      eastDoubles: true,
      startingPoints: 2000,
      limit: null,
      falseWin: 'reject',
      falseWinPenalty: 0,
    });
    expect(rulesetOf('mahjong-house').options).toMatchObject({
      multipleWinners: 'head-bump',
      passLocksWin: false,
      claimDeadlineMs: 5000,
      falseWin: 'reject',
      falseWinPenalty: 0,
    });
    expect(rulesetOf('table-law').options).toMatchObject({
      chasingHonor: 5,
      chasingSuit: 10,
      diceTripleSix: 10,
      falseMahjong: 25,
      kitty: 5,
      falseWin: 'penalise',
    });
    // Table law's false Mahjong is paid by `falseMahjong`: it has no second amount.
    expect(rulesetOf('table-law').options).not.toHaveProperty('falseWinPenalty');
  });

  it('say on every preset what a false win does: refused, or penalised (issue 4, item 2)', () => {
    // Given each preset, when the organizer reads how its falseWin option may be amended
    for (const id of PRESET_IDS) {
      // Then the choice changes play, so it takes effect from the next hand
      expect(amendabilityOf(id, 'falseWin')).toBe('from-next-hand');
      expect(field(id, { falseWin: 'ignore' })).toBe('options.falseWin');
      // and the amount, where there is one, is paid at once when the false win is declared, a record of play
      // that no recompute rewrites (docs/rules.md "Corrections and amendments"): from the next hand too
      if (id !== 'table-law') expect(amendabilityOf(id, 'falseWinPenalty')).toBe('from-next-hand');
    }
    // When an organizer chooses penalising in mahjong-house with a penalty of 30, the ruleset's hash changes
    const chosen = rulesetOf('mahjong-house', { falseWin: 'penalise', falseWinPenalty: 30 });
    expect(chosen.options).toMatchObject({ falseWin: 'penalise', falseWinPenalty: 30 });
    expect(chosen.hash).not.toBe(rulesetOf('mahjong-house').hash);
    expect(rulesetOf('table-law', { falseWin: 'reject' }).hash).not.toBe(rulesetOf('table-law').hash);
    expect(field('hu-mahjong', { falseWinPenalty: -1 })).toBe('options.falseWinPenalty');
    expect(field('table-law', { falseWinPenalty: 10 })).toBe('options');
  });

  it('offer on every preset claim windows held for everyone alike, a change of play (issue 9, item 1)', () => {
    for (const id of PRESET_IDS) {
      // Given each preset, then windows open only when someone may claim unless the organizer says otherwise
      expect(rulesetOf(id).options).toMatchObject({ claimWindows: 'when-claimable', uniformWindowMs: 2500 });
      // and both choices change play: they take effect from the next hand
      expect(amendabilityOf(id, 'claimWindows')).toBe('from-next-hand');
      expect(amendabilityOf(id, 'uniformWindowMs')).toBe('from-next-hand');
      expect(field(id, { claimWindows: 'sometimes' })).toBe('options.claimWindows');
      expect(field(id, { uniformWindowMs: 10 })).toBe('options.uniformWindowMs');
    }
    const held = rulesetOf('hu-mahjong', { claimWindows: 'every-discard', uniformWindowMs: 2000 });
    expect(held.options).toMatchObject({ claimWindows: 'every-discard', uniformWindowMs: 2000 });
    expect(held.hash).not.toBe(rulesetOf('hu-mahjong').hash);
  });

  it('every option of every preset says how it may be amended', () => {
    for (const id of PRESET_IDS) {
      for (const name of Object.keys(OPTION_SCHEMAS[id].shape)) {
        expect(['retroactively', 'from-next-hand']).toContain(amendabilityOf(id, name));
      }
    }
  });

  it('refuses an unknown option or a bad value, naming it', () => {
    expect(field('hu-mahjong', { players: 5 })).toBe('options.players');
    expect(field('mahjong-house', { multipleWinners: 'score-priority' })).toBe('options.multipleWinners');
    expect(field('table-law', { chasingSuit: -10 })).toBe('options.chasingSuit');
    expect(field('four-seas', { colour: 'red' })).toBe('options');
  });
});

describe('the content hash', () => {
  it('does not depend on the order options were written in', () => {
    const a = rulesetOf('hu-mahjong', { players: 3, limit: 6000 });
    const b = rulesetOf('hu-mahjong', { limit: 6000, players: 3 });
    expect(a.hash).toBe(b.hash);
    expect(a.hash).toMatch(/^sha256:[0-9a-f]{64}$/);
  });

  it('changes with any option, the preset or the version', () => {
    const base = rulesetOf('hu-mahjong');
    expect(rulesetOf('hu-mahjong', { players: 3 }).hash).not.toBe(base.hash);
    expect(contentHash({ preset: base.preset, version: base.version + 1, options: base.options })).not.toBe(
      base.hash,
    );
    expect(rulesetOf('mahjong-house').hash).not.toBe(rulesetOf('table-law').hash);
  });

  it('writes canonical JSON with keys sorted at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { f: 1, e: 0 }], c: null } })).toBe(
      '{"a":{"c":null,"d":[2,{"e":0,"f":1}]},"b":1}',
    );
  });

  it('is the sha256 of the canonical text, as node:crypto computes it', () => {
    const value = { preset: 'table-law', options: { kitty: 5, chasingSuit: 10 } };
    const expected = createHash('sha256')
      .update('{"options":{"chasingSuit":10,"kitty":5},"preset":"table-law"}')
      .digest('hex');
    expect(contentHash(value)).toBe(`sha256:${expected}`);
  });
});

describe('amendments', () => {
  it('given seed 004’s immediate record (chasing, dice, gongs, the kitty, false Mahjong), then its amounts are amended from the next hand only', () => {
    for (const name of [
      'chasingHonor',
      'chasingSuit',
      'diceTriple',
      'diceTripleSix',
      'concealedGong',
      'unshownConcealedGong',
      'kitty',
      'falseMahjong',
    ])
      expect([name, amendabilityOf('table-law', name)]).toEqual([name, 'from-next-hand']);
    // The robbing bonus is part of the hand's final settlement: a recompute settles it again.
    expect(amendabilityOf('table-law', 'robbingGongBonus')).toBe('retroactively');
  });

  it('sort changed options into those that re-settle finished hands and those for hands to come', () => {
    const before = rulesetOf('hu-mahjong');
    const amendment = amend(before, { multipleWinners: 'multiple', players: 3, limit: 8000 });
    expect(amendment.retroactive).toEqual(['multipleWinners']);
    expect(amendment.fromNextHand).toEqual(['players']);
    expect(amendment.after.hash).not.toBe(before.hash);
  });
});
