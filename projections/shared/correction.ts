// What every read model says of a correction, whatever else it shows: what it does, what it corrects, who
// corrected it and why, and the amendment that made it.
import type { SettlementCorrected } from '../../domain/play/payment-events.ts';

export interface CorrectionFacts {
  readonly mode: 'adjustment' | 'replacement';
  /** The settlement or correction it corrects, by event id. */
  readonly corrects: string;
  readonly correctedBy: { readonly role: string; readonly id: string };
  readonly wrong: string;
  readonly reason: string;
  readonly amendmentId?: string;
}

export const correctionFacts = (d: SettlementCorrected['data']): CorrectionFacts => ({
  mode: d.mode,
  corrects: d.corrects,
  correctedBy: { ...d.correctedBy },
  wrong: d.wrong,
  reason: d.reason,
  ...(d.amendmentId === undefined ? {} : { amendmentId: d.amendmentId }),
});
