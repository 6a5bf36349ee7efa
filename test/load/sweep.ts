// Sweep mode (`npm run test:load`): a fresh server for each step (a SQLite DATA_DIR of its own; or, with
// DATABASE_URL, one or two server processes on that PostgreSQL, the seats spread over them), the load run
// against it with more tables each step, until the actions' p99 reaches the bound or any error comes: the
// largest table count that held is the answer.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type LoadOptions, type LoadReport, runLoad } from './generator.ts';
import { type ServerProcess, startServerProcess } from './server-process.ts';
import { ROUTES } from './stats.ts';

export interface SweepOptions extends Omit<LoadOptions, 'urls' | 'token' | 'tables'> {
  readonly steps: readonly number[];
  /** A step holds while the actions' p99 stays under this. */
  readonly p99Ms: number;
  /** Server processes (more than one needs DATABASE_URL: they share its store). */
  readonly servers: number;
  readonly databaseUrl?: string;
  readonly rateLimit?: 'default' | 'off';
}

export interface SweepStep {
  readonly tables: number;
  readonly commandsPerSecond: number;
  readonly acknowledged: number;
  readonly p50: number;
  readonly p99: number;
  /** The actions' p99 over requests sent after the run's first WARM_UP_SECONDS (stats.ts). */
  readonly steadyP99: number;
  readonly max: number;
  readonly firstEventP99: number;
  readonly ownViewP99: number;
  readonly errors: number;
  readonly errorsBy: Record<string, number>;
  readonly eventsStored: number;
  readonly held: boolean;
  /** As held, on the p99 after the warm-up: the sweep goes on while this holds. */
  readonly heldSteady: boolean;
  readonly report: LoadReport;
}

export interface SweepReport {
  readonly mode: 'sweep';
  readonly store: 'sqlite' | 'postgres';
  readonly servers: number;
  readonly pace: LoadOptions['pace'];
  readonly seconds: number;
  readonly p99Ms: number;
  readonly steps: readonly SweepStep[];
  /** The largest table count that held (0: not even the first). */
  readonly held: number;
  /** The same on the p99 after the warm-up. */
  readonly heldSteady: number;
}

export async function sweep(options: SweepOptions): Promise<SweepReport> {
  const log = options.log ?? (() => undefined);
  const steps: SweepStep[] = [];
  for (const tables of options.steps) {
    const dirs = Array.from({ length: options.servers }, () => mkdtempSync(join(tmpdir(), 'ml-load-')));
    const servers: ServerProcess[] = [];
    try {
      for (const dir of dirs)
        servers.push(
          await startServerProcess({
            env: {
              DATA_DIR: dir,
              ...(options.databaseUrl === undefined ? {} : { DATABASE_URL: options.databaseUrl }),
            },
            rateLimit: options.rateLimit ?? 'default',
          }),
        );
      log(`step ${tables} tables: ${servers.map((s) => `${s.url} (pid ${s.pid})`).join(', ')}`);
      const report = await runLoad({
        ...options,
        urls: servers.map((s) => s.url),
        token: servers[0]!.organizerToken,
        tables,
      });
      const action = report.routes[ROUTES.action];
      const p99 = action?.p99 ?? 0;
      const steadyP99 = report.steadyRoutes[ROUTES.action]?.p99 ?? 0;
      const clean = report.errors.total === 0 && report.acknowledged > 0;
      const held = clean && p99 < options.p99Ms;
      const heldSteady = clean && steadyP99 < options.p99Ms;
      steps.push({
        tables,
        commandsPerSecond: report.commandsPerSecond,
        acknowledged: report.acknowledged,
        p50: action?.p50 ?? 0,
        p99,
        steadyP99,
        max: action?.max ?? 0,
        firstEventP99: report.routes[ROUTES.firstEvent]?.p99 ?? 0,
        ownViewP99: report.routes[ROUTES.ownView]?.p99 ?? 0,
        errors: report.errors.total,
        errorsBy: report.errors.by,
        eventsStored: report.eventsStored,
        held,
        heldSteady,
        report,
      });
      log(sweepLine(steps.at(-1)!));
      for (const [what, n] of Object.entries(report.errors.by)) log(`  ${pad(n, 6)}  ${what}`);
      if (!heldSteady) break;
    } finally {
      for (const server of servers) {
        const code = await server.stop();
        if (code !== 0) log(`server pid ${server.pid} exited ${code}: ${server.stderr().slice(-2000)}`);
      }
      for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
    }
  }
  return {
    mode: 'sweep',
    store: options.databaseUrl === undefined ? 'sqlite' : 'postgres',
    servers: options.servers,
    pace: options.pace,
    seconds: options.seconds,
    p99Ms: options.p99Ms,
    steps,
    held: Math.max(0, ...steps.filter((s) => s.held).map((s) => s.tables)),
    heldSteady: Math.max(0, ...steps.filter((s) => s.heldSteady).map((s) => s.tables)),
  };
}

const pad = (text: string | number, width: number) => String(text).padStart(width);

function sweepLine(step: SweepStep): string {
  return [
    pad(step.tables, 6),
    pad(step.commandsPerSecond, 10),
    pad(step.p50, 8),
    pad(step.p99, 8),
    pad(step.steadyP99, 10),
    pad(step.max, 8),
    pad(step.firstEventP99, 12),
    pad(step.ownViewP99, 12),
    pad(step.errors, 7),
    `  ${step.held ? 'held' : step.heldSteady ? 'held after the first 5 s' : 'did not hold'}`,
  ].join(' ');
}

/** The sweep as a table for people (standard error). */
export function sweepText(report: SweepReport): string {
  const header = [
    pad('tables', 6),
    pad('commands/s', 10),
    pad('p50 ms', 8),
    pad('p99 ms', 8),
    pad('p99 > 5 s', 10),
    pad('max ms', 8),
    pad('1st event', 12),
    pad('own view', 12),
    pad('errors', 7),
  ].join(' ');
  return [
    `sweep: ${report.store}, ${report.servers} server process${report.servers === 1 ? '' : 'es'}, pace ${report.pace}, ${report.seconds} s a step, holds while the actions' p99 < ${report.p99Ms} ms and no error`,
    `(p50/p99/max: ${ROUTES.action}; p99 > 5 s: over the requests sent after the first 5 s; 1st event: the seat stream's first view, p99; own view: a move sent to its view pushed, p99; the sweep goes on while the p99 after 5 s holds)`,
    header,
    ...report.steps.map(sweepLine),
    `largest table count that held: ${report.held}; after the first 5 s: ${report.heldSteady}`,
    '',
  ].join('\n');
}
