// The presets as GET /api/presets lists them, and what the form makes of each option: the control that fits
// the values its JSON Schema allows (a checkbox, a choice, a whole number, or JSON for what no control fits),
// the zod check of that control's value, and the value sent. Options left at their default are not sent: the
// server fills in the same defaults, and the request then says only what the organizer chose.
import { z } from 'zod';
import type { Schemas } from '../../api/client.ts';

export type PresetOption = Schemas['PresetOption'];
export type Preset = Schemas['Preset'];
export type PresetList = Schemas['PresetList'];

/** The parts of an option's JSON Schema (as zod writes it) that choose its control. */
export interface JsonSchema {
  readonly type?: string;
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly anyOf?: readonly JsonSchema[];
  readonly minimum?: number;
  readonly maximum?: number;
  readonly exclusiveMinimum?: number;
  readonly exclusiveMaximum?: number;
}

/** The control an option gets. */
export type OptionControl =
  | { readonly kind: 'boolean' }
  | { readonly kind: 'choice'; readonly choices: readonly (string | number)[] }
  | {
      readonly kind: 'number';
      readonly integer: boolean;
      readonly min: number | undefined;
      readonly max: number | undefined;
      /** null is a value of its own (e.g. "no limit"): an empty field means it. */
      readonly nullable: boolean;
    }
  | { readonly kind: 'json' };

// zod writes Number.MAX_SAFE_INTEGER as the bound of every int; a form need not show it.
const bound = (value: number | undefined): number | undefined =>
  value === undefined || Math.abs(value) >= Number.MAX_SAFE_INTEGER ? undefined : value;

function numberControl(schema: JsonSchema, nullable: boolean): OptionControl {
  const integer = schema.type === 'integer';
  const min =
    schema.minimum ??
    (schema.exclusiveMinimum === undefined ? undefined : schema.exclusiveMinimum + (integer ? 1 : 0));
  const max =
    schema.maximum ??
    (schema.exclusiveMaximum === undefined ? undefined : schema.exclusiveMaximum - (integer ? 1 : 0));
  return { kind: 'number', integer, min: bound(min), max: bound(max), nullable };
}

const isChoice = (value: unknown): value is string | number =>
  typeof value === 'string' || typeof value === 'number';

export function controlOf(written: JsonSchema | Readonly<Record<string, unknown>>): OptionControl {
  const schema = written as JsonSchema;
  if (schema.type === 'boolean') return { kind: 'boolean' };
  const choices = schema.enum;
  if (choices?.every(isChoice)) return { kind: 'choice', choices };
  if (schema.type === 'integer' || schema.type === 'number') return numberControl(schema, false);
  const anyOf = schema.anyOf ?? [];
  if (anyOf.length > 0 && anyOf.every((s) => isChoice(s.const)))
    return { kind: 'choice', choices: anyOf.map((s) => s.const as string | number) };
  const numbers = anyOf.filter((s) => s.type === 'integer' || s.type === 'number');
  if (numbers.length === 1 && anyOf.length === 2 && anyOf.some((s) => s.type === 'null'))
    return numberControl(numbers[0]!, true);
  return { kind: 'json' };
}

/** The value the control starts with: the default, as the control holds it. */
export function initialValue(option: PresetOption): unknown {
  const control = controlOf(option.schema);
  const value = option.default;
  switch (control.kind) {
    case 'boolean':
      return value === true;
    case 'choice':
      return value ?? control.choices[0];
    case 'number':
      return typeof value === 'number' ? value : control.nullable ? null : Number.NaN;
    case 'json':
      return value === undefined ? '' : JSON.stringify(value, null, 2);
  }
}

export function initialValues(preset: Preset | undefined): Record<string, unknown> {
  return Object.fromEntries((preset?.options ?? []).map((o) => [o.name, initialValue(o)]));
}

/** Messages the checks give, in the page's words. */
export interface CheckWords {
  readonly required: string;
  readonly whole: string;
  readonly atLeast: (min: number) => string;
  readonly atMost: (max: number) => string;
  readonly json: string;
}

function valueCheck(control: OptionControl, words: CheckWords): z.ZodType {
  switch (control.kind) {
    case 'boolean':
      return z.boolean();
    case 'choice':
      return z.union([z.string(), z.number()]).refine((v) => control.choices.includes(v), words.required);
    case 'number': {
      let number = z.number({ error: words.required }).refine((v) => !Number.isNaN(v), words.required);
      if (control.integer) number = number.refine((v) => Number.isNaN(v) || Number.isInteger(v), words.whole);
      const { min, max } = control;
      if (min !== undefined) number = number.refine((v) => !(v < min), words.atLeast(min));
      if (max !== undefined) number = number.refine((v) => !(v > max), words.atMost(max));
      // An empty field of a nullable number holds null (NumberField reports NaN; the control maps it).
      return control.nullable ? number.nullable() : number;
    }
    case 'json':
      return z.string().refine((text) => {
        if (text.trim() === '') return true;
        try {
          const value: unknown = JSON.parse(text);
          return typeof value === 'object' && value !== null && !Array.isArray(value);
        } catch {
          return false;
        }
      }, words.json);
  }
}

/** The zod check of every option of the preset, as the form holds them. */
export function optionsCheck(
  preset: Preset | undefined,
  words: CheckWords,
): z.ZodType<Record<string, unknown>> {
  const shape = Object.fromEntries(
    (preset?.options ?? []).map((o) => [o.name, valueCheck(controlOf(o.schema), words)]),
  );
  return z.object(shape) as unknown as z.ZodType<Record<string, unknown>>;
}

/** The value the API takes for what the control holds; undefined: leave the option out (its default). */
export function sentValue(option: PresetOption, held: unknown): unknown {
  const control = controlOf(option.schema);
  let value = held;
  if (control.kind === 'json') {
    const text = typeof held === 'string' ? held.trim() : '';
    if (text === '') return undefined;
    value = JSON.parse(text);
  }
  if (control.kind === 'number' && typeof held === 'number' && Number.isNaN(held)) return undefined;
  return JSON.stringify(value) === JSON.stringify(option.default) ? undefined : value;
}

/** The options that differ from the preset's defaults, as the create request's `options`. */
export function changedOptions(preset: Preset, held: Record<string, unknown>): Record<string, unknown> {
  const changed: Record<string, unknown> = {};
  for (const option of preset.options) {
    const value = sentValue(option, held[option.name]);
    if (value !== undefined) changed[option.name] = value;
  }
  return changed;
}
