// The mahjong-ledger command line. Exit statuses follow spec/score-contract.md: 0 scored, 2 invalid input,
// 3 a claim that is no win; docs/table-script.md for `play`: 4 a rejection stopped the script;
// docs/event-store.md for `verify`: 1 a mismatch; for the platform's commands, 5 a store another process
// keeps locked (commands/stores.ts).
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { evaluateScoreRequest, type ScoreOutcome } from '../domain/rules/contract/index.ts';
import { registerMigrateCommand } from './commands/migrate.ts';
import { registerPlatformCommands } from './commands/register.ts';
import { EXIT_INVALID, EXIT_NOT_A_WIN, EXIT_REJECTED } from './exit-codes.ts';
import { reportOf } from './play/report.ts';
import { type PlayOutcome, playScript } from './play/run.ts';

export { EXIT_INVALID, EXIT_NOT_A_WIN, EXIT_REJECTED };

export interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readStdin: () => string;
}

export const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => readFileSync(0, 'utf8'),
};

/** `score FILE`: reads the request (a path, or - for standard input) and prints the outcome. */
export function runScore(file: string, io: Io = processIo): number {
  const input = readJson(file, io);
  return 'exit' in input ? input.exit : report(io, evaluateScoreRequest(input.json));
}

/**
 * `play FILE`: runs a table script (docs/table-script.md: a hand, or a game of several) through the deciders and
 * prints the events as JSON lines, then the rejection that stopped it, if one did.
 */
export function runPlay(file: string, io: Io = processIo, options: { notation?: boolean } = {}): number {
  const input = readJson(file, io);
  return 'exit' in input ? input.exit : reportPlay(io, playScript(input.json), options.notation === true);
}

function readJson(file: string, io: Io): { json: unknown } | { exit: number } {
  let text: string;
  try {
    text = file === '-' ? io.readStdin() : readFileSync(file, 'utf8');
  } catch (error) {
    const where = file === '-' ? 'standard input' : file;
    return { exit: reportInvalid(io, 'FILE', `cannot read ${where}: ${(error as Error).message}`) };
  }
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return { exit: reportInvalid(io, '(input)', `not JSON: ${(error as Error).message}`) };
  }
}

function reportPlay(io: Io, outcome: PlayOutcome, withNotation: boolean): number {
  if (outcome.kind === 'invalid') return reportInvalid(io, outcome.field, outcome.message);
  const { stdout, stderr } = reportOf(outcome, withNotation);
  for (const line of stdout) io.stdout(`${line}\n`);
  if (stderr === undefined) return 0;
  io.stderr(`${stderr}\n`);
  return EXIT_REJECTED;
}

function report(io: Io, outcome: ScoreOutcome): number {
  switch (outcome.kind) {
    case 'scored':
      io.stdout(`${JSON.stringify(outcome.output, null, 2)}\n`);
      return 0;
    case 'invalid':
      return reportInvalid(io, outcome.field, outcome.message);
    case 'not-a-win':
      io.stdout(
        `${JSON.stringify({ error: { code: 'not-a-win', seat: outcome.seat, message: outcome.message } }, null, 2)}\n`,
      );
      io.stderr(`not a win: ${outcome.message}\n`);
      return EXIT_NOT_A_WIN;
  }
}

export function reportInvalid(io: Io, field: string, message: string): number {
  io.stdout(`${JSON.stringify({ error: { code: 'invalid-input', field, message } }, null, 2)}\n`);
  io.stderr(`invalid input: ${field}: ${message}\n`);
  return EXIT_INVALID;
}

export function buildProgram(io: Io = processIo): Command {
  const program = new Command('mahjong-ledger')
    .description('Mahjong Ledger: rules engine and score calculator for mahjong tournaments')
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr });
  program
    .command('score')
    .description('score one hand per spec/score-contract.md (FILE is a path, or - for standard input)')
    .argument('<FILE>', 'the request as JSON')
    .action((file: string) => {
      process.exitCode = runScore(file, io);
    });
  program
    .command('play')
    .description(
      'play a table script (a hand, or a game) through the deciders, printing the events as JSON lines (docs/table-script.md)',
    )
    .argument('<FILE>', 'the script as JSON (a path, or - for standard input)')
    .option('--notation', 'add a `notation` field: the event’s tiles in compact notation, beside `data`')
    .action((file: string, options: { notation?: boolean }) => {
      process.exitCode = runPlay(file, io, options);
    });
  registerPlatformCommands(program, io);
  registerMigrateCommand(program, io);
  return program;
}

export async function main(argv: readonly string[]): Promise<void> {
  try {
    await buildProgram().parseAsync([...argv]);
  } catch (error) {
    if (!(error instanceof CommanderError)) throw error;
    // Help and version are not errors; any other usage error is invalid input.
    process.exitCode = error.exitCode === 0 ? 0 : EXIT_INVALID;
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main(process.argv);
