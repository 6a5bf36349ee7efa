import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../test/support/services.ts';
import { checkToken, DEFAULT_TOKEN_LIFETIME_MS, hashToken, issueToken, principalOf } from './auth.ts';
import {
  type ApiDatabase,
  migrateApiDatabase,
  openPostgresApiDatabase,
  openSqliteApiDatabase,
} from './db.ts';
import { claimIdempotencyKey, fingerprintOf } from './idempotency.ts';

const url = await postgresUrl();
const schemas: string[] = [];

afterAll(async () => {
  if (url === undefined || schemas.length === 0) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
  await admin.end();
});

const backends: [string, (() => Promise<Kysely<ApiDatabase>>) | undefined][] = [
  ['SQLite', () => openSqliteApiDatabase(':memory:')],
  [
    'PostgreSQL',
    url === undefined
      ? undefined
      : () => {
          const schema = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`;
          schemas.push(schema);
          return openPostgresApiDatabase(url, { schema });
        },
  ],
];

describe.each(backends)('the API tables on %s', (_name, open) => {
  it.skipIf(open === undefined)('keep a token hashed and resolve it to its principal', async () => {
    const db = await open!();
    const { token, tokenId } = await issueToken(db, { role: 'organizer', tournamentId: 't-1' });
    const rows = await db.selectFrom('api_tokens').select(['token_hash']).execute();
    expect(rows).toEqual([{ token_hash: hashToken(token) }]);
    expect(await principalOf(db, token)).toEqual({ role: 'organizer', tournamentId: 't-1', tokenId });
    await db.destroy();
  });

  it.skipIf(open === undefined)(
    'claim a key once, replay it, and refuse it for another request',
    async () => {
      const db = await open!();
      const request = { scope: 's', key: 'k', fingerprint: fingerprintOf('POST', '/a', { tile: '5p' }) };
      const claim = await claimIdempotencyKey(db, request);
      if (claim.kind !== 'claimed') throw new Error('expected the first request to claim the key');
      await expect(claimIdempotencyKey(db, request)).rejects.toMatchObject({
        code: 'idempotency-key-in-flight',
      });
      await claim.complete({
        status: 201,
        body: { revision: 3 },
        contentType: 'application/json',
        etag: '"3"',
      });
      expect(await claimIdempotencyKey(db, request)).toEqual({
        kind: 'replay',
        reply: { status: 201, body: { revision: 3 }, contentType: 'application/json', etag: '"3"' },
      });
      await expect(
        claimIdempotencyKey(db, { ...request, fingerprint: fingerprintOf('POST', '/a', { tile: '6p' }) }),
      ).rejects.toMatchObject({ status: 422, code: 'idempotency-key-reused' });
      await db.destroy();
    },
  );
});

/** The api_tokens table as the first release made it: no expires_at. */
const LEGACY_TABLE = `CREATE TABLE api_tokens (
  id text PRIMARY KEY, token_hash text NOT NULL UNIQUE, role text NOT NULL, tournament_id text,
  game_id text, player_id text, label text, created_at text NOT NULL, revoked_at text)`;
const LEGACY_ROWS = `INSERT INTO api_tokens (id, token_hash, role, tournament_id, game_id, player_id, created_at) VALUES
  ('old-referee', '${hashToken('old-referee-token')}', 'referee', 't-1', NULL, NULL, '2025-01-01T00:00:00.000Z'),
  ('old-seat', '${hashToken('old-seat-token')}', 'player', 't-1', 'g-1', 'p-1', '2025-01-01T00:00:00.000Z')`;

const legacyBackends: [string, (() => Promise<Kysely<ApiDatabase>>) | undefined][] = [
  [
    'SQLite',
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'ml-api-db-'));
      const file = join(dir, 'api.db');
      const raw = new Database(file);
      raw.exec(LEGACY_TABLE);
      raw.exec(LEGACY_ROWS);
      raw.close();
      const db = await openSqliteApiDatabase(file);
      const destroy = db.destroy.bind(db);
      db.destroy = async () => {
        await destroy();
        rmSync(dir, { recursive: true, force: true });
      };
      return db;
    },
  ],
  [
    'PostgreSQL',
    url === undefined
      ? undefined
      : async () => {
          const schema = `api_legacy_${process.pid}_${randomBytes(4).toString('hex')}`;
          schemas.push(schema);
          const admin = new pg.Client({ connectionString: url });
          await admin.connect();
          await admin.query(`CREATE SCHEMA ${schema}`);
          await admin.query(`SET search_path TO ${schema}`);
          await admin.query(LEGACY_TABLE);
          await admin.query(LEGACY_ROWS);
          await admin.end();
          return openPostgresApiDatabase(url, { schema });
        },
  ],
];

describe.each(legacyBackends)('an api_tokens table of the first release on %s', (_name, open) => {
  it.skipIf(open === undefined)(
    'given tokens without expires_at, when opened, then the column is added: officials get the default lifetime from now, seats none',
    async () => {
      const before = Date.now();
      const db = await open!();
      const rows = await db.selectFrom('api_tokens').select(['id', 'expires_at']).orderBy('id').execute();
      expect(rows.map((r) => r.id)).toEqual(['old-referee', 'old-seat']);
      const referee = Date.parse(rows[0]!.expires_at!);
      expect(referee).toBeGreaterThanOrEqual(before + DEFAULT_TOKEN_LIFETIME_MS);
      expect(referee).toBeLessThan(before + DEFAULT_TOKEN_LIFETIME_MS + 60_000);
      expect(rows[1]!.expires_at).toBeNull();
      expect(await principalOf(db, 'old-referee-token')).toEqual({
        role: 'referee',
        tournamentId: 't-1',
        tokenId: 'old-referee',
      });
      // A month and a day on, the old referee token has expired; the seat token does not expire by time.
      const later = new Date(before + DEFAULT_TOKEN_LIFETIME_MS + 24 * 3600_000);
      expect(await checkToken(db, 'old-referee-token', later)).toMatchObject({
        ok: false,
        reason: 'expired',
      });
      expect(await checkToken(db, 'old-seat-token', later)).toMatchObject({ ok: true });
      await db.destroy();
    },
  );

  it.skipIf(open === undefined)(
    'given a table without the scorer columns, when opened, then round and table are added (null) and a scorer token is kept',
    async () => {
      const db = await open!();
      const old = await db.selectFrom('api_tokens').select(['id', 'round_number', 'table_number']).execute();
      expect(old.map((r) => [r.round_number, r.table_number])).toEqual([
        [null, null],
        [null, null],
      ]);
      const claims = {
        role: 'scorer',
        tournamentId: 't-1',
        round: 1,
        table: 2,
        gameId: 't-1-r1-t2',
      } as const;
      const { token, tokenId } = await issueToken(db, claims);
      expect(await principalOf(db, token)).toEqual({ ...claims, tokenId });
      expect(await principalOf(db, 'old-seat-token')).toMatchObject({ role: 'player', gameId: 'g-1' });
      await db.destroy();
    },
  );

  it.skipIf(open === undefined)(
    'given the column added, when migrated again, then nothing changes',
    async () => {
      const db = await open!();
      const first = await db.selectFrom('api_tokens').select(['id', 'expires_at']).orderBy('id').execute();
      await migrateApiDatabase(db);
      expect(await db.selectFrom('api_tokens').select(['id', 'expires_at']).orderBy('id').execute()).toEqual(
        first,
      );
      await db.destroy();
    },
  );
});
