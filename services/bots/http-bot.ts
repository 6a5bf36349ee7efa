// A bot playing one seat over HTTP with its seat token, as a person's client would: it reads its seat view,
// decides with the same agent as the in-process bots, and sends the action with the hand's revision as
// If-Match and a fresh Idempotency-Key. The end-to-end tests use the polling bot here; the load suite's seat
// clients (test/load) follow the seat's event stream instead and decide with the same SeatDecisions.
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
export interface SeatBody {
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

/** A move a seat decided on a view: the command, the API action it is sent as, and the view it answers. */
export interface SeatMove {
  readonly command: HandCommand;
  readonly action: Record<string, unknown>;
  readonly hand: number;
  /** The view's revision: sent as If-Match. */
  readonly revision: number;
}

/** What the server's answer to a move means for the seat. */
export type MoveAnswer =
  /** Accepted: the table moved on. */
  | { readonly kind: 'acted' }
  /** The game ended under the seat (another seat's win ended it): its token takes no more commands. */
  | { readonly kind: 'ended' }
  /** Someone else acted first (412, or the hand moved on): decide again on a newer view. */
  | { readonly kind: 'stale' }
  /** The rules refused it in a way the seat can avoid: decide again on the same view. */
  | { readonly kind: 'avoid' }
  /** Refused for good: a bot that sends this is wrong. */
  | { readonly kind: 'refused'; readonly detail: string };

/** A problem's fields the seat reads. */
export interface ActionProblem {
  readonly code?: string;
  readonly reason?: string;
  readonly rejection?: { readonly code: string };
}

/**
 * One seat's decisions over HTTP, however it reads its view (polled, or pushed by the seat stream): the agent's
 * command for a view, and what the server's answer means. A command the hand refuses is decided again with
 * what to avoid, for that view only.
 */
export class SeatDecisions {
  #avoid: Avoid = {};
  #avoidAt = '';

  constructor(
    private readonly bot: Bot,
    private readonly declare?: HttpSeatOptions['declare'],
  ) {}

  /** The move for this view (`preset` of the game, for the declared-score presets), or undefined: nothing to do. */
  next(body: SeatBody, preset: string | null, at = new Date().toISOString()): SeatMove | undefined {
    const here = `${body.hand}:${body.revision}`;
    // What to avoid holds for one hand state only.
    if (here !== this.#avoidAt) {
      this.#avoid = {};
      this.#avoidAt = here;
    }
    const seats = Object.keys(body.seatWinds) as Seat[];
    // The declared-score presets need the preset's own declaration (chinese-classical: every loser's score).
    const declare = this.declare?.(preset ?? '', seats) ?? (() => ({}));
    const command = botCommandFor(body.seat, seatViewOfBody(body), this.bot, at, declare, this.#avoid);
    if (command === undefined) return undefined;
    return { command, action: actionOf(command), hand: body.hand, revision: body.revision };
  }

  /** What the server's answer to `move` means; after 'avoid', `next` on the same view decides otherwise. */
  answered(move: SeatMove, status: number, problem: ActionProblem | undefined): MoveAnswer {
    if (status >= 200 && status < 300) return { kind: 'acted' };
    if (status === 401 && problem?.reason === 'seat-ended') return { kind: 'ended' };
    if (status === 412 || problem?.code === 'conflict') return { kind: 'stale' };
    const next =
      problem?.rejection === undefined
        ? undefined
        : avoidAfter(move.command, problem.rejection.code, this.#avoid);
    if (next === undefined)
      return {
        kind: 'refused',
        detail: `${move.command.type} refused: ${status} ${JSON.stringify(problem)}`,
      };
    this.#avoid = next;
    return { kind: 'avoid' };
  }
}

/** Sends a move with its view's revision as If-Match and the Idempotency-Key given (kept across retries). */
export function sendMove(
  url: string,
  token: string,
  gameId: string,
  move: SeatMove,
  idempotencyKey: string = randomUUID(),
  signal?: AbortSignal,
): Promise<Response> {
  return fetch(`${url}/api/games/${encodeURIComponent(gameId)}/hands/${move.hand}/actions`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
      'if-match': `"${move.revision}"`,
      'idempotency-key': idempotencyKey,
    },
    body: JSON.stringify(move.action),
    ...(signal === undefined ? {} : { signal }),
  });
}

/** The problem of a refused answer (undefined for a success, or a body that is no problem). */
export async function problemOf(response: Response): Promise<ActionProblem | undefined> {
  if (response.ok) {
    await response.body?.cancel();
    return undefined;
  }
  try {
    return (await response.json()) as ActionProblem;
  } catch {
    return undefined;
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays the seat until the game is over, polling its seat view. */
export async function playSeatOverHttp(options: HttpSeatOptions): Promise<HttpSeatReport> {
  const { url, token, gameId } = options;
  const headers = { authorization: `Bearer ${token}` };
  const decisions = new SeatDecisions(options.bot, options.declare);
  let actions = 0;
  let stale = 0;
  for (;;) {
    const table = await fetch(`${url}/api/games/${encodeURIComponent(gameId)}`, { headers });
    if (!table.ok) throw new Error(`GET game ${gameId}: ${table.status} ${await table.text()}`);
    const { phase, preset } = (await table.json()) as { phase: string; preset: string | null };
    if (phase === 'finished') return { actions, stale };
    const seatResponse = await fetch(`${url}/api/games/${encodeURIComponent(gameId)}/seat`, { headers });
    if (seatResponse.status === 409) {
      await seatResponse.body?.cancel();
      await pause(options.pollMs ?? 15);
      continue;
    }
    if (!seatResponse.ok)
      throw new Error(`GET seat of ${gameId}: ${seatResponse.status} ${await seatResponse.text()}`);
    const move = decisions.next((await seatResponse.json()) as SeatBody, preset);
    if (move === undefined) {
      await pause(options.pollMs ?? 15);
      continue;
    }
    const response = await sendMove(url, token, gameId, move);
    actions++;
    const answer = decisions.answered(move, response.status, await problemOf(response));
    switch (answer.kind) {
      case 'acted':
      case 'avoid':
        continue;
      case 'ended':
        return { actions, stale };
      case 'stale':
        stale++;
        continue;
      case 'refused':
        throw new Error(answer.detail);
    }
  }
}
