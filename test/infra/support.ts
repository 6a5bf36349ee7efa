// What the infra tests share: the CLI and infra/'s scripts run for real in a process of their own, with an
// environment of the test's choosing; and throwaway PostgreSQL databases, each made for one test file and
// dropped at its end, since `migrate`, `backup.sh` and `restore.sh` work on the schemas a deployment uses
// (eventstore, read_models, api), which other tests' runs share in the configured database.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { resolve } from 'node:path';
import pg from 'pg';
import { REQUIRE_ALL } from '../support/shared-data.ts';

export const root = resolve(import.meta.dirname, '../..');

export interface Ran {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** The environment of a run: none of the caller's stores or keys, then the test's own variables. */
function environment(env: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATA_DIR: '',
    DATABASE_URL: '',
    KURRENTDB_URL: '',
    REDIS_URL: '',
    AUDIT_KEY: '',
    AUDIT_KEY_FILE: '',
    ...env,
  };
}

function ran(run: ReturnType<typeof spawnSync>): Ran {
  if (run.error !== undefined) throw run.error;
  return { status: run.status, stdout: String(run.stdout), stderr: String(run.stderr) };
}

/** `mahjong-ledger ARGS…` as `node --import tsx services/cli.ts`. */
export function cli(args: readonly string[], env: Readonly<Record<string, string>>): Ran {
  return ran(
    spawnSync(process.execPath, ['--import', 'tsx', 'services/cli.ts', ...args], {
      cwd: root,
      encoding: 'utf8',
      env: environment(env),
      timeout: 120_000,
    }),
  );
}

/** A script of infra/ (backup.sh, restore.sh) under bash. */
export function script(name: string, args: readonly string[], env: Readonly<Record<string, string>>): Ran {
  return ran(
    spawnSync('bash', [resolve(root, 'infra', name), ...args], {
      cwd: root,
      encoding: 'utf8',
      env: environment(env),
      timeout: 120_000,
    }),
  );
}

/**
 * Whether a command-line tool is on PATH; when it is not, says why the tests that need it skip (under
 * REQUIRE_ALL=1, as in CI, that fails instead).
 */
export function tool(name: string, install: string): boolean {
  if (spawnSync('sh', ['-c', `command -v ${name}`]).status === 0) return true;
  const reason = `${name} is not installed (${install})`;
  if (REQUIRE_ALL) throw new Error(`REQUIRE_ALL=1 and ${reason}: the tests that need it cannot run`);
  console.warn(`skip: ${reason}: the tests that need it are skipped`);
  return false;
}

/** Databases made on the server at `url`, one per call, and dropped together. */
export class ThrowawayDatabases {
  readonly #made: string[] = [];
  constructor(private readonly url: string) {}

  /** A new, empty database's URL (same server, same user). */
  async make(purpose: string): Promise<string> {
    const name = `ml_infra_${purpose}_${process.pid}_${randomBytes(4).toString('hex')}`;
    await this.#admin((client) => client.query(`CREATE DATABASE ${name}`));
    this.#made.push(name);
    const made = new URL(this.url);
    made.pathname = `/${name}`;
    return made.toString();
  }

  async dropAll(): Promise<void> {
    await this.#admin(async (client) => {
      for (const name of this.#made.splice(0))
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  }

  async #admin(work: (client: pg.Client) => Promise<unknown>): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    await client.connect();
    try {
      await work(client);
    } finally {
      await client.end();
    }
  }
}

/** Runs SQL on the database at `url`, answering the rows of the last statement. */
export async function query<T extends pg.QueryResultRow>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

/**
 * `mahjong-ledger ARGS…` in this process (no start-up of its own: seconds saved per run on a busy machine),
 * with the environment's variables set for the run alone. The exit status is what the command left in
 * process.exitCode, which is then cleared so that it cannot become the test runner's own.
 */
export async function cliInProcess(
  args: readonly string[],
  env: Readonly<Record<string, string>>,
): Promise<Ran> {
  const { buildProgram } = await import('../../services/cli.ts');
  const { CommanderError } = await import('commander');
  const variables = environment(env);
  const saved = new Map(Object.keys(variables).map((k) => [k, process.env[k]]));
  Object.assign(process.env, variables);
  let stdout = '';
  let stderr = '';
  const io = {
    stdout: (text: string) => {
      stdout += text;
    },
    stderr: (text: string) => {
      stderr += text;
    },
    readStdin: () => '',
  };
  process.exitCode = undefined;
  let status: number;
  try {
    await buildProgram(io).parseAsync(['node', 'mahjong-ledger', ...args]);
    status = Number(process.exitCode ?? 0);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    status = error.exitCode === 0 ? 0 : 2;
  } finally {
    process.exitCode = undefined;
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
  }
  return { status, stdout, stderr };
}
