// Prometheus metrics, one registry per app so that tests (and two apps in one process) do not collide.
// They describe the whole server (every tournament's traffic), so they are a global organizer's to read, or
// served on a bind address of their own that only the scraper reaches (METRICS_PORT, docs/api.md "Metrics").
import express, { type Express, type RequestHandler } from 'express';
import { Counter, collectDefaultMetrics, Histogram, Registry } from 'prom-client';
import { authorize } from './auth.ts';
import { forbidden, notFound, sendProblem } from './problem.ts';

export interface ApiMetrics {
  readonly registry: Registry;
  readonly httpRequestDuration: Histogram<'method' | 'route' | 'status'>;
  /** Incremented by command routes with the number of events they appended, by event type. */
  readonly eventsAppended: Counter<'type'>;
}

export function createMetrics(options: { readonly defaultMetrics?: boolean } = {}): ApiMetrics {
  const registry = new Registry();
  if (options.defaultMetrics !== false) collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration in seconds, by method, route pattern and status',
      labelNames: ['method', 'route', 'status'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    eventsAppended: new Counter({
      name: 'mahjong_events_appended_total',
      help: 'Events appended to the event store through the API, by event type',
      labelNames: ['type'],
      registers: [registry],
    }),
  };
}

/**
 * Times every request. The route label is the matched pattern (`/api/games/:gameId`), never the raw path, so
 * ids do not explode the label set; requests that match no route count as `unmatched`.
 */
export function timeRequests(metrics: ApiMetrics): RequestHandler {
  return (req, res, next) => {
    const stop = metrics.httpRequestDuration.startTimer();
    res.on('finish', () => {
      const pattern = (req.route as { path?: unknown } | undefined)?.path;
      const route = typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : 'unmatched';
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}

export function serveMetrics(metrics: ApiMetrics): RequestHandler {
  return async (_req, res) => {
    res.setHeader('Content-Type', metrics.registry.contentType);
    res.send(await metrics.registry.metrics());
  };
}

/** After authenticate: 401 without a valid token, 403 for any token but a global organizer's. */
export const metricsForOrganizers: RequestHandler = (_req, res, next) => {
  const principal = authorize(res, ['organizer']);
  if (principal.tournamentId !== undefined)
    throw forbidden(`the metrics cover every tournament: an organizer of ${principal.tournamentId} may not`);
  next();
};

/** `GET /metrics` alone, without a token, for a bind address of its own; else 404 problem+json. */
export function createMetricsApp(metrics: ApiMetrics): Express {
  const app = express();
  app.disable('x-powered-by');
  app.get('/metrics', serveMetrics(metrics));
  app.use((req, res) => sendProblem(req, res, notFound(`only GET /metrics is served here, not ${req.path}`)));
  return app;
}
