import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresUrl } from '../../test/support/services.ts';
import { hashToken, issueToken, principalOf } from './auth.ts';
import { type ApiDatabase, openPostgresApiDatabase, openSqliteApiDatabase } from './db.ts';
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
