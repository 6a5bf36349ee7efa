// The HTTP API (DESIGN.md "The API and the web app"): Express 5 with every dependency injected, so tests
// build it from real parts. Routes are declared with defineRoute (route.ts) and handed in as modules.
import type { Server } from 'node:http';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type AuthenticateOptions, authenticate } from './auth.ts';
import { isWrongExpectedVersion, staleVersion } from './concurrency.ts';
import type { ApiDatabase } from './db.ts';
import type { IdempotencyOptions } from './idempotency.ts';
import { createLogger, requestLogger } from './logging.ts';
import { type ApiMetrics, createMetrics, serveMetrics, timeRequests } from './metrics.ts';
import { openApiDocument, swaggerUi } from './openapi.ts';
import { notFound, ProblemError, sendProblem } from './problem.ts';
import { limitRate, type RateLimitOptions } from './rate-limit.ts';
import { type ApiServices, type Route, routeHandler } from './route.ts';
import { healthRoutes } from './routes/health.ts';
import { scoreRoutes } from './routes/score.ts';

export interface AppDeps {
  /** The API's own tables (tokens, idempotency keys): see db.ts. */
  readonly db: Kysely<ApiDatabase>;
  /** Default: an info-level pino logger to stdout; createLogger({ level: 'silent' }) for tests. */
  readonly logger?: Logger;
  /** Default: a fresh registry with the default metrics. */
  readonly metrics?: ApiMetrics;
  /** Route modules beside the built-in ones (health, score): each a route or a list of routes. */
  readonly routes?: readonly (Route | readonly Route[])[];
  /** Per token (or IP) and window; false turns limiting off. */
  readonly rateLimit?: RateLimitOptions | false;
  readonly idempotency?: IdempotencyOptions;
  /** Express's `trust proxy`, for the client IP behind a reverse proxy (default: trust none). */
  readonly trustProxy?: boolean | number | string;
  /** Largest JSON body accepted (default 1mb). */
  readonly bodyLimit?: string;
  /** Whether a seat token's game has ended, refusing its commands (auth.ts). */
  readonly seatEnded?: AuthenticateOptions['seatEnded'];
}

export const OPENAPI_PATH = '/api/openapi.json';

export function createApp(deps: AppDeps): Express {
  const logger = deps.logger ?? createLogger();
  const metrics = deps.metrics ?? createMetrics();
  const api: ApiServices = { db: deps.db, metrics, logger };
  const routes = [...healthRoutes(), ...scoreRoutes(), ...(deps.routes ?? []).flat()];
  assertUnique(routes);

  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.trustProxy ?? false);
  app.locals.api = api;

  app.use(requestLogger(logger));
  app.use(timeRequests(metrics));
  app.get('/metrics', serveMetrics(metrics));
  app.use(express.json({ limit: deps.bodyLimit ?? '1mb' }));
  app.use('/api', authenticate(deps.db, deps.seatEnded ? { seatEnded: deps.seatEnded } : {}));
  if (deps.rateLimit !== false) app.use('/api', limitRate(deps.rateLimit ?? {}));

  const document = openApiDocument(routes);
  app.get(OPENAPI_PATH, (_req, res) => {
    res.json(document);
  });
  app.use('/api/docs', swaggerUi(OPENAPI_PATH));
  for (const route of routes)
    app[route.definition.method](route.definition.path, routeHandler(route, api, deps));

  app.use(unknownPath);
  app.use(problemHandler(logger));
  return app;
}

function assertUnique(routes: readonly Route[]): void {
  const seen = new Set<string>();
  for (const { definition } of routes) {
    const key = `${definition.method.toUpperCase()} ${definition.path}`;
    if (seen.has(key)) throw new Error(`route declared twice: ${key}`);
    seen.add(key);
  }
}

const unknownPath: RequestHandler = (req) => {
  throw notFound(`no route for ${req.method} ${req.path}`);
};

interface HttpError extends Error {
  readonly type?: string;
  readonly status?: number;
  readonly expose?: boolean;
}

/** The one place an error becomes a response: always problem+json, never a stack trace. */
function problemHandler(logger: Logger): ErrorRequestHandler {
  return (error: unknown, req, res, next) => {
    if (res.headersSent) {
      // Too late for a problem body (an event stream, say): let Express close the connection.
      (req.log ?? logger).error({ err: error }, 'error after the response started');
      next(error);
      return;
    }
    sendProblem(req, res, asProblem(error, res));
  };
}

function asProblem(error: unknown, res: express.Response): ProblemError {
  if (error instanceof ProblemError) return error;
  if (isWrongExpectedVersion(error)) return staleVersion(error);
  const http = error as HttpError;
  switch (http?.type) {
    case 'entity.parse.failed':
      return new ProblemError(400, 'invalid-request', 'the body is not valid JSON', {
        errors: [{ path: 'body', message: `malformed JSON: ${http.message}` }],
      });
    case 'entity.too.large':
      return new ProblemError(413, 'payload-too-large', http.message);
    case 'charset.unsupported':
    case 'encoding.unsupported':
      return new ProblemError(415, 'unsupported-media-type', http.message);
  }
  // pino-http logs res.err with the request's line, stack included; the body gets none of it.
  res.err = error instanceof Error ? error : new Error(String(error));
  return new ProblemError(500, 'internal', 'an internal error occurred; the request id is in X-Request-Id');
}

/** Listens on the port (0: any free one) and resolves once listening. */
export function startServer(app: Express, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const listening = (error?: Error) => (error !== undefined ? reject(error) : resolve(server));
    const server = host === undefined ? app.listen(port, listening) : app.listen(port, host, listening);
  });
}

/** Stops accepting, ends open connections (event streams never end by themselves) and resolves when closed. */
export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error !== undefined ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
