// One declaration per route: its schemas validate the request, document it in the OpenAPI document and type
// the handler, so the three cannot drift apart. Guards, If-Match and Idempotency-Key are declared here too.
import { randomUUID } from 'node:crypto';
import type { Request, RequestHandler, Response } from 'express';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { z } from 'zod';
import { type ClientScope, clientCommandId } from '../play/command-ids.ts';
import {
  authorize,
  type PlayerPrincipal,
  type Principal,
  principalIn,
  type Role,
  type Scope,
  scopeOfParams,
  seatEndedProblem,
} from './auth.ts';
import { type ExpectedVersion, etagOf, parseIfMatch } from './concurrency.ts';
import type { ApiDatabase } from './db.ts';
import {
  claimIdempotencyKey,
  fingerprintOf,
  type IdempotencyOptions,
  idempotencyScopeOf,
  parseIdempotencyKey,
  type StoredReply,
} from './idempotency.ts';
import type { ApiMetrics } from './metrics.ts';
import { badRequest, type FieldError, ProblemError, problemBody } from './problem.ts';

export type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

type Schema = z.ZodType | undefined;
type ObjectSchema = z.ZodObject | undefined;
type Out<S extends Schema> = S extends z.ZodType ? z.output<S> : undefined;

/** No auth declared: the route is public. */
type Public = readonly [];

/** The principal a handler sees: narrowed to the roles the route admits; maybe absent on a public route. */
export type PrincipalFor<R extends readonly Role[]> = [R] extends [Public]
  ? Principal | undefined
  : Extract<Principal, { readonly role: R[number] }>;

export interface AuthRule<
  P extends ObjectSchema = ObjectSchema,
  Q extends ObjectSchema = ObjectSchema,
  R extends readonly Role[] = readonly Role[],
> {
  readonly roles: R;
  /**
   * What the request is about, for the tournament and game binding of tokens. Default: the `tournamentId`
   * and `gameId` params. A route whose resource names neither (a hand by game id...) looks them up here.
   */
  readonly scope?: (input: { params: Out<P>; query: Out<Q> }) => Scope | Promise<Scope>;
}

/** What the API itself offers every handler. */
export interface ApiServices {
  readonly db: Kysely<ApiDatabase>;
  readonly metrics: ApiMetrics;
  readonly logger: Logger;
}

export interface RouteContext<
  P extends ObjectSchema,
  Q extends ObjectSchema,
  B extends Schema,
  H extends ObjectSchema,
  R extends readonly Role[],
> {
  readonly req: Request;
  readonly res: Response;
  readonly params: Out<P>;
  readonly query: Out<Q>;
  /** The validated body; the raw JSON when the route only documents its body (`bodyDocumented`). */
  readonly body: B extends z.ZodType ? z.output<B> : unknown;
  readonly headers: Out<H>;
  readonly principal: PrincipalFor<R>;
  /** From If-Match; always set when `ifMatch: 'required'`. */
  readonly expectedVersion: ExpectedVersion | undefined;
  /**
   * The command's id: the Idempotency-Key (else a fresh one) hashed with the principal, method and route, so
   * a raced retry appends once while the same key from anyone else, or on another route, is another command
   * and no key can spell a server step's id (services/play/command-ids.ts).
   */
  readonly commandId: string;
  readonly idempotencyKey: string | undefined;
  /** The request id (X-Request-Id): the command's correlation id. */
  readonly requestId: string;
  readonly log: Logger;
  readonly api: ApiServices;
}

/** What a handler answers; undefined when it wrote the response itself (an event stream). */
export interface Reply {
  readonly status?: number;
  readonly body?: unknown;
  /** The stream revision the body shows: sent as ETag `"<revision>"`. */
  readonly revision?: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** Default application/json. */
  readonly contentType?: string;
}

export interface ResponseDoc {
  readonly description: string;
  readonly schema?: z.ZodType;
  /** Default application/json. */
  readonly contentType?: string;
}

export interface RouteDefinition<
  P extends ObjectSchema = undefined,
  Q extends ObjectSchema = undefined,
  B extends Schema = undefined,
  H extends ObjectSchema = undefined,
  R extends readonly Role[] = Public,
> {
  readonly method: Method;
  /** Express syntax: `/api/games/:gameId`. */
  readonly path: string;
  readonly summary: string;
  readonly description?: string;
  readonly tags?: readonly string[];
  readonly operationId?: string;
  /** Absent: a public route. */
  readonly auth?: AuthRule<P, Q, R>;
  readonly params?: P;
  /** Query values arrive as strings: use z.coerce for numbers. */
  readonly query?: Q;
  readonly body?: B;
  /** A body documented but handed over unvalidated, for a route that reports errors its own way. */
  readonly bodyDocumented?: z.ZodType;
  /** Header names in lower case. */
  readonly headers?: H;
  /** 'required': 428 without If-Match. */
  readonly ifMatch?: 'required' | 'optional';
  /** 'required': 400 without Idempotency-Key. Only on methods that change state. */
  readonly idempotency?: 'required' | 'optional';
  readonly responses: Readonly<Record<number, ResponseDoc>>;
  readonly handler: (context: RouteContext<P, Q, B, H, R>) => Promise<Reply | undefined> | Reply | undefined;
}

/** A route with its types erased, as the app keeps it. */
export interface Route {
  readonly definition: RouteDefinition<ObjectSchema, ObjectSchema, Schema, ObjectSchema, readonly Role[]>;
}

export function defineRoute<
  P extends ObjectSchema = undefined,
  Q extends ObjectSchema = undefined,
  B extends Schema = undefined,
  H extends ObjectSchema = undefined,
  const R extends readonly Role[] = Public,
>(definition: RouteDefinition<P, Q, B, H, R>): Route {
  return { definition: definition as unknown as Route['definition'] };
}

export interface MountOptions {
  readonly idempotency?: IdempotencyOptions;
  /**
   * Why a seat token no longer sends commands (its game finished, its round closed), or undefined while it
   * does. Asked only of commands; reads of a finished game stay open to its players.
   */
  readonly seatEnded?: (principal: PlayerPrincipal) => Promise<string | undefined>;
}

/** The Express handler that runs a route: guard, validate, If-Match, idempotency, then the handler. */
export function routeHandler(route: Route, api: ApiServices, options: MountOptions = {}): RequestHandler {
  const def = route.definition;
  return async (req, res) => {
    if (def.auth !== undefined) authorize(res, def.auth.roles);
    const { params, query, body, headers } = validate(def, req);
    let principal = principalIn(res);
    if (def.auth !== undefined) {
      const scope =
        def.auth.scope !== undefined
          ? await def.auth.scope({ params, query })
          : scopeOfParams(params ?? req.params);
      principal = authorize(res, def.auth.roles, scope);
    }
    const expectedVersion = parseIfMatch(req.get('if-match'));
    if (def.ifMatch === 'required' && expectedVersion === undefined)
      throw new ProblemError(
        428,
        'precondition-required',
        'send If-Match: "<revision>" (the ETag you read), or *',
      );
    const idempotencyKey =
      def.idempotency !== undefined ? parseIdempotencyKey(req.get('idempotency-key')) : undefined;
    if (def.idempotency === 'required' && idempotencyKey === undefined)
      throw badRequest('this command needs an Idempotency-Key header', [
        { path: 'headers.idempotency-key', message: 'required' },
      ]);

    const client: ClientScope = {
      principal: principal?.tokenId ?? 'anonymous',
      method: def.method,
      route: def.path,
    };
    const fingerprint = fingerprintOf(req.method, req.originalUrl, req.body);
    const context = {
      req,
      res,
      params,
      query,
      body,
      headers,
      principal,
      expectedVersion,
      commandId: clientCommandId(client, idempotencyKey ?? randomUUID(), fingerprint),
      idempotencyKey,
      requestId: String(req.id ?? ''),
      log: (req.log as Logger | undefined) ?? api.logger,
      api,
    } as Parameters<Route['definition']['handler']>[0];

    // A seat token's commands end with its game, but a retry of one it sent before still gets its kept reply
    // (the move that ended the game was acknowledged): so the check comes after the replay, not before.
    const ended =
      principal?.role === 'player' && def.method !== 'get' ? await options.seatEnded?.(principal) : undefined;
    if (idempotencyKey === undefined) {
      if (ended !== undefined) throw seatEndedProblem(ended);
      const reply = await def.handler(context);
      if (reply !== undefined) sendReply(res, reply);
      return;
    }
    const claim = await claimIdempotencyKey(
      api.db,
      {
        scope: idempotencyScopeOf(client),
        key: idempotencyKey,
        fingerprint,
      },
      options.idempotency,
    );
    if (claim.kind === 'replay') {
      sendKept(res, claim.reply);
      return;
    }
    if (ended !== undefined) {
      await claim.release();
      throw seatEndedProblem(ended);
    }
    let reply: Reply | undefined;
    try {
      reply = await def.handler(context);
    } catch (error) {
      // A domain rejection is an answer a retry should see again; anything else frees the key to be retried.
      if (error instanceof ProblemError && error.code === 'rejected')
        await claim.complete({
          status: error.status,
          body: problemBody(req, error),
          contentType: 'application/problem+json',
        });
      else await claim.release();
      throw error;
    }
    if (reply === undefined) {
      await claim.release();
      return;
    }
    await claim.complete({
      status: reply.status ?? 200,
      body: reply.body,
      contentType: reply.contentType ?? 'application/json',
      ...(reply.revision !== undefined ? { etag: etagOf(reply.revision) } : {}),
    });
    sendReply(res, reply);
  };
}

function sendKept(res: Response, kept: StoredReply): void {
  res.setHeader('Idempotent-Replayed', 'true');
  if (kept.etag !== undefined) res.setHeader('ETag', kept.etag);
  res
    .status(kept.status)
    .type(kept.contentType)
    .send(kept.body === undefined ? '' : JSON.stringify(kept.body));
}

function sendReply(res: Response, reply: Reply): void {
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value);
  if (reply.revision !== undefined) res.setHeader('ETag', etagOf(reply.revision));
  res.status(reply.status ?? 200);
  if (reply.body === undefined) {
    res.end();
    return;
  }
  res.type(reply.contentType ?? 'application/json').send(JSON.stringify(reply.body));
}

interface Validated {
  params: Record<string, unknown> | undefined;
  query: Record<string, unknown> | undefined;
  body: unknown;
  headers: Record<string, unknown> | undefined;
}

/** Validates every part at once, so one 400 names every bad field. */
function validate(def: Route['definition'], req: Request): Validated {
  const errors: FieldError[] = [];
  const check = (where: string, schema: z.ZodType | undefined, value: unknown): unknown => {
    if (schema === undefined) return where === 'body' ? value : undefined;
    const parsed = schema.safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues)
      errors.push({ path: [where, ...issue.path.map(String)].join('.'), message: issue.message });
    return undefined;
  };
  const validated = {
    params: check('params', def.params, { ...req.params }) as Validated['params'],
    query: check('query', def.query, { ...(req.query as object) }) as Validated['query'],
    body: check('body', def.body, req.body),
    headers: check('headers', def.headers, { ...req.headers }) as Validated['headers'],
  };
  if (errors.length > 0)
    throw badRequest(
      `${errors.length === 1 ? 'a field is' : `${errors.length} fields are`} invalid: ${errors.map((e) => e.path).join(', ')}`,
      errors,
    );
  return validated;
}
