// A real server for the browser tests: the platform on a temporary SQLite data folder, serving the built web
// app at `/` (built by global-setup.ts when its sources changed), with bots playing the live rounds.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../services/api/logging.ts';
import { loadConfig } from '../../services/config.ts';
import { type RunningServer, type ServerOptions, startPlatformServer } from '../../services/server.ts';

export interface AppServer {
  readonly server: RunningServer;
  readonly url: string;
  readonly organizerToken: string;
  /** Calls the API as the organizer (setting up what a test does not drive through pages). */
  readonly api: <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;
  readonly stop: () => Promise<void>;
}

export async function startAppServer(options: ServerOptions = {}): Promise<AppServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'mahjong-ledger-browser-'));
  const server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    rateLimit: false,
    ...options,
  });
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${server.organizerToken}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text === '' ? undefined : JSON.parse(text)) as T;
  };
  return {
    server,
    url: server.url,
    organizerToken: server.organizerToken,
    api,
    stop: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
