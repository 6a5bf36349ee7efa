// `serve` options, checked before the server opens anything; how the server stops on a signal; and
// `--workers N`: N server processes on one port (node:cluster hands each connection to one of them), over
// PostgreSQL, where live tables are leased to one process at a time (services/tables/leases).
import cluster, { type Worker } from 'node:cluster';
import { z } from 'zod';
import type { Io } from '../cli.ts';
import type { RunningServer } from '../server.ts';
import { DemoArguments } from './demo.ts';

export const ServeArguments = DemoArguments.extend({
  demo: z.boolean().default(false),
  bots: z.boolean().default(false),
  port: z.coerce.number().int().min(0).max(65535, 'a port from 0 to 65535').optional(),
  pace: z.coerce.number().int().min(0, 'milliseconds, 0 or more').max(60_000, 'at most 60000 ms'),
  workers: z.coerce.number().int().min(1, 'at least 1').max(64, 'at most 64').default(1),
});
export type ServeArguments = z.infer<typeof ServeArguments>;

/** Past this, a server still closing (a store's lock held elsewhere, a bot mid-append) exits anyway. */
export const STOP_DEADLINE_MS = 30_000;

/**
 * Ctrl-C (SIGINT) or SIGTERM closes the server: the demo stops, connections end, the stores close; then the
 * process exits 0. A close that fails or outlasts STOP_DEADLINE_MS exits 1 saying so; a second signal ends
 * the process at once (the default action, the handlers being gone).
 */
export function stopOnSignals(server: Pick<RunningServer, 'close'>, io: Io): void {
  const stop = (signal: NodeJS.Signals) => {
    io.stderr(`${signal}: stopping the server (closing the stores)…\n`);
    setTimeout(() => {
      io.stderr(`the server did not stop within ${STOP_DEADLINE_MS / 1000} s: exiting\n`);
      process.exit(1);
    }, STOP_DEADLINE_MS).unref();
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        io.stderr(`stopping the server: ${error instanceof Error ? error.message : String(error)}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

/** The worker's number (1 to N) under `--workers N`; 1 for a server of one process. */
export function workerNumber(): number {
  return cluster.isWorker ? Number(process.env.MAHJONG_LEDGER_WORKER ?? cluster.worker?.id ?? 1) : 1;
}

/** Whether this process is the one that starts N server processes rather than serving itself. */
export const startsWorkers = (workers: number): boolean => workers > 1 && cluster.isPrimary;

/** Past this many deaths in a minute a worker is not started again (it fails at start-up: say so, stop). */
const RESTARTS_PER_MINUTE = 5;

/**
 * Runs N server processes on the command's own arguments and keeps them running: a worker that dies is
 * started again under its number (its tables are taken over by the others meanwhile, and it takes its share
 * back as leases expire). SIGINT or SIGTERM stops every worker, then the primary exits 0.
 */
export function runWorkers(workers: number, io: Io): void {
  let stopping = false;
  const deaths: number[] = [];
  const byNumber = new Map<Worker, number>();
  const fork = (n: number) => byNumber.set(cluster.fork({ MAHJONG_LEDGER_WORKER: String(n) }), n);
  for (let n = 1; n <= workers; n++) fork(n);
  cluster.on('exit', (worker, code, signal) => {
    const n = byNumber.get(worker) ?? 0;
    byNumber.delete(worker);
    if (stopping) {
      if (byNumber.size === 0) process.exit(0);
      return;
    }
    io.stderr(`worker ${n} ended (${signal ?? `exit ${code}`}): starting it again\n`);
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0]! < now - 60_000) deaths.shift();
    if (deaths.length > RESTARTS_PER_MINUTE) {
      io.stderr(`workers died ${deaths.length} times within a minute: stopping\n`);
      stopping = true;
      for (const w of byNumber.keys()) w.process.kill('SIGTERM');
      process.exitCode = 1;
      if (byNumber.size === 0) process.exit(1);
      return;
    }
    fork(n);
  });
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    io.stderr(`${signal}: stopping ${byNumber.size} workers…\n`);
    for (const worker of byNumber.keys()) worker.process.kill('SIGTERM');
    setTimeout(() => process.exit(1), STOP_DEADLINE_MS + 1000).unref();
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
