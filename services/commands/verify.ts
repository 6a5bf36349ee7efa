// `verify`: does the record still hold? Three checks (docs/event-store.md "Verifying"):
// - the store alone: every stream's hash chain, in one pass over all events;
// - `--export FILE` against the store: the export's signature, then every exported stream's chain in the
//   store and its events at each exported revision. A rewrite whose hashes were all recomputed keeps the
//   store's chains intact, but not the heads the export recorded under a key the store does not hold;
// - `--export A --export B`: both signatures, and the streams' common prefixes agree.
// Exit 0 when all holds, 1 on a mismatch (each named: stream, revision, what differs), 2 on bad input.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import { z } from 'zod';
import { type Io, reportInvalid } from '../cli.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { ChainFollower, forEachStoredEvent, verifyChain } from '../eventstore/hash-chain.ts';
import { EVENTS_FILE, openConfiguredEventStore } from '../eventstore/open.ts';
import type { EventStore } from '../eventstore/port.ts';
import {
  type AuditKey,
  AuditKeyError,
  loadAuditKey,
  SIGNATURE_ALGORITHM,
  signatureHolds,
} from './audit-key.ts';
import {
  AUDIT_FORMAT,
  AUDIT_FORMAT_VERSION,
  type AuditBody,
  type AuditExport,
  type ChainLink,
  chainLinkOf,
  signedText,
} from './export.ts';

export const EXIT_MISMATCH = 1;

/** One thing that does not hold. */
export interface Mismatch {
  /** The export file it concerns, when it is about one export (its signature) or one side of a comparison. */
  readonly export?: string;
  readonly stream?: string;
  readonly revision?: number;
  readonly what: string;
}

export interface VerifyReport {
  readonly ok: boolean;
  readonly checked: { readonly streams: number; readonly events: number };
  readonly exports: readonly {
    readonly file: string;
    readonly tournamentId: string;
    readonly exportedAt: string;
    readonly keyId: string;
    readonly signature: 'valid' | 'invalid';
  }[];
  readonly mismatches: readonly Mismatch[];
}

const Link = z.object({
  revision: z.number().int().min(0),
  type: z.string(),
  id: z.string(),
  previousHash: z.string(),
  hash: z.string(),
});

/** The shape of an audit export; the signature is checked over the file's own JSON, not this parse. */
const AuditExportSchema = z.object({
  format: z.literal(AUDIT_FORMAT),
  version: z.literal(AUDIT_FORMAT_VERSION),
  tournamentId: z.string(),
  exportedAt: z.string(),
  verified: z.object({ streams: z.number(), of: z.number(), events: z.number() }),
  entries: z.array(z.unknown()),
  chains: z.array(
    z.object({
      stream: z.string(),
      events: z.number().int().min(0),
      head: z.object({ revision: z.number().int().min(0), hash: z.string() }),
      verified: z.boolean(),
      problems: z.array(z.unknown()),
      links: z.array(Link),
    }),
  ),
  signature: z.object({ algorithm: z.literal(SIGNATURE_ALGORITHM), keyId: z.string(), value: z.string() }),
});

/** An export read from a file: its parse, and its JSON as written (what the signature covers). */
export interface LoadedExport {
  readonly file: string;
  readonly audit: AuditExport;
  readonly json: unknown;
}

export class BadExport extends Error {
  override readonly name = 'BadExport';
}

export function readExport(file: string): LoadedExport {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new BadExport(`cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new BadExport(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = AuditExportSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new BadExport(
      `${file} is not a signed audit export (${AUDIT_FORMAT} version ${AUDIT_FORMAT_VERSION}, made by ` +
        `\`export --what audit\`): ${issue.path.join('.') || '(top)'}: ${issue.message}`,
    );
  }
  return { file, audit: parsed.data as AuditExport, json };
}

/** The export's signature under the key, as a mismatch when it does not hold. */
function signatureMismatch({ file, audit, json }: LoadedExport, key: AuditKey): Mismatch | undefined {
  if (audit.signature.keyId !== key.id)
    return {
      export: file,
      what: `signed with key ${audit.signature.keyId}, not with the configured key ${key.id} (${key.source})`,
    };
  if (!signatureHolds(signedText(json as AuditBody), audit.signature.value, key))
    return {
      export: file,
      what: 'the signature does not match the content: the export was changed after signing',
    };
  return undefined;
}

const short = (hash: string) => (hash.length > 20 ? `${hash.slice(0, 16)}…` : hash || "''");

/** The first of a stream's links where two records disagree, and how many after it do too. */
function compareLinks(
  stream: string,
  expected: readonly ChainLink[],
  actual: ReadonlyMap<number, ChainLink>,
  names: { expected: string; actual: string },
): Mismatch[] {
  let first: Mismatch | undefined;
  let more = 0;
  for (const link of expected) {
    const other = actual.get(link.revision);
    let what: string | undefined;
    if (other === undefined) what = `in ${names.expected}, missing from ${names.actual}`;
    else {
      const fields = (['id', 'type', 'previousHash', 'hash'] as const).filter((f) => link[f] !== other[f]);
      if (fields.length > 0)
        what = fields
          .map((f) => {
            const [a, b] = f.endsWith('ash') ? [short(link[f]), short(other[f])] : [link[f], other[f]];
            return `${f} differs (${names.expected} ${a}, ${names.actual} ${b})`;
          })
          .join('; ');
    }
    if (what === undefined) continue;
    if (first === undefined) first = { stream, revision: link.revision, what };
    else more += 1;
  }
  if (first === undefined) return [];
  return [more === 0 ? first : { ...first, what: `${first.what}; and ${more} later events differ` }];
}

/** Every stream of the store: each chain intact. */
export async function verifyStore(store: EventStore): Promise<VerifyReport> {
  const follower = new ChainFollower();
  await forEachStoredEvent(store, (event) => follower.follow(event));
  const mismatches = follower.problems.map((p) => ({
    stream: p.stream,
    revision: p.revision,
    what: `store: ${p.problem}`,
  }));
  return {
    ok: mismatches.length === 0,
    checked: { streams: follower.heads.size, events: follower.events },
    exports: [],
    mismatches,
  };
}

/** An export against the store: its signature, then each exported stream as the store holds it now. */
export async function verifyExportAgainstStore(
  loaded: LoadedExport,
  store: EventStore,
  key: AuditKey,
): Promise<VerifyReport> {
  const signature = signatureMismatch(loaded, key);
  const mismatches: Mismatch[] = signature === undefined ? [] : [signature];
  let events = 0;
  for (const chain of loaded.audit.chains) {
    const stored = await store.readStream(chain.stream);
    events += stored.length;
    for (const p of verifyChain(stored))
      mismatches.push({ stream: chain.stream, revision: p.revision, what: `store: ${p.problem}` });
    const links = compareLinks(
      chain.stream,
      chain.links,
      new Map(stored.map((e) => [e.revision, chainLinkOf(e)])),
      {
        expected: 'the export',
        actual: 'the store',
      },
    );
    mismatches.push(...links);
    const head = stored.find((e) => e.revision === chain.head.revision);
    if (links.length === 0 && head?.hash !== chain.head.hash)
      mismatches.push({
        stream: chain.stream,
        revision: chain.head.revision,
        what: `the exported head ${short(chain.head.hash)} is not in the store (${head === undefined ? 'no event' : short(head.hash)})`,
      });
  }
  return {
    ok: mismatches.length === 0,
    checked: { streams: loaded.audit.chains.length, events },
    exports: [exportLine(loaded, signature === undefined)],
    mismatches,
  };
}

/** Two exports of one tournament: both signatures, and what the earlier recorded is what the later holds. */
export function compareExports(one: LoadedExport, two: LoadedExport, key: AuditKey): VerifyReport {
  const [earlier, later] = one.audit.exportedAt <= two.audit.exportedAt ? [one, two] : [two, one];
  const signatures = [earlier, later].map((e) => signatureMismatch(e, key));
  const mismatches: Mismatch[] = signatures.filter((m) => m !== undefined);
  const names = {
    expected: `the earlier export (${earlier.file})`,
    actual: `the later export (${later.file})`,
  };
  const laterChains = new Map(later.audit.chains.map((c) => [c.stream, c]));
  let events = 0;
  const streams = new Set([...earlier.audit.chains, ...later.audit.chains].map((c) => c.stream));
  for (const chain of earlier.audit.chains) {
    const other = laterChains.get(chain.stream);
    events += chain.links.length;
    if (other === undefined) {
      mismatches.push({ stream: chain.stream, what: `in ${names.expected}, missing from ${names.actual}` });
      continue;
    }
    mismatches.push(
      ...compareLinks(chain.stream, chain.links, new Map(other.links.map((l) => [l.revision, l])), names),
    );
  }
  return {
    ok: mismatches.length === 0,
    checked: { streams: streams.size, events },
    exports: [
      exportLine(earlier, signatures[0] === undefined),
      exportLine(later, signatures[1] === undefined),
    ],
    mismatches,
  };
}

function exportLine({ file, audit }: LoadedExport, valid: boolean): VerifyReport['exports'][number] {
  return {
    file,
    tournamentId: audit.tournamentId,
    exportedAt: audit.exportedAt,
    keyId: audit.signature.keyId,
    signature: valid ? 'valid' : 'invalid',
  };
}

/** The line `export --what audit` prints: how many chains hold, and which key signed. */
export function auditSummary(audit: AuditExport): string {
  const { streams, of, events } = audit.verified;
  const broken = audit.chains.filter((c) => !c.verified).map((c) => c.stream);
  return (
    `audit of ${audit.tournamentId}: ${streams}/${of} streams verified (${events} events)` +
    `${broken.length === 0 ? '' : `; broken: ${broken.join(', ')}`}; ` +
    `heads signed ${audit.signature.algorithm} with key ${audit.signature.keyId}`
  );
}

function reportText(report: VerifyReport, what: string): string {
  const lines = [`verify: ${what}`];
  for (const e of report.exports)
    lines.push(
      `  export ${e.file}: tournament ${e.tournamentId}, exported ${e.exportedAt}, key ${e.keyId}, signature ${e.signature}`,
    );
  lines.push(`checked ${report.checked.streams} streams, ${report.checked.events} events`);
  for (const m of report.mismatches) {
    const where = [
      m.export === undefined ? undefined : `export ${m.export}`,
      m.stream === undefined ? undefined : `stream ${m.stream}`,
      m.revision === undefined ? undefined : `revision ${m.revision}`,
    ].filter((part) => part !== undefined);
    lines.push(`MISMATCH ${where.join(' ')}: ${m.what}`);
  }
  lines.push(
    report.ok
      ? 'OK: everything holds'
      : `FAILED: ${report.mismatches.length} mismatch${report.mismatches.length === 1 ? '' : 'es'}`,
  );
  return `${lines.join('\n')}\n`;
}

/** Where the configured store is, for the report's first line; a SQLite file must already exist. */
function storeWhere(config: Config): string | undefined {
  if (config.kurrentDbUrl !== undefined || config.databaseUrl !== undefined) return 'the configured store';
  const file = join(config.dataDir, EVENTS_FILE);
  return existsSync(file) ? file : undefined;
}

export function registerVerifyCommand(program: Command, io: Io): void {
  program
    .command('verify')
    .description(
      'check every hash chain of the configured store; with --export FILE, an audit export against the store; ' +
        'with two, the exports against each other. Exit 0 all holds, 1 a mismatch, 2 bad input',
    )
    .option(
      '--export <file>',
      'an audit export (export --what audit) to check; give it twice to compare two exports',
      (value: string, previous: string[]) => [...previous, value],
      [] as string[],
    )
    .option('--json', 'print the report as JSON')
    .action(async (options: { export: string[]; json?: boolean }) => {
      process.exitCode = await runVerify(io, options.export, options.json === true);
    });
}

async function runVerify(io: Io, files: readonly string[], json: boolean): Promise<number> {
  if (files.length > 2)
    return reportInvalid(io, '--export', 'at most two exports (one against the store, or two)');
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return reportInvalid(io, 'environment', error.message);
    throw error;
  }
  let loaded: LoadedExport[];
  let key: AuditKey | undefined;
  try {
    loaded = files.map(readExport);
    if (loaded.length > 0) key = loadAuditKey(config, { create: false });
  } catch (error) {
    if (error instanceof BadExport) return reportInvalid(io, '--export', error.message);
    if (error instanceof AuditKeyError) return reportInvalid(io, 'AUDIT_KEY_FILE', error.message);
    throw error;
  }
  let report: VerifyReport;
  let what: string;
  if (loaded.length === 2) {
    const [a, b] = loaded as [LoadedExport, LoadedExport];
    if (a.audit.tournamentId !== b.audit.tournamentId)
      return reportInvalid(
        io,
        '--export',
        `the exports are of different tournaments (${a.audit.tournamentId}, ${b.audit.tournamentId})`,
      );
    report = compareExports(a, b, key!);
    what = `two exports of ${a.audit.tournamentId}`;
  } else {
    const where = storeWhere(config);
    if (where === undefined)
      return reportInvalid(
        io,
        'DATA_DIR',
        `no event store in ${config.dataDir} (${EVENTS_FILE} does not exist)`,
      );
    // Only reads: beside a running server it opens the file read-only and never waits for a writer.
    const { store } = await openConfiguredEventStore(config, { readonly: where.endsWith(EVENTS_FILE) });
    try {
      if (loaded.length === 1) {
        report = await verifyExportAgainstStore(loaded[0]!, store, key!);
        what = `export ${loaded[0]!.file} against the store ${where}`;
      } else {
        report = await verifyStore(store);
        what = `every stream of the store ${where}`;
      }
    } finally {
      await store.close();
    }
  }
  io.stdout(json ? `${JSON.stringify(report, null, 2)}\n` : reportText(report, what));
  if (!report.ok) io.stderr(`verify: ${report.mismatches.length} mismatch(es)\n`);
  return report.ok ? 0 : EXIT_MISMATCH;
}
