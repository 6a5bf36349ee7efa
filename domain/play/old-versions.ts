// Payload schemas of superseded event versions, kept so that stored events of those versions stay readable.
import { z } from 'zod';
import { PRESET_IDS } from '../rules/rulesets/index.ts';
import { id, reason, rulesetRef } from './fields.ts';
import { settlementFields } from './payment-events.ts';

/**
 * HandSettled v1 named its ruleset in one string, "{preset}@{version}#{hash}" (e.g.
 * "table-law@1#sha256:9f…"); v2 splits it into { preset, version, hash }.
 */
export const HandSettledV1 = z.strictObject({
  rulesetId: z
    .string()
    .regex(
      /^[a-z-]+@[1-9][0-9]*#sha256:[0-9a-f]{64}$/,
      'a v1 rulesetId is "{preset}@{version}#sha256:{64 hex digits}"',
    )
    .refine((id) => (PRESET_IDS as readonly string[]).includes(id.slice(0, id.indexOf('@'))), {
      message: `the preset is one of ${PRESET_IDS.join(', ')}`,
    }),
  ...settlementFields,
});

/** SettlementCorrected v1: always a replacement; v2 says so (`mode`), and records what it replaced. */
export const SettlementCorrectedV1 = z.strictObject({
  corrects: id,
  correctedBy: z.strictObject({ role: z.enum(['organizer', 'referee', 'system']), id }),
  wrong: reason,
  reason,
  ruleset: rulesetRef,
  ...settlementFields,
});
