// Option patternPoints (hu-mahjong, amendable retroactively): seed 003's own scoring example (6100) scored with
// one pattern's value changed moves by exactly that difference, whether the hand was played live or entered;
// an unknown pattern id is refused by name; rulesets without the option keep their hashes.
import { describe, expect, it } from 'vitest';
import { drawsInTurn, playThrough } from '../../../test/support/pond-hand.ts';
import { meldFromTiles } from '../../hand/index.ts';
import { evaluateScoreRequest } from '../../rules/contract/index.ts';
import { RuleInputError } from '../../rules/errors.ts';
import { NO_LUCK } from '../../rules/patterns/facts.ts';
import { huMahjongTable } from '../../rules/patterns/hu-mahjong.ts';
import { scoreHand } from '../../rules/patterns/score.ts';
import { PRESET_IDS, rulesetOf } from '../../rules/rulesets/index.ts';
import { parseTiles } from '../../tiles/index.ts';
import { decideEntry } from '../entry/decide.ts';
import { entry, eventsOf, fold, SEED_003_CLAIM } from '../entry/spec.ts';
import { arranged, startWith } from '../hand/spec.ts';
import { resettleHand } from './index.ts';
import { recorded, seed003Live } from './spec.ts';

const SEED_003 = 6100;
/** Seed 003: Fully Outside Hand 4000, Three-color Sequences 2000, Flower Tile 100. */
const CHANGES = [
  ['three-color-sequences', 2000, 2500],
  ['fully-outside-hand', 4000, 3000],
  ['flower-tile', 100, 0],
  ['all-sequences', 500, 800],
] as const;

const huMahjong = (options: Record<string, unknown> = {}) => rulesetOf('hu-mahjong', options);

describe('given seed 003’s scoring example played live (S wins on N’s 9p: 6100, N pays 18300)', () => {
  const events = seed003Live();

  it('then the recorded settlement is the seed’s', () => {
    expect(recorded(events)).toMatchObject({
      winners: [{ seat: 'S', handScore: SEED_003, effectiveScore: SEED_003 }],
      transfers: [{ from: 'N', to: 'S', points: 18300, reason: 'discard win' }],
    });
  });

  it.each(CHANGES)(
    'when %s goes from %i to %i, then the hand scores 6100 moved by the difference',
    (id, seed, points) => {
      const ruleset = huMahjong({ patternPoints: { [id]: points } });
      const result = resettleHand(events, ruleset);
      // All Sequences is not scored on the opened hand (allSequencesConcealedOnly): its value changes nothing.
      const score = id === 'all-sequences' ? SEED_003 : SEED_003 - seed + points;
      expect(result).toEqual({
        kind: 'settled',
        settlement: {
          ruleset: { preset: 'hu-mahjong', version: 1, hash: ruleset.hash },
          winners: [{ seat: 'S', handScore: score, effectiveScore: score }],
          lapsed: [],
          transfers: [{ from: 'N', to: 'S', points: 3 * score, reason: 'discard win' }],
        },
      });
      // The same hand played from scratch under the option settles the same.
      expect(recorded(seed003Live({ patternPoints: { [id]: points } }))).toEqual(
        result.kind === 'settled' ? result.settlement : undefined,
      );
    },
  );
});

describe('given seed 003’s scoring example entered by a table scorer', () => {
  it.each([
    ['discard', 'N', 3],
    ['self-draw', undefined, 1],
  ] as const)('when Three-color Sequences is worth 2500, then a %s win scores 6600', (by, from, times) => {
    const command = entry('hu-mahjong', {
      kind: 'win',
      by,
      ...(from === undefined ? {} : { from }),
      claims: [SEED_003_CLAIM],
    });
    const events = eventsOf(decideEntry(command, fold([])));
    expect(recorded(events)?.winners).toEqual([{ seat: 'S', handScore: SEED_003, effectiveScore: SEED_003 }]);
    const ruleset = huMahjong({ patternPoints: { 'three-color-sequences': 2500 } });
    const result = resettleHand(events, ruleset);
    expect(result).toMatchObject({
      kind: 'settled',
      settlement: {
        ruleset: { hash: ruleset.hash },
        winners: [{ seat: 'S', handScore: 6600, effectiveScore: 6600 }],
      },
    });
    if (result.kind !== 'settled') throw new Error(result.why);
    const paid = result.settlement.transfers.map((t) => [t.from, t.to, t.points]);
    expect(paid).toEqual(
      from === undefined
        ? [
            ['E', 'S', 6600],
            ['W', 'S', 6600],
            ['N', 'S', 6600],
          ]
        : [[from, 'S', 6600 * times]],
    );
  });

  it('when the score contract is asked with the option, then it lists the pattern at its new value', () => {
    const outcome = evaluateScoreRequest({
      ruleset: 'hu-mahjong',
      options: { patternPoints: { 'three-color-sequences': 2500 } },
      winType: 'discard',
      from: 'N',
      claims: [SEED_003_CLAIM],
    });
    if (outcome.kind !== 'scored') throw new Error(JSON.stringify(outcome));
    expect(outcome.output.winners[0]).toMatchObject({ handScore: 6600 });
    expect(outcome.output.winners[0]?.patterns).toContainEqual(
      expect.objectContaining({ name: 'Three-color Sequences', points: 2500 }),
    );
    expect(outcome.output.deltas).toEqual({ E: 0, S: 19800, W: 0, N: -19800 });
  });
});

describe('given a drawn hand entered with S holding All Terminal and Honor Discards (W ready)', () => {
  // "Reach exhaustive draw having only discarded terminal and honor tiles, none of which were called by other
  // players" (4000): the scorer enters the pattern, the ruleset in force prices it, as live play's ponds.
  const enteredDraw = eventsOf(
    decideEntry(
      entry('hu-mahjong', {
        kind: 'drawn',
        ready: ['W'],
        patterns: [{ seat: 'S', pattern: 'all-terminal-and-honor-discards' }],
      }),
      fold([]),
    ),
  );
  // The same table played live (domain/play/hand/draw-patterns.test.ts): S throws seventeen honours, none
  // called, and only W is ready when E fills its pond.
  const HANDS = {
    E: '2468m 2468p 2468s 5m 5p',
    S: '3579m 3579p 3579s 4m',
    W: '234m 456p 678s 345s 7p',
    N: '2468m 2468p 246s 55z',
  };
  const live = playThrough(
    startWith(
      'hu-mahjong',
      arranged(HANDS, drawsInTurn(HANDS, 68, { first: { S: '1111z 2222z 3333z 4444z 5z' } })),
    ),
  ).events;

  it('then the recorded settlement pays S 4000 from each other player after W’s 1000s, as the live hand', () => {
    expect(recorded(enteredDraw)?.transfers.map((t) => `${t.from}→${t.to} ${t.points}`)).toEqual([
      'E→W 1000',
      'S→W 1000',
      'N→W 1000',
      'E→S 4000',
      'W→S 4000',
      'N→S 4000',
    ]);
    expect(recorded(enteredDraw)?.transfers).toEqual(recorded(live)?.transfers);
  });

  it.each([
    [{ patternPoints: { 'all-terminal-and-honor-discards': 2500 } }, 2500],
    [{ patternPoints: { 'all-terminal-and-honor-discards': 0 } }, 0],
    [{ limit: 3000 }, 3000],
    [{ patternPoints: { 'all-terminal-and-honor-discards': 6000 }, readyHandPayment: 500 }, 6000],
  ])(
    'when amended to %j, then the pattern is paid %i by each other player, as the live hand again',
    (options, points) => {
      const ruleset = huMahjong(options);
      const result = resettleHand(enteredDraw, ruleset);
      if (result.kind !== 'settled') throw new Error(`${result.kind}: ${result.why}`);
      const pattern = result.settlement.transfers.filter((t) => t.to === 'S');
      expect(pattern.map((t) => t.points)).toEqual(points === 0 ? [] : [points, points, points]);
      expect(result.settlement.transfers.filter((t) => t.to === 'W').map((t) => t.points)).toEqual(
        Array(3).fill(ruleset.options.readyHandPayment),
      );
      // Entered or played, one hand settles alike under the amendment.
      expect(result).toEqual(resettleHand(live, ruleset));
    },
  );
});

describe('an unknown pattern id', () => {
  const fieldOf = (options: unknown): string => {
    try {
      huMahjong(options as Record<string, unknown>);
    } catch (error) {
      expect(error).toBeInstanceOf(RuleInputError);
      return `${(error as RuleInputError).field}: ${(error as Error).message}`;
    }
    throw new Error('accepted');
  };

  it('is refused naming options.patternPoints.<id>, and a bad value names its pattern', () => {
    expect(fieldOf({ patternPoints: { 'all-sequence': 800 } })).toBe(
      "options.patternPoints.all-sequence: no pattern all-sequence in seed 003's list",
    );
    // The id is checked before the value: a misspelt id is never reported as a bad number.
    expect(fieldOf({ patternPoints: { 'all-sequence': -1 } })).toMatch(
      /^options\.patternPoints\.all-sequence: no/,
    );
    expect(fieldOf({ patternPoints: { 'all-sequences': -1 } })).toMatch(
      /^options\.patternPoints\.all-sequences: /,
    );
    expect(fieldOf({ patternPoints: { 'all-sequences': 2.5 } })).toMatch(
      /^options\.patternPoints\.all-sequences: /,
    );
  });

  it('is refused by the score contract and the entry decider at the field that holds it', () => {
    const options = { patternPoints: { 'four-winds': 1 } };
    expect(
      evaluateScoreRequest({
        ruleset: 'hu-mahjong',
        options,
        winType: 'self-draw',
        claims: [SEED_003_CLAIM],
      }),
    ).toMatchObject({ kind: 'invalid', field: 'options.patternPoints.four-winds' });
    const command = entry('hu-mahjong', { kind: 'win', by: 'self-draw', claims: [SEED_003_CLAIM] });
    const wrong = {
      ...command,
      context: { ...command.context, ruleset: { ...command.context.ruleset, options } },
    };
    expect(decideEntry(wrong, fold([]))).toMatchObject({
      rejection: { code: 'invalid-entry', field: 'context.ruleset.options.patternPoints.four-winds' },
    });
  });

  it('is refused by the table too, when it is built without the ruleset', () => {
    expect(() => huMahjongTable({ allSequencesConcealedOnly: true, patternPoints: { nope: 1 } })).toThrow(
      RuleInputError,
    );
  });
});

describe('rulesets without patternPoints', () => {
  // Recorded before the option existed: canonical JSON skips an option left out, so no hash moves.
  const HASHES = {
    'hu-mahjong': 'sha256:5f888f08b5cebb17c25de43a1ec6cd00c18ef96052024f3bfa18455a59adbc59',
    'four-seas': 'sha256:fb82cf9c16a57e39f6edf17d2b508b7dea3262984bbd7cf89826e4c0aff70b05',
    'chinese-classical': 'sha256:73cfd46ff32120cf8ea9c3dc1f460b2a84bc96804c376dfa26b861d8ac855681',
    'mahjong-house': 'sha256:641733aa88f2fd273ed3571654a014705a4e83f5545e339726bd3845f2b98cc7',
    'table-law': 'sha256:f687907c20c72d5d8a3cd10f0aceb843bca08948452e8ff94e62bcff1133804c',
  } as const;

  it('keep the hashes they had', () => {
    for (const preset of PRESET_IDS) expect(rulesetOf(preset).hash).toBe(HASHES[preset]);
    expect(huMahjong({ players: 3 }).hash).toBe(
      'sha256:2f2c8713eada8f498ed1af9c1b3b4c5eb3eb44e821f4fe1e3eddec8e808184d2',
    );
    expect(huMahjong({ flowers: false }).hash).toBe(
      'sha256:6e91ed8e4ed70b5244121caefe76e84756b5d353b809f2b0578a36063e2fdef1',
    );
    expect(huMahjong().options).not.toHaveProperty('patternPoints');
    expect(huMahjong({ patternPoints: { 'flower-tile': 200 } }).hash).not.toBe(HASHES['hu-mahjong']);
  });

  it('score with the seed’s own table, and an override equal to the seed’s value changes no table', () => {
    const seedTable = huMahjongTable(huMahjong().options);
    expect(huMahjongTable(huMahjong({ patternPoints: { 'flower-tile': 100 } }).options)).toBe(seedTable);
    expect(huMahjongTable(huMahjong({ patternPoints: { 'flower-tile': 200 } }).options)).toBe(
      huMahjongTable(huMahjong({ patternPoints: { 'flower-tile': 200 } }).options),
    );
  });
});

describe('an override of a limit pattern', () => {
  // Big Three Dragons (limit, 8000) won on a discard, White exposed: beneath the limit it shows three Value
  // Triplets (3 × 500) and a Half Flush (3000).
  const hand = {
    concealed: Uint8Array.from(
      { length: 34 },
      (_, t) => parseTiles('666z 777z 345m 2m').filter((x) => x === t).length,
    ),
    melds: [meldFromTiles(parseTiles('555z'), false)],
    winningTile: parseTiles('2m')[0]!,
    situation: {
      winType: 'discard' as const,
      seatWind: parseTiles('2z')[0]!,
      prevalentWind: parseTiles('1z')[0]!,
      dealer: false,
      flowers: [],
      luck: NO_LUCK,
    },
  };
  const scored = (patternPoints?: Record<string, number>) => {
    const score = scoreHand(huMahjongTable(huMahjong(patternPoints ? { patternPoints } : {}).options), hand);
    if (!score.win) throw new Error(score.message);
    return { points: score.points, patterns: score.patterns.map((p) => `${p.name} ${p.points}`) };
  };

  it('is what that limit hand scores, alone, nothing stacking on it', () => {
    expect(scored()).toEqual({ points: 8000, patterns: ['Big Three Dragons 8000'] });
    expect(scored({ 'big-three-dragons': 6000 })).toEqual({
      points: 6000,
      patterns: ['Big Three Dragons 6000'],
    });
  });

  it('at 0 takes the limit away: the hand scores its other patterns', () => {
    expect(scored({ 'big-three-dragons': 0 })).toEqual({
      points: 4500,
      patterns: ['Value Triplet 1500', 'Big Three Dragons 0', 'Half Flush 3000'],
    });
  });
});
