// The load itself: a tournament made through the API (4·N players, one live round of N tables, the server's
// bots not in it), a seat token per player, and each seat played by its own client following its seat stream
// (seat-client.ts), until the time or the command budget is spent or every game is over. Then the store is
// read back through the API: how many events the run's games hold. Everything is bounded: each request by
// its own timeout, the run by its seconds, the setup and the count by theirs.
import { randomBytes } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Pacer } from './pacer.ts';
import { type Acknowledged, CommandBudget, SeatClient } from './seat-client.ts';
import { ROUTES, Stats, type Summary } from './stats.ts';

export type Pace = 'human' | 'flat';

export interface LoadOptions {
  /** Servers to spread the seats over (loopback only: run.ts checks). */
  readonly urls: readonly string[];
  /** An organizer token valid on every server (they share one store). */
  readonly token: string;
  readonly tables: number;
  readonly seconds: number;
  readonly pace: Pace;
  /** Human pace: the least time between two actions at one table. */
  readonly actionMs?: number;
  readonly maxCommands?: number;
  /** Hands per table game (the round's end). */
  readonly hands?: number;
  /** Servers by table (a table's four seats on one server) or by seat (a table's seats on several). */
  readonly spread?: 'table' | 'seat';
  readonly seed?: string;
  readonly onAcknowledged?: (command: Acknowledged) => void;
  /** Progress lines (standard error). */
  readonly log?: (line: string) => void;
}

export interface LoadReport {
  readonly mode: 'run';
  readonly urls: readonly string[];
  readonly tournamentId: string;
  readonly tables: number;
  readonly seats: number;
  readonly pace: Pace;
  readonly actionMs: number;
  readonly seconds: number;
  readonly elapsedSeconds: number;
  readonly stoppedBy: 'time' | 'max-commands' | 'games-finished';
  readonly setupSeconds: number;
  readonly acknowledged: number;
  readonly commandsPerSecond: number;
  readonly stale: number;
  readonly avoided: number;
  readonly routes: Record<string, Summary>;
  /** The same, over requests sent after the first WARM_UP_SECONDS (stats.ts). */
  readonly steadyRoutes: Record<string, Summary>;
  readonly errors: { readonly total: number; readonly by: Record<string, number> };
  readonly eventsStored: number;
  readonly gamesFinished: number;
  /** This process's own event-loop delay: a client too busy to read its sockets adds it to every latency. */
  readonly clientEventLoopDelayP99Ms: number;
}

export const DEFAULTS = { actionMs: 1000, maxCommands: 1_000_000, hands: 16, spread: 'table' } as const;

/** Setup and the count afterwards: generous bounds (500 tables start in one request), never a measure. */
const SETUP_TIMEOUT_MS = 120_000;
const REQUEST_TIMEOUT_MS = 30_000;
const READ_CONCURRENCY = 8;

interface Answer {
  readonly status: number;
  // biome-ignore lint/suspicious/noExplicitAny: replies of many shapes, read field by field
  readonly json: any;
  readonly etag: string | null;
}

/** One JSON request; a 429 waits its Retry-After and goes again (setup and reads are not the load measured). */
async function call(
  url: string,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  timeoutMs = REQUEST_TIMEOUT_MS,
): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await response.text();
    if (response.status === 429 && attempt < 10) {
      await new Promise((done) => setTimeout(done, Number(response.headers.get('retry-after') ?? 1) * 1000));
      continue;
    }
    return {
      status: response.status,
      json: text === '' ? undefined : JSON.parse(text),
      etag: response.headers.get('etag'),
    };
  }
}

async function ok(url: string, token: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const answer = await call(url, token, method, path, body, SETUP_TIMEOUT_MS);
  if (answer.status >= 300)
    throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json).slice(0, 500)}`);
  return answer;
}

interface SeatToken {
  readonly playerId: string;
  readonly table: number;
  readonly gameId: string;
  readonly token: string;
  readonly tokenId: string;
}

/** A tournament of 4·tables players with round 1 seated, started and its seat tokens issued. */
async function setUp(
  url: string,
  token: string,
  tables: number,
  hands: number,
  seed: string,
): Promise<{ tournamentId: string; seats: SeatToken[] }> {
  const tournamentId = `load-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  const base = `/api/tournaments/${tournamentId}`;
  await ok(url, token, 'POST', '/api/tournaments', {
    tournamentId,
    name: `Load ${tournamentId}`,
    preset: 'hu-mahjong',
    seed,
  });
  // One import per thousand players (its bound): 500 tables are two requests, not two thousand.
  const players = Array.from({ length: 4 * tables }, (_, i) => i + 1);
  for (let from = 0; from < players.length; from += 1000) {
    const rows = players.slice(from, from + 1000).map((n) => `${tournamentId}-p${n},Player ${n}`);
    await ok(url, token, 'POST', `${base}/players/import`, { csv: ['id,name', ...rows].join('\n') });
  }
  await ok(url, token, 'POST', `${base}/rounds`, {
    round: 1,
    method: 'random',
    end: { kind: 'hands', count: hands },
    minutes: 600,
    recording: 'live',
  });
  await ok(url, token, 'POST', `${base}/rounds/1/seating`, { method: 'random' });
  await ok(url, token, 'POST', `${base}/rounds/1/start`, {});
  const issued = await ok(url, token, 'POST', `${base}/rounds/1/seat-tokens`, {});
  return { tournamentId, seats: issued.json as SeatToken[] };
}

/** Runs `work` over `items`, `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

/**
 * Events the games hold: each game stream's (its ETag is its last revision), each hand's: the live one from
 * the game read (an official's `handRevision` counts every event), the ones over from their replays' ETags,
 * read with the game's seat tokens (players read a finished hand's replay) to spare the organizer's rate.
 */
async function eventsOf(
  urlOf: (gameId: string) => string,
  token: string,
  seats: readonly SeatToken[],
): Promise<{ events: number; finished: number }> {
  const byGame = new Map<string, SeatToken[]>();
  for (const seat of seats) byGame.set(seat.gameId, [...(byGame.get(seat.gameId) ?? []), seat]);
  let events = 0;
  let finished = 0;
  const revisionOf = (answer: Answer) =>
    Number((answer.etag ?? '"-1"').replace(/^W\//, '').replaceAll('"', ''));
  await eachLimited([...byGame], READ_CONCURRENCY, async ([gameId, tokens]) => {
    const url = urlOf(gameId);
    const game = await ok(url, token, 'GET', `/api/games/${encodeURIComponent(gameId)}`);
    events += revisionOf(game) + 1;
    if (game.json.phase === 'finished') finished++;
    if (game.json.handRevision >= 0) events += game.json.handRevision + 1;
    // `hand` is the hand being played (or a finished game's last, or the next to deal): those before are over.
    for (let hand = 1; hand < game.json.hand; hand++) {
      const reader = tokens[hand % tokens.length]!;
      const replay = await ok(
        url,
        reader.token,
        'GET',
        `/api/games/${encodeURIComponent(gameId)}/hands/${hand}/replay`,
      );
      events += revisionOf(replay) + 1;
    }
  });
  return { events, finished };
}

export async function runLoad(options: LoadOptions): Promise<LoadReport> {
  const log = options.log ?? (() => undefined);
  const actionMs = options.pace === 'flat' ? 0 : (options.actionMs ?? DEFAULTS.actionMs);
  const spread = options.spread ?? DEFAULTS.spread;
  const [first] = options.urls;
  if (first === undefined) throw new Error('no server URL');

  const setupStart = performance.now();
  const { tournamentId, seats } = await setUp(
    first,
    options.token,
    options.tables,
    options.hands ?? DEFAULTS.hands,
    options.seed ?? tournamentIdSeed(),
  );
  const setupSeconds = (performance.now() - setupStart) / 1000;
  log(
    `${tournamentId}: ${options.tables} tables, ${seats.length} seats set up in ${setupSeconds.toFixed(1)} s`,
  );

  const tableIndex = new Map<string, number>();
  for (const seat of seats) if (!tableIndex.has(seat.gameId)) tableIndex.set(seat.gameId, tableIndex.size);
  const urlOfTable = (gameId: string) => options.urls[tableIndex.get(gameId)! % options.urls.length]!;
  const urlOfSeat = (seat: SeatToken, index: number) =>
    spread === 'seat' ? options.urls[index % options.urls.length]! : urlOfTable(seat.gameId);

  const stats = new Stats();
  const stop = new AbortController();
  // Every seat (and its table's pacer) listens for the stop.
  setMaxListeners(0, stop.signal);
  const budget = new CommandBudget(options.maxCommands ?? DEFAULTS.maxCommands, () =>
    stop.abort('max-commands'),
  );
  const pacers = new Map<string, Pacer>();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const start = performance.now();
  stats.started(start);
  const timer = setTimeout(() => stop.abort('time'), options.seconds * 1000);
  const clients = seats.map((seat, index) => {
    const pacer = pacers.get(seat.gameId) ?? new Pacer(actionMs);
    pacers.set(seat.gameId, pacer);
    return new SeatClient({
      url: urlOfSeat(seat, index),
      token: seat.token,
      tokenId: seat.tokenId,
      gameId: seat.gameId,
      preset: 'hu-mahjong',
      botSeed: `${tournamentId}:${seat.playerId}`,
      pacer,
      stats,
      budget,
      stop: stop.signal,
      ...(options.onAcknowledged === undefined ? {} : { onAcknowledged: options.onAcknowledged }),
    });
  });
  await Promise.all(clients.map((client) => client.run()));
  const elapsedSeconds = (performance.now() - start) / 1000;
  clearTimeout(timer);
  delay.disable();
  const stoppedBy = stop.signal.aborted ? (stop.signal.reason as 'time' | 'max-commands') : 'games-finished';
  stop.abort('done');
  log(
    `${tournamentId}: stopped by ${stoppedBy} after ${elapsedSeconds.toFixed(1)} s; counting the events stored`,
  );

  const { events, finished } = await eventsOf(urlOfTable, options.token, seats);
  return {
    mode: 'run',
    urls: options.urls,
    tournamentId,
    tables: options.tables,
    seats: seats.length,
    pace: options.pace,
    actionMs,
    seconds: options.seconds,
    elapsedSeconds: round(elapsedSeconds),
    stoppedBy,
    setupSeconds: round(setupSeconds),
    acknowledged: stats.acknowledged,
    commandsPerSecond: round(stats.acknowledged / Math.max(elapsedSeconds, 0.001)),
    stale: stats.stale,
    avoided: stats.avoided,
    routes: stats.summaries(),
    steadyRoutes: stats.steadySummaries(),
    errors: { total: stats.errorCount, by: stats.errors() },
    eventsStored: events,
    gamesFinished: finished,
    clientEventLoopDelayP99Ms: round(delay.percentile(99) / 1e6),
  };
}

const round = (n: number) => Math.round(n * 10) / 10;
const tournamentIdSeed = () => randomBytes(8).toString('hex');

const pad = (text: string | number, width: number) => String(text).padStart(width);

/** The report as a table for people (standard error). */
export function reportText(report: LoadReport): string {
  const lines = [
    `load: ${report.tables} tables (${report.seats} seats), pace ${report.pace}${report.pace === 'human' ? ` (${report.actionMs} ms a table)` : ''}, ${report.elapsedSeconds} s of ${report.seconds} s (stopped by ${report.stoppedBy}), on ${report.urls.join(' ')}`,
    `commands acknowledged ${report.acknowledged} (${report.commandsPerSecond}/s); stale ${report.stale}; events stored ${report.eventsStored}; games finished ${report.gamesFinished}`,
    '',
    `${'route'.padEnd(64)} ${pad('count', 7)} ${pad('p50', 7)} ${pad('p90', 7)} ${pad('p99', 7)} ${pad('max', 7)}  (ms)`,
  ];
  for (const route of [ROUTES.action, ROUTES.firstEvent, ROUTES.ownView]) {
    const s = report.routes[route];
    if (s === undefined) continue;
    lines.push(
      `${route.padEnd(64)} ${pad(s.count, 7)} ${pad(s.p50, 7)} ${pad(s.p90, 7)} ${pad(s.p99, 7)} ${pad(s.max, 7)}`,
    );
  }
  lines.push('');
  if (report.errors.total === 0) lines.push('errors: none');
  else {
    lines.push(`errors: ${report.errors.total}`);
    for (const [what, n] of Object.entries(report.errors.by)) lines.push(`  ${pad(n, 6)}  ${what}`);
  }
  lines.push(
    `setup ${report.setupSeconds} s; this client's event-loop delay p99 ${report.clientEventLoopDelayP99Ms} ms`,
  );
  return `${lines.join('\n')}\n`;
}
