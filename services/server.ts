// The server (`mahjong-ledger serve`, `npm start`): the event store the configuration names, the read models
// beside it (SQLite files in DATA_DIR, or PostgreSQL), the platform's services, the projections following the
// store, and the HTTP API. With `demo`, a demo tournament is played by bots at a watchable pace; with `bots`,
// every live round started on the server is (a rehearsal server: services/tables/bot-rounds.ts).
import type { Server } from 'node:http';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { suitTable } from '../domain/hand/suit-table.ts';
import { openReadModels, type ReadModels } from '../projections/index.ts';
import { openAmendmentQueue, QUEUE_BOARD_PATH, tournamentIdsOf } from './amendments/open.ts';
import { Amendments } from './amendments/service.ts';
import { createApp, startServer, stopServer } from './api/app.ts';
import { type ApiDatabase, openPostgresApiDatabase, openSqliteApiDatabase } from './api/db.ts';
import { createLogger } from './api/logging.ts';
import { createMetrics, createMetricsApp } from './api/metrics.ts';
import { serverOrganizerToken } from './api/organizer-token.ts';
import { notFound, sendProblem } from './api/problem.ts';
import { platformRoutes } from './api/routes/platform-routes.ts';
import { BoardFeed } from './api/routes/queries.ts';
import { seatEndedOf } from './api/routes/tokens.ts';
import { webAppFiles } from './api/web-app.ts';
import type { Config } from './config.ts';
import { type LiveDemo, type LiveDemoOptions, startLiveDemo } from './demo/live-demo.ts';
import { API_FILE, openConfiguredEventStore, READ_MODELS_FILE } from './eventstore/open.ts';
import type { EventStore } from './eventstore/port.ts';
import { followOtherProcesses } from './other-processes.ts';
import { createPlatform, type Platform } from './platform.ts';
import {
  notingAppends,
  type ProjectionHooks,
  projectInProcess,
  projectInThread,
  type ServerProjections,
} from './projection-worker/follower.ts';
import { queueBoardRouter } from './queue/board.ts';
import { runnerOf } from './read-models.ts';
import { type BotRounds, type BotRoundsOptions, startBotRounds } from './tables/bot-rounds.ts';
import { openSqlLeases } from './tables/leases/sql-leases.ts';

/**
 * Where projections run unless told: in a thread of their own where the machine has a core for it beside the
 * request thread. On 2 cores the thread took no core of its own: at 150 and 200 live tables it cut the request
 * thread's CPU per action by 10-26% but did not lower the actions' p99, and the two threads used more CPU
 * together than one (docs/projections.md).
 */
const defaultProjections = (): 'thread' | 'in-process' =>
  availableParallelism() > 2 ? 'thread' : 'in-process';

/** How often the server queues again recomputes on record whose job the queue does not know. */
const RESUME_EVERY_MS = 60_000;

export interface ServerOptions {
  readonly logger?: Logger;
  /** Listen on this port (0: any free one); default the configuration's PORT. */
  readonly port?: number;
  readonly host?: string;
  readonly demo?: Omit<LiveDemoOptions, 'onError'>;
  /**
   * Bots play every seat of every live round's tables (not rounds whose hands are entered), `pauseMs` between
   * two actions at a table: a rehearsal server.
   */
  readonly bots?: Pick<BotRoundsOptions, 'pauseMs'>;
  /** Per token (or IP) per minute; default the API's own. */
  readonly rateLimit?: { readonly windowMs: number; readonly limit: number } | false;
  /** Serve /metrics on this port of its own (0: any free one) instead of the configuration's METRICS_PORT. */
  readonly metricsPort?: number;
  /** Run amendment recomputes in this process (default true; `cli worker` runs them alone). */
  readonly worker?: boolean;
  /** The queue's Redis key prefix (tests keep runs apart); default 'mahjong-ledger'. */
  readonly queuePrefix?: string;
  /** Where the projections run; default the configuration's PROJECTIONS, else by the machine's cores. */
  readonly projections?: 'thread' | 'in-process';
}

export interface RunningServer {
  readonly url: string;
  /** Where /metrics is served when it has a bind address of its own. */
  readonly metricsUrl: string | undefined;
  readonly organizerToken: string;
  readonly platform: Platform;
  readonly readModels: ReadModels;
  /** The read models' projections: `catchUp()` resolves once they hold what was appended before. */
  readonly projections: ServerProjections;
  readonly feed: BoardFeed;
  readonly demo: LiveDemo | undefined;
  readonly bots: BotRounds | undefined;
  readonly amendments: Amendments;
  readonly where: string;
  close(): Promise<void>;
}

/** The read models and the API's tables where the events are: PostgreSQL schemas, or SQLite files beside them. */
export { runnerOf };

export async function openStores(config: Config): Promise<{
  store: EventStore;
  where: string;
  readModels: ReadModels;
  apiDb: Kysely<ApiDatabase>;
}> {
  const { store, where } = await openConfiguredEventStore(config);
  if (config.databaseUrl !== undefined)
    return {
      store,
      where,
      readModels: await openReadModels({ kind: 'postgres', url: config.databaseUrl, schema: 'read_models' }),
      apiDb: await openPostgresApiDatabase(config.databaseUrl, { schema: 'api' }),
    };
  return {
    store,
    where,
    readModels: await openReadModels({ kind: 'sqlite', file: join(config.dataDir, READ_MODELS_FILE) }),
    apiDb: await openSqliteApiDatabase(join(config.dataDir, API_FILE)),
  };
}

/** The server could not listen where it was told to (a port in use, a privileged port, no such address). */
export class PortUnavailable extends Error {
  override readonly name = 'PortUnavailable';
  constructor(
    /** The setting that names it: PORT (or --port), or METRICS_PORT. */
    readonly setting: 'PORT' | 'METRICS_PORT',
    readonly code: string,
    cause: Error,
  ) {
    super(
      code === 'EADDRINUSE'
        ? `${cause.message.replace(/^listen /, '')}: another server is listening there; choose another ${setting === 'PORT' ? 'PORT or --port' : setting}, or stop it`
        : `${cause.message.replace(/^listen /, '')}: choose another ${setting === 'PORT' ? 'PORT or --port' : setting}`,
      { cause },
    );
  }
}

export async function startPlatformServer(
  config: Config,
  options: ServerOptions = {},
): Promise<RunningServer> {
  const logger = options.logger ?? createLogger();
  // Built on first use otherwise: by the first discard any seat may claim, at a round's start, while every
  // table makes its first moves at once (tens of milliseconds added to those).
  suitTable();
  const opened = await openStores(config);
  const { where, readModels, apiDb } = opened;
  // Where this process's last append went: a query waits for the read models to reach it (queryRoutes).
  let lastAppended = 0n;
  const store = notingAppends(opened.store, (position) => {
    if (position > lastAppended) lastAppended = position;
  });
  const metrics = createMetrics();
  const metricsBind =
    options.metricsPort === undefined
      ? config.metrics
      : { port: options.metricsPort, host: config.metrics?.host ?? '127.0.0.1' };
  const feed = new BoardFeed();
  const onError = (error: unknown) => logger.error({ err: error }, 'background work failed');
  // On PostgreSQL other processes may serve the same store: live tables are leased (services/tables/leases).
  const leases =
    config.databaseUrl === undefined
      ? undefined
      : await openSqlLeases(apiDb as Kysely<unknown>, { leaseMs: config.tableLeaseMs, onError });
  const platform = createPlatform(store, {
    onAppended: (events) => {
      for (const event of events) metrics.eventsAppended.inc({ type: event.type });
    },
    onError,
    ...(leases === undefined ? {} : { leases }),
  });
  const others =
    leases === undefined ? undefined : followOtherProcesses(platform, readModels, feed, leases, onError);
  // Caught up before the server answers; then following the store, in a thread of their own unless the store
  // lives in this one (in memory) or the configuration says otherwise.
  const hooks: ProjectionHooks = {
    onCommitted: (projection, keys) => {
      if (projection === 'board') feed.changed(keys);
    },
    onError: (error) => logger.warn({ err: error }, 'projecting failed; catching up again shortly'),
    ...(others === undefined ? {} : { onFollowed: others.observe }),
  };
  const inThread =
    (options.projections ?? config.projections ?? defaultProjections()) === 'thread' &&
    store.address !== undefined;
  // What a start that fails leaves to close, once what came after it is closed.
  const closeOpened = async () => {
    others?.stop();
    await leases?.close();
    platform.close();
    await apiDb.destroy();
    await readModels.destroy();
    await store.close();
  };
  let projections: ServerProjections;
  try {
    projections = inThread
      ? await projectInThread(config, store, hooks)
      : await projectInProcess(store, readModels, hooks, config.databaseUrl);
  } catch (error) {
    await closeOpened();
    throw error;
  }
  const queue = openAmendmentQueue(config, options.queuePrefix, onError);
  const amendments = new Amendments(platform, queue);
  const worker = options.worker === false ? undefined : amendments.work();
  const app = createApp({
    db: apiDb,
    logger,
    metrics,
    routes: platformRoutes(
      platform,
      {
        readModels,
        feed,
        catchUp: () => projections.catchUp(),
        settled: () => projections.reached(lastAppended),
      },
      amendments,
    ),
    adminPages: [
      {
        path: QUEUE_BOARD_PATH,
        router:
          queue.kind === 'bullmq'
            ? queueBoardRouter({ basePath: QUEUE_BOARD_PATH, queues: [queue] })
            : (req, res) =>
                sendProblem(
                  req,
                  res,
                  notFound(
                    'the queue dashboard shows BullMQ queues: jobs run in this process (set REDIS_URL)',
                  ),
                ),
      },
    ],
    ...(options.rateLimit === undefined ? {} : { rateLimit: options.rateLimit }),
    metricsEndpoint: metricsBind === undefined ? 'organizers' : 'none',
    seatEnded: seatEndedOf(platform),
    ...(config.trustProxy === undefined ? {} : { trustProxy: config.trustProxy }),
    webApp: webAppFiles(),
    serveRequest: (_req, res, next) => platform.tables.forRequest(res, next),
  });
  const port = options.port ?? config.port;
  let server: Server | undefined;
  let metricsServer: Server | undefined;
  try {
    server = await startServer(app, port, options.host);
    if (metricsBind !== undefined)
      metricsServer = await startServer(createMetricsApp(metrics), metricsBind.port, metricsBind.host);
  } catch (error) {
    // Nothing listens: leave nothing open behind (the stores, the follower), then say which port it was.
    if (server !== undefined) await stopServer(server);
    await worker?.close();
    await queue.close();
    await projections.close();
    await closeOpened();
    const code = (error as { code?: unknown }).code;
    if (code === 'EADDRINUSE' || code === 'EACCES' || code === 'EADDRNOTAVAIL')
      throw new PortUnavailable(server === undefined ? 'PORT' : 'METRICS_PORT', code, error as Error);
    throw error;
  }
  const address = server.address();
  const actualPort = typeof address === 'object' && address !== null ? address.port : port;
  const url = `http://${options.host ?? 'localhost'}:${actualPort}`;
  // Kept in DATA_DIR/organizer-token: every start prints the same token while it works.
  const { token: organizerToken } = await serverOrganizerToken(apiDb, config.dataDir);
  // The in-process queue forgot the jobs of a stopped process: recomputes on record but not applied go again;
  // and now and then, for an amendment made while the queue was away (a duplicate add is refused: no harm).
  const resume = () => tournamentIdsOf(readModels).then((ids) => amendments.resume(ids));
  await resume().catch(onError);
  const resuming = setInterval(() => resume().catch(onError), RESUME_EVERY_MS);
  resuming.unref();
  const demo =
    options.demo === undefined ? undefined : await startLiveDemo(platform, { ...options.demo, onError });
  // The demo's director plays its own tables.
  const bots =
    options.bots === undefined
      ? undefined
      : startBotRounds(platform, {
          pauseMs: options.bots.pauseMs,
          onError,
          except: (tournamentId) => tournamentId === demo?.tournamentId,
        });
  const metricsAddress = metricsServer?.address();
  return {
    url,
    metricsUrl:
      typeof metricsAddress === 'object' && metricsAddress !== null
        ? `http://${metricsBind?.host}:${metricsAddress.port}`
        : undefined,
    organizerToken,
    platform,
    readModels,
    projections,
    feed,
    demo,
    bots,
    amendments,
    where,
    async close() {
      // Every step is tried, so a failed one (a subscription that ended in error) still closes the stores.
      const failures: unknown[] = [];
      const step = async (work: () => unknown) => {
        try {
          await work();
        } catch (error) {
          failures.push(error);
        }
      };
      await step(() => demo?.stop());
      await step(() => bots?.stop());
      await step(() => stopServer(server));
      if (metricsServer !== undefined) await step(() => stopServer(metricsServer));
      await step(() => worker?.close());
      clearInterval(resuming);
      others?.stop();
      await step(() => leases?.close());
      await step(() => queue.close());
      await step(() => platform.close());
      await step(() => projections.close());
      await step(() => feed.close());
      await step(() => apiDb.destroy());
      await step(() => readModels.destroy());
      await step(() => store.close());
      if (failures.length > 0) throw failures[0];
    },
  };
}
