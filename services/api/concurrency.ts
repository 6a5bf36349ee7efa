// Optimistic concurrency over HTTP: a command names the stream revision it was decided against in If-Match,
// a stream's state is served with its revision as the ETag, and a stale one is 412 (RFC 9110 §13.1.1).
import type { Response } from 'express';
import { WrongExpectedVersion } from '../eventstore/port.ts';
import { ProblemError } from './problem.ts';

/** The revision a command expects: a stream revision (0 for its first event), or 'any' for `If-Match: *`. */
export type ExpectedVersion = number | 'any';

const ENTITY_TAG = /^(?:W\/)?"(-1|0|[1-9][0-9]{0,15})"$/;

/**
 * Reads If-Match: `"7"`, `W/"7"` (weak tags compare the same, revisions being exact anyway) or `*`; `"-1"`
 * expects the stream not to exist yet. Undefined when absent; a 400 problem when it is not one of these.
 */
export function parseIfMatch(header: string | undefined): ExpectedVersion | undefined {
  if (header === undefined) return undefined;
  const value = header.trim();
  if (value === '*') return 'any';
  const match = ENTITY_TAG.exec(value);
  if (match === null)
    throw new ProblemError(400, 'invalid-request', `If-Match must be "<revision>", W/"<revision>" or *`, {
      errors: [{ path: 'headers.if-match', message: `not a revision tag: ${value.slice(0, 40)}` }],
    });
  return Number(match[1]);
}

export const etagOf = (revision: number): string => `"${revision}"`;

/** Marks a response as the state of a stream at `revision`. */
export function setEtag(res: Response, revision: number): void {
  res.setHeader('ETag', etagOf(revision));
}

/** The event store's expectation for an If-Match value: -1 means no stream yet. */
export function expectedRevisionOf(expected: ExpectedVersion): number | 'no-stream' | 'any' {
  return expected === -1 ? 'no-stream' : expected;
}

/** WrongExpectedVersion as the 412 problem; the current revision rides along so a client can reload. */
export function staleVersion(error: WrongExpectedVersion): ProblemError {
  return new ProblemError(
    412,
    'stale-version',
    error.message,
    { stream: error.stream, currentRevision: error.actual },
    error.actual >= 0 ? { ETag: etagOf(error.actual) } : {},
  );
}

export const isWrongExpectedVersion = (error: unknown): error is WrongExpectedVersion =>
  error instanceof WrongExpectedVersion;
