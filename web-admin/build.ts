// Builds the web app into web-admin/dist (`npm run build:web`); run by `npm install` (postinstall) and by
// `npm start`, which pass --if-stale: then it builds only when a source is newer than the last build, so a
// user never runs a build step and a developer's edit is never served stale.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';

const root = import.meta.dirname;
const builtIndex = join(root, 'dist', 'index.html');
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'public'];

function newestChange(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

export function isStale(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  return SOURCES.some((source) => newestChange(join(root, source)) > built);
}

export async function buildWebApp(options: { ifStale?: boolean; quiet?: boolean } = {}): Promise<boolean> {
  if (options.ifStale === true && !isStale()) return false;
  await build({
    configFile: join(root, 'vite.config.ts'),
    logLevel: options.quiet === true ? 'warn' : 'info',
  });
  return true;
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const ifStale = process.argv.includes('--if-stale');
  buildWebApp({ ifStale, quiet: ifStale }).then(
    (built) => {
      if (!built) return;
      if (ifStale) console.log('web app built into web-admin/dist');
    },
    (error: unknown) => {
      console.error(`web app build failed: ${error instanceof Error ? error.message : String(error)}`);
      process.exit(1);
    },
  );
}
