// `npm run api:types`: the web app's API types (web-admin/src/api/schema.d.ts) from the platform's OpenAPI
// document, generated from the route list with no server running. openapi-typescript 6, because 7 needs
// TypeScript 5's compiler API, which TypeScript 7 has no more; its output formatted by Biome like the rest of
// the code. `--json <file>` writes the document too, for a linter or another client's generator.
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import openapiTS, { type OpenAPI3 } from 'openapi-typescript';
import { platformOpenApiDocument } from './platform-openapi.ts';

const root = join(import.meta.dirname, '..', '..');
export const API_TYPES_FILE = join(root, 'web-admin', 'src', 'api', 'schema.d.ts');

const HEADER = `// Generated from the API's OpenAPI document by \`npm run api:types\` (services/api/api-types.ts): do not
// edit. The web app's client (client.ts) is typed by it; test/openapi/ fails once it no longer fits the API.
// biome-ignore-all lint: openapi-typescript's own helper types (OneOf) use any and {}`;

/** The types of the document's paths and components, as schema.d.ts holds them. */
export async function apiTypes(document: object = platformOpenApiDocument()): Promise<string> {
  const types = await openapiTS(document as OpenAPI3, { commentHeader: HEADER, silent: true });
  return formatted(types);
}

function formatted(source: string): string {
  const biome = join(root, 'node_modules', '.bin', 'biome');
  const run = spawnSync(biome, ['format', `--stdin-file-path=${relative(root, API_TYPES_FILE)}`], {
    cwd: root,
    input: source,
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`biome format failed: ${run.stderr}`);
  return run.stdout;
}

async function main(args: readonly string[]): Promise<void> {
  const document = platformOpenApiDocument();
  const json = args.indexOf('--json');
  if (json >= 0) {
    const file = args[json + 1];
    if (file === undefined) throw new Error('--json needs a file to write the document to');
    writeFileSync(file, `${JSON.stringify(document, null, 2)}\n`);
    console.log(`OpenAPI document written to ${file}`);
  }
  writeFileSync(API_TYPES_FILE, await apiTypes(document));
  console.log(`API types written to ${relative(process.cwd(), API_TYPES_FILE)}`);
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(`api:types failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
