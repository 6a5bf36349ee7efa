// The HTTP API (DESIGN.md "The API and the web app"): Express 5 with every dependency injected, so tests
// build it from real parts. Routes are declared with defineRoute (route.ts) and handed in as modules.
import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import express, { type ErrorRequestHandler, type Express, type RequestHandler } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { globalOrganizerGate } from './admin-gate.ts';
import { authenticate } from './auth.ts';
import { isWrongExpectedVersion, staleVersion } from './concurrency.ts';
import type { ApiDatabase } from './db.ts';
import type { IdempotencyOptions } from './idempotency.ts';
import { refuseBadBody, refuseBadParams, refuseMalformedPath } from './input-checks.ts';
import { createLogger, requestLogger } from './logging.ts';
import {
  type ApiMetrics,
  createMetrics,
  metricsForOrganizers,
  serveMetrics,
  timeRequests,
} from './metrics.ts';
import { openApiDocument, swaggerUi } from './openapi.ts';
import { badRequest, notFound, ProblemError, problemAt, sendProblem } from './problem.ts';
import { limitRate, type RateLimitOptions } from './rate-limit.ts';
import { type ApiServices, type MountOptions, type Route, routeHandler } from './route.ts';
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
  /** Largest JSON body accepted, once decompressed (default 1mb). */
  readonly bodyLimit?: string;
  /**
   * `GET /metrics` on this app: 'organizers' (the default) asks for a global organizer's token; 'none' when
   * the metrics are served on a bind address of their own (createMetricsApp, METRICS_PORT).
   */
  readonly metricsEndpoint?: 'organizers' | 'none';
  /** Whether a seat token's game has ended, refusing its commands (auth.ts). */
  readonly seatEnded?: MountOptions['seatEnded'];
  /** Operator pages beside the API (the queue dashboard), each behind the global organizers' gate. */
  readonly adminPages?: readonly { readonly path: string; readonly router: RequestHandler }[];
  /** The web app's files (web-admin/dist) at `/`, after every API route: see web-app.ts. */
  readonly webApp?: RequestHandler;
  /** Runs before every API route, its request's work within it (LiveTables.forRequest: one read of a table). */
  readonly serveRequest?: RequestHandler;
}

/** The content codings a body may come in (body-parser's; zstd only where zlib has it). */
const CONTENT_CODINGS = 'gzip, deflate, br, identity';

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
  app.use(refuseMalformedPath);
  if (deps.metricsEndpoint !== 'none')
    app.get('/metrics', authenticate(deps.db), metricsForOrganizers, serveMetrics(metrics));
  app.use(express.json({ limit: deps.bodyLimit ?? '1mb' }));
  // A list of players imported as CSV (routes/tournaments.ts): read as text, checked like any body below.
  app.use(express.text({ type: 'text/csv', limit: deps.bodyLimit ?? '1mb' }));
  app.use(refuseBadBody);
  app.use('/api', authenticate(deps.db));
  if (deps.rateLimit !== false) app.use('/api', limitRate(deps.rateLimit ?? {}));
  if (deps.serveRequest !== undefined) app.use('/api', deps.serveRequest);

  const document = openApiDocument(routes);
  app.get(OPENAPI_PATH, (_req, res) => {
    res.json(document);
  });
  app.use('/api/docs', swaggerUi(OPENAPI_PATH));
  for (const route of routes)
    app[route.definition.method](route.definition.path, refuseBadParams, routeHandler(route, api, deps));
  for (const page of deps.adminPages ?? [])
    app.use(page.path, globalOrganizerGate(deps.db, page.path), page.router);
  if (deps.webApp !== undefined) app.use(deps.webApp);

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
    sendProblem(req, res, asProblem(error, req, res));
  };
}

function asProblem(error: unknown, req: express.Request, res: express.Response): ProblemError {
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
      return new ProblemError(415, 'unsupported-media-type', http.message);
    case 'encoding.unsupported':
      // RFC 7694: a 415 for a content coding says which codings would do.
      return new ProblemError(
        415,
        'unsupported-media-type',
        `${http.message}; send one of ${CONTENT_CODINGS}`,
        {},
        { 'Accept-Encoding': CONTENT_CODINGS },
      );
    case 'request.aborted':
    case 'request.size.invalid':
      return badRequest('the body ended before it was whole', [{ path: 'body', message: http.message }]);
  }
  const status = http?.status;
  if (typeof status === 'number' && status >= 400 && status < 500) {
    // What body-parser hands on from zlib: the bytes are not the gzip / deflate / br they claim to be.
    const coding = req.get('content-encoding');
    if (coding !== undefined && coding.trim().toLowerCase() !== 'identity')
      return new ProblemError(
        400,
        'invalid-content-encoding',
        `the body does not decode as Content-Encoding: ${coding.slice(0, 40)}`,
        { errors: [{ path: 'body', message: http.message }] },
      );
    // Express decoding a route param (refuseMalformedPath refuses these first; this is the backstop).
    if (error instanceof URIError)
      return new ProblemError(400, 'invalid-path', 'the path is not percent-encoded UTF-8', {
        errors: [{ path: 'path', message: 'a parameter does not decode' }],
      });
    // Any other client error a middleware raised: the client's fault, so never a 500.
    return clientProblem(
      status,
      http.expose === true ? http.message : (STATUS_CODES[status] ?? 'bad request'),
    );
  }
  // pino-http logs res.err with the request's line, stack included; the body gets none of it.
  res.err = error instanceof Error ? error : new Error(String(error));
  return new ProblemError(500, 'internal', 'an internal error occurred; the request id is in X-Request-Id');
}

/** A 4xx by status, with the code docs/api.md gives it; a status with no code of its own is a 400. */
function clientProblem(status: number, detail: string): ProblemError {
  switch (status) {
    case 404:
      return new ProblemError(404, 'not-found', detail);
    case 405:
      return new ProblemError(405, 'method-not-allowed', detail);
    case 408:
      return new ProblemError(408, 'request-timeout', detail);
    case 413:
      return new ProblemError(413, 'payload-too-large', detail);
    case 415:
      return new ProblemError(415, 'unsupported-media-type', detail);
    case 431:
      return new ProblemError(431, 'headers-too-large', detail);
    default:
      return new ProblemError(400, 'invalid-request', detail);
  }
}

/** Listens on the port (0: any free one) and resolves once listening. */
export function startServer(app: Express, port: number, host?: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const listening = (error?: Error) => (error !== undefined ? reject(error) : resolve(server));
    const server = host === undefined ? app.listen(port, listening) : app.listen(port, host, listening);
    server.on('clientError', answerClientError);
  });
}

/**
 * A request Node's HTTP parser refused (headers over 16 KB, a malformed request line, a request too slow to
 * arrive): Node's own answer is a bare status line; this one is problem+json like every other error.
 */
function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  const started = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (error.code === 'ECONNRESET' || !socket.writable || started === true) {
    socket.destroy();
    return;
  }
  const problem =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? new ProblemError(431, 'headers-too-large', 'the request headers are over 16 KB')
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? new ProblemError(408, 'request-timeout', 'the request did not arrive in time')
        : badRequest('the request is not well-formed HTTP', [
            { path: 'request', message: String(error.code) },
          ]);
  const body = JSON.stringify(problemAt('', problem));
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
      'Content-Type: application/problem+json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}

/** Stops accepting, ends open connections (event streams never end by themselves) and resolves when closed. */
export function stopServer(server: Server): Promise<void> {
  return new Promise((resolve, reject) => {
    server.close((error) => (error !== undefined ? reject(error) : resolve()));
    server.closeAllConnections();
  });
}
