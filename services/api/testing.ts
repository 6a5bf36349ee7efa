// Test support: the app on a real port over a private in-memory database, with a silent logger.
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type AppDeps, createApp, startServer, stopServer } from './app.ts';
import { issueToken, type PrincipalClaims } from './auth.ts';
import { type ApiDatabase, openSqliteApiDatabase } from './db.ts';
import { createLogger } from './logging.ts';
import { type ApiMetrics, createMetrics } from './metrics.ts';

export interface TestApi {
  readonly url: string;
  readonly db: Kysely<ApiDatabase>;
  readonly metrics: ApiMetrics;
  /** A token for the principal, ready for an Authorization header. */
  readonly tokenFor: (claims: PrincipalClaims) => Promise<string>;
  readonly close: () => Promise<void>;
}

export async function startTestApi(
  deps: Partial<Omit<AppDeps, 'db'>> & { readonly logger?: Logger } = {},
): Promise<TestApi> {
  const db = await openSqliteApiDatabase(':memory:');
  const metrics = deps.metrics ?? createMetrics({ defaultMetrics: false });
  const app = createApp({ logger: createLogger({ level: 'silent' }), ...deps, db, metrics });
  const server: Server = await startServer(app, 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    metrics,
    tokenFor: async (claims) => (await issueToken(db, claims)).token,
    close: async () => {
      await stopServer(server);
      await db.destroy();
    },
  };
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

export const jsonHeaders = (extra: Record<string, string> = {}): Record<string, string> => ({
  'content-type': 'application/json',
  ...extra,
});

/** A JSON body to probe in assertions: the shapes vary per test, so it is left untyped. */
// biome-ignore lint/suspicious/noExplicitAny: tests read fields of many JSON shapes
export const readJson = (response: Response): Promise<any> => response.json();
