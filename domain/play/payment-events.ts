// Points that move: penalties, immediate table payments (seed 004 "Keep two records"), the hand's settlement,
// and a correction of it, which replaces it without erasing it.
import { z } from 'zod';
import { eventSchema, id, points, reason, rulesetRef, seat, transfer, withheld } from './fields.ts';

export const PenaltyAssessed = eventSchema(
  'PenaltyAssessed',
  1,
  z
    .strictObject({
      /** The offender. */
      seat,
      /** What for: 'false-win', 'heavy-penalty', 'faulty-declaration'... */
      kind: z.string().min(1),
      points,
      reason,
      /**
       * 'now': the transfers move at once. 'with-hand': the settlement adds it (seed 002: "always added at
       * the final stage of scoring"), and no transfers are listed here.
       */
      settled: z.enum(['now', 'with-hand']),
      transfers: z.array(transfer),
    })
    .superRefine((p, ctx) => {
      if (p.settled === 'with-hand' && p.transfers.length > 0)
        ctx.addIssue({
          code: 'custom',
          path: ['transfers'],
          message: 'a penalty settled with the hand moves no points now',
        });
      p.transfers.forEach((t, i) => {
        if (t.from !== p.seat)
          ctx.addIssue({
            code: 'custom',
            path: ['transfers', i, 'from'],
            message: `the offender ${p.seat} pays a penalty, not ${t.from}`,
          });
      });
    }),
);
export type PenaltyAssessed = z.infer<typeof PenaltyAssessed>;

/** The immediate payments of seed 004, named as settleImmediateEvent names them. */
export const IMMEDIATE_KINDS = [
  'chasing',
  'west-exception',
  'dice-triple',
  'concealed-gong',
  'unshown-concealed-gong',
  'flower-money',
] as const;

export const ImmediatePayment = eventSchema(
  'ImmediatePayment',
  1,
  z.strictObject({
    kind: z.enum(IMMEDIATE_KINDS),
    /** The id of the event paid for (the fourth discard, the dice, the kong, the flower): paid once. */
    settles: id,
    transfers: z.array(transfer),
    withheld: z.array(withheld),
  }),
);
export type ImmediatePayment = z.infer<typeof ImmediatePayment>;

/** What a settlement holds, as settlement.ts answers it: winners, lapsed claims, and itemised transfers. */
export const settlementFields = {
  winners: z.array(z.strictObject({ seat, handScore: points, effectiveScore: points })),
  lapsed: z.array(z.strictObject({ seat, reason })),
  transfers: z.array(transfer),
};

/**
 * The hand's final payment, apart from the immediate ones already made. Version 2 names the ruleset by
 * preset, version and hash; version 1's flat `rulesetId` is upcast (upcasters.ts).
 */
export const HandSettled = eventSchema(
  'HandSettled',
  2,
  z.strictObject({ ruleset: rulesetRef, ...settlementFields }),
);
export type HandSettled = z.infer<typeof HandSettled>;

/** How a correction changes the settlement in force: adds transfers to it, or restates it whole. */
export const CORRECTION_MODES = ['adjustment', 'replacement'] as const;

/** Per seat, what a correction moves: the settlement in force after it less the one before. */
export const seatDeltas = z.partialRecord(seat, z.int()).superRefine((deltas, ctx) => {
  const sum = Object.values(deltas).reduce((a, b) => a + (b ?? 0), 0);
  if (sum !== 0) ctx.addIssue({ code: 'custom', message: `deltas sum to ${sum}, not 0` });
});

/**
 * A correction of the settlement in force (the HandSettled or SettlementCorrected it names by event id): what
 * was wrong, who corrected it, why, and what it does. An 'adjustment' adds its transfers to what stands (a
 * referee's fix for an undeclared flower); a 'replacement' restates the whole settlement (a ruling that the
 * win was someone else's, or an amendment re-settling the hand under new rules). Both stay in the stream with
 * what they replaced; the replay shows both. Version 1 had no mode and always replaced (upcasters.ts).
 */
export const SettlementCorrected = eventSchema(
  'SettlementCorrected',
  2,
  z.strictObject({
    corrects: id,
    mode: z.enum(CORRECTION_MODES),
    correctedBy: z.strictObject({ role: z.enum(['organizer', 'referee', 'system']), id }),
    /** What was wrong with the settlement in force. */
    wrong: reason,
    /** Why it is corrected: the ruling, or the amendment that re-settles finished hands. */
    reason,
    /** The amendment whose recompute wrote it: one correction per hand per amendment. */
    amendmentId: id.optional(),
    /** The rules the settlement stands under after the correction. */
    ruleset: rulesetRef,
    /** The rules of the settlement it corrects (absent on version 1 events). */
    previousRuleset: rulesetRef.optional(),
    ...settlementFields,
    /** The settlement in force before it, transfer by transfer (absent on version 1 events). */
    previous: z.array(transfer).optional(),
    /** Per seat, after less before: sums to zero (absent on version 1 events). */
    deltas: seatDeltas.optional(),
  }),
);
export type SettlementCorrected = z.infer<typeof SettlementCorrected>;
