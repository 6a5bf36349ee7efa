// Live play over HTTP on the platform server (SQLite files in a temp DATA_DIR): a seat's actions become hand
// commands; a table whose hands are entered by a scorer has no hand to show a seat; an action on a hand that
// is not the one being played is refused.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameStream, handStream } from '../../../domain/play/metadata.ts';
import { formatTiles, parseTiles } from '../../../domain/tiles/index.ts';
import { defaultDeclaration } from '../../bots/agent.ts';
import { playSeatOverHttp } from '../../bots/http-bot.ts';
import { createBot } from '../../bots/index.ts';
import { loadConfig } from '../../config.ts';
import { type RunningServer, startPlatformServer } from '../../server.ts';
import { createLogger } from '../logging.ts';
import { bearer, readJson } from '../testing.ts';
import { commandOf, SeatAction } from './tables.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const AT = '2026-03-01T10:00:00.000Z';

describe('commandOf', () => {
  it('turns each seat action into the hand command of that seat', () => {
    expect(commandOf(SeatAction.parse({ action: 'discard', tile: '5p' }), 'S', AT)).toEqual({
      type: 'Discard',
      seat: 'S',
      tile: tile('5p'),
      at: AT,
    });
    expect(commandOf(SeatAction.parse({ action: 'chow', tiles: ['1m', '2m'] }), 'S', AT)).toEqual({
      type: 'MakeClaim',
      seat: 'S',
      claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] },
      at: AT,
    });
    expect(commandOf(SeatAction.parse({ action: 'win', handScore: 8 }), 'W', AT)).toEqual({
      type: 'MakeClaim',
      seat: 'W',
      claim: { claim: 'win' },
      at: AT,
      handScore: 8,
    });
    expect(commandOf(SeatAction.parse({ action: 'self-draw' }), 'E', AT)).toEqual({
      type: 'DeclareSelfDraw',
      seat: 'E',
      at: AT,
    });
    expect(
      commandOf(SeatAction.parse({ action: 'declare-kong', tile: '7z', kind: 'added' }), 'N', AT),
    ).toEqual({ type: 'DeclareKong', seat: 'N', tile: tile('7z'), kind: 'added', at: AT });
  });

  it('refuses an action that is no tile in notation, or carries a field it has not', () => {
    expect(SeatAction.safeParse({ action: 'discard', tile: '0m' }).success).toBe(false);
    expect(SeatAction.safeParse({ action: 'pass', tile: '5p' }).success).toBe(false);
  });
});

let server: RunningServer;
let dataDir: string;

async function post(path: string, body: unknown, headers = bearer(server.organizerToken)): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** A tournament of 4 with round 1 started; the seat tokens issued: player → { token, gameId }. */
async function startedTournament(
  id: string,
  recording: 'live' | 'entered',
  preset = 'hu-mahjong',
  hands = 1,
) {
  const ok = async (path: string, body: unknown) => {
    const response = await post(path, body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  await ok('/api/tournaments', { tournamentId: id, name: id, preset, seed: id });
  for (let n = 1; n <= 4; n++)
    await ok(`/api/tournaments/${id}/players`, { playerId: `${id}-p${n}`, name: `P${n}` });
  const rounds = `/api/tournaments/${id}/rounds`;
  await ok(rounds, {
    round: 1,
    method: 'random',
    end: { kind: 'hands', count: hands },
    minutes: 60,
    recording,
  });
  await ok(`${rounds}/1/seating`, { method: 'random' });
  await ok(`${rounds}/1/start`, {});
  const issued = (await readJson(await ok(`${rounds}/1/seat-tokens`, {}))) as {
    playerId: string;
    gameId: string;
    token: string;
  }[];
  return issued;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ml-tables-'));
  server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    rateLimit: false,
  });
}, 60_000);

afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the table routes', () => {
  it('given a round whose hands a scorer enters, then the table shows no hand and a seat gets 409 no-hand', async () => {
    const [first] = await startedTournament('entered', 'entered');

    const table = await readJson(
      await fetch(`${server.url}/api/games/${first!.gameId}`, { headers: bearer(server.organizerToken) }),
    );
    const seat = await fetch(`${server.url}/api/games/${first!.gameId}/seat`, {
      headers: bearer(first!.token),
    });

    expect(table).toMatchObject({ handRevision: -1, wallRemaining: null });
    expect(seat.status).toBe(409);
    expect((await readJson(seat)).reason).toBe('no-hand');
  });

  it('given a live hand 1, when a seat acts on hand 2, then 409 not-current-hand and nothing is appended', async () => {
    const issued = await startedTournament('live', 'live');
    const { gameId } = issued[0]!;
    const before = await readJson(
      await fetch(`${server.url}/api/games/${gameId}`, { headers: bearer(server.organizerToken) }),
    );
    const east = issued.find((t) => t.playerId === before.seatWinds.E)!;

    const response = await post(
      `/api/games/${gameId}/hands/2/actions`,
      { action: 'pass' },
      bearer(east.token),
    );

    expect(response.status).toBe(409);
    expect((await readJson(response)).reason).toBe('not-current-hand');
    const after = await readJson(
      await fetch(`${server.url}/api/games/${gameId}`, { headers: bearer(server.organizerToken) }),
    );
    expect(after.handRevision).toBe(before.handRevision);
  });

  it('given East’s seat view, when East discards a tile it holds, then the seat’s ETag moves to the new revision', async () => {
    const issued = await startedTournament('etag', 'live');
    const { gameId } = issued[0]!;
    const table = await readJson(
      await fetch(`${server.url}/api/games/${gameId}`, { headers: bearer(server.organizerToken) }),
    );
    const east = issued.find((t) => t.playerId === table.seatWinds.E)!;
    const seen = await fetch(`${server.url}/api/games/${gameId}/seat`, { headers: bearer(east.token) });
    const view = await readJson(seen);
    expect(view.seat).toBe('E');
    expect(view.phase.kind).toBe('turn');
    const kind = (view.concealed.counts as number[]).findIndex((n) => n > 0);

    const discard = await post(
      `/api/games/${gameId}/hands/1/actions`,
      { action: 'discard', tile: formatTiles([kind]) },
      { ...bearer(east.token), 'if-match': seen.headers.get('etag')! },
    );

    expect(discard.status).toBe(200);
    const reply = await readJson(discard);
    expect(reply.events[0]).toMatchObject({ type: 'TileDiscarded', data: { seat: 'E', tile: kind } });
    const now = await fetch(`${server.url}/api/games/${gameId}/seat`, { headers: bearer(east.token) });
    expect(Number(now.headers.get('etag')!.replaceAll('"', ''))).toBeGreaterThan(view.revision);
  });

  it('given a chinese-classical table, when bots play it over HTTP with the default declarations, then every win declares each loser’s score', async () => {
    const issued = await startedTournament('classical', 'live', 'chinese-classical', 3);
    const { gameId } = issued[0]!;
    const table = await readJson(
      await fetch(`${server.url}/api/games/${gameId}`, { headers: bearer(server.organizerToken) }),
    );
    expect(table.preset).toBe('chinese-classical');

    await Promise.all(
      issued.map((t) =>
        playSeatOverHttp({
          url: server.url,
          token: t.token,
          gameId: t.gameId,
          bot: createBot(`classical:${t.playerId}`),
          declare: defaultDeclaration,
        }),
      ),
    );

    const game = await server.platform.store.readStream(gameStream(gameId));
    expect(game.at(-1)!.type).toBe('GameFinished');
    const declared = [];
    for (let hand = 1; hand <= 3; hand++)
      for (const event of await server.platform.store.readStream(handStream(gameId, hand)))
        if (event.type === 'ScoresDeclared') declared.push(event);
    // Seeded: these walls give at least one win, and each win came with all four scores.
    expect(declared.length).toBeGreaterThan(0);
    for (const event of declared)
      expect(Object.keys((event.data as { scores: object }).scores)).toHaveLength(4);
  });
});
