// Locates the services that integration tests talk to. Unset or unreachable: the tests skip with a message;
// under REQUIRE_ALL=1 (as in .ci/run) they fail instead.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { REQUIRE_ALL } from './shared-data.ts';

/** DATABASE_URL when a PostgreSQL server answers there, otherwise undefined (with a printed reason). */
export async function postgresUrl(): Promise<string | undefined> {
  const url = process.env.DATABASE_URL;
  const reason = url === undefined || url === '' ? 'DATABASE_URL is not set' : await postgresUnreachable(url);
  if (reason === undefined) return url;
  const hint = 'set DATABASE_URL, e.g. postgres://postgres@127.0.0.1:5432/test';
  if (REQUIRE_ALL) throw new Error(`REQUIRE_ALL=1 and ${reason}: the PostgreSQL tests cannot run (${hint})`);
  console.warn(`skip: ${reason}: the PostgreSQL tests are skipped (${hint})`);
  return undefined;
}

/** Why PostgreSQL at this URL cannot be used, or undefined when it answers (benchmarks skip a row on it). */
export async function postgresUnreachable(url: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query('SELECT 1');
    return undefined;
  } catch (error) {
    return `PostgreSQL at ${withoutPassword(url)} does not answer (${(error as Error).message})`;
  } finally {
    await client.end().catch(() => {});
  }
}

function withoutPassword(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password !== '') parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'DATABASE_URL';
  }
}

/**
 * A database of its own on the server at `base` (its name made from the process and random bytes), and how to
 * drop it: for tests whose locks or notifications are scoped to a database (advisory locks, LISTEN).
 */
export async function throwawayDatabase(
  base: string,
  prefix: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
