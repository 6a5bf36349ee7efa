// A ruleset is a preset plus its options, validated, versioned and content-hashed: a settlement records the
// hash, so an audit can tell exactly which rules produced it.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { ruleInputError } from '../errors.ts';
import { fieldName } from '../field-name.ts';
import type { Amendable, OptionSpec } from './option.ts';
import { OPTION_SCHEMAS, PRESET_DEFINITIONS, type PresetId, type PresetOptions } from './presets.ts';

export interface Ruleset<Id extends PresetId = PresetId> {
  readonly preset: Id;
  readonly version: number;
  /** Every option, defaults filled in. */
  readonly options: PresetOptions[Id];
  /** sha256 of the canonical JSON of preset, version and options. */
  readonly hash: string;
}

/** Validates options against the preset (RuleInputError naming the option otherwise) and hashes the result. */
export function rulesetOf<Id extends PresetId>(preset: Id, options: unknown = {}): Ruleset<Id> {
  const definition = PRESET_DEFINITIONS[preset];
  if (definition === undefined) return ruleInputError('ruleset', `unknown preset ${String(preset)}`);
  const parsed = OPTION_SCHEMAS[preset].safeParse(options ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return ruleInputError(fieldName(['options', ...issue.path]), issue.message);
  }
  const resolved = parsed.data as PresetOptions[Id];
  const version = definition.version;
  return { preset, version, options: resolved, hash: contentHash({ preset, version, options: resolved }) };
}

/** JSON with object keys sorted at every depth: the same content always gives the same text. */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) {
    // Written with loops, not map/join: every stored event is hashed through here.
    let text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) text += ',';
      const item: unknown = value[i];
      text += item !== null && typeof item === 'object' ? canonicalJson(item) : JSON.stringify(item);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  let text = '{';
  let first = true;
  for (const key of keys) {
    const item = record[key];
    if (item === undefined) continue;
    text += `${first ? '' : ','}${JSON.stringify(key)}:${canonicalJson(item)}`;
    first = false;
  }
  return `${text}}`;
}

export function contentHash(value: unknown): string {
  return `sha256:${bytesToHex(sha256(utf8ToBytes(canonicalJson(value))))}`;
}

/** How an option may be amended: retroactively (settlement only) or from the next hand on (play). */
export function amendabilityOf(preset: PresetId, option: string): Amendable {
  const spec = (PRESET_DEFINITIONS[preset].options as Record<string, OptionSpec>)[option];
  if (spec === undefined) return ruleInputError(`options.${option}`, `${preset} has no option ${option}`);
  return spec.amendable;
}

export interface Amendment<Id extends PresetId = PresetId> {
  readonly before: Ruleset<Id>;
  readonly after: Ruleset<Id>;
  /** Options whose change may be applied to finished hands: their settlements are recomputed. */
  readonly retroactive: readonly string[];
  /** Options whose change applies only to hands dealt after the amendment. */
  readonly fromNextHand: readonly string[];
}

/** Classifies a change of options: what may re-settle finished hands, what only affects hands to come. */
export function amend<Id extends PresetId>(
  before: Ruleset<Id>,
  changes: Record<string, unknown>,
): Amendment<Id> {
  const after = rulesetOf(before.preset, { ...before.options, ...changes });
  const changed = Object.keys(changes).filter(
    (name) =>
      canonicalJson((before.options as Record<string, unknown>)[name]) !==
      canonicalJson((after.options as Record<string, unknown>)[name]),
  );
  return {
    before,
    after,
    retroactive: changed.filter((name) => amendabilityOf(before.preset, name) === 'retroactively'),
    fromNextHand: changed.filter((name) => amendabilityOf(before.preset, name) === 'from-next-hand'),
  };
}
