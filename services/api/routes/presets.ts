// GET /api/presets: the rule presets an organizer may start a tournament from, each with its rule text (the
// seed file it follows), its version and every option: what it means, its default, whether an amendment may
// change it retroactively, and its JSON schema, so a form can offer the right control for each. Public: the
// presets are the rule texts' and hold nothing secret, and the sign-in page need not come first to read them.
import { z as zod } from 'zod';
import {
  type OptionSpec,
  PRESET_DEFINITIONS,
  PRESET_IDS,
  type PresetId,
} from '../../../domain/rules/rulesets/index.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';

const PresetOption = z
  .object({
    name: z.string().openapi({ example: 'multipleWinners' }),
    description: z.string(),
    amendable: z.enum(['retroactively', 'from-next-hand']).openapi({
      description:
        '`retroactively`: an amendment may re-settle hands already played; `from-next-hand`: it changes play, so only later hands',
    }),
    default: z
      .unknown()
      .optional()
      .openapi({ description: 'Absent when the option has none (left out, it is unset)' }),
    schema: z.record(z.string(), z.unknown()).openapi({ description: 'The values it takes, as JSON Schema' }),
  })
  .openapi('PresetOption');

const Preset = z
  .object({
    id: z.enum(PRESET_IDS as [PresetId, ...PresetId[]]),
    seed: z.string().openapi({
      description: 'The rule text it follows (a file of ../shared/seeds)',
      example: '003_cfd8ab0b6123cd10.txt',
    }),
    version: z.int(),
    options: z.array(PresetOption),
  })
  .openapi('Preset');

export const PresetList = z.object({ presets: z.array(Preset) }).openapi('PresetList');
export type PresetList = z.infer<typeof PresetList>;

/** One option as the organizer's form needs it; the JSON Schema is what the option accepts once parsed. */
function optionView(name: string, spec: OptionSpec) {
  const parsed = spec.schema.safeParse(undefined);
  // `$schema` names the draft on every option: noise to a form, and the document's own version says it.
  const { $schema: _draft, ...schema } = zod.toJSONSchema(spec.schema, {
    io: 'output',
    unrepresentable: 'any',
  });
  return {
    name,
    description: spec.describe,
    amendable: spec.amendable,
    ...(parsed.success && parsed.data !== undefined
      ? { default: parsed.data }
      : spec.absentMeans === undefined
        ? {}
        : { default: spec.absentMeans }),
    schema,
  };
}

/** Every preset, in the order the domain declares them; computed once, as the presets never change at run time. */
export function presetList(): PresetList {
  return {
    presets: PRESET_IDS.map((id) => {
      const definition = PRESET_DEFINITIONS[id];
      return {
        id,
        seed: definition.seed,
        version: definition.version,
        options: Object.entries(definition.options as Record<string, OptionSpec>).map(([name, spec]) =>
          optionView(name, spec),
        ),
      };
    }),
  };
}

export function presetRoutes(): Route[] {
  const list = presetList();
  return [
    defineRoute({
      method: 'get',
      path: '/api/presets',
      summary: 'The rule presets and their options',
      description:
        'Each preset a tournament may be created from (`POST /api/tournaments` `preset`), its rule text and ' +
        'version, and every option with its description, default, amendability and JSON Schema. Public.',
      tags: ['tournaments'],
      responses: { 200: { description: 'Every preset', schema: PresetList } },
      handler: () => ({ body: list, headers: { 'cache-control': 'public, max-age=300' } }),
    }),
  ];
}
