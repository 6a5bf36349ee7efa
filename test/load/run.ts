// The load generator, a process of its own (test/load/README.md):
//
//   node --import tsx test/load/run.ts --url http://127.0.0.1:PORT [--url …] --tables N --seconds S
//        [--pace human|flat] [--max-commands M] [--token T | --data-dir DIR]
//   node --import tsx test/load/run.ts --sweep [--steps 8,32,…] [--seconds S] [--servers 2 with DATABASE_URL]
//
// A table for people on standard error, one JSON line on standard output. Loopback servers only: any other
// URL is refused (exit 2), so a load is never pointed at someone else's server. Exit 0: the run finished
// without an error; 1: it finished with errors (counted in the report); 2: bad arguments; 3: it failed or
// outran its bound (the run's seconds and five minutes more for setting up and counting).
import { appendFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Command, CommanderError } from 'commander';
import { z } from 'zod';
import { DEFAULTS, reportText, runLoad } from './generator.ts';
import { sweep, sweepText } from './sweep.ts';

const EXIT_ERRORS = 1;
const EXIT_INVALID = 2;
const EXIT_FAILED = 3;
/** Setting up (500 tables start in one request) and counting the events afterwards, beyond the run's seconds. */
const BOUND_BEYOND_RUN_MS = 300_000;

const LOOPBACK = new Set(['127.0.0.1', 'localhost']);

const loopbackUrl = z
  .string()
  .refine(
    (text) => {
      try {
        const url = new URL(text);
        return url.protocol === 'http:' && LOOPBACK.has(url.hostname) && url.pathname === '/';
      } catch {
        return false;
      }
    },
    { message: 'only http://127.0.0.1:PORT or http://localhost:PORT: the load never leaves this machine' },
  )
  .transform((text) => text.replace(/\/$/, ''));
const count = (max: number) => z.coerce.number().int().min(1).max(max);

const Arguments = z
  .object({
    url: z.array(loopbackUrl).default([]),
    tables: count(2000).optional(),
    seconds: count(3600).default(30),
    pace: z.enum(['human', 'flat']).default('human'),
    actionMs: z.coerce.number().int().min(1).max(60_000).default(DEFAULTS.actionMs),
    maxCommands: count(100_000_000).default(DEFAULTS.maxCommands),
    hands: count(1000).default(DEFAULTS.hands),
    spread: z.enum(['table', 'seat']).default(DEFAULTS.spread),
    token: z.string().min(1).optional(),
    dataDir: z.string().min(1).optional(),
    record: z.string().min(1).optional(),
    seed: z.string().min(1).max(200).optional(),
    sweep: z.boolean().default(false),
    steps: z
      .string()
      .default('8,32,64,128,256,500')
      .transform((text) => text.split(',').map(Number))
      .pipe(z.array(z.number().int().min(1).max(2000)).min(1)),
    p99Ms: z.coerce.number().positive().default(50),
    servers: count(2).default(1),
    rateLimit: z.enum(['default', 'off']).default('default'),
  })
  .superRefine((args, ctx) => {
    if (!args.sweep && args.url.length === 0)
      ctx.addIssue({ code: 'custom', path: ['url'], message: 'at least one --url (or --sweep)' });
    if (!args.sweep && args.tables === undefined)
      ctx.addIssue({ code: 'custom', path: ['tables'], message: 'how many tables' });
    if (args.sweep && args.servers > 1 && (process.env.DATABASE_URL ?? '') === '')
      ctx.addIssue({
        code: 'custom',
        path: ['servers'],
        message: 'several server processes share one store: set DATABASE_URL',
      });
  });

const log = (line: string) => process.stderr.write(`${line}\n`);

function organizerToken(args: z.infer<typeof Arguments>): string | undefined {
  if (args.token !== undefined) return args.token;
  if ((process.env.LOAD_TOKEN ?? '') !== '') return process.env.LOAD_TOKEN;
  if (args.dataDir !== undefined) return readFileSync(join(args.dataDir, 'organizer-token'), 'utf8').trim();
  return undefined;
}

async function main(argv: readonly string[]): Promise<number> {
  const program = new Command()
    .name('load')
    .exitOverride()
    .option(
      '--url <url>',
      'a server (repeat for several processes on one store)',
      (v, all: string[]) => [...all, v],
      [],
    )
    .option('--tables <n>', 'tables (4 seats each)')
    .option('--seconds <s>', 'how long the seats play (a step, in sweep mode)')
    .option('--pace <pace>', 'human (one action per table per --action-ms) or flat (as fast as they go)')
    .option('--action-ms <ms>', 'human pace: the least time between two actions at one table')
    .option('--max-commands <n>', 'stop once this many actions were acknowledged')
    .option('--hands <n>', 'hands per table game')
    .option('--spread <how>', 'several --url: by table (a table on one server) or by seat')
    .option('--token <token>', 'an organizer token (else LOAD_TOKEN, else --data-dir)')
    .option('--data-dir <dir>', "the server's DATA_DIR: its organizer-token file")
    .option('--record <file>', 'write every acknowledged command as a JSON line (token id, key, path, body)')
    .option('--seed <text>', "the tournament's seed (walls); default random")
    .option('--sweep', 'start a server and step the table count until p99 >= --p99-ms or an error')
    .option('--steps <list>', 'sweep: table counts, comma-separated')
    .option('--p99-ms <ms>', 'sweep: the p99 of actions a step must stay under')
    .option('--servers <n>', 'sweep: server processes (2 needs DATABASE_URL)')
    .option('--rate-limit <mode>', "sweep: the servers' rate limit, default or off");
  try {
    program.parse([...argv], { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : EXIT_INVALID;
    throw error;
  }
  const parsed = Arguments.safeParse(program.opts());
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'arguments').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
    log(`--${name}: ${issue.message}`);
    return EXIT_INVALID;
  }
  const args = parsed.data;
  const record = args.record;
  if (record !== undefined) writeFileSync(record, '');
  const common = {
    seconds: args.seconds,
    pace: args.pace,
    actionMs: args.actionMs,
    maxCommands: args.maxCommands,
    hands: args.hands,
    spread: args.spread,
    ...(args.seed === undefined ? {} : { seed: args.seed }),
    ...(record === undefined
      ? {}
      : { onAcknowledged: (command: unknown) => appendFileSync(record, `${JSON.stringify(command)}\n`) }),
    log,
  };
  const bound = setTimeout(
    () => {
      log(
        `the load outran its bound (${args.seconds} s and ${BOUND_BEYOND_RUN_MS / 1000} s more a run): stopping`,
      );
      process.exit(EXIT_FAILED);
    },
    (args.sweep ? args.steps.length : 1) * (args.seconds * 1000 + BOUND_BEYOND_RUN_MS),
  );
  bound.unref();

  if (args.sweep) {
    const databaseUrl = process.env.DATABASE_URL;
    const report = await sweep({
      ...common,
      steps: args.steps,
      p99Ms: args.p99Ms,
      servers: args.servers,
      rateLimit: args.rateLimit,
      ...(databaseUrl === undefined || databaseUrl === '' ? {} : { databaseUrl }),
    });
    process.stderr.write(sweepText(report));
    process.stdout.write(
      `${JSON.stringify({ ...report, steps: report.steps.map(({ report: _, ...step }) => step) })}\n`,
    );
    return 0;
  }
  const token = organizerToken(args);
  if (token === undefined) {
    log('--token: an organizer token is needed (or LOAD_TOKEN, or --data-dir of the server)');
    return EXIT_INVALID;
  }
  const report = await runLoad({ ...common, urls: args.url, token, tables: args.tables! });
  process.stderr.write(reportText(report));
  process.stdout.write(`${JSON.stringify(report)}\n`);
  return report.errors.total === 0 ? 0 : EXIT_ERRORS;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`the load failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(EXIT_FAILED);
  },
);
