// `mahjong-ledger serve` as a process of its own, as an operator runs it: started with an environment, its
// banner read for the URL and the organizer token, killed (SIGKILL: a crash) or stopped (SIGTERM) by its pid.
import { type ChildProcess, spawn } from 'node:child_process';
import { type AddressInfo, createServer } from 'node:net';
import { REPO_ROOT } from './support.ts';

/** How long a server may take to start on a loaded 2-core machine: a bound, never a measure. */
const START_BOUND_MS = 60_000;

export interface ServeProcess {
  readonly url: string;
  readonly organizerToken: string;
  readonly pid: number;
  /** Standard error so far (the last 20,000 characters). */
  stderr(): string;
  /** Ends it at once, as a crash would: nothing of it closes or releases anything. */
  kill(): Promise<void>;
  /** SIGTERM and wait for the exit (SIGKILL past the bound). */
  stop(): Promise<void>;
}

/** The environment without the stores, queue and port of whoever runs the test (CI sets them). */
function baseEnv(): Record<string, string> {
  const drop = new Set(['DATA_DIR', 'DATABASE_URL', 'KURRENTDB_URL', 'REDIS_URL', 'QUEUE_PREFIX', 'PORT']);
  return Object.fromEntries(
    Object.entries(process.env).filter(
      (entry): entry is [string, string] => entry[1] !== undefined && !drop.has(entry[0]),
    ),
  );
}

/** A port free now on the loopback (a restarted server listens where its clients reconnect). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port } = server.address() as AddressInfo;
  await new Promise((done) => server.close(done));
  return port;
}

export async function startServe(env: Readonly<Record<string, string>>, port = 0): Promise<ServeProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'services/cli.ts', 'serve', '--port', String(port)],
    { cwd: REPO_ROOT, env: { ...baseEnv(), LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let stderr = '';
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  const ready = await new Promise<{ url: string; organizerToken: string }>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve did not start: ${stderr}`)), START_BOUND_MS);
    child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-20_000);
      const url = /running on (http:\/\/\S+)/.exec(stderr)?.[1];
      const token = /Organizer token: (\S+)/.exec(stderr)?.[1];
      if (url === undefined || token === undefined) return;
      clearTimeout(timer);
      done({ url: url.replace('localhost', '127.0.0.1'), organizerToken: token });
    });
    void exited.then(() => {
      clearTimeout(timer);
      fail(new Error(`serve exited before it listened: ${stderr}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  const over = () => child.exitCode !== null || child.signalCode !== null;
  return {
    ...ready,
    pid: child.pid!,
    stderr: () => stderr,
    async kill() {
      if (over()) return;
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (over()) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), START_BOUND_MS);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** A `node --import tsx` child (the load generator, a CLI command) run to its end: exit code and output. */
export function runNode(args: readonly string[], env: Readonly<Record<string, string>> = {}) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((done) =>
    child.once('exit', (code) => done({ code, stdout, stderr })),
  );
}
