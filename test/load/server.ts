// A platform server for the load (sweep mode and the small load test start it as a process of its own): the
// server `serve` runs (startPlatformServer, on DATA_DIR or DATABASE_URL), on 127.0.0.1 and a free port, with
// no demo and no bots (the load's clients are the players). Two things differ from `serve`, both for the
// load: its logs go to standard error at `warn` (LOG_LEVEL), not a line per request; and `--rate-limit off`
// lifts the per-token rate limit (flat-out seats send more than a person's 20 a second). When it listens, it
// prints one JSON line on standard output: { url, organizerToken, pid }. SIGTERM or SIGINT stops it.
import pino from 'pino';
import { createLogger } from '../../services/api/logging.ts';
import { stopOnSignals } from '../../services/commands/serve.ts';
import { loadConfig } from '../../services/config.ts';
import { startPlatformServer } from '../../services/server.ts';

const rateLimitOff =
  process.argv.includes('--rate-limit') &&
  process.argv.at(process.argv.indexOf('--rate-limit') + 1) === 'off';
const level = (process.env.LOG_LEVEL ?? 'warn') as pino.LevelWithSilent;

const server = await startPlatformServer(loadConfig(process.env), {
  port: 0,
  host: '127.0.0.1',
  logger: createLogger({ level, destination: pino.destination(2) }),
  ...(rateLimitOff ? { rateLimit: false } : {}),
});
stopOnSignals(server, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => '',
});
process.stdout.write(
  `${JSON.stringify({ url: server.url, organizerToken: server.organizerToken, pid: process.pid })}\n`,
);
