// The audit log keeps one document per tournament; its entries are in event order. The document keeps its
// entries and its hands' ledger an entry a row (the ledger a game each): a hand's settlement rewrites its game's
// entry, not the whole log.
import type { ReadModels } from '../runtime/db.ts';
import type { Parts, Projection } from '../runtime/projection.ts';
import { loadStoredDoc } from '../runtime/store.ts';
import { type AuditDoc, type AuditEntry, auditKeys, evolveAudit, initialAudit } from './evolve.ts';

export const auditProjection: Projection<AuditDoc> = {
  name: 'audit',
  // 2: the ledger's hands kept by game. 3: the ledger's settlement in force by the domain's fold (a ruling
  // counts through its SettlementCorrected only); corrections with their mode, who, and the true before and
  // after per seat; TableResultCorrected, RulesetAmended and AmendmentApplied entries.
  // 4: entries and the hands' ledger kept an entry a row (parts).
  version: 4,
  async migrate() {},
  keysOf: auditKeys,
  initial: initialAudit,
  evolve: evolveAudit,
  parts: {
    split: ({ entries, ledger: { hands, ...ledger }, ...rest }: AuditDoc) => ({
      rest: { ...rest, ledger },
      parts: { entries: Object.fromEntries(entries.map((e, i) => [entryKey(i), e])), hands },
    }),
    join: (rest: unknown, { entries = {}, hands = {} }: Parts): AuditDoc => {
      const saved = rest as Omit<AuditDoc, 'entries' | 'ledger'> & {
        readonly ledger: Omit<AuditDoc['ledger'], 'hands'>;
      };
      return {
        ...saved,
        // The keys sort as the entries' order: their index, zero-padded.
        entries: Object.keys(entries)
          .sort()
          .map((k) => entries[k] as AuditEntry),
        ledger: { ...saved.ledger, hands: hands as AuditDoc['ledger']['hands'] },
      };
    },
  },
};

/** An entry's key among the document's parts: its index, padded so that the keys sort as the entries do. */
const entryKey = (index: number): string => String(index).padStart(10, '0');

export async function auditOf(db: ReadModels, tournamentId: string): Promise<AuditEntry[]> {
  const doc = (await loadStoredDoc(db, auditProjection, tournamentId)) as AuditDoc | undefined;
  return doc === undefined ? [] : [...doc.entries];
}
