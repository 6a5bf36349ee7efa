// The seat stream over HTTP on the platform server (SQLite files in a temp DATA_DIR): its first view is what
// GET /seat answers, a discard sends every seat a new view, another seat's silent pass sends nothing, a token
// reaches its own seat only (refused as GET /seat refuses), a closed client leaves no listener, the per-token
// stream bound holds, and the stream ends with the game.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEATS, type Seat } from '../../../domain/rules/seats.ts';
import {
  type ActionProblem,
  playSeatOverHttp,
  type SeatBody,
  SeatDecisions,
  sendMove,
} from '../../bots/http-bot.ts';
import { createBot } from '../../bots/index.ts';
import { loadConfig } from '../../config.ts';
import { type RunningServer, startPlatformServer } from '../../server.ts';
import { createLogger } from '../logging.ts';
import { bearer, readJson } from '../testing.ts';
import { SeatStreamEvent } from './seat-stream.ts';

/** How long any one wait may take on a loaded 2-core machine: a bound, never a measure. */
const BOUND_MS = 20_000;
/** Longer than the stream's 50 ms coalescing, many times over: nothing came in this long, nothing was sent. */
const QUIET_MS = 400;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Frame {
  readonly event: string;
  readonly id: string | undefined;
  // biome-ignore lint/suspicious/noExplicitAny: seat views of many shapes are probed in assertions
  readonly data: any;
}

/** An event stream read raw with fetch: every frame as it came, and whether the server ended the response. */
class RawStream {
  readonly frames: Frame[] = [];
  status = 0;
  contentType = '';
  ended = false;
  readonly #abort = new AbortController();
  #buffer = '';
  #wake: (() => void) | undefined;

  static async open(url: string, headers: Record<string, string>): Promise<RawStream> {
    const stream = new RawStream();
    const response = await fetch(url, { headers, signal: stream.#abort.signal });
    stream.status = response.status;
    stream.contentType = response.headers.get('content-type') ?? '';
    if (response.ok) void stream.#read(response);
    else stream.frames.push({ event: 'problem', id: undefined, data: await response.json() });
    return stream;
  }

  async #read(response: Response): Promise<void> {
    const decoder = new TextDecoder();
    try {
      for await (const chunk of response.body!) {
        this.#buffer += decoder.decode(chunk as Uint8Array, { stream: true });
        for (let end = this.#buffer.indexOf('\n\n'); end >= 0; end = this.#buffer.indexOf('\n\n')) {
          this.#frame(this.#buffer.slice(0, end));
          this.#buffer = this.#buffer.slice(end + 2);
        }
      }
      this.ended = true;
    } catch {
      // Aborted by close().
    }
    this.#wake?.();
  }

  #frame(block: string): void {
    let event: string | undefined;
    let id: string | undefined;
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith('event: ')) event = line.slice(7);
      else if (line.startsWith('id: ')) id = line.slice(4);
      else if (line.startsWith('data: ')) data.push(line.slice(6));
    }
    if (event === undefined) return; // retry: and heartbeat comments
    this.frames.push({ event, id, data: JSON.parse(data.join('\n')) });
    this.#wake?.();
  }

  /** Waits until `count` frames came (bounded). */
  async frame(count: number): Promise<Frame> {
    const stop = Date.now() + BOUND_MS;
    while (this.frames.length < count) {
      if (this.ended) throw new Error(`the stream ended after ${this.frames.length} frames, before ${count}`);
      if (Date.now() > stop) throw new Error(`no frame ${count} within ${BOUND_MS} ms`);
      await new Promise<void>((done) => {
        this.#wake = done;
        setTimeout(done, 100);
      });
    }
    return this.frames[count - 1]!;
  }

  /** Waits until the server ends the response (bounded). */
  async end(): Promise<void> {
    const stop = Date.now() + BOUND_MS;
    while (!this.ended) {
      if (Date.now() > stop) throw new Error(`the stream did not end within ${BOUND_MS} ms`);
      await new Promise<void>((done) => {
        this.#wake = done;
        setTimeout(done, 100);
      });
    }
  }

  close(): void {
    this.#abort.abort();
  }
}

let server: RunningServer;
let dataDir: string;
const open: RawStream[] = [];

async function post(path: string, body: unknown, headers = bearer(server.organizerToken)): Promise<Response> {
  return fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

interface SeatToken {
  readonly playerId: string;
  readonly gameId: string;
  readonly token: string;
}

/** A tournament of 4 with round 1 started; its seat tokens, by the seat each holds in hand 1. */
async function startedTable(id: string, options: { hands?: number; recording?: 'live' | 'entered' } = {}) {
  const ok = async (path: string, body: unknown) => {
    const response = await post(path, body);
    if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response;
  };
  await ok('/api/tournaments', { tournamentId: id, name: id, preset: 'hu-mahjong', seed: id });
  for (let n = 1; n <= 4; n++)
    await ok(`/api/tournaments/${id}/players`, { playerId: `${id}-p${n}`, name: `P${n}` });
  const rounds = `/api/tournaments/${id}/rounds`;
  await ok(rounds, {
    round: 1,
    method: 'random',
    end: { kind: 'hands', count: options.hands ?? 4 },
    minutes: 60,
    recording: options.recording ?? 'live',
  });
  await ok(`${rounds}/1/seating`, { method: 'random' });
  await ok(`${rounds}/1/start`, {});
  const issued = (await readJson(await ok(`${rounds}/1/seat-tokens`, {}))) as SeatToken[];
  const gameId = issued[0]!.gameId;
  const table = await readJson(
    await fetch(`${server.url}/api/games/${gameId}`, { headers: bearer(server.organizerToken) }),
  );
  const bySeat = new Map<Seat, SeatToken>();
  for (const seat of SEATS) {
    const holder = issued.find((t) => t.playerId === table.seatWinds[seat]);
    if (holder !== undefined) bySeat.set(seat, holder);
  }
  return { gameId, issued, bySeat };
}

async function stream(gameId: string, token: string | undefined, query = ''): Promise<RawStream> {
  const opened = await RawStream.open(
    `${server.url}/api/games/${gameId}/seat/stream${query}`,
    token === undefined ? {} : bearer(token),
  );
  open.push(opened);
  return opened;
}

async function seatView(gameId: string, token: string): Promise<{ body: SeatBody; etag: string | null }> {
  const response = await fetch(`${server.url}/api/games/${gameId}/seat`, { headers: bearer(token) });
  if (!response.ok) throw new Error(`GET seat: ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as SeatBody, etag: response.headers.get('etag') };
}

const official = async (gameId: string): Promise<{ handRevision: number; handPhase: string }> =>
  readJson(await fetch(`${server.url}/api/games/${gameId}`, { headers: bearer(server.organizerToken) }));

async function listenersGone(): Promise<number> {
  const stop = Date.now() + BOUND_MS;
  while (server.platform.changes.gamesListened > 0 && Date.now() < stop) await pause(20);
  return server.platform.changes.gamesListened;
}

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'ml-seat-stream-'));
  server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
    port: 0,
    host: '127.0.0.1',
    logger: createLogger({ level: 'silent' }),
    rateLimit: false,
  });
}, 60_000);

afterAll(async () => {
  for (const s of open) s.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the seat stream', () => {
  it('given a live hand, when East opens its seat stream, then its first event is what GET /seat answers', async () => {
    const { gameId, bySeat } = await startedTable('first');
    const east = bySeat.get('E')!;
    const read = await seatView(gameId, east.token);

    const seen = await stream(gameId, east.token);
    const first = await seen.frame(1);

    expect(seen.status).toBe(200);
    expect(seen.contentType).toMatch(/^text\/event-stream/);
    expect(first.event).toBe('seat');
    expect(first.data).toEqual(read.body);
    expect(`"${first.data.revision}"`).toBe(read.etag);
    // Documented as it is sent: the frame parses to itself.
    expect(SeatStreamEvent.parse(first)).toEqual(first);
    seen.close();
  });

  it('given every seat’s stream open, when East discards, then every seat is sent a new view with the discard', async () => {
    const { gameId, bySeat } = await startedTable('discard');
    const streams = new Map<Seat, RawStream>();
    for (const [seat, holder] of bySeat) streams.set(seat, await stream(gameId, holder.token));
    for (const s of streams.values()) await s.frame(1);
    const east = bySeat.get('E')!;
    const { body } = await seatView(gameId, east.token);
    const move = new SeatDecisions(createBot('discard:E')).next(body, 'hu-mahjong')!;
    expect(move.command.type).toBe('Discard');

    const reply = await sendMove(server.url, east.token, gameId, move);

    expect(reply.status).toBe(200);
    const tile = move.action.tile as string;
    for (const [seat, s] of streams) {
      const next = await s.frame(2);
      expect(next.event, seat).toBe('seat');
      expect(next.data.ponds.E.notation, seat).toContain(tile);
      expect(next.data.revision, seat).toBeGreaterThan(s.frames[0]!.data.revision);
      // And still exactly what the seat reads now, if nothing moved since.
      const now = await seatView(gameId, bySeat.get(seat)!.token);
      if (now.body.revision === next.data.revision) expect(next.data).toEqual(now.body);
    }
    for (const s of streams.values()) s.close();
  });

  it('given a claim window two seats may answer, when one passes, then only the passing seat’s stream sends a view', async () => {
    const { gameId, bySeat } = await startedTable('silent', { hands: 8 });
    const deciders = new Map(
      [...bySeat.keys()].map((seat) => [seat, new SeatDecisions(createBot(`silent:${seat}`))]),
    );
    const streams = new Map<Seat, RawStream>();
    for (const [seat, holder] of bySeat) streams.set(seat, await stream(gameId, holder.token));
    let compared = 0;
    for (let step = 0; step < 3000 && compared === 0; step++) {
      const views = new Map<Seat, SeatBody>();
      for (const [seat, holder] of bySeat) views.set(seat, (await seatView(gameId, holder.token)).body);
      const claimers = [...views].filter(([, v]) => v.phase.kind === 'claim' && !v.phase.answered);
      if (claimers.length >= 2) {
        const [passer] = claimers[0]!;
        const at = await official(gameId);
        // Every stream is up to date before the pass: its last frame is the seat's view now.
        for (const [seat, s] of streams)
          await waitFor(() => s.frames.at(-1)?.data.revision === views.get(seat)!.revision);
        const counts = new Map([...streams].map(([seat, s]) => [seat, s.frames.length]));

        const reply = await post(
          `/api/games/${gameId}/hands/${views.get(passer)!.hand}/actions`,
          { action: 'pass' },
          { ...bearer(bySeat.get(passer)!.token), 'if-match': `"${views.get(passer)!.revision}"` },
        );
        await streams.get(passer)!.frame(counts.get(passer)! + 1);
        await pause(QUIET_MS);

        const then = await official(gameId);
        // The deadline closed the window meanwhile (a slow machine): the table moved for everyone; try another.
        if (
          reply.status !== 200 ||
          then.handPhase !== 'claim-window' ||
          then.handRevision !== at.handRevision + 1
        )
          continue;
        expect(streams.get(passer)!.frames.at(-1)!.data.phase).toMatchObject({
          kind: 'claim',
          answered: true,
        });
        for (const [seat, s] of streams)
          if (seat !== passer)
            expect(s.frames.length, `${seat} after ${passer}'s pass`).toBe(counts.get(seat));
        compared++;
        continue;
      }
      // Nothing to compare here: the first seat with something to do acts, as the in-process bots do.
      let acted = false;
      for (const [seat, view] of views) {
        const move = deciders.get(seat)!.next(view, 'hu-mahjong');
        if (move === undefined) continue;
        const response = await sendMove(server.url, bySeat.get(seat)!.token, gameId, move);
        const problem = response.ok ? undefined : ((await response.json()) as ActionProblem);
        if (!response.ok) await response.body?.cancel();
        const answer = deciders.get(seat)!.answered(move, response.status, problem);
        if (answer.kind === 'refused') throw new Error(answer.detail);
        if (answer.kind === 'ended') step = 3000;
        acted = true;
        break;
      }
      if (!acted) await pause(20);
    }
    expect(compared).toBe(1);
    for (const s of streams.values()) s.close();
  }, 120_000);

  it('given seat E’s token, then it reaches E’s own view only, and is refused where GET /seat refuses it', async () => {
    const { gameId, bySeat } = await startedTable('mine');
    const other = await startedTable('theirs');
    const east = bySeat.get('E')!;

    const asking = await stream(gameId, east.token, '?seat=S');
    const first = await asking.frame(1);
    expect(first.data.seat).toBe('E');
    expect(first.data).toEqual((await seatView(gameId, east.token)).body);
    asking.close();

    const cases: [string, string | undefined][] = [
      ['a seat token of another game', other.bySeat.get('S')!.token],
      ['the organizer’s token', server.organizerToken],
      ['no token', undefined],
    ];
    for (const [who, token] of cases) {
      const read = await fetch(`${server.url}/api/games/${gameId}/seat`, {
        headers: token === undefined ? {} : bearer(token),
      });
      const refused = await stream(gameId, token);
      expect(refused.status, who).toBe(read.status);
      expect(refused.frames[0]!.data.code, who).toBe((await readJson(read)).code);
      expect([401, 403], who).toContain(refused.status);
    }
  });

  it('given a table whose hands a scorer enters, then the stream is 409 no-hand, as GET /seat', async () => {
    const { issued } = await startedTable('entered', { recording: 'entered' });

    const refused = await stream(issued[0]!.gameId, issued[0]!.token);

    expect(refused.status).toBe(409);
    expect(refused.frames[0]!.data.reason).toBe('no-hand');
  });

  it('given open seat streams, when their clients close, then no listener is left on the table', async () => {
    const { gameId, bySeat } = await startedTable('closing');
    // The streams of the tests before are gone (a close reaches the server a moment after the client's).
    expect(await listenersGone()).toBe(0);
    const streams = [];
    for (const holder of bySeat.values()) streams.push(await stream(gameId, holder.token));
    for (const s of streams) await s.frame(1);
    expect(server.platform.changes.gamesListened).toBe(1);

    for (const s of streams) s.close();

    expect(await listenersGone()).toBe(0);
  });

  it('given 8 streams open on one token, when it opens a ninth, then 429 too-many-streams; closing one frees a slot', async () => {
    const { gameId, bySeat } = await startedTable('bounded');
    const east = bySeat.get('E')!;
    const eight = [];
    for (let n = 0; n < 8; n++) eight.push(await stream(gameId, east.token));

    const ninth = await stream(gameId, east.token);
    expect(ninth.status).toBe(429);
    expect(ninth.frames[0]!.data.code).toBe('too-many-streams');

    eight[0]!.close();
    const stop = Date.now() + BOUND_MS;
    let again = await stream(gameId, east.token);
    while (again.status === 429 && Date.now() < stop) {
      await pause(20);
      again = await stream(gameId, east.token);
    }
    expect(again.status).toBe(200);
    for (const s of [...eight, again]) s.close();
    expect(await listenersGone()).toBe(0);
  });

  it('given a one-hand game played out over HTTP, then each stream ends with `ended` and the server closes it', async () => {
    const { gameId, bySeat, issued } = await startedTable('ending', { hands: 1 });
    const streams = new Map<Seat, RawStream>();
    for (const [seat, holder] of bySeat) streams.set(seat, await stream(gameId, holder.token));

    await Promise.all(
      issued.map((t) =>
        playSeatOverHttp({ url: server.url, token: t.token, gameId, bot: createBot(`ending:${t.playerId}`) }),
      ),
    );

    for (const [seat, s] of streams) {
      await s.end();
      const last = s.frames.at(-1)!;
      expect(last.event, seat).toBe('ended');
      expect(last.data, seat).toMatchObject({ gameId, reason: 'game-finished' });
      expect(SeatStreamEvent.parse(last)).toEqual(last);
      // The view before it is the hand's end, as the seat was shown it.
      expect(s.frames.at(-2)!.data.phase.kind, seat).toBe('ended');
      // Never the same view twice in a row.
      const views = s.frames.filter((f) => f.event === 'seat').map((f) => JSON.stringify(f.data));
      expect(
        views.filter((v, i) => i > 0 && v === views[i - 1]),
        seat,
      ).toEqual([]);
    }
    expect(await listenersGone()).toBe(0);
    // A finished game's stream still opens for its players: its last view, then `ended` at once.
    const late = await stream(gameId, bySeat.get('E')!.token);
    await late.end();
    expect(late.frames.at(-1)!.event).toBe('ended');
  }, 120_000);
});

async function waitFor(check: () => boolean): Promise<void> {
  const stop = Date.now() + BOUND_MS;
  while (!check()) {
    if (Date.now() > stop) throw new Error(`not so within ${BOUND_MS} ms`);
    await pause(10);
  }
}
