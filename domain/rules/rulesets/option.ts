// A ruleset option: its schema, and whether an organizer may amend it retroactively (it changes only how a
// finished hand settles, so past hands can be recomputed) or only from the next hand on (it changes play).
import { z } from 'zod';

export type Amendable = 'retroactively' | 'from-next-hand';

export interface OptionSpec<Schema extends z.ZodType = z.ZodType> {
  readonly schema: Schema;
  readonly amendable: Amendable;
  /** What the option means, for the organizer choosing it. */
  readonly describe: string;
  /**
   * An optional option with no default written (so that a ruleset without it keeps the content hash it had
   * before the option existed): the value it is read as when left out, which a form shows as its default.
   */
  readonly absentMeans?: unknown;
}

export const option = <Schema extends z.ZodType>(
  schema: Schema,
  amendable: Amendable,
  describe: string,
  absentMeans?: unknown,
): OptionSpec<Schema> => ({
  schema,
  amendable,
  describe,
  ...(absentMeans === undefined ? {} : { absentMeans }),
});

export type OptionSpecs = Record<string, OptionSpec>;

/** The zod object of a preset's options: each with its default, unknown options refused. */
export function optionsSchema<Specs extends OptionSpecs>(specs: Specs) {
  const shape = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, spec.schema])) as {
    [Name in keyof Specs]: Specs[Name]['schema'];
  };
  return z.strictObject(shape);
}
