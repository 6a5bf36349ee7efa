// Test support for the tournament, ruling and entry routes: the API over real HTTP on a real SQLite event store
// in a temp file, the platform wired as in production (claim deadlines off: bots answer at once).
// zod's OpenAPI extension first: zod 4 gives a schema its methods when it is made, so score.ts's contract
// schema must be made after it.
import '../zod.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore } from '../../eventstore/port.ts';
import { openSqliteEventStore } from '../../eventstore/sqlite.ts';
import { createPlatform, type Platform } from '../../platform.ts';
import type { PrincipalClaims } from '../auth.ts';
import { bearer, jsonHeaders, startTestApi, type TestApi } from '../testing.ts';
import { entryRoutes } from './entry.ts';
import { roundRoutes } from './rounds.ts';
import { rulingRoutes } from './rulings.ts';
import { tokenRoutes } from './tokens.ts';
import { tournamentRoutes } from './tournaments.ts';

export interface Reply {
  readonly status: number;
  readonly headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read fields of many JSON shapes
  readonly body: any;
}

export interface Harness {
  readonly api: TestApi;
  readonly platform: Platform;
  readonly store: EventStore;
  /** A global organizer's token. */
  readonly organizer: string;
  readonly tokenFor: (claims: PrincipalClaims) => Promise<string>;
  readonly post: (
    path: string,
    body?: unknown,
    options?: { token?: string | null; headers?: Record<string, string> },
  ) => Promise<Reply>;
  readonly get: (path: string, token?: string | null) => Promise<Reply>;
  readonly close: () => Promise<void>;
}

export async function startHarness(): Promise<Harness> {
  const dir = mkdtempSync(join(tmpdir(), 'routes-'));
  const store = openSqliteEventStore(join(dir, 'events.sqlite'));
  const platform = createPlatform(store, { deadlines: false });
  const api = await startTestApi({
    rateLimit: false,
    routes: [
      tournamentRoutes(platform),
      roundRoutes(platform),
      tokenRoutes(platform),
      rulingRoutes(platform),
      entryRoutes(platform),
    ],
  });
  const organizer = await api.tokenFor({ role: 'organizer' });
  const reply = async (response: Response): Promise<Reply> => {
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: text === '' ? undefined : JSON.parse(text),
    };
  };
  const auth = (token: string | null | undefined) => (token === null ? {} : bearer(token ?? organizer));
  return {
    api,
    platform,
    store,
    organizer,
    tokenFor: api.tokenFor,
    post: async (path, body, options = {}) =>
      reply(
        await fetch(`${api.url}${path}`, {
          method: 'POST',
          headers: jsonHeaders({ ...auth(options.token), ...options.headers }),
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        }),
      ),
    get: async (path, token) => reply(await fetch(`${api.url}${path}`, { headers: auth(token) })),
    close: async () => {
      await api.close();
      platform.close();
      await store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const PLAYERS = ['ana', 'bo', 'cy', 'di', 'ed', 'fay', 'gus', 'hal'] as const;

/** A tournament with the players registered and round 1 scheduled: ready to seat. */
export async function tournamentWithRound(
  harness: Harness,
  options: {
    readonly tournamentId: string;
    readonly players?: readonly string[];
    readonly preset?: string;
    readonly end?: unknown;
    readonly recording?: 'live' | 'entered';
    readonly method?: 'random' | 'uploaded';
  },
): Promise<void> {
  const { tournamentId } = options;
  const expectOk = (reply: Reply, what: string) => {
    if (reply.status >= 300) throw new Error(`${what}: ${reply.status} ${JSON.stringify(reply.body)}`);
  };
  expectOk(
    await harness.post('/api/tournaments', {
      tournamentId,
      name: `Test ${tournamentId}`,
      preset: options.preset ?? 'hu-mahjong',
      seed: `seed-${tournamentId}`,
    }),
    'create',
  );
  for (const name of options.players ?? PLAYERS)
    expectOk(
      await harness.post(`/api/tournaments/${tournamentId}/players`, { playerId: name, name }),
      `register ${name}`,
    );
  expectOk(
    await harness.post(`/api/tournaments/${tournamentId}/rounds`, {
      round: 1,
      method: options.method ?? 'random',
      end: options.end ?? { kind: 'hands', count: 4 },
      minutes: 90,
      ...(options.recording === undefined ? {} : { recording: options.recording }),
    }),
    'schedule',
  );
}
