// One seat of the load as a player's client: it follows its seat stream (server-sent events, the `eventsource`
// package over Node's fetch, the bearer token added to its requests), decides with the bots' agent on each
// view it is sent (SeatDecisions, shared with the polling bot of services/bots/http-bot.ts), and sends each
// move with the view's revision as If-Match and an Idempotency-Key. It never polls: a move refused as stale
// waits for the newer view the stream brings.
import { randomUUID } from 'node:crypto';
import { EventSource } from 'eventsource';
import { defaultDeclaration } from '../../services/bots/agent.ts';
import {
  type ActionProblem,
  type SeatBody,
  SeatDecisions,
  type SeatMove,
  sendMove,
} from '../../services/bots/http-bot.ts';
import { createBot } from '../../services/bots/index.ts';
import type { Pacer } from './pacer.ts';
import { ROUTES, type Stats } from './stats.ts';

/** A command the server acknowledged: what it takes to derive its command id (services/play/command-ids.ts). */
export interface Acknowledged {
  readonly tokenId: string;
  readonly key: string;
  readonly path: string;
  readonly body: Record<string, unknown>;
}

/** The run's bound on commands: taken before a move is sent, given back when it was not acknowledged. */
export class CommandBudget {
  #used = 0;

  constructor(
    readonly max: number,
    private readonly onSpent: () => void,
  ) {}

  take(): boolean {
    if (this.#used >= this.max) return false;
    this.#used++;
    if (this.#used >= this.max) this.onSpent();
    return true;
  }

  giveBack(): void {
    this.#used--;
  }
}

export interface SeatClientOptions {
  readonly url: string;
  readonly token: string;
  readonly tokenId: string;
  readonly gameId: string;
  readonly preset: string;
  readonly botSeed: string;
  readonly pacer: Pacer;
  readonly stats: Stats;
  readonly budget: CommandBudget;
  /** The run is over: close the stream, send nothing more. */
  readonly stop: AbortSignal;
  readonly onAcknowledged?: (command: Acknowledged) => void;
  /** Bound on one action's round trip. */
  readonly requestTimeoutMs?: number;
}

/** A move sent, until its view comes back on the stream: the time from sending it to seeing it. */
interface InFlight {
  readonly sentAt: number;
  readonly hand: number;
  readonly revision: number;
  viewAt?: number;
  acknowledged?: boolean;
}

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

export class SeatClient {
  readonly #o: SeatClientOptions;
  readonly #decisions: SeatDecisions;
  #latest: SeatBody | undefined;
  #seq = 0;
  #considered = 0;
  #done = false;
  #wake: (() => void) | undefined;
  #inFlight: InFlight | undefined;

  constructor(options: SeatClientOptions) {
    this.#o = options;
    this.#decisions = new SeatDecisions(createBot(options.botSeed), defaultDeclaration);
  }

  /** Plays until the game ends, the stream fails for good, or the run stops. */
  async run(): Promise<void> {
    const { url, gameId, token, stats, stop } = this.#o;
    const openedAt = performance.now();
    const source = new EventSource(`${url}/api/games/${encodeURIComponent(gameId)}/seat/stream`, {
      fetch: (input, init) =>
        fetch(input, { ...init, headers: { ...init.headers, authorization: `Bearer ${token}` } }),
    });
    source.addEventListener('seat', (event) => {
      if (this.#seq === 0) stats.latency(ROUTES.firstEvent, performance.now() - openedAt);
      this.#latest = JSON.parse(event.data) as SeatBody;
      this.#seq++;
      this.#seen(this.#latest);
      this.#poke();
    });
    source.addEventListener('ended', () => {
      stats.seatsEnded++;
      this.#finish();
    });
    source.addEventListener('error', (event) => {
      if (stop.aborted || this.#done) return;
      // Closed for good (a refusal: 401, 403, 429…), or dropped and reconnecting: either is an error here.
      if (source.readyState === EventSource.CLOSED) {
        stats.error(ROUTES.stream, event.code ?? 'closed', event.message ?? '');
        this.#finish();
      } else stats.error(ROUTES.stream, 'dropped', event.message ?? '');
    });
    const onStop = () => this.#finish();
    stop.addEventListener('abort', onStop, { once: true });
    try {
      await this.#play();
    } finally {
      source.close();
      stop.removeEventListener('abort', onStop);
    }
  }

  #finish(): void {
    this.#done = true;
    this.#poke();
  }

  #poke(): void {
    const wake = this.#wake;
    this.#wake = undefined;
    wake?.();
  }

  /** Waits for a view not yet considered (or the end). */
  async #changed(): Promise<void> {
    while (!this.#done && this.#seq === this.#considered)
      await new Promise<void>((done) => {
        this.#wake = done;
      });
  }

  async #play(): Promise<void> {
    const { pacer, stop, budget, preset } = this.#o;
    for (;;) {
      await this.#changed();
      if (this.#done) return;
      this.#considered = this.#seq;
      let move = this.#decisions.next(this.#latest!, preset);
      if (move === undefined) continue;
      await pacer.slot(stop);
      if (this.#done) return;
      // The table moved while this seat waited for its turn to move: decide on what it shows now.
      if (this.#seq !== this.#considered) {
        this.#considered = this.#seq;
        move = this.#decisions.next(this.#latest!, preset);
        if (move === undefined) continue;
      }
      if (!budget.take()) return;
      const outcome = await this.#send(move);
      if (outcome === 'again') this.#considered--;
      if (outcome === 'ended') return;
    }
  }

  /** Sends the move and reads the answer: 'again' to decide once more on the same view. */
  async #send(move: SeatMove): Promise<'next' | 'again' | 'ended'> {
    const { url, token, tokenId, gameId, stats, budget } = this.#o;
    const key = randomUUID();
    const sentAt = performance.now();
    this.#inFlight = { sentAt, hand: move.hand, revision: move.revision };
    let response: Response;
    let problem: ActionProblem | undefined;
    try {
      response = await sendMove(
        url,
        token,
        gameId,
        move,
        key,
        AbortSignal.timeout(this.#o.requestTimeoutMs ?? 15_000),
      );
      problem = response.ok ? undefined : ((await response.json().catch(() => undefined)) as ActionProblem);
      if (response.ok) await response.arrayBuffer();
    } catch (error) {
      budget.giveBack();
      this.#inFlight = undefined;
      stats.error(ROUTES.action, 'network', (error as Error).name);
      // The outcome is unknown: If-Match keeps a second try from appending twice.
      await pause(100);
      return 'again';
    }
    stats.latency(ROUTES.action, performance.now() - sentAt);
    const answer = this.#decisions.answered(move, response.status, problem);
    if (answer.kind !== 'acted') {
      budget.giveBack();
      this.#inFlight = undefined;
    }
    switch (answer.kind) {
      case 'acted': {
        stats.acknowledged++;
        this.#o.onAcknowledged?.({
          tokenId,
          key,
          path: `/api/games/${encodeURIComponent(gameId)}/hands/${move.hand}/actions`,
          body: move.action,
        });
        const inFlight = this.#inFlight;
        if (inFlight !== undefined) {
          inFlight.acknowledged = true;
          if (inFlight.viewAt !== undefined) this.#ownViewSeen(inFlight);
        }
        return 'next';
      }
      case 'stale':
        stats.stale++;
        return 'next';
      case 'avoid':
        stats.avoided++;
        return 'again';
      case 'ended':
        this.#done = true;
        return 'ended';
      case 'refused':
        stats.error(ROUTES.action, response.status, problem?.rejection?.code ?? problem?.code ?? '');
        if (response.status === 429) await pause(Number(response.headers.get('retry-after') ?? 1) * 1000);
        return 'next';
    }
  }

  /** A view came: the move in flight shows in it once its hand or revision moved past the move's. */
  #seen(view: SeatBody): void {
    const inFlight = this.#inFlight;
    if (inFlight === undefined || inFlight.viewAt !== undefined) return;
    if (view.hand !== inFlight.hand || view.revision > inFlight.revision) {
      inFlight.viewAt = performance.now();
      if (inFlight.acknowledged) this.#ownViewSeen(inFlight);
    }
  }

  #ownViewSeen(inFlight: InFlight): void {
    this.#o.stats.latency(ROUTES.ownView, inFlight.viewAt! - inFlight.sentAt);
    if (this.#inFlight === inFlight) this.#inFlight = undefined;
  }
}
