// What every platform command does first: its options checked by zod, the environment read, each failure
// named on standard output with exit 2 before anything is opened.
import type { z } from 'zod';
import { type Io, reportInvalid } from '../cli.ts';
import { type Config, ConfigError, loadConfig } from '../config.ts';

/** Ends the command with an exit status (the process exits once the event loop is empty). */
export function fail(status: number): void {
  process.exitCode = status;
}

/** Parsed options, or the exit status after naming the bad one. */
export function parsed<S extends z.ZodType>(io: Io, schema: S, options: unknown): z.output<S> | number {
  const result = schema.safeParse(options);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  return reportInvalid(io, `--${String(issue.path[0] ?? 'option')}`, issue.message);
}

/** The configuration, or the exit status after naming the bad variable. */
export function config(io: Io): Config | number {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return reportInvalid(io, 'environment', error.message);
    throw error;
  }
}
