// GET /api/presets over HTTP: public, every preset of the domain with its rule text and version, and each
// option's description, default, amendability and JSON Schema as the create form reads them; the defaults
// listed are the ones a tournament created without options gets.
import '../zod.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type OptionSpec,
  PRESET_DEFINITIONS,
  PRESET_IDS,
  type PresetId,
  rulesetOf,
} from '../../../domain/rules/rulesets/index.ts';
import { startTestApi, type TestApi } from '../testing.ts';
import { PresetList, presetRoutes } from './presets.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ rateLimit: false, routes: [presetRoutes()] });
});
afterAll(async () => {
  await api.close();
});

const fetchPresets = async () => {
  const response = await fetch(`${api.url}/api/presets`);
  return { response, body: PresetList.parse(await response.json()) };
};

describe('GET /api/presets', () => {
  it('given no token, when the presets are read, then every preset is listed with its seed file and version', async () => {
    const { response, body } = await fetchPresets();
    expect(response.status).toBe(200);
    expect(body.presets.map((p) => p.id)).toEqual(PRESET_IDS);
    const hu = body.presets.find((p) => p.id === 'hu-mahjong');
    expect(hu).toMatchObject({ seed: '003_cfd8ab0b6123cd10.txt', version: 1 });
    for (const preset of body.presets)
      expect(preset.options.map((o) => o.name)).toEqual(
        Object.keys(PRESET_DEFINITIONS[preset.id as PresetId].options),
      );
  });

  it('describes each option: its text, amendability, default and the values it takes', async () => {
    const { body } = await fetchPresets();
    const options = new Map(
      body.presets.find((p) => p.id === 'mahjong-house')!.options.map((o) => [o.name, o]),
    );
    expect(options.get('multipleWinners')).toEqual({
      name: 'multipleWinners',
      description: expect.stringContaining('一炮多響'),
      amendable: 'retroactively',
      default: 'head-bump',
      schema: expect.objectContaining({
        type: 'string',
        enum: ['head-bump', 'multiple'],
        default: 'head-bump',
      }),
    });
    expect(options.get('passLocksWin')).toMatchObject({
      amendable: 'from-next-hand',
      default: false,
      schema: { type: 'boolean' },
    });
    expect(options.get('uniformWindowMs')?.schema).toMatchObject({
      type: 'integer',
      minimum: 50,
      maximum: 60000,
    });
    expect(options.get('claimDeadlineMs')?.schema).not.toHaveProperty('$schema');

    const classical = new Map(
      body.presets.find((p) => p.id === 'chinese-classical')!.options.map((o) => [o.name, o]),
    );
    // null is a default (no limit), not the absence of one
    expect(classical.get('limit')).toMatchObject({ default: null, schema: { anyOf: expect.any(Array) } });
    const hu = new Map(body.presets.find((p) => p.id === 'hu-mahjong')!.options.map((o) => [o.name, o]));
    expect(hu.get('patternPoints')).not.toHaveProperty('default');
    expect(hu.get('patternPoints')?.schema).toMatchObject({
      type: 'object',
      additionalProperties: { type: 'integer' },
    });
    expect(hu.get('players')?.schema).toMatchObject({ anyOf: [{ const: 4 }, { const: 3 }, { const: 2 }] });
  });

  it('lists as defaults exactly what a tournament created without options gets', async () => {
    const { body } = await fetchPresets();
    for (const preset of body.presets) {
      const ruleset = rulesetOf(preset.id as PresetId, {});
      const defaults = Object.fromEntries(
        preset.options.filter((o) => 'default' in o).map((o) => [o.name, o.default]),
      );
      // An option left out that reads as a value (hu-mahjong's lastTile: 'pond') lists that value.
      const absent = Object.fromEntries(
        Object.entries(PRESET_DEFINITIONS[preset.id as PresetId].options as Record<string, OptionSpec>)
          .filter(([, spec]) => spec.absentMeans !== undefined)
          .map(([name, spec]) => [name, spec.absentMeans]),
      );
      expect({ ...absent, ...ruleset.options }).toEqual(defaults);
    }
  });

  it('is in the OpenAPI document with its response schema', async () => {
    const document = await (await fetch(`${api.url}/api/openapi.json`)).json();
    const get = document.paths['/api/presets'].get;
    expect(get.security ?? []).toEqual([]);
    expect(get.responses['200'].content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/PresetList',
    });
  });
});
