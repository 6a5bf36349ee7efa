// The mahjong-ledger command line. Exit statuses follow spec/score-contract.md: 0 scored, 2 invalid input,
// 3 a claim that is no win.
import { readFileSync } from 'node:fs';
import { Command, CommanderError } from 'commander';
import { evaluateScoreRequest, type ScoreOutcome } from '../domain/rules/contract/index.ts';

export const EXIT_INVALID = 2;
export const EXIT_NOT_A_WIN = 3;

interface Io {
  readonly stdout: (text: string) => void;
  readonly stderr: (text: string) => void;
  readonly readStdin: () => string;
}

const processIo: Io = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  readStdin: () => readFileSync(0, 'utf8'),
};

/** `score FILE`: reads the request (a path, or - for standard input) and prints the outcome. */
export function runScore(file: string, io: Io = processIo): number {
  let text: string;
  try {
    text = file === '-' ? io.readStdin() : readFileSync(file, 'utf8');
  } catch (error) {
    return reportInvalid(
      io,
      'FILE',
      `cannot read ${file === '-' ? 'standard input' : file}: ${(error as Error).message}`,
    );
  }
  let input: unknown;
  try {
    input = JSON.parse(text);
  } catch (error) {
    return reportInvalid(io, '(input)', `not JSON: ${(error as Error).message}`);
  }
  return report(io, evaluateScoreRequest(input));
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

function reportInvalid(io: Io, field: string, message: string): number {
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
