// Bearer tokens and the principals they stand for (docs/api.md "Auth"). A token is 32 random bytes shown
// once; the table keeps its sha256, so a leaked database does not leak a usable token.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import type { ApiDatabase } from './db.ts';
import { forbidden, unauthorized } from './problem.ts';

export const ROLES = ['organizer', 'referee', 'player'] as const;
export type Role = (typeof ROLES)[number];

/**
 * Who a token speaks for. An organizer without a tournament is global (creates tournaments, acts in all);
 * with one, it acts in that tournament only. A referee is always bound to a tournament. A player token is
 * bound to one game of one tournament and names the player, not the seat: the seat changes each hand as the
 * winds rotate, so routes resolve it for the current hand (routes/tables.ts).
 */
export type PrincipalClaims =
  | { readonly role: 'organizer'; readonly tournamentId?: string }
  | { readonly role: 'referee'; readonly tournamentId: string }
  | {
      readonly role: 'player';
      readonly tournamentId: string;
      readonly gameId: string;
      readonly playerId: string;
    };

/** A principal as the API sees it: the claims plus the token's id (for idempotency scopes and logs). */
export type Principal = PrincipalClaims & { readonly tokenId: string };

/** What a route is about, read from its params: a principal bound elsewhere is refused. */
export interface Scope {
  readonly tournamentId?: string;
  readonly gameId?: string;
}

export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Issues a token for the principal and returns it: the only time the raw token exists. */
export async function issueToken(
  db: Kysely<ApiDatabase>,
  claims: PrincipalClaims,
  options: { readonly label?: string; readonly now?: Date } = {},
): Promise<{ readonly token: string; readonly tokenId: string }> {
  const token = randomBytes(32).toString('base64url');
  const tokenId = randomUUID();
  await db
    .insertInto('api_tokens')
    .values({
      id: tokenId,
      token_hash: hashToken(token),
      role: claims.role,
      tournament_id: claims.tournamentId ?? null,
      game_id: claims.role === 'player' ? claims.gameId : null,
      player_id: claims.role === 'player' ? claims.playerId : null,
      label: options.label ?? null,
      created_at: (options.now ?? new Date()).toISOString(),
    })
    .execute();
  return { token, tokenId };
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

/** The principal of a token, or undefined when it is unknown or revoked. */
export async function principalOf(db: Kysely<ApiDatabase>, token: string): Promise<Principal | undefined> {
  const row = await db
    .selectFrom('api_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  if (row === undefined) return undefined;
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
  }
}

const BEARER = /^Bearer[ ]+([A-Za-z0-9_-]{1,200})[ ]*$/i;

/** The token of an Authorization header; undefined when there is none, null when it is not a bearer token. */
export function bearerToken(header: string | undefined): string | undefined | null {
  if (header === undefined || header === '') return undefined;
  return BEARER.exec(header)?.[1] ?? null;
}

/**
 * Resolves the bearer token, if any, to res.locals.principal. It refuses nothing: a route without auth
 * ignores a bad token, and guards answer 401 (res.locals.authFailure says why).
 */
export function authenticate(db: Kysely<ApiDatabase>): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const token = bearerToken(req.get('authorization'));
    if (token === null) res.locals.authFailure = 'the Authorization header is not "Bearer <token>"';
    else if (token !== undefined) {
      const principal = await principalOf(db, token);
      if (principal === undefined) res.locals.authFailure = 'the token is unknown or revoked';
      else res.locals.principal = principal;
    }
    next();
  };
}

export const principalIn = (res: Response): Principal | undefined =>
  res.locals.principal as Principal | undefined;

/**
 * The principal if it holds one of the roles and is bound to the scope; throws 401 without a valid token and
 * 403 otherwise. Roles are not ranked: a route lists every role it admits.
 */
export function authorize(res: Response, roles: readonly Role[], scope: Scope = {}): Principal {
  const principal = principalIn(res);
  if (principal === undefined)
    throw unauthorized((res.locals.authFailure as string | undefined) ?? 'a bearer token is required');
  if (!roles.includes(principal.role))
    throw forbidden(`a ${principal.role} token may not do this (allowed: ${roles.join(', ')})`);
  const bound = principal.tournamentId;
  if (scope.tournamentId !== undefined && bound !== undefined && bound !== scope.tournamentId)
    throw forbidden(`the token is bound to tournament ${bound}`);
  if (scope.gameId !== undefined && principal.role === 'player' && principal.gameId !== scope.gameId)
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
