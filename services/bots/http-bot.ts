// A bot playing one seat over HTTP with its seat token, as a person's client would: it reads its seat view,
// decides with the same agent as the in-process bots, and sends the action with the hand's revision as
// If-Match and a fresh Idempotency-Key (kept across its own retries). The end-to-end tests and the load
// suite use it.
import { randomUUID } from 'node:crypto';
import type { HandCommand } from '../../domain/play/hand/index.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import { formatTiles } from '../../domain/tiles/index.ts';
import { type Avoid, avoidAfter, botCommandFor, type Declaration } from './agent.ts';
import type { Bot } from './bot.ts';
import type { SeatPhase, SeatView } from './seat-view.ts';

export interface HttpSeatOptions {
  readonly url: string;
  readonly token: string;
  readonly gameId: string;
  readonly bot: Bot;
  readonly declare?: (preset: string, seats: readonly Seat[]) => (seat: Seat) => Declaration;
  /** Between two looks at a seat with nothing to do (default 15 ms). */
  readonly pollMs?: number;
}

export interface HttpSeatReport {
  readonly actions: number;
  /** Actions the server refused as stale (412): the bot looked again and decided anew. */
  readonly stale: number;
}

/** The seat view's body as the API sends it (services/api/routes/tables.ts seatViewBody). */
interface SeatBody {
  readonly hand: number;
  readonly revision: number;
  readonly seat: Seat;
  readonly seatWinds: Partial<Record<Seat, string>>;
  readonly prevalentWind: Seat;
  readonly turn: Seat | null;
  readonly deadHand: boolean;
  readonly phase: SeatPhase;
  readonly concealed: { readonly counts: number[] };
  readonly melds: SeatView['view']['melds'];
  readonly flowers: { readonly tiles: number[] };
  readonly ponds: Partial<Record<Seat, { readonly tiles: number[] }>>;
  readonly exposed: SeatView['view']['exposed'];
  readonly wallRemaining: number;
}

export function seatViewOfBody(body: SeatBody): SeatView {
  const seats = Object.keys(body.seatWinds) as Seat[];
  return {
    view: {
      seat: body.seat,
      players: seats.length as 2 | 3 | 4,
      prevalent: body.prevalentWind,
      concealed: body.concealed.counts,
      melds: body.melds,
      flowers: body.flowers.tiles,
      ponds: Object.fromEntries(Object.entries(body.ponds).map(([s, pond]) => [s, pond?.tiles ?? []])),
      exposed: body.exposed,
      wallRemaining: body.wallRemaining,
    },
    phase: body.phase,
    turn: body.turn,
    deadHand: body.deadHand,
  };
}

/** The API action a hand command stands for (the reverse of the route's commandOf). */
export function actionOf(command: HandCommand): Record<string, unknown> {
  const declared = (c: { handScore?: number; loserScores?: unknown }) => ({
    ...(c.handScore === undefined ? {} : { handScore: c.handScore }),
    ...(c.loserScores === undefined ? {} : { loserScores: c.loserScores }),
  });
  switch (command.type) {
    case 'Discard':
      return { action: 'discard', tile: formatTiles([command.tile]) };
    case 'Pass':
      return { action: 'pass' };
    case 'MakeClaim': {
      const { claim } = command;
      if (claim.claim === 'chow') return { action: 'chow', tiles: claim.tiles.map((t) => formatTiles([t])) };
      return claim.claim === 'win' ? { action: 'win', ...declared(command) } : { action: claim.claim };
    }
    case 'DeclareSelfDraw':
      return { action: 'self-draw', ...declared(command) };
    case 'DeclareKong':
      return { action: 'declare-kong', tile: formatTiles([command.tile]), kind: command.kind };
    case 'PlaceStreakDie':
      return { action: 'place-streak-die' };
    default:
      throw new Error(`a bot never sends ${command.type}`);
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays the seat until the game is over. */
export async function playSeatOverHttp(options: HttpSeatOptions): Promise<HttpSeatReport> {
  const { url, token, gameId, bot } = options;
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let actions = 0;
  let stale = 0;
  let avoid: Avoid = {};
  let avoidAt = '';
  for (;;) {
    const table = await fetch(`${url}/api/games/${encodeURIComponent(gameId)}`, { headers });
    if (!table.ok) throw new Error(`GET game ${gameId}: ${table.status} ${await table.text()}`);
    const { phase, preset } = (await table.json()) as { phase: string; preset: string | null };
    if (phase === 'finished') return { actions, stale };
    const seatResponse = await fetch(`${url}/api/games/${encodeURIComponent(gameId)}/seat`, { headers });
    if (seatResponse.status === 409) {
      await pause(options.pollMs ?? 15);
      continue;
    }
    if (!seatResponse.ok)
      throw new Error(`GET seat of ${gameId}: ${seatResponse.status} ${await seatResponse.text()}`);
    const body = (await seatResponse.json()) as SeatBody;
    const view = seatViewOfBody(body);
    // What to avoid holds for one hand state only.
    const here = `${body.hand}:${body.revision}`;
    if (here !== avoidAt) avoid = {};
    const seats = Object.keys(body.seatWinds) as Seat[];
    // The declared-score presets need the preset's own declaration (chinese-classical: every loser's score).
    const declare = options.declare?.(preset ?? '', seats) ?? (() => ({}));
    const command = botCommandFor(body.seat, view, bot, new Date().toISOString(), declare, avoid);
    if (command === undefined) {
      await pause(options.pollMs ?? 15);
      continue;
    }
    const response = await fetch(
      `${url}/api/games/${encodeURIComponent(gameId)}/hands/${body.hand}/actions`,
      {
        method: 'POST',
        headers: { ...headers, 'if-match': `"${body.revision}"`, 'idempotency-key': randomUUID() },
        body: JSON.stringify(actionOf(command)),
      },
    );
    actions++;
    if (response.ok) continue;
    const problem = (await response.json()) as {
      code?: string;
      reason?: string;
      rejection?: { code: string };
    };
    // The game ended under us (another seat's win ended it): the token now takes no commands.
    if (response.status === 401 && problem.reason === 'seat-ended') return { actions, stale };
    // Someone else acted first (a claim window answered by another seat): look again.
    if (response.status === 412 || problem.code === 'conflict') {
      stale++;
      continue;
    }
    const next =
      problem.rejection === undefined ? undefined : avoidAfter(command, problem.rejection.code, avoid);
    if (next === undefined)
      throw new Error(`${command.type} refused: ${response.status} ${JSON.stringify(problem)}`);
    avoid = next;
    avoidAt = here;
  }
}
