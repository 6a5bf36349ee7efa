// The dependency direction of the read side: services → projections → domain. Projection code (tests and
// their support apart) imports nothing from services/.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test-support' ? [] : sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

const importsOf = (source: string): string[] =>
  [...source.matchAll(/(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/g)].map((m) => m[1]!);

describe('projections/', () => {
  it('imports nothing from services/', () => {
    const files = sources(join(root, 'projections'));
    expect(files.length).toBeGreaterThan(10);
    const offences = files.flatMap((file) =>
      importsOf(readFileSync(file, 'utf8'))
        .filter((s) => s.startsWith('.'))
        .map((s) => relative(root, resolve(file, '..', s)))
        .filter((target) => target.startsWith('services/'))
        .map((target) => `${relative(root, file)} imports ${target}`),
    );
    expect(offences).toEqual([]);
  });
});
