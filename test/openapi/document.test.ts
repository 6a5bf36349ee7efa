// The OpenAPI document the web app is typed from (docs/api.md "The OpenAPI document"), generated from the
// platform's route list: it passes Redocly's recommended rules (redocly.yaml) without an error or a warning,
// gives every operation's success a schema of its body, and web-admin/src/api/schema.d.ts is what
// `npm run api:types` makes of it now, so the server and the app cannot drift apart unseen.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { API_TYPES_FILE, apiTypes } from '../../services/api/api-types.ts';
import { TAG_DESCRIPTIONS } from '../../services/api/openapi.ts';
import { platformOpenApiDocument } from '../../services/api/platform-openapi.ts';

const root = resolve(import.meta.dirname, '..', '..');
const dir = mkdtempSync(join(tmpdir(), 'ml-openapi-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const document = platformOpenApiDocument();
type Json = Record<string, unknown>;
const operations = Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
  Object.entries(item as Record<string, Json>)
    .filter(([method]) => ['get', 'put', 'post', 'delete', 'patch'].includes(method))
    .map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, operation })),
);

/**
 * Routes of other modules whose success has no schema yet, each with the schema waiting for them. The test
 * fails once one is documented, so that the entry goes too.
 */
const AWAITING: Readonly<Record<string, string>> = {
  'GET /api/tournaments/{tournamentId}/amendments/{amendmentId}/progress':
    'amendments.ts: AmendmentProgressEvent (routes/view-schemas.ts), as text/event-stream',
};

interface LintProblem {
  readonly ruleId: string;
  readonly severity: string;
  readonly message: string;
  readonly location: readonly { readonly pointer?: string }[];
}

describe('the OpenAPI document', () => {
  it('passes redocly lint with the recommended rules: no error, no warning', () => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document, null, 2));
    const run = spawnSync(
      join(root, 'node_modules', '.bin', 'redocly'),
      ['lint', '--config', join(root, 'redocly.yaml'), '--format', 'json', file],
      {
        cwd: root,
        encoding: 'utf8',
        env: {
          ...process.env,
          REDOCLY_TELEMETRY: 'off',
          REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
          NO_COLOR: '1',
        },
      },
    );
    const report = JSON.parse(run.stdout) as {
      totals: { errors: number; warnings: number };
      problems: LintProblem[];
    };
    const problems = report.problems.map(
      (p) => `${p.severity} ${p.ruleId}: ${p.message} (${p.location[0]?.pointer ?? ''})`,
    );
    expect(problems, problems.join('\n')).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    expect(run.status).toBe(0);
  }, 60_000);

  it('gives every operation a success with a schema of its body, not an unknown', () => {
    const schemas = (document.components?.schemas ?? {}) as Record<string, Json>;
    const resolved = (schema: Json): Json =>
      typeof schema.$ref === 'string' ? resolved(schemas[schema.$ref.split('/').at(-1)!]!) : schema;
    const undocumented = operations.flatMap(({ name, operation }) => {
      const responses = operation.responses as Record<
        string,
        { content?: Record<string, { schema?: Json }> }
      >;
      const successes = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status));
      if (successes.length === 0) return [`${name}: no success`];
      return successes.flatMap(([status, { content }]) => {
        // 204 and the like have no body to describe.
        if (status === '204') return [];
        const media = Object.entries(content ?? {});
        if (media.length === 0) return [`${name}`];
        return media
          .filter(([, { schema }]) => schema === undefined || Object.keys(resolved(schema)).length === 0)
          .map(([type]) => `${name} ${status} ${type}: an unknown`);
      });
    });
    expect(undocumented.filter((u) => AWAITING[u] === undefined)).toEqual([]);
    expect(Object.keys(AWAITING).filter((name) => !undocumented.includes(name))).toEqual([]);
  });

  it('names each operation once, and declares and describes each tag it uses', () => {
    const ids = operations.map(({ operation }) => operation.operationId);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    const used = new Set(
      operations.flatMap(({ operation }) => (operation.tags as string[] | undefined) ?? []),
    );
    expect([...used].filter((tag) => TAG_DESCRIPTIONS[tag] === undefined)).toEqual([]);
    expect(document.tags?.map((t) => t.name).sort()).toEqual([...used].sort());
    expect(operations.filter(({ operation }) => operation.security === undefined)).toEqual([]);
    expect(document.info.license).toEqual({ name: 'Apache-2.0', identifier: 'Apache-2.0' });
    expect(JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).license).toBe('Apache-2.0');
  });

  it('is what web-admin/src/api/schema.d.ts was generated from', async () => {
    const fresh = await apiTypes(document);
    const committed = readFileSync(API_TYPES_FILE, 'utf8');
    const [a, b] = [committed.split('\n'), fresh.split('\n')];
    const line = a.findIndex((text, i) => text !== b[i]);
    const where = line === -1 ? `its length (${a.length} lines, ${b.length} fresh)` : `line ${line + 1}`;
    expect(
      committed === fresh,
      `web-admin/src/api/schema.d.ts no longer fits the routes (first difference at ${where}): run npm run api:types`,
    ).toBe(true);
  }, 60_000);
});
