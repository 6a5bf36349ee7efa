// Invalid input to `play`: the field a person fixes and why (exit 2), found by the schema or while laying the
// script out for the deciders (a wall short of a tile, an expectation the game does not meet).
import { fieldName } from '../../domain/rules/field-name.ts';

export class InvalidScript extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

interface ZodIssueLike {
  readonly code: string;
  readonly path: readonly PropertyKey[];
  readonly message: string;
  readonly keys?: readonly string[];
}

/** The first issue zod found, as a field a person reads. */
export function invalidOf(error: { readonly issues: readonly ZodIssueLike[] }): InvalidScript {
  const issue = error.issues[0]!;
  // A key the format does not have is named itself, not its parent object.
  const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys![0]!] : issue.path;
  return new InvalidScript(fieldName(path), issue.message);
}
