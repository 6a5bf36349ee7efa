// Rate limits per token (per client IP without one), so that one runaway bot cannot starve the tables.
import type { RequestHandler } from 'express';
import { ipKeyGenerator, rateLimit } from 'express-rate-limit';
import type { Principal } from './auth.ts';
import { ProblemError, sendProblem } from './problem.ts';

export interface RateLimitOptions {
  readonly windowMs?: number;
  /** Requests per window per token or IP. */
  readonly limit?: number;
}

/**
 * The default: 1200 requests a minute per token, 20 a second: a bot playing four tables at a brisk pace
 * stays far below it, a loop that forgot to wait does not.
 */
export const DEFAULT_RATE_LIMIT = { windowMs: 60_000, limit: 1200 } as const;

export function limitRate(options: RateLimitOptions = {}): RequestHandler {
  const windowMs = options.windowMs ?? DEFAULT_RATE_LIMIT.windowMs;
  return rateLimit({
    windowMs,
    limit: options.limit ?? DEFAULT_RATE_LIMIT.limit,
    standardHeaders: 'draft-6',
    legacyHeaders: false,
    // Keyed after authentication: an invalid token counts against its IP, so made-up tokens buy nothing.
    keyGenerator: (req, res) => {
      const principal = res.locals.principal as Principal | undefined;
      return principal !== undefined ? `token:${principal.tokenId}` : `ip:${ipKeyGenerator(req.ip ?? '')}`;
    },
    handler: (req, res) => {
      const retryAfter = res.getHeader('Retry-After');
      sendProblem(
        req,
        res,
        new ProblemError(
          429,
          'rate-limited',
          `more than the allowed requests in ${windowMs / 1000} s`,
          {},
          {
            ...(retryAfter !== undefined ? { 'Retry-After': String(retryAfter) } : {}),
          },
        ),
      );
    },
  });
}
