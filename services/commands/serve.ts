// `serve` options, checked before the server opens anything; and how the server stops on a signal.
import { z } from 'zod';
import type { Io } from '../cli.ts';
import type { RunningServer } from '../server.ts';
import { DemoArguments } from './demo.ts';

export const ServeArguments = DemoArguments.extend({
  demo: z.boolean().default(false),
  bots: z.boolean().default(false),
  port: z.coerce.number().int().min(0).max(65535, 'a port from 0 to 65535').optional(),
  pace: z.coerce.number().int().min(0, 'milliseconds, 0 or more').max(60_000, 'at most 60000 ms'),
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
