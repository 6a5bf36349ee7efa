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

const operationIdOf = (method: string, path: string): string =>
  method +
  path
    .split(/[^A-Za-z0-9]+/)
    .filter((part) => part !== '' && part !== 'api')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

export function openApiDocument(routes: readonly Route[], info: { title?: string; version?: string } = {}) {
  const registry = new OpenAPIRegistry();
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
    registry.registerPath({
      method: def.method,
      path: openApiPath(def.path),
      operationId: def.operationId ?? operationIdOf(def.method, def.path),
      summary: def.summary,
      ...(def.description !== undefined ? { description: def.description } : {}),
      ...(def.tags !== undefined ? { tags: [...def.tags] } : {}),
      ...(def.auth !== undefined
        ? {
            security: [{ [bearer.name]: [] }],
            'x-roles': [...def.auth.roles],
          }
        : {}),
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
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: '3.1.0',
    info: {
      title: info.title ?? 'Mahjong Ledger API',
      version: info.version ?? '0.1.0',
      description: 'Conventions (auth, errors, If-Match, idempotency, rate limits, SSE): docs/api.md',
    },
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
