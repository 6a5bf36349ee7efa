// The form's reading of GET /api/presets: each option's control from its JSON Schema, its starting value, the
// check of what the organizer enters, and the request sent (only the options changed; table points per place).
import { describe, expect, it } from 'vitest';
import { presetList } from '../../../../services/api/routes/presets.ts';
import {
  createRequest,
  type FormWords,
  fieldOfProblemPath,
  formSchema,
  type NewTournamentForm,
  placesOf,
  valuesFor,
} from './new-tournament-form.ts';
import { changedOptions, controlOf, initialValues } from './preset-options.ts';

const { presets } = presetList();
const preset = (id: string) => presets.find((p) => p.id === id)!;
const option = (id: string, name: string) => preset(id).options.find((o) => o.name === name)!;

const WORDS: FormWords = {
  name: 'name',
  nameLong: 'long',
  tournamentId: 'id',
  seed: 'seed',
  required: 'required',
  whole: 'whole',
  atLeast: (min) => `>= ${min}`,
  atMost: (max) => `<= ${max}`,
  json: 'json',
  descending: 'descending',
};

describe('an option’s control', () => {
  it('is a checkbox, a choice, a number with its bounds, a nullable number, or JSON', () => {
    expect(controlOf(option('hu-mahjong', 'flowers').schema)).toEqual({ kind: 'boolean' });
    expect(controlOf(option('four-seas', 'multipleWinners').schema)).toEqual({
      kind: 'choice',
      choices: ['head-bump', 'multiple', 'score-priority'],
    });
    expect(controlOf(option('hu-mahjong', 'players').schema)).toEqual({ kind: 'choice', choices: [4, 3, 2] });
    expect(controlOf(option('hu-mahjong', 'uniformWindowMs').schema)).toEqual({
      kind: 'number',
      integer: true,
      min: 50,
      max: 60000,
      nullable: false,
    });
    expect(controlOf(option('hu-mahjong', 'claimDeadlineMs').schema)).toMatchObject({
      min: 1,
      max: undefined,
    });
    expect(controlOf(option('chinese-classical', 'limit').schema)).toMatchObject({
      kind: 'number',
      nullable: true,
      min: 1,
    });
    expect(controlOf(option('hu-mahjong', 'patternPoints').schema)).toEqual({ kind: 'json' });
  });

  it('gives every option of every preset a control other than JSON, but pattern points', () => {
    for (const p of presets)
      for (const o of p.options)
        expect([o.name, controlOf(o.schema).kind === 'json']).toEqual([o.name, o.name === 'patternPoints']);
  });
});

describe('the request', () => {
  const form = (
    id: string,
    options: Record<string, unknown>,
    scoring: NewTournamentForm['scoring'] = { kind: 'points', values: [4, 2, 1, 0] },
  ): NewTournamentForm => ({
    name: ' Spring Open ',
    tournamentId: '',
    preset: id,
    options,
    scoring,
    seed: '',
  });

  it('sends only the options changed from their defaults, and nothing for the optional fields left empty', () => {
    const start = initialValues(preset('chinese-classical'));
    expect(createRequest(form('chinese-classical', start), preset('chinese-classical'))).toEqual({
      name: 'Spring Open',
      preset: 'chinese-classical',
      scoring: { kind: 'points' },
    });
    const changed = { ...start, limit: 500, eastDoubles: false };
    expect(changedOptions(preset('chinese-classical'), changed)).toEqual({ limit: 500, eastDoubles: false });
    // An emptied nullable number is null: the default, so not sent.
    expect(changedOptions(preset('chinese-classical'), { ...start, limit: null })).toEqual({});
    const hu = initialValues(preset('hu-mahjong'));
    expect(changedOptions(preset('hu-mahjong'), { ...hu, patternPoints: '{"allGreen": 16000}' })).toEqual({
      patternPoints: { allGreen: 16000 },
    });
  });

  it('sends one table-points value per place at a table, negative ones as they are', () => {
    const hu = initialValues(preset('hu-mahjong'));
    const scoring = { kind: 'table-points' as const, values: [15, 5, -5, -15] };
    expect(createRequest(form('hu-mahjong', hu, scoring), preset('hu-mahjong')).scoring).toEqual({
      kind: 'table-points',
      values: [15, 5, -5, -15],
    });
    expect(placesOf({ ...hu, players: 3 })).toBe(3);
    expect(
      createRequest(form('hu-mahjong', { ...hu, players: 3 }, scoring), preset('hu-mahjong')).scoring,
    ).toEqual({
      kind: 'table-points',
      values: [15, 5, -5],
    });
    expect(valuesFor(4, [8])).toEqual([8, 2, 1, 0]);
  });
});

describe('the checks', () => {
  const check = (id: string, values: object) => formSchema(preset(id), WORDS).safeParse(values);
  const issues = (result: ReturnType<typeof check>) =>
    result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);

  it('refuses a rising table point only among the places shown, and an option out of its bounds', () => {
    const hu = initialValues(preset('hu-mahjong'));
    const base = { name: 'A', tournamentId: '', preset: 'hu-mahjong', seed: '' };
    expect(
      issues(
        check('hu-mahjong', {
          ...base,
          options: hu,
          scoring: { kind: 'table-points', values: [4, 5, 1, 0] },
        }),
      ),
    ).toEqual([['scoring.values.1', 'descending']]);
    expect(
      issues(
        check('hu-mahjong', {
          ...base,
          options: { ...hu, players: 3 },
          scoring: { kind: 'table-points', values: [15, 5, -5, 99] },
        }),
      ),
    ).toEqual([]);
    expect(
      issues(
        check('hu-mahjong', {
          ...base,
          options: { ...hu, uniformWindowMs: 10 },
          scoring: { kind: 'points', values: [] },
        }),
      ),
    ).toEqual([['options.uniformWindowMs', '>= 50']]);
    expect(
      issues(
        check('hu-mahjong', {
          ...base,
          options: { ...hu, patternPoints: '{oops' },
          scoring: { kind: 'points', values: [] },
        }),
      ),
    ).toEqual([['options.patternPoints', 'json']]);
  });

  it('puts each of the API’s field errors on its field', () => {
    expect(fieldOfProblemPath('body.options.patternPoints.allGren', preset('hu-mahjong'))).toBe(
      'options.patternPoints',
    );
    expect(fieldOfProblemPath('body.scoring.values.2', preset('hu-mahjong'))).toBe('scoring.values.2');
    expect(fieldOfProblemPath('body.scoring', preset('hu-mahjong'))).toBe('scoring.kind');
    expect(fieldOfProblemPath('body.name', preset('hu-mahjong'))).toBe('name');
    expect(fieldOfProblemPath('body.options.nothing', preset('hu-mahjong'))).toBeUndefined();
    expect(fieldOfProblemPath('query.x', preset('hu-mahjong'))).toBeUndefined();
  });
});
