// Locates ../shared (beside the repository) for tests that read the rule texts or the kobalab corpus.
// Absent on a user's clone: such tests skip with a message; under REQUIRE_ALL=1 (as in .ci/run) they fail.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');

export const SHARED_DIR = process.env.SHARED_DIR ?? resolve(repoRoot, '..', 'shared');
export const REQUIRE_ALL = process.env.REQUIRE_ALL === '1';

/** The path of a file under ../shared, or undefined (with a printed reason) when it is missing. */
export function sharedFile(relative: string): string | undefined {
  const path = join(SHARED_DIR, relative);
  if (existsSync(path)) return path;
  const message = `${path} is missing: tests that read it are skipped (set SHARED_DIR to point at the shared folder)`;
  if (REQUIRE_ALL) throw new Error(`REQUIRE_ALL=1: ${message}`);
  console.warn(`skip: ${message}`);
  return undefined;
}

/** Reads a JSON-lines file into objects. */
export function readJsonLines<T>(path: string): T[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as T);
}
