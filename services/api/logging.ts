// Request logs through pino-http: one line per request with its id and the principal's role. The
// Authorization header is redacted, so no token reaches a log.
import { randomUUID } from 'node:crypto';
import type { RequestHandler, Response } from 'express';
import { type Logger, pino } from 'pino';
import { pinoHttp } from 'pino-http';
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

/** Honours a sane X-Request-Id from a proxy, else makes one; echoed on the response either way. */
export function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    genReqId: (req, res) => {
      const given = req.headers['x-request-id'];
      const id = typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
      res.setHeader('X-Request-Id', id);
      return id;
    },
    customProps: (_req, res) => {
      const principal = (res as Response).locals?.principal as Principal | undefined;
      return principal === undefined ? {} : { role: principal.role, tokenId: principal.tokenId };
    },
    customLogLevel: (_req, res, error) =>
      error !== undefined || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
  }) as unknown as RequestHandler;
}
