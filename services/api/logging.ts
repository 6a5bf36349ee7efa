// Request logs through pino: one line per request with its id and the principal's role. The Authorization
// header is redacted, so no token reaches a log.
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { type Logger, pino } from 'pino';
import type { Principal } from './auth.ts';

/** A logger for the API; `silent` for tests. */
export function createLogger(
  options: { readonly level?: pino.LevelWithSilent; readonly destination?: pino.DestinationStream } = {},
): Logger {
  const settings: pino.LoggerOptions = {
    level: options.level ?? 'info',
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
  return options.destination === undefined ? pino(settings) : pino(settings, options.destination);
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

declare module 'http' {
  interface IncomingMessage {
    /** The request's id: its sane X-Request-Id, else a UUID. */
    id: string;
    /** A logger whose lines carry the request (made on first use). */
    log: Logger;
  }
  interface ServerResponse {
    /** A failure the error handler kept for the request's line (a 5xx), stack included. */
    err?: Error | undefined;
  }
}

/**
 * One line per request once its response is done: the request (headers redacted as createLogger says), the
 * response, how long it took, and the principal's role and token id; 5xx at error with `res.err`, 4xx at warn,
 * the rest at info. Honours a sane X-Request-Id from a proxy, else makes one; echoed on the response either way.
 *
 * pino-http did this until the load measured it: it serialises every request (headers and all) into a child
 * logger as the request arrives, and again at its end, whether or not the line is written. At `warn` (the
 * level a busy event runs at) that was a sixth of the server's time to open a seat stream. Here nothing is
 * serialised for a line the level leaves out, and `req.log` is made only when a handler logs.
 */
export function requestLogger(logger: Logger): RequestHandler {
  return (req, res, next) => {
    const given = req.headers['x-request-id'];
    const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader('X-Request-Id', id);
    req.id = id;
    let child: Logger | undefined;
    Object.defineProperty(req, 'log', {
      configurable: true,
      enumerable: false,
      get: () => {
        child ??= logger.child({ req: pino.stdSerializers.req(req) });
        return child;
      },
    });
    const startedAt = performance.now();
    let done = false;
    const finished = () => {
      if (done) return;
      done = true;
      const failed = res.err !== undefined || res.statusCode >= 500;
      const level = failed ? 'error' : res.statusCode >= 400 ? 'warn' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      const principal = (res as Response).locals?.principal as Principal | undefined;
      const line = {
        req: pino.stdSerializers.req(req),
        res: pino.stdSerializers.res(res),
        responseTime: Math.round(performance.now() - startedAt),
        ...(principal === undefined ? {} : { role: principal.role, tokenId: principal.tokenId }),
      };
      if (failed)
        logger.error(
          { ...line, err: res.err ?? new Error(`failed with status code ${res.statusCode}`) },
          'request errored',
        );
      else logger[level](line, 'request completed');
    };
    res.once('finish', finished);
    // A response the client left before it was finished (an event stream closed, say).
    res.once('close', finished);
    next();
  };
}
