// Server processes the load starts itself (sweep mode, the small load test): test/load/server.ts in a process
// of its own, its ready line read for the URL and the organizer token, stopped by its own pid (SIGTERM, then
// SIGKILL past a bound), its standard error kept for a failure's message.
import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';

export const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** How long a server may take to start or to stop on a loaded 2-core machine: a bound, never a measure. */
const BOUND_MS = 60_000;

export interface ServerProcess {
  readonly url: string;
  readonly organizerToken: string;
  readonly pid: number;
  /** Standard error so far. */
  stderr(): string;
  /** SIGTERM and wait (SIGKILL past the bound); answers the exit code (null when killed). */
  stop(): Promise<number | null>;
}

export interface ServerProcessOptions {
  /** DATA_DIR, DATABASE_URL… on top of this process's environment (without its stores and PORT). */
  readonly env: Readonly<Record<string, string>>;
  readonly rateLimit?: 'default' | 'off';
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'test/load/server.ts',
      ...(options.rateLimit === 'off' ? ['--rate-limit', 'off'] : []),
    ],
    { cwd: REPO_ROOT, env: { ...cleanEnv(), ...options.env }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stdout = '';
  let stderr = '';
  child.stderr!.setEncoding('utf8').on('data', (chunk: string) => {
    stderr = (stderr + chunk).slice(-20_000);
  });
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const ready = await new Promise<{ url: string; organizerToken: string }>((done, fail) => {
    const timer = setTimeout(
      () => fail(new Error(`the server did not start within ${BOUND_MS} ms: ${stderr}`)),
      BOUND_MS,
    );
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      const line = stdout.split('\n').find((l) => l.startsWith('{"url"'));
      if (line === undefined) return;
      clearTimeout(timer);
      done(JSON.parse(line) as { url: string; organizerToken: string });
    });
    void exited.then((code) => {
      clearTimeout(timer);
      fail(new Error(`the server exited (${code}) before it listened: ${stderr}`));
    });
  }).catch((error: unknown) => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    throw error;
  });
  return {
    ...ready,
    pid: child.pid!,
    stderr: () => stderr,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), BOUND_MS);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/** This process's environment without the stores, queue and port of whoever runs it (CI sets them). */
export function cleanEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(process.env))
    if (
      value !== undefined &&
      ![
        'DATA_DIR',
        'DATABASE_URL',
        'KURRENTDB_URL',
        'REDIS_URL',
        'QUEUE_PREFIX',
        'PORT',
        'METRICS_PORT',
      ].includes(name)
    )
      env[name] = value;
  return env;
}
