// The organizer token `serve` prints (`npm start`): kept in DATA_DIR/organizer-token (mode 0600, like an ssh
// key), so a restart prints the same token instead of minting one more every start. A kept token that was
// revoked, expired, belongs to another api database, or has less than a day left is replaced by a new one.
import { chmodSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { checkToken, issueToken } from './auth.ts';
import type { ApiDatabase } from './db.ts';

export const ORGANIZER_TOKEN_FILE = 'organizer-token';

/** A kept token closer than this to its expiry is replaced, so the one printed works for a day at least. */
const MIN_LEFT_MS = 24 * 60 * 60 * 1000;

export interface ServerOrganizerToken {
  readonly token: string;
  readonly expiresAt: string | null;
  /** The file it is kept in. */
  readonly file: string;
  /** False when this start issued it (first start, or the kept one no longer worked). */
  readonly reused: boolean;
}

export async function serverOrganizerToken(
  db: Kysely<ApiDatabase>,
  dataDir: string,
  now = new Date(),
): Promise<ServerOrganizerToken> {
  const file = join(dataDir, ORGANIZER_TOKEN_FILE);
  const kept = readKept(file);
  if (kept !== undefined) {
    const check = await checkToken(db, kept, now);
    const usable =
      check.ok &&
      check.principal.role === 'organizer' &&
      check.principal.tournamentId === undefined &&
      (check.expiresAt === null || Date.parse(check.expiresAt) - now.getTime() >= MIN_LEFT_MS);
    if (usable) {
      // Someone may have loosened it (a copy, an editor): it is a password.
      chmodSync(file, 0o600);
      return { token: kept, expiresAt: check.expiresAt, file, reused: true };
    }
  }
  const { token, expiresAt } = await issueToken(db, { role: 'organizer' }, { now, label: `serve: ${file}` });
  mkdirSync(dataDir, { recursive: true });
  // Written aside and renamed: a crash never leaves half a token, and the file is 0600 from its first byte.
  const aside = `${file}.${process.pid}.tmp`;
  writeFileSync(aside, `${token}\n`, { mode: 0o600 });
  renameSync(aside, file);
  return { token, expiresAt, file, reused: false };
}

function readKept(file: string): string | undefined {
  try {
    const text = readFileSync(file, 'utf8').trim();
    return /^[A-Za-z0-9_-]{1,200}$/.test(text) ? text : undefined;
  } catch {
    return undefined;
  }
}
