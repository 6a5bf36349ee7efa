// The key that signs audit exports (docs/event-store.md "Signed audit exports"). It is kept outside the
// event store on purpose: whoever can rewrite events and recompute their hashes still cannot sign an export
// that agrees with the rewrite. AUDIT_KEY gives it directly; otherwise it is the file AUDIT_KEY_FILE, by
// default DATA_DIR/audit.key, made (0600, 32 random bytes as hex) by the first export that needs it.
import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Config } from '../config.ts';

export const AUDIT_KEY_FILE = 'audit.key';
export const SIGNATURE_ALGORITHM = 'HMAC-SHA256' as const;
const MIN_LENGTH = 32;

export interface AuditKey {
  /** Names the key without revealing it: the first 16 hex digits of its sha256. */
  readonly id: string;
  readonly secret: Buffer;
  /** Where it came from, for messages: 'AUDIT_KEY' or the file's path. */
  readonly source: string;
}

/** No usable key: missing where it must already exist, unreadable, or too short. */
export class AuditKeyError extends Error {
  override readonly name = 'AuditKeyError';
}

export function auditKeyFileOf(config: Config): string {
  return config.auditKeyFile ?? join(config.dataDir, AUDIT_KEY_FILE);
}

/**
 * The configured key. `create`: make the key file when it does not exist yet (an export); a check of an
 * export must not, since a new key could only fail to verify what an old one signed.
 */
export function loadAuditKey(config: Config, { create }: { create: boolean }): AuditKey {
  if (config.auditKey !== undefined) return keyOf(Buffer.from(config.auditKey, 'utf8'), 'AUDIT_KEY');
  const file = auditKeyFileOf(config);
  let text = readKeyFile(file);
  if (text === undefined) {
    if (!create)
      throw new AuditKeyError(
        `no audit key at ${file}: set AUDIT_KEY_FILE (or AUDIT_KEY) to the key the export was signed with`,
      );
    mkdirSync(dirname(file), { recursive: true });
    try {
      // 'wx': of two first exports at once, one writes and the other reads what it wrote.
      writeFileSync(file, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    text = readKeyFile(file) ?? '';
  }
  if (text.length < MIN_LENGTH)
    throw new AuditKeyError(`the audit key in ${file} is shorter than ${MIN_LENGTH} characters`);
  return keyOf(Buffer.from(text, 'utf8'), file);
}

function readKeyFile(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new AuditKeyError(`cannot read the audit key ${file}: ${(error as Error).message}`);
  }
}

function keyOf(secret: Buffer, source: string): AuditKey {
  return { id: createHash('sha256').update(secret).digest('hex').slice(0, 16), secret, source };
}

/** The HMAC-SHA256 of a text under the key, as hex. */
export function sign(text: string, key: AuditKey): string {
  return createHmac('sha256', key.secret).update(text, 'utf8').digest('hex');
}

/** Whether `signature` is the key's signature of the text (compared in constant time). */
export function signatureHolds(text: string, signature: string, key: AuditKey): boolean {
  const expected = Buffer.from(sign(text, key), 'hex');
  const given = Buffer.from(signature, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
