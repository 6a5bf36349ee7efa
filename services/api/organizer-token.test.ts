// The organizer token `serve` prints, kept in DATA_DIR/organizer-token: the same one each start while it
// works, a new one once it is revoked, expired, near its end or unknown to this api database.
import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkToken, DEFAULT_TOKEN_LIFETIME_MS, revokeToken } from './auth.ts';
import { type ApiDatabase, openSqliteApiDatabase } from './db.ts';
import { ORGANIZER_TOKEN_FILE, serverOrganizerToken } from './organizer-token.ts';

let dir: string;
let db: Kysely<ApiDatabase>;
beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ml-organizer-token-'));
  db = await openSqliteApiDatabase(':memory:');
});
afterEach(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

const file = () => join(dir, ORGANIZER_TOKEN_FILE);
const DAY = 24 * 3600_000;

describe('the organizer token of serve', () => {
  it('given a first start, then a global organizer token is issued and kept with mode 0600', async () => {
    const now = new Date('2026-03-01T09:00:00.000Z');
    const first = await serverOrganizerToken(db, dir, now);
    expect(first.reused).toBe(false);
    expect(readFileSync(file(), 'utf8')).toBe(`${first.token}\n`);
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    expect(first.expiresAt).toBe(new Date(now.getTime() + DEFAULT_TOKEN_LIFETIME_MS).toISOString());
    const check = await checkToken(db, first.token, now);
    expect(check).toMatchObject({ ok: true, principal: { role: 'organizer' } });
    expect(check.ok && check.principal.tournamentId).toBeUndefined();
  });

  it('given a kept token that works, then the next start reuses it and tightens loose permissions', async () => {
    const now = new Date('2026-03-01T09:00:00.000Z');
    const first = await serverOrganizerToken(db, dir, now);
    chmodSync(file(), 0o644);
    const again = await serverOrganizerToken(db, dir, new Date(now.getTime() + 10 * DAY));
    expect(again).toMatchObject({ token: first.token, reused: true });
    expect(statSync(file()).mode & 0o777).toBe(0o600);
    const rows = await db.selectFrom('api_tokens').select('id').execute();
    expect(rows).toHaveLength(1);
  });

  it('given the kept token revoked, then a new one replaces it in the file', async () => {
    const first = await serverOrganizerToken(db, dir);
    await revokeToken(db, first.token);
    const next = await serverOrganizerToken(db, dir);
    expect(next.reused).toBe(false);
    expect(next.token).not.toBe(first.token);
    expect(readFileSync(file(), 'utf8').trim()).toBe(next.token);
  });

  it('given the kept token expired, or with less than a day left, then a new one', async () => {
    const now = new Date('2026-03-01T09:00:00.000Z');
    const first = await serverOrganizerToken(db, dir, now);
    const nearEnd = new Date(now.getTime() + DEFAULT_TOKEN_LIFETIME_MS - DAY / 2);
    const second = await serverOrganizerToken(db, dir, nearEnd);
    expect(second.reused).toBe(false);
    const past = new Date(nearEnd.getTime() + DEFAULT_TOKEN_LIFETIME_MS + DAY);
    const third = await serverOrganizerToken(db, dir, past);
    expect(third.reused).toBe(false);
    expect(new Set([first.token, second.token, third.token]).size).toBe(3);
  });

  it('given a file this database does not know, or garbage in it, then a new token', async () => {
    writeFileSync(file(), 'a-token-of-another-install\n', { mode: 0o600 });
    const fresh = await serverOrganizerToken(db, dir);
    expect(fresh.reused).toBe(false);
    writeFileSync(file(), 'not a token at all', { mode: 0o600 });
    expect((await serverOrganizerToken(db, dir)).reused).toBe(false);
  });
});
