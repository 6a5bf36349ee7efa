// Redis for the queue tests: the shared server (REDIS_URL, else 127.0.0.1:6379), or one of a test's own
// that it may stop and start again. Unreachable or missing: the tests skip with a message; under
// REQUIRE_ALL=1 (as in .ci/run) they fail instead.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { Redis } from 'ioredis';
import { REQUIRE_ALL } from '../../../test/support/shared-data.ts';

/** A Redis URL whose server answers, or undefined (with a printed reason). */
export async function redisUrlForTests(): Promise<string | undefined> {
  const url = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const reason = await redisUnreachable(url);
  if (reason === undefined) return url;
  return skip(reason, 'the BullMQ tests', 'set REDIS_URL, e.g. redis://127.0.0.1:6379');
}

/** True when a redis-server binary can be started (the restart test runs one of its own). */
export function redisServerAvailable(): boolean {
  try {
    execFileSync('redis-server', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    skip('redis-server is not on PATH', 'the Redis restart tests', 'install Redis 7');
    return false;
  }
}

function skip(reason: string, what: string, hint: string): undefined {
  if (REQUIRE_ALL) throw new Error(`REQUIRE_ALL=1 and ${reason}: ${what} cannot run (${hint})`);
  console.warn(`skip: ${reason}: ${what} are skipped (${hint})`);
  return undefined;
}

/** Why Redis at this URL cannot be used, or undefined when it answers. */
export async function redisUnreachable(url: string): Promise<string | undefined> {
  const client = new Redis(url, { lazyConnect: true, retryStrategy: () => null, connectTimeout: 2000 });
  let cause: Error | undefined;
  client.on('error', (error: Error) => {
    cause ??= error;
  });
  try {
    await client.connect();
    await client.ping();
    return undefined;
  } catch (error) {
    return `Redis at ${url} does not answer (${(cause ?? (error as Error)).message})`;
  } finally {
    client.disconnect();
  }
}

/** Deletes every key under a prefix: what a test run's queues left in the shared Redis. */
export async function deleteKeys(url: string, prefix: string): Promise<void> {
  const client = new Redis(url);
  try {
    let cursor = '0';
    do {
      const [next, keys] = await client.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      if (keys.length > 0) await client.del(...keys);
      cursor = next;
    } while (cursor !== '0');
  } finally {
    await client.quit();
  }
}

/** Connections whose client name starts with the prefix (BullMQ names its own after the prefix too). */
export async function connectionsNamed(url: string, prefix: string): Promise<number> {
  const client = new Redis(url);
  try {
    const list = await client.client('LIST');
    return String(list)
      .split('\n')
      .filter((line) => line.includes(` name=${prefix}:`)).length;
  } finally {
    await client.quit();
  }
}

/** A port nothing listens on at the moment. */
export async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  server.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** A redis-server of a test's own, which it may stop (SIGTERM) and start again on the same port and dir. */
export class OwnRedisServer {
  private child: ChildProcess | undefined;

  constructor(
    readonly port: number,
    private readonly dir: string,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child?.pid;
  }

  /**
   * Starts it with an append-only file synced on every write: without persistence a restarted Redis comes
   * back empty and BullMQ's jobs are gone. A production Redis for BullMQ must be configured the same way
   * (appendonly yes; appendfsync always or everysec) and with maxmemory-policy noeviction.
   */
  async start(): Promise<void> {
    const args = ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes'];
    args.push('--appendfsync', 'always', '--dir', this.dir, '--daemonize', 'no');
    const child = spawn('redis-server', args, { stdio: ['ignore', 'pipe', 'inherit'] });
    this.child = child;
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server did not start: ${output}`)), 10_000);
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (!output.includes('Ready to accept connections')) return;
        clearTimeout(timer);
        child.stdout?.off('data', onData).resume();
        resolve();
      };
      child.stdout?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${output}`)));
    });
  }

  /** Stops it by pid and waits for it to exit (SIGTERM: Redis syncs its append-only file first). */
  async stop(signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    const child = this.child;
    this.child = undefined;
    if (child === undefined || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill(signal);
    await exited;
  }
}
