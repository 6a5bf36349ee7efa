// Bad input refused once, at the edge, before any route runs (docs/api.md "Errors"): a path whose
// percent-encoding does not decode, and text no store keeps faithfully. PostgreSQL refuses NUL in text and
// jsonb, and a lone surrogate has no UTF-8 form (it would be stored as U+FFFD, silently changed), so a name
// holding either is a 400 here rather than a 500 from the database, or a ledger that differs by backend.
import type { RequestHandler } from 'express';
import { badRequest, type FieldError, ProblemError } from './problem.ts';

/** Deeper than any body a route takes: so no walk of a body (ours, zod's, the fingerprint's) can overflow. */
export const MAX_DEPTH = 64;
/** Enough to say what is wrong without echoing a body of a million bad strings. */
const MAX_ISSUES = 20;

/** NUL, or a surrogate that is not half of a pair (`u` reads a well-formed pair as one code point). */
const BAD_TEXT = /[\0\p{Cs}]/u;

/** 400 `invalid-path` when a path segment is not percent-encoded UTF-8 (`%ff`, `%E0%A4%A`, a bare `%`). */
export const refuseMalformedPath: RequestHandler = (req, _res, next) => {
  for (const segment of req.path.split('/')) {
    if (!segment.includes('%')) continue;
    try {
      decodeURIComponent(segment);
    } catch {
      throw new ProblemError(400, 'invalid-path', 'the path is not percent-encoded UTF-8', {
        errors: [{ path: 'path', message: `cannot decode ${visible(segment)}` }],
      });
    }
  }
  next();
};

/** 400 when a parsed JSON body holds bad text (`invalid-text`) or nests deeper than MAX_DEPTH. */
export const refuseBadBody: RequestHandler = (req, _res, next) => {
  if (req.body !== undefined) refuseBadValues([['body', req.body]]);
  next();
};

/** 400 `invalid-text` when a path parameter or a query value holds bad text; per route, after matching. */
export const refuseBadParams: RequestHandler = (req, _res, next) => {
  refuseBadValues([
    ['params', { ...req.params }],
    ['query', { ...(req.query as object) }],
  ]);
  next();
};

function refuseBadValues(roots: readonly (readonly [string, unknown])[]): void {
  const { issues, tooDeep } = textIssues(roots);
  if (tooDeep)
    throw badRequest(`the body nests deeper than ${MAX_DEPTH} levels`, [
      { path: 'body', message: `nested deeper than ${MAX_DEPTH} levels` },
    ]);
  if (issues.length > 0)
    throw new ProblemError(
      400,
      'invalid-text',
      `text may not hold NUL or a lone surrogate: ${issues.map((issue) => issue.path).join(', ')}`,
      { errors: issues },
    );
}

/**
 * Every string and object key under the roots that holds NUL or a lone surrogate, named by its dotted path
 * (`body.players.0.name`). Walked without recursion, so a deep body cannot overflow the stack here.
 */
export function textIssues(roots: readonly (readonly [string, unknown])[]): {
  readonly issues: readonly FieldError[];
  readonly tooDeep: boolean;
} {
  const issues: FieldError[] = [];
  const pending: [value: unknown, path: string, depth: number][] = roots.map(([path, value]) => [
    value,
    path,
    0,
  ]);
  while (pending.length > 0 && issues.length < MAX_ISSUES) {
    const [value, path, depth] = pending.pop()!;
    if (typeof value === 'string') {
      const problem = badTextIn(value);
      if (problem !== undefined) issues.push({ path, message: problem });
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_DEPTH) return { issues, tooDeep: true };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) pending.push([value[i], `${path}.${i}`, depth + 1]);
      continue;
    }
    const entries = Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, child] = entries[i]!;
      const keyProblem = badTextIn(key);
      const childPath = `${path}.${visible(key)}`;
      if (keyProblem !== undefined) issues.push({ path: childPath, message: `the key ${keyProblem}` });
      else pending.push([child, childPath, depth + 1]);
    }
  }
  return { issues: issues.slice(0, MAX_ISSUES), tooDeep: false };
}

/** What is wrong with the text, or undefined when it is fine. */
function badTextIn(text: string): string | undefined {
  const found = BAD_TEXT.exec(text);
  if (found === null) return undefined;
  const unit = found[0].charCodeAt(0);
  return unit === 0
    ? 'holds NUL (U+0000)'
    : `holds a lone surrogate (U+${unit.toString(16).toUpperCase().padStart(4, '0')})`;
}

/** The text shortened and with bad code units written as escapes, fit to be echoed in a problem. */
function visible(text: string): string {
  const shown = text.replace(
    /[\p{Cc}\p{Cs}]/gu,
    (unit) => `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
  return shown.length > 60 ? `${shown.slice(0, 57)}...` : shown;
}
