// An event that cannot be read: the field says where (data.tile, data.ruleset.hash), the message says why.
import type { z } from 'zod';
import { fieldName } from '../rules/field-name.ts';

export class EventParseError extends Error {
  override readonly name = 'EventParseError';
  constructor(
    readonly field: string,
    message: string,
    readonly eventType?: string,
    readonly schemaVersion?: number,
  ) {
    const event =
      eventType === undefined
        ? ''
        : `${eventType}${schemaVersion === undefined ? '' : ` v${schemaVersion}`}: `;
    super(`${event}${field}: ${message}`);
  }
}

/** The first issue of a zod error, its path under `root`, as an EventParseError. */
export function eventParseError(
  error: z.ZodError,
  root: readonly PropertyKey[],
  eventType?: string,
  schemaVersion?: number,
): EventParseError {
  const issue = error.issues[0]!;
  const path = [...root, ...issue.path];
  // An unknown key is reported at its parent; name the key itself.
  if (issue.code === 'unrecognized_keys' && issue.keys[0] !== undefined) path.push(issue.keys[0]);
  return new EventParseError(fieldName(path), issue.message, eventType, schemaVersion);
}
