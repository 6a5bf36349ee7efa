// Configuration: environment variables validated once at start-up (DESIGN.md "Storage and scale"). With
// none set, everything runs in one process on one SQLite file under ./data.
import { resolve } from 'node:path';
import { z } from 'zod';

const url = (protocols: readonly string[]) =>
  z
    .string()
    .url()
    .refine((value) => protocols.some((p) => value.startsWith(`${p}:`)), {
      message: `expected a ${protocols.join(' or ')} URL`,
    });

const EnvironmentSchema = z.object({
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: url(['postgres', 'postgresql']).optional(),
  KURRENTDB_URL: url(['kurrentdb', 'kurrentdb+discover', 'esdb', 'esdb+discover']).optional(),
  REDIS_URL: url(['redis', 'rediss']).optional(),
  // Keeps deployments (or test runs) sharing one Redis apart; and how long a worker's hold on a job lasts
  // without renewal before another worker takes the job over (a worker that died).
  QUEUE_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.-]{1,64}$/, '1 to 64 of A-Z a-z 0-9 _ . -')
    .default('mahjong-ledger'),
  QUEUE_LOCK_MS: z.coerce.number().int().min(500).max(600_000).default(30_000),
  // How long a live table's lease lasts unrenewed when several processes share PostgreSQL: a dead process's
  // tables are taken over within about this long.
  TABLE_LEASE_MS: z.coerce.number().int().min(500).max(600_000).default(5000),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  // Where a server runs its projections: a thread of its own (for a SQLite file or PostgreSQL), or the thread
  // that answers the requests. Unset: a thread when the machine has more than 2 cores.
  PROJECTIONS: z.enum(['thread', 'in-process']).optional(),
  // The key that signs audit exports, kept out of the event store: its text, or a file holding it (default
  // DATA_DIR/audit.key, created 0600 at the first export). docs/event-store.md "Signed audit exports".
  AUDIT_KEY: z.string().min(32, 'at least 32 characters (e.g. `openssl rand -hex 32`)').optional(),
  AUDIT_KEY_FILE: z.string().min(1).optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  // Behind a proxy (infra/nginx.conf) every client would seem to come from the proxy's address: the hops
  // trusted to say who the client is (express's "trust proxy": a count of hops, or addresses / subnets).
  TRUST_PROXY: z
    .string()
    .regex(
      /^(\d{1,2}|[0-9a-fA-F.:/, ]+|loopback|linklocal|uniquelocal)$/,
      'a hop count, or addresses and subnets',
    )
    .optional(),
});

export interface Config {
  /** Absolute folder for the embedded SQLite files. */
  readonly dataDir: string;
  readonly databaseUrl?: string;
  readonly kurrentDbUrl?: string;
  readonly redisUrl?: string;
  /** The queue's key prefix in Redis (QUEUE_PREFIX, default mahjong-ledger). */
  readonly queuePrefix: string;
  /** QUEUE_LOCK_MS: a job whose worker stops renewing its lock this long is taken over (default 30 s). */
  readonly queueLockMs: number;
  /** TABLE_LEASE_MS: how long a live table's lease lasts unrenewed (default 5 s; with DATABASE_URL). */
  readonly tableLeaseMs: number;
  readonly port: number;
  /** PROJECTIONS: a server's projections in a thread of their own or in-process (absent: by the cores). */
  readonly projections?: 'thread' | 'in-process';
  /** AUDIT_KEY: the audit signing key itself. */
  readonly auditKey?: string;
  /** AUDIT_KEY_FILE (absolute): where the audit signing key is; unset means DATA_DIR/audit.key. */
  readonly auditKeyFile?: string;
  /**
   * Where `GET /metrics` is served when it has a bind address of its own (METRICS_PORT, METRICS_HOST default
   * 127.0.0.1), unauthenticated; absent, it is on the main port for a global organizer's token.
   */
  readonly metrics?: { readonly port: number; readonly host: string };
  /** TRUST_PROXY: proxy hops trusted for the client's address (a count, or addresses and subnets). */
  readonly trustProxy?: number | string;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

/** Reads the configuration from an environment; a bad value is a ConfigError naming the variable. */
export function loadConfig(env: Readonly<Record<string, string | undefined>> = process.env): Config {
  // An empty variable is as good as unset: shells and CI files often export VAR= to clear one.
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = EnvironmentSchema.safeParse(present);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`${String(issue.path[0] ?? 'environment')}: ${issue.message}`);
  }
  const {
    DATA_DIR,
    DATABASE_URL,
    KURRENTDB_URL,
    REDIS_URL,
    QUEUE_PREFIX,
    QUEUE_LOCK_MS,
    TABLE_LEASE_MS,
    PORT,
    PROJECTIONS,
    AUDIT_KEY,
    AUDIT_KEY_FILE,
    METRICS_PORT,
    METRICS_HOST,
    TRUST_PROXY,
  } = parsed.data;
  if (AUDIT_KEY !== undefined && AUDIT_KEY_FILE !== undefined)
    throw new ConfigError('AUDIT_KEY: set AUDIT_KEY or AUDIT_KEY_FILE, not both');
  return {
    dataDir: resolve(DATA_DIR),
    ...(DATABASE_URL !== undefined ? { databaseUrl: DATABASE_URL } : {}),
    ...(KURRENTDB_URL !== undefined ? { kurrentDbUrl: KURRENTDB_URL } : {}),
    ...(REDIS_URL !== undefined ? { redisUrl: REDIS_URL } : {}),
    queuePrefix: QUEUE_PREFIX,
    queueLockMs: QUEUE_LOCK_MS,
    tableLeaseMs: TABLE_LEASE_MS,
    port: PORT,
    ...(PROJECTIONS !== undefined ? { projections: PROJECTIONS } : {}),
    ...(AUDIT_KEY !== undefined ? { auditKey: AUDIT_KEY } : {}),
    ...(AUDIT_KEY_FILE !== undefined ? { auditKeyFile: resolve(AUDIT_KEY_FILE) } : {}),
    ...(METRICS_PORT !== undefined ? { metrics: { port: METRICS_PORT, host: METRICS_HOST } } : {}),
    ...(TRUST_PROXY === undefined
      ? {}
      : { trustProxy: /^\d+$/.test(TRUST_PROXY) ? Number(TRUST_PROXY) : TRUST_PROXY }),
  };
}
