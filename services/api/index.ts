// The HTTP API's public surface (docs/api.md): what route modules and the server's wiring import.
export { type AppDeps, createApp, OPENAPI_PATH, startServer, stopServer } from './app.ts';
export {
  authorize,
  issueToken,
  type Principal,
  type PrincipalClaims,
  principalOf,
  ROLES,
  type Role,
  requireRole,
  revokeToken,
  type Scope,
} from './auth.ts';
export { type ExpectedVersion, etagOf, expectedRevisionOf, parseIfMatch, setEtag } from './concurrency.ts';
export {
  type ApiDatabase,
  migrateApiDatabase,
  openPostgresApiDatabase,
  openSqliteApiDatabase,
} from './db.ts';
export { purgeIdempotencyKeys } from './idempotency.ts';
export { createLogger } from './logging.ts';
export { type ApiMetrics, createMetrics } from './metrics.ts';
export {
  badRequest,
  forbidden,
  notFound,
  type ProblemCode,
  ProblemError,
  rejected,
  unauthorized,
} from './problem.ts';
export { DEFAULT_RATE_LIMIT, type RateLimitOptions } from './rate-limit.ts';
export { defineRoute, type Reply, type Route, type RouteContext } from './route.ts';
export { type EventStream, openEventStream } from './sse.ts';
export { z } from './zod.ts';
