// A ruleset option: its schema, and whether an organizer may amend it retroactively (it changes only how a
// finished hand settles, so past hands can be recomputed) or only from the next hand on (it changes play).
import { z } from 'zod';

export type Amendable = 'retroactively' | 'from-next-hand';

export interface OptionSpec<Schema extends z.ZodType = z.ZodType> {
  readonly schema: Schema;
  readonly amendable: Amendable;
  /** What the option means, for the organizer choosing it. */
  readonly describe: string;
}

export const option = <Schema extends z.ZodType>(
  schema: Schema,
  amendable: Amendable,
  describe: string,
): OptionSpec<Schema> => ({ schema, amendable, describe });

export type OptionSpecs = Record<string, OptionSpec>;

/** The zod object of a preset's options: each with its default, unknown options refused. */
export function optionsSchema<Specs extends OptionSpecs>(specs: Specs) {
  const shape = Object.fromEntries(Object.entries(specs).map(([name, spec]) => [name, spec.schema])) as {
    [Name in keyof Specs]: Specs[Name]['schema'];
  };
  return z.strictObject(shape);
}
