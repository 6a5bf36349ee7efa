// Rate limits per token (per client IP without one), so that one runaway bot cannot starve the tables.
import type { Request, RequestHandler, Response } from 'express';
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
    keyGenerator: clientKey,
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

/**
 * Who a request counts against: its token, or its client IP (an IPv6 /56) without a valid one. Read after
 * authentication, so an invalid token counts against its IP and made-up tokens buy nothing.
 */
export function clientKey(req: Request, res: Response): string {
  const principal = res.locals.principal as Principal | undefined;
  return principal !== undefined ? `token:${principal.tokenId}` : `ip:${ipKeyGenerator(req.ip ?? '')}`;
}

/** The default bound on the event streams one client holds open at once. */
export const DEFAULT_STREAMS_PER_CLIENT = 8;

/**
 * Open event streams per client, bounded: each stream holds a socket and a subscription for as long as the
 * client likes, so a rate limit (which counts requests) does not bound them.
 */
export class StreamSlots {
  readonly #open = new Map<string, number>();
  readonly limit: number;

  constructor(limit = DEFAULT_STREAMS_PER_CLIENT) {
    this.limit = limit;
  }

  /** A slot for the client, or 429 `too-many-streams` when it holds `limit`; the release frees it once. */
  take(client: string): () => void {
    const held = this.#open.get(client) ?? 0;
    if (held >= this.limit)
      throw new ProblemError(
        429,
        'too-many-streams',
        `this client already holds ${held} open event streams (at most ${this.limit}): close one first`,
      );
    this.#open.set(client, held + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const left = (this.#open.get(client) ?? 1) - 1;
      if (left > 0) this.#open.set(client, left);
      else this.#open.delete(client);
    };
  }

  /** Streams open across every client. */
  get open(): number {
    let total = 0;
    for (const held of this.#open.values()) total += held;
    return total;
  }
}
