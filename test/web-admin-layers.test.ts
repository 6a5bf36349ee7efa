// DESIGN.md: web-admin talks to the server only over HTTP, and its layers point one way (bulletproof-react):
// app/ (routes, providers) over pages/<page>/ over the shared folders (api, components, i18n, layout,
// session, styles, tiles). No page imports another page; no shared folder imports a page or app/; nothing
// of web-admin/src imports domain/, projections/ or services/ (the API's types come generated from its
// OpenAPI document, src/api/schema.d.ts). Tests (*.test.ts) may import the test harness under test/.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const src = join(root, 'web-admin', 'src');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function relativeImportsOf(source: string): string[] {
  return [
    ...source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"](\.[^'"]+)['"]|import\(\s*['"](\.[^'"]+)['"]/g),
  ].map((m) => m[1] ?? m[2]!);
}

/** Where a file of web-admin/src sits: 'app', 'page:<name>', 'shared:<folder>', or 'outside'. */
function layerOf(path: string): string {
  const inSrc = relative(src, path).split(/[\\/]/);
  if (inSrc[0] === '..') return 'outside';
  if (inSrc[0] === 'app') return 'app';
  if (inSrc[0] === 'pages') return `page:${inSrc[1]}`;
  return inSrc.length === 1 ? 'entry' : `shared:${inSrc[0]}`;
}

function offence(from: string, to: string): string | undefined {
  if (to === 'outside') return 'imports outside web-admin/src (the server is reached over HTTP only)';
  if (from.startsWith('shared:') && (to === 'app' || to.startsWith('page:')))
    return `a shared folder imports ${to}`;
  if (from.startsWith('page:') && to === 'app') return 'a page imports app/';
  if (from.startsWith('page:') && to.startsWith('page:') && from !== to) return `a page imports ${to}`;
  return undefined;
}

describe('web-admin layers', () => {
  const files = sourceFiles(src);

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('imports run one way: app over pages over shared folders, and nothing of the server', () => {
    const offences: string[] = [];
    for (const file of files) {
      const from = layerOf(file);
      for (const specifier of relativeImportsOf(readFileSync(file, 'utf8'))) {
        const to = layerOf(resolve(file, '..', specifier));
        const why = offence(from, to);
        if (why !== undefined) offences.push(`${relative(root, file)} → ${specifier}: ${why}`);
      }
    }
    expect(offences).toEqual([]);
  });

  it('would notice a page importing another page, and a shared folder importing a page', () => {
    expect(offence('page:board', 'page:standings')).toMatch(/page imports page:standings/);
    expect(offence('shared:components', 'page:board')).toMatch(/shared folder/);
    expect(offence('page:board', 'outside')).toMatch(/HTTP only/);
    expect(offence('page:board', 'shared:tiles')).toBeUndefined();
    expect(layerOf(join(src, 'pages', 'board', 'BoardPage.tsx'))).toBe('page:board');
  });
});
