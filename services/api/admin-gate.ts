// The gate in front of operator pages that are not this API's own routes (the queue dashboard at
// /admin/queues): a global organizer only. A browser cannot send a bearer header to a page it opens, so the
// organizer opens it once as `…?token=…`: the token is checked, kept in an HttpOnly cookie scoped to the
// page's path, and the address is cleaned of it. Every later request carries the cookie or a bearer header.
import type { RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import { bearerToken, checkToken } from './auth.ts';
import type { ApiDatabase } from './db.ts';
import { forbidden, ProblemError, sendProblem } from './problem.ts';

const COOKIE = 'ml_admin';

const cookieToken = (header: string | undefined): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === COOKIE) return decodeURIComponent(value.join('='));
  }
  return undefined;
};

export function globalOrganizerGate(db: Kysely<ApiDatabase>, basePath: string): RequestHandler {
  return async (req, res, next) => {
    try {
      const fromQuery = typeof req.query.token === 'string' ? req.query.token : undefined;
      const token = bearerToken(req.headers.authorization) ?? fromQuery ?? cookieToken(req.headers.cookie);
      if (token === undefined || token === null)
        throw new ProblemError(
          401,
          'unauthorized',
          `${basePath} is for organizers: open it as ${basePath}?token=…`,
          {
            reason: 'no-token',
          },
        );
      const check = await checkToken(db, token);
      if (!check.ok) throw new ProblemError(401, 'unauthorized', check.detail, { reason: check.reason });
      const { principal } = check;
      if (principal.role !== 'organizer' || principal.tournamentId !== undefined)
        throw forbidden(`${basePath} shows every tournament's jobs: a global organizer's token is needed`);
      if (fromQuery !== undefined) {
        res.cookie(COOKIE, token, { httpOnly: true, sameSite: 'strict', path: basePath });
        const url = new URL(req.originalUrl, 'http://x');
        url.searchParams.delete('token');
        res.redirect(303, url.pathname + url.search);
        return;
      }
      next();
    } catch (error) {
      if (error instanceof ProblemError) sendProblem(req, res, error);
      else next(error);
    }
  };
}
