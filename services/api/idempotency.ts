// Idempotency-Key on commands: the first request with a key claims it and its response is kept; a retry with
// the same key and the same request gets that response again without running the handler, and the same key
// on a different request is refused. Keys are scoped per principal and route, so two clients cannot collide;
// the command id a handler sees is derived from the same scope (services/play/command-ids.ts).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ClientScope } from '../play/command-ids.ts';
import type { ApiDatabase } from './db.ts';
import { ProblemError } from './problem.ts';

export interface StoredReply {
  readonly status: number;
  readonly body: unknown;
  readonly contentType: string;
  readonly etag?: string;
}

export type Claim =
  | {
      readonly kind: 'claimed';
      /** Keeps the reply for later retries. */
      readonly complete: (reply: StoredReply) => Promise<void>;
      /** Frees the key: the request failed before deciding anything a retry should see again. */
      readonly release: () => Promise<void>;
    }
  | { readonly kind: 'replay'; readonly reply: StoredReply };

export interface IdempotencyOptions {
  /** How long a key is remembered (default 24 h). */
  readonly ttlMs?: number;
  /** After how long a request that never finished (a crash) no longer holds its key (default 60 s). */
  readonly leaseMs?: number;
  readonly now?: () => Date;
}

const KEY = /^[\x21-\x7e]{1,255}$/;

/** The key of the Idempotency-Key header; 400 when it is empty, too long or not printable ASCII. */
export function parseIdempotencyKey(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  if (!KEY.test(header))
    throw new ProblemError(
      400,
      'invalid-request',
      'Idempotency-Key must be 1 to 255 printable ASCII characters',
      {
        errors: [{ path: 'headers.idempotency-key', message: 'not 1 to 255 printable ASCII characters' }],
      },
    );
  return header;
}

/** The scope a key is unique in, as the idempotency table keeps it: the principal, the method and the route. */
export const idempotencyScopeOf = (scope: ClientScope): string =>
  `${scope.principal} ${scope.method.toUpperCase()} ${scope.route}`;

/** sha256 of the method, the path and the body, the body's object keys sorted so key order does not matter. */
export function fingerprintOf(method: string, path: string, body: unknown): string {
  return createHash('sha256')
    .update(`${method.toUpperCase()} ${path}\n${canonicalJson(body)}`)
    .digest('hex');
}

function canonicalJson(value: unknown): string {
  if (value === undefined) return '';
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : v,
  );
}

/**
 * Claims (scope, key) for a request with this fingerprint. Replays a finished request's reply; 422 when the
 * key was used for another request; 409 while the first request with the key is still running.
 */
export async function claimIdempotencyKey(
  db: Kysely<ApiDatabase>,
  request: { readonly scope: string; readonly key: string; readonly fingerprint: string },
  options: IdempotencyOptions = {},
): Promise<Claim> {
  const now = options.now ?? (() => new Date());
  const { scope, key, fingerprint } = request;
  // Two tries: the second follows removing an expired or abandoned row.
  for (let attempt = 0; attempt < 2; attempt++) {
    const createdAt = now().toISOString();
    const inserted = await db
      .insertInto('idempotency_keys')
      .values({
        scope,
        key,
        fingerprint,
        status: null,
        response_body: null,
        response_type: null,
        response_etag: null,
        created_at: createdAt,
      })
      .onConflict((oc) => oc.columns(['scope', 'key']).doNothing())
      .executeTakeFirst();
    if ((inserted.numInsertedOrUpdatedRows ?? 0n) > 0n) return claimed(db, scope, key, createdAt);

    const row = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('scope', '=', scope)
      .where('key', '=', key)
      .executeTakeFirst();
    if (row === undefined) continue; // released between our insert and select
    const age = now().getTime() - Date.parse(row.created_at);
    const over =
      row.status === null ? age > (options.leaseMs ?? 60_000) : age > (options.ttlMs ?? 86_400_000);
    if (over) {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('created_at', '=', row.created_at)
        .execute();
      continue;
    }
    if (row.fingerprint !== fingerprint)
      throw new ProblemError(
        422,
        'idempotency-key-reused',
        `Idempotency-Key ${key} was used for a different request (method, path or body)`,
      );
    if (row.status === null)
      throw new ProblemError(
        409,
        'idempotency-key-in-flight',
        `a request with Idempotency-Key ${key} is still running; retry shortly`,
        {},
        { 'Retry-After': '1' },
      );
    return { kind: 'replay', reply: storedReplyOf({ ...row, status: row.status }) };
  }
  throw new ProblemError(
    409,
    'idempotency-key-in-flight',
    `Idempotency-Key ${key} is contended; retry`,
    {},
    {
      'Retry-After': '1',
    },
  );
}

function claimed(db: Kysely<ApiDatabase>, scope: string, key: string, createdAt: string): Claim {
  return {
    kind: 'claimed',
    complete: async (reply) => {
      await db
        .updateTable('idempotency_keys')
        .set({
          status: reply.status,
          response_body: reply.body === undefined ? null : JSON.stringify(reply.body),
          response_type: reply.contentType,
          response_etag: reply.etag ?? null,
        })
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('created_at', '=', createdAt)
        .execute();
    },
    release: async () => {
      await db
        .deleteFrom('idempotency_keys')
        .where('scope', '=', scope)
        .where('key', '=', key)
        .where('created_at', '=', createdAt)
        .where('status', 'is', null)
        .execute();
    },
  };
}

function storedReplyOf(row: {
  readonly status: number;
  readonly response_body: string | null;
  readonly response_type: string | null;
  readonly response_etag: string | null;
}): StoredReply {
  return {
    status: row.status,
    body: row.response_body === null ? undefined : JSON.parse(row.response_body),
    contentType: row.response_type ?? 'application/json',
    ...(row.response_etag !== null ? { etag: row.response_etag } : {}),
  };
}

/** Forgets keys older than the cutoff; for a periodic job. */
export async function purgeIdempotencyKeys(db: Kysely<ApiDatabase>, olderThan: Date): Promise<number> {
  const result = await db
    .deleteFrom('idempotency_keys')
    .where('created_at', '<', olderThan.toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
