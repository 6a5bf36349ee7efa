// The platform's commands on the command line: serve, demo, rebuild, export and verify. Options are validated with
// zod before anything is opened or written; a bad one exits 2 naming it.
import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { type Io, reportInvalid } from '../cli.ts';
import type { Config } from '../config.ts';
import { DemoExists } from '../demo/run-demo.ts';
import { runnerOf } from '../read-models.ts';
import type { startPlatformServer } from '../server.ts';
import { registerAmendmentCommands } from './amend.ts';
import { config, fail, parsed } from './arguments.ts';
import { AuditKeyError, loadAuditKey } from './audit-key.ts';
import { registerCorrectCommand } from './correct.ts';
import { DemoArguments, demoGameEnd, playDemo, progressBar, standingsText } from './demo.ts';
import {
  auditText,
  ExportArguments,
  exportAudit,
  exportStandings,
  UnknownTournament,
  writeReplays,
} from './export.ts';
import { registerRebuildCommand } from './rebuild.ts';
import { runWorkers, ServeArguments, startsWorkers, stopOnSignals, workerNumber } from './serve.ts';
import { openCommandStores, reportBusy } from './stores.ts';
import { fileText, stdoutText } from './text-out.ts';
import { auditSummary, registerVerifyCommand } from './verify.ts';

/** The audit signing key, made at the first export (docs/event-store.md "Signed audit exports"). */
function auditKey(io: Io, env: Config) {
  try {
    return loadAuditKey(env, { create: true });
  } catch (error) {
    if (error instanceof AuditKeyError) return reportInvalid(io, 'AUDIT_KEY_FILE', error.message);
    throw error;
  }
}

export function registerPlatformCommands(program: Command, io: Io): void {
  registerAmendmentCommands(program, io);
  registerCorrectCommand(program, io);
  program
    .command('serve')
    .description(
      'run the server: the HTTP API on the configured store (DATA_DIR, DATABASE_URL, KURRENTDB_URL, PORT)',
    )
    .option('--demo', 'also play a demo tournament with bots at a watchable pace')
    .option(
      '--bots',
      'bots play every seat of every live round started on this server (a rehearsal; not rounds whose hands are entered)',
    )
    .option('--port <n>', 'listen on this port (default PORT, else 3000)')
    .option('--players <n>', 'demo: players', '16')
    .option('--rounds <n>', 'demo: rounds', '4')
    .option('--ruleset <preset>', 'demo: ruleset preset', 'hu-mahjong')
    .option('--seed <text>', 'demo: seed of seating and walls, to reproduce a run (default: random, secret)')
    .option('--hands <n>', 'demo: hands per table game', '4')
    .option('--pace <ms>', 'demo and --bots: pause between two bot actions at a table', '500')
    .option('--workers <n>', 'server processes on the one port, over PostgreSQL (DATABASE_URL)', '1')
    .action(async (options: Record<string, unknown>) => {
      const args = parsed(io, ServeArguments, options);
      if (typeof args === 'number') return fail(args);
      const env = config(io);
      if (typeof env === 'number') return fail(env);
      if (args.workers > 1 && env.databaseUrl === undefined)
        return fail(
          reportInvalid(
            io,
            '--workers',
            'several server processes share PostgreSQL (set DATABASE_URL); on the embedded SQLite store one process serves',
          ),
        );
      if (startsWorkers(args.workers)) return runWorkers(args.workers, io);
      // Under --workers the first worker alone plays the demo, seats the bots and prints the banner.
      const first = workerNumber() === 1;
      // The HTTP stack is loaded by `serve` alone: the other commands stay small (the export's memory bound).
      const { PortUnavailable, startPlatformServer: start } = await import('../server.ts');
      let server: Awaited<ReturnType<typeof startPlatformServer>>;
      try {
        server = await start(env, {
          ...(args.port === undefined ? {} : { port: args.port }),
          ...(args.demo && first
            ? {
                demo: {
                  players: args.players,
                  rounds: args.rounds,
                  preset: args.ruleset,
                  ...(args.seed === undefined ? {} : { seed: args.seed }),
                  end: demoGameEnd(args.hands),
                  pauseMs: args.pace,
                },
              }
            : {}),
          ...(args.bots && first ? { bots: { pauseMs: args.pace } } : {}),
        });
      } catch (error) {
        if (error instanceof PortUnavailable)
          return fail(reportInvalid(io, error.setting === 'PORT' ? '--port' : 'METRICS_PORT', error.message));
        const busy = reportBusy(io, error, env.dataDir);
        if (busy === undefined) throw error;
        return fail(busy);
      }
      if (!first) {
        io.stderr(`worker ${workerNumber()} of ${args.workers} is serving ${server.url}\n`);
        return stopOnSignals(server, io);
      }
      io.stderr(
        [
          '',
          `Mahjong Ledger is running on ${server.url}  (events: ${server.where}${args.workers > 1 ? `, ${args.workers} processes` : ''})`,
          // The token rides in the link's fragment, which a browser never sends to a server: one click signs
          // the organizer in and opens the page (docs/web-app.md).
          ...(server.demo
            ? [
                `  Demo board:      ${signInLink(server, `/tournaments/${server.demo.tournamentId}/board`)}`,
                `  Demo standings:  ${signInLink(server, `/tournaments/${server.demo.tournamentId}/standings`)}`,
              ]
            : [`  Web app:         ${signInLink(server, '/')}`]),
          `  API docs:        ${server.url}/api/docs`,
          ...(server.bots
            ? [`  Bots:            every seat of every live round (${args.pace} ms a move)`]
            : []),
          `  Organizer token: ${server.organizerToken}`,
          '  (send it as "Authorization: Bearer <token>"; Ctrl-C stops the server)',
          '',
        ].join('\n'),
      );
      stopOnSignals(server, io);
    });

  program
    .command('demo')
    .description(
      'bots play a whole multi-table tournament headless on the configured store, then the standings are printed',
    )
    .option('--players <n>', 'players', '16')
    .option('--rounds <n>', 'rounds', '4')
    .option('--ruleset <preset>', 'ruleset preset', 'hu-mahjong')
    .option('--seed <text>', 'seed of seating, walls and bots, to reproduce a run (default: random, secret)')
    .option('--hands <n>', 'hands per table game (0: the East and South rounds)', '4')
    .action(async (options: Record<string, unknown>) => {
      const args = parsed(io, DemoArguments, options);
      if (typeof args === 'number') return fail(args);
      const env = config(io);
      if (typeof env === 'number') return fail(env);
      const bar = progressBar('demo');
      try {
        const run = await playDemo(env, args, bar.update);
        bar.stop();
        const { result } = run;
        io.stdout(`${standingsText(run.standings, result.state.scoring.kind === 'table-points')}\n`);
        io.stderr(
          `${result.tournamentId}: ${result.games} games, ${result.hands} hands, ${result.events} events in ` +
            `${(run.ms / 1000).toFixed(1)} s (${Math.round(result.events / (run.ms / 1000))} events/s); ` +
            `projected in ${(run.projectMs / 1000).toFixed(1)} s\n`,
        );
      } catch (error) {
        bar.stop();
        const busy = reportBusy(io, error, env.dataDir);
        if (busy !== undefined) return fail(busy);
        if (error instanceof DemoExists)
          return fail(
            reportInvalid(
              io,
              '--seed',
              `a demo with seed ${args.seed} is already in ${env.dataDir}: choose another --seed or DATA_DIR`,
            ),
          );
        throw error;
      }
    });

  registerRebuildCommand(program, io);

  program
    .command('export')
    .description(
      "export a tournament: standings (CSV), replays (JSON) or audit (JSON: every stream's hash chain, signed)",
    )
    .requiredOption('--tournament <id>', 'the tournament')
    .requiredOption('--what <kind>', 'standings, replays or audit')
    .option('--out <file>', 'write to this file (default standard output)')
    .action(async (options: { tournament: string; what: string; out?: string }) => {
      const args = parsed(io, ExportArguments, { tournament: options.tournament, what: options.what });
      if (typeof args === 'number') return fail(args);
      const env = config(io);
      if (typeof env === 'number') return fail(env);
      const key = args.what === 'audit' ? auditKey(io, env) : undefined;
      if (typeof key === 'number') return fail(key);
      let stores: Awaited<ReturnType<typeof openCommandStores>> | undefined;
      try {
        stores = await openCommandStores(env, { readonlyEvents: true });
        const { store, readModels, projecting } = stores;
        if (args.what === 'replays') {
          // Folded from the event store, not the read models (so no catch-up), and written a hand at a time:
          // the document is far larger than the memory the command needs.
          const out = options.out === undefined ? stdoutText(io) : fileText(options.out);
          try {
            await writeReplays(store, args.tournament, out.write);
            await out.done();
          } catch (error) {
            await out.abandon();
            throw error;
          }
          return;
        }
        await projecting(() => runnerOf(store, readModels).catchUp());
        let text: string;
        if (key === undefined) text = await exportStandings(store, readModels, args.tournament);
        else {
          const audit = await exportAudit(store, readModels, args.tournament, key);
          text = auditText(audit);
          io.stderr(`${auditSummary(audit)}\n`);
        }
        if (options.out === undefined) io.stdout(text);
        else writeFileSync(options.out, text);
      } catch (error) {
        if (error instanceof UnknownTournament) return fail(reportInvalid(io, '--tournament', error.message));
        const busy = reportBusy(io, error, env.dataDir);
        if (busy === undefined) throw error;
        return fail(busy);
      } finally {
        await stores?.close();
      }
    });

  registerVerifyCommand(program, io);
}

/** A link that signs the organizer in to the web app and opens a page of it. */
function signInLink(server: { readonly url: string; readonly organizerToken: string }, page: string): string {
  const fragment = new URLSearchParams({ token: server.organizerToken, next: page });
  return `${server.url}/sign-in#${fragment.toString()}`;
}
