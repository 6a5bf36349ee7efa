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

/**
 * JSON with object keys sorted at every depth: the same content always gives the same text. Every stored
 * event's hash is taken over it (services/eventstore/hash-chain.ts), so it is written for speed: loops, not
 * map/join; small key sets sorted in place by insertion (the order of Array.prototype.sort() on strings,
 * UTF-16 code units); object keys quoted once. A property test holds it to its definition, a sorted copy
 * stringified, quirks such as an undefined array item included.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  let text: string;
  if (Array.isArray(value)) {
    text = '[';
    for (let i = 0; i < value.length; i++) {
      if (i > 0) text += ',';
      const item: unknown = value[i];
      // JSON.stringify of undefined (a hole, a function) is undefined, written as such: stored chains have it.
      text += item !== null && typeof item === 'object' ? canonicalJson(item) : JSON.stringify(item);
    }
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record);
  if (keys.length <= 16) {
    // Insertion sort: the order of Array.prototype.sort() on strings (UTF-16 code units), without its call.
    for (let i = 1; i < keys.length; i++) {
      const key = keys[i]!;
      let j = i - 1;
      while (j >= 0 && keys[j]! > key) {
        keys[j + 1] = keys[j]!;
        j--;
      }
      keys[j + 1] = key;
    }
  } else keys.sort();
  text = '{';
  let first = true;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    const item = record[key];
    if (item === undefined) continue;
    if (first) first = false;
    else text += ',';
    text += quotedKey(key);
    text += ':';
    text += item !== null && typeof item === 'object' ? canonicalJson(item) : JSON.stringify(item);
  }
  return `${text}}`;
}

/** Object keys are few (the events' field names): each is quoted once, up to a bound on what is kept. */
const quotedKeys = new Map<string, string>();
function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size < 4096) quotedKeys.set(key, quoted);
  }
  return quoted;
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
