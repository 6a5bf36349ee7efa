// Stored events are never rewritten: an old schema version is read with its own schema, then brought up one
// version at a time to the current one. Each step is a pure function of the older payload.
import type { z } from 'zod';
import { currentVersion, isPlayEventType, type PlayEventType } from './events.ts';
import { HandSettledV1, SettlementCorrectedV1 } from './old-versions.ts';
import { EventParseError, eventParseError } from './parse-error.ts';

interface Upcaster<Old extends z.ZodType> {
  /** The payload at the older version. */
  readonly schema: Old;
  /** The same payload one version up. */
  readonly up: (data: z.output<Old>) => unknown;
}

const step = <Old extends z.ZodType>(schema: Old, up: (data: z.output<Old>) => unknown): Upcaster<Old> => ({
  schema,
  up,
});

/** For each type, the step from each old version (the key) to the next. */
export const UPCASTERS: { readonly [T in PlayEventType]?: Readonly<Record<number, Upcaster<z.ZodType>>> } = {
  HandSettled: {
    1: step(HandSettledV1, ({ rulesetId, ...rest }) => {
      const [preset, version, hash] = splitRulesetIdV1(rulesetId);
      return { ruleset: { preset, version, hash }, ...rest };
    }),
  },
  SettlementCorrected: {
    1: step(SettlementCorrectedV1, (data) => ({ ...data, mode: 'replacement' })),
  },
};

/** Version 1's rulesetId, "{preset}@{version}#{hash}", in parts: HandSettledV1 has checked its form. */
function splitRulesetIdV1(rulesetId: string): [string, number, string] {
  const at = rulesetId.indexOf('@');
  const hash = rulesetId.indexOf('#');
  return [rulesetId.slice(0, at), Number(rulesetId.slice(at + 1, hash)), rulesetId.slice(hash + 1)];
}

/**
 * The payload of a stored `type` at `schemaVersion`, brought to the current version. An old payload is
 * checked against its own schema first, so that an error names the field as it was stored.
 */
export function upcast(type: string, schemaVersion: number, data: unknown): unknown {
  if (!isPlayEventType(type)) throw new EventParseError('type', `unknown event type ${JSON.stringify(type)}`);
  const current = currentVersion(type);
  if (!Number.isInteger(schemaVersion) || schemaVersion < 1 || schemaVersion > current)
    throw new EventParseError(
      'schemaVersion',
      `${type} has schema versions 1 to ${current}, not ${String(schemaVersion)}`,
      type,
    );
  for (let version = schemaVersion; version < current; version++) {
    const upcaster = UPCASTERS[type]?.[version];
    if (upcaster === undefined)
      throw new EventParseError('schemaVersion', `no upcaster from version ${version}`, type, version);
    const parsed = upcaster.schema.safeParse(data);
    if (!parsed.success) throw eventParseError(parsed.error, ['data'], type, version);
    data = upcaster.up(parsed.data);
  }
  return data;
}
