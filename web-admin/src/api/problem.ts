// The API answers every error as problem+json (RFC 7807) with a stable code; the app shows its detail, which
// names what is wrong, and keeps the code for the pages that react to one (a stale If-Match, say).
export interface ProblemBody {
  readonly type?: string;
  readonly title?: string;
  readonly status?: number;
  readonly detail?: string;
  readonly code?: string;
  readonly errors?: readonly { readonly path: string; readonly message: string }[];
}

export class ApiProblem extends Error {
  readonly status: number;
  readonly code: string;
  readonly errors: readonly { readonly path: string; readonly message: string }[];

  constructor(status: number, body: ProblemBody | undefined) {
    super(body?.detail ?? body?.title ?? `the server answered ${status}`);
    this.name = 'ApiProblem';
    this.status = status;
    this.code = body?.code ?? 'unknown';
    this.errors = body?.errors ?? [];
  }
}

/** The reply's data, or the problem it carries thrown, from an openapi-fetch result. */
export function unwrap<T>(result: { data?: T; error?: unknown; response: Response }): T {
  if (result.error !== undefined || !result.response.ok)
    throw new ApiProblem(result.response.status, result.error as ProblemBody | undefined);
  return result.data as T;
}
