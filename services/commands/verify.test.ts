// verify's comparisons, in process: exports signed here over streams of an in-memory store. The CLI itself,
// and a rewrite with recomputed hashes on a real file, are in test/security/immutability.test.ts.
import { describe, expect, it } from 'vitest';
import { event } from '../eventstore/event-store.contract.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { type AuditKey, SIGNATURE_ALGORITHM, sign } from './audit-key.ts';
import {
  AUDIT_FORMAT,
  AUDIT_FORMAT_VERSION,
  type AuditBody,
  type ExportedChain,
  signedText,
} from './export.ts';
import { compareExports, type LoadedExport, verifyExportAgainstStore } from './verify.ts';

const key: AuditKey = { id: '0123456789abcdef', secret: Buffer.from('k'.repeat(32)), source: 'test' };

/** An export of the store's streams as they are now, signed with the test key. */
async function exportOf(
  store: EventStore,
  file: string,
  exportedAt: string,
  streams: string[],
): Promise<LoadedExport> {
  const chains: ExportedChain[] = [];
  for (const stream of streams) {
    const events = await store.readStream(stream);
    const last = events.at(-1)!;
    chains.push({
      stream,
      events: events.length,
      head: { revision: last.revision, hash: last.hash },
      verified: true,
      problems: [],
      links: events.map(({ revision, type, id, previousHash, hash }) => ({
        revision,
        type,
        id,
        previousHash,
        hash,
      })),
    });
  }
  const body: AuditBody = {
    format: AUDIT_FORMAT,
    version: AUDIT_FORMAT_VERSION,
    tournamentId: 't',
    exportedAt,
    verified: { streams: chains.length, of: chains.length, events: 0 },
    entries: [],
    chains,
  };
  const audit = {
    ...body,
    signature: { algorithm: SIGNATURE_ALGORITHM, keyId: key.id, value: sign(signedText(body), key) },
  };
  return { file, audit, json: JSON.parse(JSON.stringify(audit)) };
}

/** Keeps the first `n` links of a stream in an export, re-signed: an export of a store that lost its tail. */
function truncated(loaded: LoadedExport, stream: string, n: number): LoadedExport {
  const chains = loaded.audit.chains.map((c) =>
    c.stream === stream
      ? { ...c, events: n, links: c.links.slice(0, n), head: { revision: n - 1, hash: c.links[n - 1]!.hash } }
      : c,
  );
  const { signature: _, ...body } = { ...loaded.audit, chains };
  const audit = { ...body, signature: { ...loaded.audit.signature, value: sign(signedText(body), key) } };
  return { file: loaded.file, audit, json: JSON.parse(JSON.stringify(audit)) };
}

describe('verify: two exports against each other', () => {
  it('given a later export where streams grew and a new one began, then all holds, in either order', async () => {
    const store = openSqliteEventStore(':memory:');
    await store.append('s', [event('a'), event('b')], 'no-stream');
    const earlier = await exportOf(store, 'earlier.json', '2026-03-01T10:00:00.000Z', ['s']);
    await store.append('s', [event('c')], 1);
    await store.append('u', [event('d')], 'no-stream');
    const later = await exportOf(store, 'later.json', '2026-03-01T11:00:00.000Z', ['s', 'u']);

    expect(compareExports(earlier, later, key)).toMatchObject({
      ok: true,
      checked: { streams: 2, events: 2 },
    });
    expect(compareExports(later, earlier, key).ok).toBe(true);
    await store.close();
  });

  it('given a later export lacking a stream or the tail of one, then each is a mismatch naming stream and revision', async () => {
    const store = openSqliteEventStore(':memory:');
    await store.append('s', [event('a'), event('b'), event('c')], 'no-stream');
    await store.append('u', [event('d')], 'no-stream');
    const earlier = await exportOf(store, 'earlier.json', '2026-03-01T10:00:00.000Z', ['s', 'u']);
    const full = await exportOf(store, 'later.json', '2026-03-01T11:00:00.000Z', ['s']);
    const later = truncated(full, 's', 1);

    const report = compareExports(later, earlier, key);

    expect(report.ok).toBe(false);
    expect(report.exports.map((e) => [e.file, e.signature])).toEqual([
      ['earlier.json', 'valid'],
      ['later.json', 'valid'],
    ]);
    expect(report.mismatches).toEqual([
      {
        stream: 's',
        revision: 1,
        what: 'in the earlier export (earlier.json), missing from the later export (later.json); and 1 later events differ',
      },
      {
        stream: 'u',
        what: 'in the earlier export (earlier.json), missing from the later export (later.json)',
      },
    ]);
    await store.close();
  });
});

describe('verify: an export against the store', () => {
  it('given a store that no longer has the exported head, then the first missing revision is named', async () => {
    const store = openSqliteEventStore(':memory:');
    await store.append('s', [event('a'), event('b')], 'no-stream');
    const exported = await exportOf(store, 'export.json', '2026-03-01T10:00:00.000Z', ['s']);
    const other = openSqliteEventStore(':memory:');
    await other.append('s', [event('a')], 'no-stream');

    const report = await verifyExportAgainstStore(exported, other, key);

    expect(report.mismatches).toEqual([
      { stream: 's', revision: 1, what: 'in the export, missing from the store' },
    ]);
    expect((await verifyExportAgainstStore(exported, store, key)).ok).toBe(true);
    await Promise.all([store.close(), other.close()]);
  });
});
