// The new-tournament form: what it holds, its zod check (per preset: the options differ), the request it
// sends, and where each of the API's 400 field errors belongs. Field names mirror the request body, so a
// problem's `body.options.limit` lands on the form field `options.limit`.
import { z } from 'zod';
import type { Schemas } from '../../api/client.ts';
import { type CheckWords, changedOptions, optionsCheck, type Preset } from './preset-options.ts';

export interface NewTournamentForm {
  name: string;
  tournamentId: string;
  preset: string;
  options: Record<string, unknown>;
  scoring: { kind: 'points' | 'table-points'; values: number[] };
  seed: string;
}

/** The table points a new form offers: the domain's default, 4 2 1 0, one per place. */
export const DEFAULT_TABLE_POINTS = [4, 2, 1, 0] as const;

export interface FormWords extends CheckWords {
  readonly name: string;
  readonly nameLong: string;
  readonly tournamentId: string;
  readonly seed: string;
  readonly descending: string;
}

const ID = /^[A-Za-z0-9_.-]{1,64}$/;

export function formSchema(
  preset: Preset | undefined,
  words: FormWords,
): z.ZodType<NewTournamentForm, NewTournamentForm> {
  const placeValue = z
    .number({ error: words.required })
    .refine((v) => !Number.isNaN(v), words.required)
    .refine((v) => Number.isNaN(v) || Number.isInteger(v), words.whole);
  return z
    .object({
      name: z.string().trim().min(1, words.name).max(200, words.nameLong),
      tournamentId: z
        .string()
        .trim()
        .refine((id) => id === '' || ID.test(id), words.tournamentId),
      preset: z.string().min(1, words.required),
      options: optionsCheck(preset, words),
      scoring: z.object({ kind: z.enum(['points', 'table-points']), values: z.array(placeValue) }),
      seed: z.string().max(200, words.seed),
    })
    .superRefine((form, ctx) => {
      // Only the places shown count: a 3-player table has three, whatever the form held for a fourth.
      if (form.scoring.kind !== 'table-points') return;
      const values = form.scoring.values.slice(0, placesOf(form.options));
      values.forEach((value, i) => {
        const above = values[i - 1];
        if (above !== undefined && value > above)
          ctx.addIssue({ code: 'custom', path: ['scoring', 'values', i], message: words.descending });
      });
    }) as unknown as z.ZodType<NewTournamentForm, NewTournamentForm>;
}

/** Places at a table under the chosen options: the `players` option where the preset has one, else 4. */
export function placesOf(options: Record<string, unknown>): number {
  const players = options.players;
  return typeof players === 'number' && players >= 2 && players <= 4 ? players : 4;
}

/** The values to show for that many places: the ones held, cut or padded from the default. */
export function valuesFor(places: number, held: readonly number[]): number[] {
  return Array.from({ length: places }, (_, i) => held[i] ?? DEFAULT_TABLE_POINTS[i] ?? 0);
}

/** The body of POST /api/tournaments. */
export function createRequest(form: NewTournamentForm, preset: Preset): Schemas['CreateTournament'] {
  const options = changedOptions(preset, form.options);
  const tournamentId = form.tournamentId.trim();
  const seed = form.seed.trim();
  return {
    name: form.name.trim(),
    ...(tournamentId === '' ? {} : { tournamentId }),
    preset: preset.id,
    ...(Object.keys(options).length === 0 ? {} : { options }),
    scoring:
      form.scoring.kind === 'points'
        ? { kind: 'points' }
        : { kind: 'table-points', values: valuesFor(placesOf(form.options), form.scoring.values) },
    ...(seed === '' ? {} : { seed }),
  };
}

/** The form field a problem's path names (`body.options.patternPoints.allGreen` → `options.patternPoints`). */
export function fieldOfProblemPath(path: string, preset: Preset | undefined): string | undefined {
  if (!path.startsWith('body.')) return undefined;
  const parts = path.slice('body.'.length).split('.');
  const [head, second, third] = parts;
  if (head === 'options' && second !== undefined && preset?.options.some((o) => o.name === second))
    return `options.${second}`;
  // A refusal of the scoring as a whole shows under its choice; one value's under that place.
  if (head === 'scoring')
    return third !== undefined && second === 'values' ? `scoring.values.${third}` : 'scoring.kind';
  if (head === 'name' || head === 'tournamentId' || head === 'seed' || head === 'preset') return head;
  return undefined;
}
