// The audit log keeps one document per tournament; its entries are in event order.
import type { ReadModels } from '../runtime/db.ts';
import type { Projection } from '../runtime/projection.ts';
import { loadDoc } from '../runtime/store.ts';
import { type AuditDoc, type AuditEntry, auditKeys, evolveAudit, initialAudit } from './evolve.ts';

export const auditProjection: Projection<AuditDoc> = {
  name: 'audit',
  // 2: the ledger's hands kept by game. 3: the ledger's settlement in force by the domain's fold (a ruling
  // counts through its SettlementCorrected only); corrections with their mode, who, and the true before and
  // after per seat; TableResultCorrected, RulesetAmended and AmendmentApplied entries.
  version: 3,
  async migrate() {},
  keysOf: auditKeys,
  initial: initialAudit,
  evolve: evolveAudit,
};

export async function auditOf(db: ReadModels, tournamentId: string): Promise<AuditEntry[]> {
  const doc = (await loadDoc(db, 'audit', tournamentId)) as AuditDoc | undefined;
  return doc === undefined ? [] : [...doc.entries];
}
