// Test support for the fuzz and bad-input suites: the platform server on SQLite files in a temp DATA_DIR with
// a tournament of 8, round 1 started live (two tables, hand 1 dealt) and every seat token issued; what a
// rejected request must leave alone (the store's head, the tournament and the table as read); the problem
// codes docs/api.md documents; and a raw HTTP client that sends paths and bodies exactly as given.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../services/api/logging.ts';
import { loadConfig } from '../../services/config.ts';
import { type RunningServer, startPlatformServer } from '../../services/server.ts';

export interface Seat {
  readonly playerId: string;
  readonly gameId: string;
  readonly token: string;
}

export interface LiveTable {
  readonly server: RunningServer;
  readonly tournamentId: string;
  /** Table 1's game, whose hand the fuzz pokes at, and table 2's. */
  readonly gameId: string;
  readonly otherGameId: string;
  readonly organizer: string;
  readonly referee: string;
  /** Table 1's seat whose turn it is (they hold 14 tiles and must discard), and the three waiting. */
  readonly acting: Seat;
  readonly waiting: readonly Seat[];
  /** A seat of table 2. */
  readonly elsewhere: Seat;
  close(): Promise<void>;
}

export interface RawReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

/** One request with the path and body bytes exactly as given (fetch would normalise both). */
export function rawRequest(
  url: string,
  options: {
    readonly method: string;
    readonly path: string;
    readonly headers?: Readonly<Record<string, string>>;
    readonly body?: string | Buffer;
  },
): Promise<RawReply> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = request(
      { host: hostname, port, method: options.method, path: options.path, headers: options.headers },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString(),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` });

/** The codes of docs/api.md's error table: every problem the API answers with must be one of them. */
export function documentedCodes(): ReadonlySet<string> {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/api.md'), 'utf8');
  const section = doc.slice(doc.indexOf('\n## Errors'), doc.indexOf('\n## If-Match'));
  return new Set([...section.matchAll(/^\| `([a-z-]+)` \| [0-9]/gm)].map((match) => match[1]!));
}

export async function startLiveTable(tournamentId = 'fuzz-open'): Promise<LiveTable> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ml-fuzz-'));
  const server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    rateLimit: false,
  });
  const organizer = server.organizerToken;
  const post = async (path: string, body: unknown) => {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...bearer(organizer) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${text}`);
    return JSON.parse(text);
  };
  await post('/api/tournaments', { tournamentId, name: 'Fuzz Open', preset: 'hu-mahjong', seed: 'fuzz' });
  for (let n = 1; n <= 8; n++)
    await post(`/api/tournaments/${tournamentId}/players`, { playerId: `p${n}`, name: `Player ${n}` });
  const rounds = `/api/tournaments/${tournamentId}/rounds`;
  await post(rounds, { round: 1, method: 'random', end: { kind: 'hands', count: 4 }, minutes: 60 });
  await post(`${rounds}/1/seating`, { method: 'random' });
  await post(`${rounds}/1/start`, {});
  const seats = (await post(`${rounds}/1/seat-tokens`, {})) as (Seat & { table: number })[];
  const { token: referee } = await post(`/api/tournaments/${tournamentId}/referee-tokens`, {});
  const gameId = seats.find((s) => s.table === 1)!.gameId;
  const atTable = seats.filter((s) => s.gameId === gameId);
  let acting: Seat | undefined;
  for (const seat of atTable) {
    const response = await fetch(`${server.url}/api/games/${gameId}/seat`, { headers: bearer(seat.token) });
    const view = (await response.json()) as { phase?: { kind?: string } };
    if (view.phase?.kind === 'turn') acting = seat;
  }
  if (acting === undefined) throw new Error(`no seat of ${gameId} is to act`);
  const elsewhere = seats.find((s) => s.gameId !== gameId)!;
  return {
    server,
    tournamentId,
    gameId,
    otherGameId: elsewhere.gameId,
    organizer,
    referee,
    acting,
    waiting: atTable.filter((s) => s !== acting),
    elsewhere,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What a rejected request must leave as it was: the store's head, and the tournament and table as read. */
export interface Observed {
  readonly position: bigint;
  readonly tournament: string;
  readonly game: string;
}

export async function observe(table: LiveTable, known = 0n): Promise<Observed> {
  let position = known;
  for (;;) {
    const batch = await table.server.platform.store.readAll({ after: position, limit: 500 });
    if (batch.length === 0) break;
    position = batch.at(-1)!.position;
  }
  const read = async (path: string) => {
    const response = await fetch(`${table.server.url}${path}`, { headers: bearer(table.organizer) });
    return `${response.status} ${response.headers.get('etag')} ${await response.text()}`;
  };
  return {
    position,
    tournament: await read(`/api/tournaments/${table.tournamentId}`),
    game: await read(`/api/games/${table.gameId}`),
  };
}
