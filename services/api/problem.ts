// Errors at the edge as RFC 7807 problem+json (DESIGN.md "The API and the web app"): every error carries a
// stable `code`, and `type` is a URI ending in it, so clients branch on the code, never on the wording.
import type { Request, Response } from 'express';

/** The problem codes the API answers with; docs/api.md lists each with its status. */
export type ProblemCode =
  | 'invalid-request'
  | 'invalid-path'
  | 'invalid-text'
  | 'invalid-content-encoding'
  | 'invalid-input'
  | 'not-a-win'
  | 'unauthorized'
  | 'forbidden'
  | 'not-found'
  | 'method-not-allowed'
  | 'conflict'
  | 'stale-version'
  | 'precondition-required'
  | 'idempotency-key-reused'
  | 'idempotency-key-in-flight'
  | 'rejected'
  | 'payload-too-large'
  | 'unsupported-media-type'
  | 'rate-limited'
  | 'too-many-streams'
  | 'request-timeout'
  | 'headers-too-large'
  | 'queue-unavailable'
  | 'internal';

const TITLES: Record<ProblemCode, string> = {
  'invalid-request': 'The request does not fit its schema',
  'invalid-path': 'The path is not well-formed percent-encoded UTF-8',
  'invalid-text': 'A string holds NUL or a lone surrogate',
  'invalid-content-encoding': 'The body does not decode as its Content-Encoding says',
  'invalid-input': 'The score request does not fit the score contract',
  'not-a-win': 'A claim is not a winning hand',
  unauthorized: 'A valid bearer token is required',
  forbidden: 'The token does not allow this',
  'not-found': 'Not found',
  'method-not-allowed': 'Method not allowed',
  conflict: 'Conflict',
  'stale-version': 'The stream has moved on since the version given in If-Match',
  'precondition-required': 'This command needs an If-Match header',
  'idempotency-key-reused': 'The Idempotency-Key was used for a different request',
  'idempotency-key-in-flight': 'A request with this Idempotency-Key is still running',
  rejected: 'The command was rejected',
  'payload-too-large': 'The request body is too large',
  'unsupported-media-type': 'Unsupported media type',
  'rate-limited': 'Too many requests',
  'too-many-streams': 'Too many open event streams',
  'request-timeout': 'The request took too long to arrive',
  'headers-too-large': 'The request headers are too large',
  'queue-unavailable': 'The job queue did not answer in time',
  internal: 'Internal server error',
};

/** Every code; docs/api.md's error table lists the same set (test/security/bad-input.test.ts checks). */
export const PROBLEM_CODES = Object.keys(TITLES) as readonly ProblemCode[];

/** A stable URI per code: a URN, since it names the problem rather than pointing at a page. */
export const problemType = (code: ProblemCode): string => `urn:mahjong-ledger:problem:${code}`;

export interface FieldError {
  /** The field, dotted (`claims.0.hand`); `(body)` for the body as a whole. */
  readonly path: string;
  readonly message: string;
}

export interface Problem {
  readonly type: string;
  readonly title: string;
  readonly status: number;
  readonly detail: string;
  readonly instance: string;
  readonly code: ProblemCode;
  readonly [extension: string]: unknown;
}

/** Thrown from a handler (or a guard) to answer with a problem; `extensions` are added to the body. */
export class ProblemError extends Error {
  override readonly name = 'ProblemError';
  constructor(
    readonly status: number,
    readonly code: ProblemCode,
    detail: string,
    readonly extensions: Readonly<Record<string, unknown>> = {},
    /** Response headers to set with it (Retry-After, WWW-Authenticate...). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors: readonly FieldError[]): ProblemError =>
  new ProblemError(400, 'invalid-request', detail, { errors });
export const unauthorized = (detail: string): ProblemError =>
  new ProblemError(401, 'unauthorized', detail, {}, { 'WWW-Authenticate': 'Bearer' });
export const forbidden = (detail: string): ProblemError => new ProblemError(403, 'forbidden', detail);
export const notFound = (detail: string): ProblemError => new ProblemError(404, 'not-found', detail);

/** A decider's refusal: 409 when the state forbids it now, 422 when the command can never be right. */
export const rejected = (
  rejection: { readonly code: string; readonly rule: string; readonly message: string },
  status: 409 | 422 = 409,
): ProblemError =>
  new ProblemError(status, 'rejected', rejection.message, {
    rejection: { code: rejection.code, rule: rejection.rule },
  });

export function problemBody(req: Request, error: ProblemError): Problem {
  return problemAt(req.originalUrl, error);
}

/** The body for a request known only by its target: the HTTP parser refused it before Express saw it. */
export function problemAt(instance: string, error: ProblemError): Problem {
  return {
    ...error.extensions,
    type: problemType(error.code),
    title: TITLES[error.code],
    status: error.status,
    detail: error.message,
    instance,
    code: error.code,
  };
}

export function sendProblem(req: Request, res: Response, error: ProblemError): void {
  for (const [name, value] of Object.entries(error.headers)) res.setHeader(name, value);
  res
    .status(error.status)
    .type('application/problem+json')
    .send(JSON.stringify(problemBody(req, error)));
}
