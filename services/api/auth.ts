// Bearer tokens and the principals they stand for (docs/api.md "Auth"). A token is 32 random bytes shown
// once; the table keeps its sha256, so a leaked database does not leak a usable token.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Kysely, Selectable } from 'kysely';
import type { ApiDatabase, ApiTokensTable } from './db.ts';
import { forbidden, ProblemError } from './problem.ts';

export const ROLES = ['organizer', 'referee', 'player', 'scorer'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who a token speaks for. An organizer without a tournament is global (creates tournaments, acts in all);
 * with one, it acts in that tournament only. A referee is always bound to a tournament. A player token is
 * bound to one game of one tournament and names the player, not the seat: the seat changes each hand as the
 * winds rotate, so routes resolve it for the current hand (routes/tables.ts). A scorer token is bound to one
 * table of a round (its game): it previews and enters that table's hands and reads what its page needs, nothing
 * else (routes/entry.ts).
 */
export type PrincipalClaims =
  | { readonly role: 'organizer'; readonly tournamentId?: string }
  | { readonly role: 'referee'; readonly tournamentId: string }
  | {
      readonly role: 'player';
      readonly tournamentId: string;
      readonly gameId: string;
      readonly playerId: string;
    }
  | {
      readonly role: 'scorer';
      readonly tournamentId: string;
      readonly round: number;
      readonly table: number;
      readonly gameId: string;
    };

/** A principal as the API sees it: the claims plus the token's id (for idempotency scopes and logs). */
export type Principal = PrincipalClaims & { readonly tokenId: string };

/** What a route is about, read from its params: a principal bound elsewhere is refused. */
export interface Scope {
  readonly tournamentId?: string;
  readonly gameId?: string;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** How long an organizer or referee token lives unless issued with its own expiry. */
export const DEFAULT_TOKEN_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssueOptions {
  /** Who holds it, for the token list ("referee at table 3", "serve: DATA_DIR/organizer-token"). */
  readonly label?: string;
  readonly now?: Date;
  /**
   * When it stops working. Default: organizer and referee tokens DEFAULT_TOKEN_LIFETIME_MS after `now`;
   * player and scorer tokens never by time, since they end with their game. null: never (tests, tools).
   */
  readonly expiresAt?: Date | null;
}

/** Issues a token for the principal and returns it: the only time the raw token exists. */
export async function issueToken(
  db: Kysely<ApiDatabase>,
  claims: PrincipalClaims,
  options: IssueOptions = {},
): Promise<{ readonly token: string; readonly tokenId: string; readonly expiresAt: string | null }> {
  const token = randomBytes(32).toString('base64url');
  const tokenId = randomUUID();
  const now = options.now ?? new Date();
  const expires =
    options.expiresAt !== undefined
      ? options.expiresAt
      : claims.role === 'player' || claims.role === 'scorer'
        ? null
        : new Date(now.getTime() + DEFAULT_TOKEN_LIFETIME_MS);
  const expiresAt = expires === null ? null : expires.toISOString();
  await db
    .insertInto('api_tokens')
    .values({
      id: tokenId,
      token_hash: hashToken(token),
      role: claims.role,
      tournament_id: claims.tournamentId ?? null,
      game_id: claims.role === 'player' || claims.role === 'scorer' ? claims.gameId : null,
      player_id: claims.role === 'player' ? claims.playerId : null,
      round_number: claims.role === 'scorer' ? claims.round : null,
      table_number: claims.role === 'scorer' ? claims.table : null,
      label: options.label ?? null,
      created_at: now.toISOString(),
      revoked_at: null,
      expires_at: expiresAt,
    })
    .execute();
  return { token, tokenId, expiresAt };
}

export async function revokeToken(
  db: Kysely<ApiDatabase>,
  token: string,
  now = new Date(),
): Promise<boolean> {
  const result = await db
    .updateTable('api_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Why a request carries no principal: the `reason` of the 401 problem. */
export type AuthFailureReason =
  | 'no-token'
  | 'not-bearer'
  | 'unknown-token'
  | 'revoked'
  | 'expired'
  | 'seat-ended'
  | 'table-ended';

export interface AuthFailure {
  readonly reason: AuthFailureReason;
  readonly detail: string;
}

export type TokenCheck =
  | { readonly ok: true; readonly principal: Principal; readonly expiresAt: string | null }
  | ({ readonly ok: false } & AuthFailure);

type TokenRow = Selectable<ApiTokensTable>;

function principalOfRow(row: TokenRow): Principal {
  const role = row.role as Role;
  switch (role) {
    case 'organizer':
      return row.tournament_id === null
        ? { role, tokenId: row.id }
        : { role, tournamentId: row.tournament_id, tokenId: row.id };
    case 'referee':
      return { role, tournamentId: row.tournament_id ?? '', tokenId: row.id };
    case 'player':
      return {
        role,
        tournamentId: row.tournament_id ?? '',
        gameId: row.game_id ?? '',
        playerId: row.player_id ?? '',
        tokenId: row.id,
      };
    case 'scorer':
      return {
        role,
        tournamentId: row.tournament_id ?? '',
        round: row.round_number ?? 0,
        table: row.table_number ?? 0,
        gameId: row.game_id ?? '',
        tokenId: row.id,
      };
  }
}

/** A token stops working from the instant of its expiry on. */
const isExpired = (row: TokenRow, now: Date): boolean =>
  row.expires_at !== null && row.expires_at <= now.toISOString();

/** What a token stands for, or why it stands for no one (unknown, revoked, expired). */
export async function checkToken(
  db: Kysely<ApiDatabase>,
  token: string,
  now = new Date(),
): Promise<TokenCheck> {
  const row = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (row === undefined) return { ok: false, reason: 'unknown-token', detail: 'the token is unknown' };
  // The holder proves they have the token, so saying it was revoked or expired tells them nothing new.
  if (row.revoked_at !== null)
    return { ok: false, reason: 'revoked', detail: `the token was revoked at ${row.revoked_at}` };
  if (isExpired(row, now))
    return { ok: false, reason: 'expired', detail: `the token expired at ${row.expires_at}` };
  return { ok: true, principal: principalOfRow(row), expiresAt: row.expires_at };
}

/** The principal of a token, or undefined when it is unknown, revoked or expired. */
export async function principalOf(
  db: Kysely<ApiDatabase>,
  token: string,
  now = new Date(),
): Promise<Principal | undefined> {
  const check = await checkToken(db, token, now);
  return check.ok ? check.principal : undefined;
}

/** A token as its list shows it: never the token, nor its hash. */
export interface TokenView {
  readonly tokenId: string;
  readonly role: Role;
  readonly label: string | null;
  readonly tournamentId: string | null;
  readonly gameId: string | null;
  readonly playerId: string | null;
  /** A scorer token's round and table. */
  readonly round: number | null;
  readonly table: number | null;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly revokedAt: string | null;
  readonly status: 'active' | 'revoked' | 'expired';
}

const viewOf = (row: TokenRow, now: Date): TokenView => ({
  tokenId: row.id,
  role: row.role as Role,
  label: row.label,
  tournamentId: row.tournament_id,
  gameId: row.game_id,
  playerId: row.player_id,
  round: row.round_number ?? null,
  table: row.table_number ?? null,
  createdAt: row.created_at,
  expiresAt: row.expires_at,
  revokedAt: row.revoked_at,
  status: row.revoked_at !== null ? 'revoked' : isExpired(row, now) ? 'expired' : 'active',
});

export interface TokenFilter {
  /** The tournament the tokens are bound to; null for the unbound (global organizer) tokens. */
  readonly tournamentId: string | null;
  readonly roles?: readonly Role[];
  readonly gameId?: string;
  /** Only tokens that still work (not revoked, not expired). */
  readonly activeOnly?: boolean;
  /** At most this many, oldest first. */
  readonly limit: number;
  /** The last token id of the page before. */
  readonly after?: string;
}

/** A page of tokens, oldest first, with the cursor of the next page (null on the last). */
export async function listTokens(
  db: Kysely<ApiDatabase>,
  filter: TokenFilter,
  now = new Date(),
): Promise<{ readonly tokens: TokenView[]; readonly next: string | null }> {
  let query = db.selectFrom('api_tokens').selectAll();
  query =
    filter.tournamentId === null
      ? query.where('tournament_id', 'is', null)
      : query.where('tournament_id', '=', filter.tournamentId);
  if (filter.roles !== undefined) query = query.where('role', 'in', [...filter.roles]);
  if (filter.gameId !== undefined) query = query.where('game_id', '=', filter.gameId);
  if (filter.activeOnly === true) {
    const at = now.toISOString();
    query = query
      .where('revoked_at', 'is', null)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', at)]));
  }
  if (filter.after !== undefined) {
    const cursor = await db
      .selectFrom('api_tokens')
      .select(['created_at', 'id'])
      .where('id', '=', filter.after)
      .executeTakeFirst();
    if (cursor !== undefined)
      query = query.where((eb) =>
        eb.or([
          eb('created_at', '>', cursor.created_at),
          eb.and([eb('created_at', '=', cursor.created_at), eb('id', '>', cursor.id)]),
        ]),
      );
  }
  const rows = await query
    .orderBy('created_at')
    .orderBy('id')
    .limit(filter.limit + 1)
    .execute();
  const page = rows.slice(0, filter.limit);
  return {
    tokens: page.map((row) => viewOf(row, now)),
    next: rows.length > filter.limit ? page.at(-1)!.id : null,
  };
}

export async function tokenById(
  db: Kysely<ApiDatabase>,
  tokenId: string,
  now = new Date(),
): Promise<TokenView | undefined> {
  const row = await db.selectFrom('api_tokens').selectAll().where('id', '=', tokenId).executeTakeFirst();
  return row === undefined ? undefined : viewOf(row, now);
}

/** Revokes the token of this id (once: a second call keeps the first time); its view after, if it exists. */
export async function revokeTokenById(
  db: Kysely<ApiDatabase>,
  tokenId: string,
  now = new Date(),
): Promise<TokenView | undefined> {
  await db
    .updateTable('api_tokens')
    .set({ revoked_at: now.toISOString() })
    .where('id', '=', tokenId)
    .where('revoked_at', 'is', null)
    .execute();
  return tokenById(db, tokenId, now);
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9_-]{1,200})[ ]*$/i;

/** The token of an Authorization header; undefined when there is none, null when it is not a bearer token. */
export function bearerToken(header: string | undefined): string | undefined | null {
  if (header === undefined || header === '') return undefined;
  return BEARER.exec(header)?.[1] ?? null;
}

export type PlayerPrincipal = Extract<Principal, { readonly role: 'player' }>;
export type ScorerPrincipal = Extract<Principal, { readonly role: 'scorer' }>;

export interface AuthenticateOptions {
  readonly now?: () => Date;
}

/**
 * Resolves the bearer token, if any, to res.locals.principal. It refuses nothing: a route without auth
 * ignores a bad token, and guards answer 401 (res.locals.authFailure says why).
 */
export function authenticate(db: Kysely<ApiDatabase>, options: AuthenticateOptions = {}): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req.get('authorization'));
    if (token === null)
      res.locals.authFailure = {
        reason: 'not-bearer',
        detail: 'the Authorization header is not "Bearer <token>"',
      } satisfies AuthFailure;
    else if (token !== undefined) {
      const check = await checkToken(db, token, options.now?.() ?? new Date());
      if (!check.ok)
        res.locals.authFailure = { reason: check.reason, detail: check.detail } satisfies AuthFailure;
      else res.locals.principal = check.principal;
    }
    next();
  };
}

export const principalIn = (res: Response): Principal | undefined =>
  res.locals.principal as Principal | undefined;

function unauthorizedFor(failure: AuthFailure): ProblemError {
  return new ProblemError(
    401,
    'unauthorized',
    failure.detail,
    { reason: failure.reason },
    {
      'WWW-Authenticate':
        failure.reason === 'no-token' || failure.reason === 'not-bearer'
          ? 'Bearer'
          : 'Bearer error="invalid_token"',
    },
  );
}

/** The 401 for a seat token's command once its game has ended (`why`: the game finished, the round closed). */
export const seatEndedProblem = (why: string): ProblemError =>
  unauthorizedFor({ reason: 'seat-ended', detail: `seat tokens end with their game: ${why}` });

/**
 * The 401 for a scorer token's command once its table is done (`why`: the game finished, the round closed):
 * like a seat token, it ends with its game; its reads stay open.
 */
export const tableEndedProblem = (why: string): ProblemError =>
  unauthorizedFor({ reason: 'table-ended', detail: `scorer tokens end with their table: ${why}` });

/** Why a role is refused: a scorer is told what its token is for, since it is for so little. */
const refusalFor = (principal: Principal, roles: readonly Role[]): string =>
  principal.role === 'scorer'
    ? `a scorer token previews and enters the hands of game ${principal.gameId} (round ${principal.round}, ` +
      `table ${principal.table}) and reads its table, nothing else (allowed here: ${roles.join(', ')})`
    : `a ${principal.role} token may not do this (allowed: ${roles.join(', ')})`;

/**
 * The principal if it holds one of the roles and is bound to the scope; throws 401 without a valid token and
 * 403 otherwise. Roles are not ranked: a route lists every role it admits.
 */
export function authorize(res: Response, roles: readonly Role[], scope: Scope = {}): Principal {
  const principal = principalIn(res);
  if (principal === undefined)
    throw unauthorizedFor(
      (res.locals.authFailure as AuthFailure | undefined) ?? {
        reason: 'no-token',
        detail: 'a bearer token is required',
      },
    );
  if (!roles.includes(principal.role)) throw forbidden(refusalFor(principal, roles));
  const bound = principal.tournamentId;
  if (scope.tournamentId !== undefined && bound !== undefined && bound !== scope.tournamentId)
    throw forbidden(`the token is bound to tournament ${bound}`);
  if (
    scope.gameId !== undefined &&
    (principal.role === 'player' || principal.role === 'scorer') &&
    principal.gameId !== scope.gameId
  )
    throw forbidden(`the token is bound to game ${principal.gameId}`);
  return principal;
}

/** Express middleware form of authorize, reading the scope from :tournamentId and :gameId params. */
export function requireRole(...roles: Role[]): RequestHandler {
  return (req, res, next) => {
    authorize(res, roles, scopeOfParams(req.params));
    next();
  };
}

export function scopeOfParams(params: Readonly<Record<string, unknown>>): Scope {
  const { tournamentId, gameId } = params;
  return {
    ...(typeof tournamentId === 'string' ? { tournamentId } : {}),
    ...(typeof gameId === 'string' ? { gameId } : {}),
  };
}
