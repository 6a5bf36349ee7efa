// The table and query routes' replies against the schemas the OpenAPI document gives them, on the platform
// server over real HTTP: a live hand read and acted on by a seat and a referee, its board stream, then the
// hand played out, penalised, disputed and corrected, and every read model read. A reply must parse, and
// parse to itself: a field the handler sends but the schema leaves out fails as surely as a wrong one.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { formatTiles } from '../../../domain/tiles/index.ts';
import { defaultDeclaration } from '../../bots/agent.ts';
import { createBot } from '../../bots/index.ts';
import { loadConfig } from '../../config.ts';
import { type RunningServer, startPlatformServer } from '../../server.ts';
import { playTableWithBots } from '../../tables/bot-seats.ts';
import { createLogger } from '../logging.ts';
import { bearer, readJson } from '../testing.ts';
import { ActionResult, GameView, SeatView } from './table-schemas.ts';
import { TournamentView } from './tournaments.ts';
import {
  AppendedTournamentEvent,
  AuditLog,
  Board,
  BoardStreamEvent,
  PlayerHistory,
  Replay,
  Standings,
  StandingsProgress,
} from './view-schemas.ts';

const T = 'replies';

let server: RunningServer;
let dataDir: string;
let organizer: Record<string, string>;
/** Player → seat token; all four at one table. */
let tokens: Map<string, string>;
let gameId: string;

/** The body parses with the schema, to itself: nothing it holds is left undocumented. */
function expectDocumented(schema: z.ZodType, body: unknown): void {
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new Error(`${parsed.error.message}\nin ${JSON.stringify(body).slice(0, 2000)}`);
  expect(parsed.data).toEqual(body);
}

async function call(method: 'GET' | 'POST', path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (response.status >= 300)
    throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
  return readJson(response);
}
const get = (path: string, headers = organizer) => call('GET', path, headers);
const post = (path: string, body: unknown, headers = organizer) => call('POST', path, headers, body);
/** The events tournament commands appended, as their replies listed them. */
const appended: unknown[] = [];
async function command(path: string, body: unknown) {
  const reply = await post(path, body);
  appended.push(...reply.events);
  return reply;
}

/** The first `board` frame of the stream, as its event, id and parsed data. */
async function firstBoardFrame(): Promise<unknown> {
  const controller = new AbortController();
  const response = await fetch(`${server.url}/api/tournaments/${T}/board/stream`, {
    signal: controller.signal,
  });
  expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before a board');
      buffer += value;
      for (const frame of buffer.split('\n\n').slice(0, -1)) {
        const lines = frame.split('\n');
        const field = (name: string) =>
          lines.filter((l) => l.startsWith(`${name}: `)).map((l) => l.slice(name.length + 2));
        const [event] = field('event');
        if (event === 'board')
          return { event, id: field('id')[0], data: JSON.parse(field('data').join('\n')) };
      }
    }
  } finally {
    controller.abort();
  }
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ml-replies-'));
  server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    rateLimit: false,
  });
  organizer = bearer(server.organizerToken);
  await command('/api/tournaments', { tournamentId: T, name: 'Replies', preset: 'table-law', seed: 'r' });
  for (let n = 1; n <= 4; n++)
    await command(`/api/tournaments/${T}/players`, { playerId: `p${n}`, name: `P ${n}` });
  const rounds = `/api/tournaments/${T}/rounds`;
  await command(rounds, { round: 1, method: 'random', end: { kind: 'hands', count: 1 }, minutes: 60 });
  await command(`${rounds}/1/seating`, { method: 'random' });
  await command(`${rounds}/1/start`, {});
  const issued = (await post(`${rounds}/1/seat-tokens`, {})) as {
    playerId: string;
    gameId: string;
    token: string;
  }[];
  tokens = new Map(issued.map((t) => [t.playerId, t.token]));
  gameId = issued[0]!.gameId;
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the documented replies', () => {
  it('given a live hand, then the table, a seat, its action, a referee’s act, a live replay and the board stream fit their schemas', async () => {
    const table = await get(`/api/games/${gameId}`);
    expectDocumented(GameView, table);
    const east = bearer(tokens.get(table.seatWinds.E)!);
    const south = bearer(tokens.get(table.seatWinds.S)!);
    expectDocumented(GameView, await get(`/api/games/${gameId}`, south));

    const seat = await get(`/api/games/${gameId}/seat`, east);
    expectDocumented(SeatView, seat);
    expectDocumented(SeatView, await get(`/api/games/${gameId}/seat`, south));
    expectDocumented(BoardStreamEvent, await firstBoardFrame());

    const kind = (seat.concealed.counts as number[]).findIndex((n, i) => n > 0 && i < 34);
    const discarded = await post(
      `/api/games/${gameId}/hands/1/actions`,
      { action: 'discard', tile: formatTiles([kind]) },
      east,
    );
    expect(discarded.events[0].type).toBe('TileDiscarded');
    expectDocumented(ActionResult, discarded);
    // A seat of a live hand is shown another's draw without its tile, the wall by its hash only.
    expectDocumented(SeatView, await get(`/api/games/${gameId}/seat`, south));

    const ruled = await post(`/api/games/${gameId}/hands/1/referee`, {
      action: 'dead-hand',
      seat: 'N',
      held: 12,
    });
    expect(ruled.events.map((e: { type: string }) => e.type)).toContain('DeadHandDeclared');
    expectDocumented(ActionResult, ruled);

    const live = await get(`/api/games/${gameId}/hands/1/replay`);
    expect(live.over).toBe(false);
    expectDocumented(Replay, live);
  });

  it('given the hand played out, penalised, disputed and corrected, then the replay, standings, board, audit and histories fit theirs', async () => {
    const bots = new Map<string, ReturnType<typeof createBot>>();
    await playTableWithBots(server.platform.tables, gameId, {
      botOf: (player) => bots.get(player) ?? bots.set(player, createBot(`replies:${player}`)).get(player)!,
      declare: defaultDeclaration,
    });
    await command(`/api/tournaments/${T}/penalties`, { playerId: 'p2', points: 8, reason: 'slow play' });
    const opened = await command(`/api/tournaments/${T}/disputes`, { gameId, hand: 1, reason: 'a miscount' });
    await command(`/api/tournaments/${T}/disputes/${opened.events[0].data.disputeId}/ruling`, {
      ruling: {
        kind: 'correction',
        mode: 'replacement',
        wrong: 'the payment was miscounted',
        transfers: [{ from: 'W', to: 'E', points: 16, reason: 'the payment as ruled' }],
      },
      reason: 'replayed the hand',
    });
    await server.projections.catchUp();

    const replay = await get(`/api/games/${gameId}/hands/1/replay`, bearer(tokens.get('p1')!));
    expect(replay.over).toBe(true);
    expect(replay.payments.some((p: { kind: string }) => p.kind === 'correction')).toBe(true);
    expectDocumented(Replay, replay);

    const standings = await get(`/api/tournaments/${T}/standings`, {});
    expect(standings.standings).toHaveLength(4);
    expectDocumented(Standings, standings);
    const progress = await get(`/api/tournaments/${T}/standings/progress`, {});
    expectDocumented(StandingsProgress, progress);
    // Then each player's last total is their standings points.
    for (const row of standings.standings as { playerId: string; points: number }[])
      expect(
        (progress.players as { playerId: string; totals: number[] }[])
          .find((p) => p.playerId === row.playerId)
          ?.totals.at(-1),
      ).toBe(row.points);
    expectDocumented(Board, await get(`/api/tournaments/${T}/board`, {}));

    const audit = await get(`/api/tournaments/${T}/audit`);
    expect(audit.entries.map((e: { kind: string }) => e.kind)).toEqual(
      expect.arrayContaining(['penalty', 'dispute', 'ruling', 'correction']),
    );
    expectDocumented(AuditLog, audit);

    const history = await get(`/api/tournaments/${T}/players/p1/history`);
    expect(history.games).toHaveLength(1);
    expectDocumented(PlayerHistory, history);
    expectDocumented(PlayerHistory, await get('/api/players/p2/history'));

    expectDocumented(TournamentView, await get(`/api/tournaments/${T}`));
    expectDocumented(TournamentView, await get(`/api/tournaments/${T}`, bearer(tokens.get('p1')!)));
  });

  it('given the tournament commands above, then the events they appended fit AppendedTournamentEvent (for tournament-command.ts to adopt)', () => {
    const types = new Set(appended.map((e) => (e as { type: string }).type));
    expect([...types]).toEqual(
      expect.arrayContaining(['TournamentCreated', 'RoundSeated', 'PlayerPenalised', 'DisputeRuled']),
    );
    expectDocumented(z.array(AppendedTournamentEvent), appended);
  });
});
