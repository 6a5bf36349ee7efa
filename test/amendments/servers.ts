// The whole server (services/server.ts) for the amendment tests over HTTP: on SQLite files in a temp DATA_DIR,
// or on PostgreSQL in a database of its own made for the run (DATABASE_URL names the server to use; the
// server's schemas are fixed, so a database of its own keeps it apart from any other test), dropped after.
// The store may be filled before the server starts (a demo played by bots), as a server restarted on it
// would find it. No REDIS_URL is given: the amendment queue is the in-process one.
import { join } from 'node:path';
import { createLogger } from '../../services/api/logging.ts';
import { loadConfig } from '../../services/config.ts';
import type { EventStore } from '../../services/eventstore/port.ts';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { type RunningServer, startPlatformServer } from '../../services/server.ts';
import { postgresUrl, throwawayDatabase } from '../support/services.ts';
import { type Json, tempDir } from './support.ts';

export interface Backend {
  readonly name: string;
  /** Fills the store with `fill`, then starts the server on it. */
  start(fill?: (store: EventStore) => Promise<unknown>): Promise<TestServer>;
}

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  readonly body: Json;
}

export interface TestServer {
  readonly server: RunningServer;
  readonly dataDir: string;
  readonly call: (
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ) => Promise<Reply>;
  close(): Promise<void>;
}

const SERVER_OPTIONS = {
  port: 0,
  host: '127.0.0.1',
  logger: createLogger({ level: 'silent' }),
  rateLimit: false,
} as const;

function serving(server: RunningServer, dataDir: string, dispose: () => Promise<void>): TestServer {
  const organizer = { authorization: `Bearer ${server.organizerToken}` };
  return {
    server,
    dataDir,
    async call(method, path, body, headers = {}) {
      const response = await fetch(`${server.url}${path}`, {
        method,
        headers: { 'content-type': 'application/json', ...organizer, ...headers },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await response.text();
      return {
        status: response.status,
        headers: response.headers,
        body: text === '' ? undefined : JSON.parse(text),
      };
    },
    async close() {
      try {
        await server.close();
      } finally {
        await dispose();
      }
    },
  };
}

export const sqliteBackend: Backend = {
  name: 'SQLite',
  async start(fill) {
    const dir = tempDir('amend-server-');
    try {
      if (fill !== undefined) {
        const store = openSqliteEventStore(join(dir.dir, 'events.db'));
        try {
          await fill(store);
        } finally {
          await store.close();
        }
      }
      const server = await startPlatformServer(loadConfig({ DATA_DIR: dir.dir }), SERVER_OPTIONS);
      return serving(server, dir.dir, async () => dir.remove());
    } catch (error) {
      dir.remove();
      throw error;
    }
  },
};

export const postgresBackend = (url: string): Backend => ({
  name: 'PostgreSQL',
  async start(fill) {
    const dir = tempDir('amend-server-pg-');
    const database = await throwawayDatabase(url, 'amend');
    const dispose = async () => {
      dir.remove();
      await database.drop();
    };
    try {
      if (fill !== undefined) {
        const store = await openPostgresEventStore(database.url);
        try {
          await fill(store);
        } finally {
          await store.close();
        }
      }
      const server = await startPlatformServer(
        loadConfig({ DATA_DIR: dir.dir, DATABASE_URL: database.url }),
        SERVER_OPTIONS,
      );
      return serving(server, dir.dir, dispose);
    } catch (error) {
      await dispose();
      throw error;
    }
  },
});

/** SQLite always; PostgreSQL when DATABASE_URL answers (postgresUrl prints why not, or fails under REQUIRE_ALL=1). */
export async function backends(): Promise<Backend[]> {
  const url = await postgresUrl();
  return url === undefined ? [sqliteBackend] : [sqliteBackend, postgresBackend(url)];
}
