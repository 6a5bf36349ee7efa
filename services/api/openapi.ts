// The OpenAPI 3.1 document, generated from the routes' own zod schemas, and Swagger UI served from
// swagger-ui-dist's files (no CDN: the machine running a tournament may be offline).
import { readFileSync } from 'node:fs';
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from '@asteasolutions/zod-to-openapi';
import express, { type Router } from 'express';
import getAbsoluteFSPath from 'swagger-ui-dist/absolute-path.js';
import { problemType } from './problem.ts';
import type { Route } from './route.ts';
import { z } from './zod.ts';

export const ProblemSchema = z
  .object({
    type: z.string().openapi({ example: problemType('invalid-request') }),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    instance: z.string(),
    code: z.string().openapi({ example: 'invalid-request' }),
    errors: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  })
  .catchall(z.unknown())
  .openapi('Problem');

const problem = (description: string): ResponseConfig => ({
  description,
  content: { 'application/problem+json': { schema: ProblemSchema } },
});

/** Express `:name` params as OpenAPI `{name}`. */
export const openApiPath = (path: string): string => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/**
 * The tags operations are grouped by, in the order the document lists them. A route's tag missing here is
 * still declared, without a description: the lint test names it.
 */
export const TAG_DESCRIPTIONS: Readonly<Record<string, string>> = {
  tournaments: 'Create a tournament, register, withdraw and replace players, read it whole',
  rounds: 'Schedule, seat, start and close rounds; extend a table’s time',
  tokens: 'Seat and referee tokens: issue, list, revoke',
  tables: 'Live play: a table, a seat’s own view, a seat’s actions, a referee’s acts on a live hand',
  entry: 'Hands entered by a table’s scorer: preview and record',
  rulings: 'Penalties, disputes and their rulings, with a preview of a ruling’s correction',
  amendments: 'Retroactive changes of the ruleset: preview, record, recompute and its progress',
  queries: 'Read models: standings, the tables board and its event stream, replays, the audit log, histories',
  calculator: 'The score contract over HTTP: score one hand',
  operations: 'The running API: liveness',
};

const operationIdOf = (method: string, path: string): string =>
  method +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '' && part !== 'api')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/** The licence the project is published under (package.json `license`). */
export const LICENSE = 'Apache-2.0';

export function openApiDocument(routes: readonly Route[], info: { title?: string; version?: string } = {}) {
  const registry = new OpenAPIRegistry();
  const operationIds = new Set<string>();
  const tags: string[] = [];
  registry.register('Problem', ProblemSchema);
  const bearer = registry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'An organizer, referee or player token (docs/api.md "Auth")',
  });
  for (const { definition: def } of routes) {
    const headerShape = {
      ...(def.headers?.shape ?? {}),
      ...(def.ifMatch !== undefined
        ? {
            'if-match': (def.ifMatch === 'required' ? z.string() : z.string().optional()).openapi({
              description: 'The stream revision the command was decided against: "7", W/"7" or *',
              example: '"7"',
            }),
          }
        : {}),
      ...(def.idempotency !== undefined
        ? {
            'idempotency-key': (def.idempotency === 'required' ? z.string() : z.string().optional()).openapi({
              description: 'Unique per command, kept across retries; also the command id',
            }),
          }
        : {}),
    };
    const body = def.body ?? def.bodyDocumented;
    const responses: Record<string, ResponseConfig> = {};
    for (const [status, doc] of Object.entries(def.responses))
      responses[status] = {
        description: doc.description,
        ...(doc.schema !== undefined
          ? { content: { [doc.contentType ?? 'application/json']: { schema: doc.schema } } }
          : Number(status) >= 400
            ? problem(doc.description)
            : {}),
      };
    const standard: [number, boolean, string][] = [
      [400, true, 'The request does not fit its schema (invalid-request)'],
      [401, def.auth !== undefined, 'No valid bearer token (unauthorized)'],
      [403, def.auth !== undefined, 'The token may not do this here (forbidden)'],
      [409, def.idempotency !== undefined, 'The Idempotency-Key is in use by a running request'],
      [412, def.ifMatch !== undefined, 'The stream moved on since If-Match (stale-version)'],
      [422, def.idempotency !== undefined, 'The Idempotency-Key was used for another request'],
      [428, def.ifMatch === 'required', 'If-Match is required (precondition-required)'],
      [429, true, 'Rate limited (rate-limited)'],
      [500, true, 'Internal error (internal)'],
    ];
    for (const [status, applies, description] of standard)
      if (applies && responses[status] === undefined) responses[status] = problem(description);
    const operationId = def.operationId ?? operationIdOf(def.method, def.path);
    if (operationIds.has(operationId)) throw new Error(`operationId used twice: ${operationId}`);
    operationIds.add(operationId);
    for (const tag of def.tags ?? []) if (!tags.includes(tag)) tags.push(tag);
    registry.registerPath({
      method: def.method,
      path: openApiPath(def.path),
      operationId,
      summary: def.summary,
      ...(def.description !== undefined ? { description: def.description } : {}),
      ...(def.tags !== undefined ? { tags: [...def.tags] } : {}),
      // A public route says so (an empty list: no scheme needed) rather than leaving it unsaid.
      ...(def.auth !== undefined
        ? {
            security: [{ [bearer.name]: [] }],
            'x-roles': [...def.auth.roles],
          }
        : { security: [] }),
      request: {
        ...(def.params !== undefined ? { params: def.params } : {}),
        ...(def.query !== undefined ? { query: def.query } : {}),
        ...(Object.keys(headerShape).length > 0 ? { headers: z.object(headerShape) } : {}),
        ...(body !== undefined
          ? { body: { required: true, content: { 'application/json': { schema: body } } } }
          : {}),
      },
      responses,
    });
  }
  const known = Object.keys(TAG_DESCRIPTIONS);
  const order = (tag: string) => (known.includes(tag) ? known.indexOf(tag) : known.length);
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: info.title ?? 'Mahjong Ledger API',
      version: info.version ?? '0.1.0',
      description:
        'The API of Mahjong Ledger, an event-sourced platform for running mahjong tournaments: tournaments, ' +
        'rounds and seating, live tables, entered hands, rulings, amendments, standings, replays and the ' +
        'audit log. Conventions (auth, errors as problem+json, If-Match, idempotency, rate limits, ' +
        'server-sent events): docs/api.md.',
      license: { name: LICENSE, identifier: LICENSE },
    },
    // Relative: the document is served by the API it describes, wherever that runs.
    servers: [{ url: '/', description: 'The server this document is served from' }],
    tags: [...tags]
      .sort((a, b) => order(a) - order(b))
      .map((name) =>
        TAG_DESCRIPTIONS[name] === undefined ? { name } : { name, description: TAG_DESCRIPTIONS[name] },
      ),
  });
}

/**
 * Swagger UI at the mount point, pointed at the document. The stock swagger-initializer.js points at the
 * petstore, so ours replaces it; the rest are swagger-ui-dist's own files.
 */
export function swaggerUi(documentUrl: string): Router {
  const router = express.Router();
  const dist = getAbsoluteFSPath();
  const index = readFileSync(`${dist}/index.html`, 'utf8');
  const initializer = `window.onload = () => {
  window.ui = SwaggerUIBundle({
    url: ${JSON.stringify(documentUrl)},
    dom_id: '#swagger-ui',
    deepLinking: true,
    presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset],
    plugins: [SwaggerUIBundle.plugins.DownloadUrl],
    layout: 'StandaloneLayout',
  });
};
`;
  router.get('/', (req, res, next) => {
    // Relative asset paths in index.html need the trailing slash.
    if (!req.originalUrl.split('?')[0]!.endsWith('/')) return res.redirect(301, `${req.baseUrl}/`);
    if (req.path !== '/') return next();
    res.type('html').send(index);
  });
  router.get('/swagger-initializer.js', (_req, res) => {
    res.type('application/javascript').send(initializer);
  });
  router.use(express.static(dist, { index: false }));
  return router;
}
