// DESIGN.md: the domain is pure. It imports nothing else of the project, nor node:*, kysely, express,
// bullmq or a database driver; its only packages are zod, @noble/hashes and pure-rand (pure computation,
// no I/O).
// biome.json enforces the same in the editor; this test enforces it in CI.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const ALLOWED_PACKAGES = ['zod', '@noble/hashes', 'pure-rand'];
const FORBIDDEN_PACKAGES = [
  'kysely',
  'express',
  'bullmq',
  'better-sqlite3',
  'pg',
  'ioredis',
  'pino',
  'commander',
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

function importsOf(source: string): string[] {
  return [
    ...source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]/g),
  ].map((m) => m[1] ?? m[2]!);
}

describe('the domain is pure', () => {
  const files = sourceFiles(join(root, 'domain'));

  it('has source files to check', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('imports only itself, zod, @noble/hashes and pure-rand', () => {
    const offences: string[] = [];
    for (const file of files) {
      for (const specifier of importsOf(readFileSync(file, 'utf8'))) {
        const name = relative(root, file);
        if (specifier.startsWith('node:') || FORBIDDEN_PACKAGES.includes(specifier.split('/')[0]!)) {
          offences.push(`${name} imports ${specifier}`);
        } else if (specifier.startsWith('.')) {
          const target = relative(root, resolve(file, '..', specifier));
          if (!target.startsWith('domain/')) offences.push(`${name} imports ${target}, outside domain/`);
        } else if (!ALLOWED_PACKAGES.some((p) => specifier === p || specifier.startsWith(`${p}/`))) {
          offences.push(`${name} imports the package ${specifier}`);
        }
      }
    }
    expect(offences).toEqual([]);
  });

  it('would notice an offending import', () => {
    expect(importsOf("import { Kysely } from 'kysely';\nimport x from '../../services/api.ts';")).toEqual([
      'kysely',
      '../../services/api.ts',
    ]);
  });
});
