// The server's parts as startPlatformServer wires them, over an API database a test opens itself (SQLite or
// PostgreSQL), on a free port: for the security tests that need the whole API beside the API's own tables.
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { openReadModels, type ReadModels } from '../../projections/index.ts';
import { createApp, startServer, stopServer } from '../../services/api/app.ts';
import type { ApiDatabase } from '../../services/api/db.ts';
import { createLogger } from '../../services/api/logging.ts';
import { platformRoutes } from '../../services/api/routes/platform-routes.ts';
import { BoardFeed } from '../../services/api/routes/queries.ts';
import { seatEndedOf } from '../../services/api/routes/tokens.ts';
import type { EventStore } from '../../services/eventstore/port.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { createPlatform, type Platform } from '../../services/platform.ts';

export interface Stack {
  readonly url: string;
  readonly db: Kysely<ApiDatabase>;
  readonly platform: Platform;
  readonly store: EventStore;
  readonly readModels: ReadModels;
  close(): Promise<void>;
}

export async function startStack(db: Kysely<ApiDatabase>): Promise<Stack> {
  const dir = mkdtempSync(join(tmpdir(), 'ml-api-stack-'));
  const store = openSqliteEventStore(join(dir, 'events.db'));
  const readModels = await openReadModels({ kind: 'sqlite', file: join(dir, 'read-models.db') });
  const platform = createPlatform(store, { deadlines: false });
  const app = createApp({
    db,
    logger: createLogger({ level: 'silent' }),
    rateLimit: false,
    routes: platformRoutes(platform, { readModels, feed: new BoardFeed() }),
    seatEnded: seatEndedOf(platform),
  });
  const server: Server = await startServer(app, 0, '127.0.0.1');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    db,
    platform,
    store,
    readModels,
    async close() {
      await stopServer(server);
      platform.close();
      await db.destroy();
      await readModels.destroy();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
