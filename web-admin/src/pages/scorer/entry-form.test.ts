// Given the scorer's choices, when the entry is made, then it is EnterHandResult's result in the contract's
// terms (seed 003's example as entry.test.ts sends it), what is missing is named where it belongs, and a
// refusal is placed beside the control it names.
import { describe, expect, it } from 'vitest';
import { ApiProblem } from '../../api/problem.ts';
import { EMPTY_HAND, type HandTiles, parseTiles, pick } from '../../tiles/index.ts';
import { EntryProblem } from './api.ts';
import {
  changeForm,
  EMPTY_CLAIM,
  EMPTY_FORM,
  type EntryForm,
  type FormChange,
  resultOf,
} from './entry-form.ts';
import { placeOf } from './problems.ts';
import type { TableView } from './table.ts';

const seats = (['E', 'S', 'W', 'N'] as const).map((seat, i) => ({
  seat,
  playerId: `p${i}`,
  name: `P${i}`,
  score: 0,
}));
const HU: Pick<TableView, 'seats' | 'scoresTiles' | 'loserScores' | 'streakDie'> = {
  seats,
  scoresTiles: true,
  loserScores: false,
  streakDie: false,
};

const fill = (changes: readonly FormChange[], from: EntryForm = EMPTY_FORM) =>
  changes.reduce(changeForm, from);

/** Seed 003's example: one chow of 1m exposed, 123s 123p 789p 9p concealed, 9p won, a season. */
function seed003Hand(): HandTiles {
  let hand = pick(EMPTY_HAND, 'chow', '1m');
  for (const tile of parseTiles('123s123p789p9p')) hand = pick(hand, 'concealed', tile);
  return pick(pick(hand, 'winning', '9p'), 'concealed', '5f');
}

describe('the entry', () => {
  it('makes seed 003’s discard win as the API takes it', () => {
    const form = fill([
      { type: 'winners', winners: ['S'] },
      { type: 'from', from: 'N' },
      { type: 'claim', seat: 'S', claim: { ...EMPTY_CLAIM, hand: seed003Hand() } },
    ]);
    expect(resultOf(form, HU)).toEqual({
      result: {
        kind: 'win',
        by: 'discard',
        from: 'N',
        claims: [
          { seat: 'S', hand: '1237899p123s', melds: [{ tiles: '123m' }], winningTile: '9p', flowers: ['5f'] },
        ],
      },
    });
  });

  it('names what is missing where it belongs', () => {
    expect(resultOf(EMPTY_FORM, HU)).toEqual({
      missing: { place: { kind: 'winners' }, message: 'need.winner' },
    });
    const won = fill([{ type: 'winners', winners: ['S'] }]);
    expect(resultOf(won, HU)).toMatchObject({ missing: { place: { kind: 'from' } } });
    expect(resultOf(fill([{ type: 'from', from: 'E' }], won), HU)).toEqual({
      missing: { place: { kind: 'claim', seat: 'S' }, message: 'claim.needWinningTile' },
    });
    expect(resultOf(fill([{ type: 'outcome', outcome: 'voided' }]), HU)).toMatchObject({
      missing: { place: { kind: 'void' } },
    });
  });

  it('keeps winners in turn order, one for a self-draw, none of them the discarder', () => {
    const two = fill([
      { type: 'from', from: 'W' },
      { type: 'winners', winners: ['N', 'E'] },
    ]);
    expect(two.winners).toEqual(['E', 'N']);
    expect(fill([{ type: 'winners', winners: ['W'] }], two).from).toBeNull();
    const drawn = fill([{ type: 'by', by: 'self-draw' }], two);
    expect(drawn).toMatchObject({ winners: ['E'], from: null });
  });

  it('sends declared scores, the losers’ scores for Chinese Classical, and luck as the contract counts it', () => {
    const classical = { ...HU, scoresTiles: false, loserScores: true };
    const form = fill([
      { type: 'winners', winners: ['N'] },
      { type: 'by', by: 'self-draw' },
      { type: 'claim', seat: 'N', claim: { ...EMPTY_CLAIM, handScore: '192' } },
      { type: 'loserScore', seat: 'E', score: '2' },
      { type: 'loserScore', seat: 'S', score: '46' },
    ]);
    expect(resultOf(form, classical)).toMatchObject({ missing: { place: { kind: 'loserScores' } } });
    expect(resultOf(fill([{ type: 'loserScore', seat: 'W', score: '12' }], form), classical)).toEqual({
      result: {
        kind: 'win',
        by: 'self-draw',
        claims: [{ seat: 'N', handScore: 192 }],
        loserScores: { E: 2, S: 46, W: 12 },
      },
    });
    const lucky = fill([
      { type: 'winners', winners: ['E'] },
      { type: 'by', by: 'self-draw' },
      {
        type: 'claim',
        seat: 'E',
        claim: { hand: seed003Hand(), handScore: '', luck: ['afterKong', 'lastTile'] },
      },
    ]);
    const made = resultOf(lucky, HU);
    expect('result' in made && made.result.kind === 'win' && made.result.claims[0]!.luck).toEqual({
      afterKong: 1,
      lastTile: true,
    });
    expect(
      resultOf(
        fill([
          { type: 'outcome', outcome: 'drawn' },
          { type: 'ready', ready: ['N', 'E'] },
        ]),
        HU,
      ),
    ).toEqual({
      result: { kind: 'drawn', ready: ['E', 'N'] },
    });
  });
});

describe('a drawn hand’s patterns reached at the draw', () => {
  const drawn = fill([
    { type: 'outcome', outcome: 'drawn' },
    { type: 'ready', ready: ['W', 'S'] },
  ]);

  it('sends each seat’s ticked patterns, seats in turn order, as entry.test.ts sends them', () => {
    const form = fill(
      [
        { type: 'atDraw', seat: 'W', patterns: ['eight-immortals', 'all-terminal-and-honor-discards'] },
        { type: 'atDraw', seat: 'S', patterns: ['all-terminal-and-honor-discards'] },
      ],
      drawn,
    );
    expect(resultOf(form, HU)).toEqual({
      result: {
        kind: 'drawn',
        ready: ['S', 'W'],
        patterns: [
          { seat: 'S', pattern: 'all-terminal-and-honor-discards' },
          { seat: 'W', pattern: 'all-terminal-and-honor-discards' },
          { seat: 'W', pattern: 'eight-immortals' },
        ],
      },
    });
  });

  it('sends none once unticked, and none for a preset that scores no pattern at a draw', () => {
    const ticked = fill(
      [{ type: 'atDraw', seat: 'S', patterns: ['all-terminal-and-honor-discards'] }],
      drawn,
    );
    expect(resultOf(fill([{ type: 'atDraw', seat: 'S', patterns: [] }], ticked), HU)).toEqual({
      result: { kind: 'drawn', ready: ['S', 'W'] },
    });
    expect(resultOf(ticked, { ...HU, scoresTiles: false })).toEqual({
      result: { kind: 'drawn', ready: ['S', 'W'] },
    });
  });

  it('shows a refusal of result.patterns beside the patterns', () => {
    const refusal = new EntryProblem(422, {
      code: 'rejected',
      detail: 'x',
      field: 'result.patterns[1].seat',
    });
    expect(placeOf(refusal, [])).toEqual({ kind: 'atDraw' });
  });
});

describe('where a refusal is shown', () => {
  it('beside the winner’s hand, the discarder, or the page', () => {
    const claims = ['E', 'N'] as const;
    const field = (f: string) => new EntryProblem(422, { code: 'rejected', detail: 'x', field: f });
    expect(placeOf(field('result.claims[1].hand'), claims)).toEqual({ kind: 'claim', seat: 'N' });
    expect(placeOf(field('result.from'), claims)).toEqual({ kind: 'from' });
    expect(placeOf(new EntryProblem(422, { code: 'not-a-win', seat: 'E' }), claims)).toEqual({
      kind: 'claim',
      seat: 'E',
    });
    const bad = new ApiProblem(400, {
      code: 'invalid-request',
      errors: [{ path: 'body.result.ready', message: 'x' }],
    });
    expect(placeOf(bad, claims)).toEqual({ kind: 'ready' });
    expect(placeOf(new Error('offline'), claims)).toEqual({ kind: 'general' });
  });
});
