// Bots playing every seat of a table in process (the demo, `npm start`): each asks its seat view what to do
// and sends the command through the table service like any player, so the events are those of live play.
import { seatWindsOfHand } from '../../domain/play/correction/index.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import { seatsInPlay } from '../../domain/rules/seats.ts';
import { botStep, type Declaration, heldWindowDeadline } from '../bots/agent.ts';
import type { Bot } from '../bots/bot.ts';
import { serverSteps } from '../play/command-ids.ts';
import type { HandLoaded, LiveTables } from './live-tables.ts';

/** The player at each seat of the hand, as its first event records them. */
export const seatWindsOfLoaded = (hand: HandLoaded | undefined): Partial<Record<Seat, string>> =>
  seatWindsOfHand(hand?.events ?? []);

export interface BotTableOptions {
  /** The bot of each player (a bot keeps its own seeded generator, so a player keeps one bot all game). */
  readonly botOf: (playerId: string) => Bot;
  readonly declare?: (preset: string, seats: readonly Seat[]) => (seat: Seat) => Declaration;
  readonly clock?: () => Date;
  /** Waits between two actions: a watchable pace for a demo server; 0 by default. */
  readonly pauseMs?: number;
  /** Stops early (the server is shutting down). */
  readonly stopped?: () => boolean;
}

/**
 * Plays the table's game to its end: every seat a bot. Resolves with the number of commands sent.
 */
export async function playTableWithBots(
  tables: LiveTables,
  gameId: string,
  options: BotTableOptions,
): Promise<number> {
  let sent = 0;
  const now = () => (options.clock?.() ?? new Date()).toISOString();
  for (;;) {
    if (options.stopped?.() === true) return sent;
    const { game, hand, handNumber } = await tables.snapshot(gameId);
    if (game.state.phase !== 'playing' || hand === undefined) return sent;
    const state = hand.state;
    const declare = (options.declare ?? (() => () => ({})))(state.preset ?? '', seatsInPlay(state.players));
    const step = botStep(state, seatWindsOfLoaded(hand), options.botOf, declare, now);
    let move = step.next();
    while (!move.done) {
      const { seat, player, command } = move.value;
      sent++;
      const outcome = await tables.act(
        gameId,
        command,
        { role: 'player', seat, id: player },
        // Named by the decision point, not by a count: after a restart a count would start again at 0 and
        // meet the moves made before it, taken then for this one, already applied.
        { commandId: serverSteps.bot(gameId, handNumber, hand.revision, seat), correlationId: gameId },
      );
      move = step.next(outcome.status === 'rejected' ? outcome.rejection : undefined);
    }
    // Accepted, the hand has moved on (a discard opened a window, a claim resolved it): look again.
    const held = move.value ? undefined : heldWindowDeadline(state);
    if (held !== undefined) {
      await closeHeldWindow(tables, gameId, handNumber, hand, held, options.clock ?? (() => new Date()));
      continue;
    }
    if (!move.value)
      throw new Error(`${gameId} hand ${handNumber}: no bot can act in phase ${state.phase.kind}`);
    if ((options.pauseMs ?? 0) > 0) await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
  }
}

/**
 * A window held to its deadline that every bot has answered (claimWindows 'every-discard'): waits for the
 * deadline, then closes it as the table's timer would (LiveTables.closeWindow: once, whoever comes first).
 */
async function closeHeldWindow(
  tables: LiveTables,
  gameId: string,
  handNumber: number,
  hand: HandLoaded,
  deadlineMs: number,
  clock: () => Date,
): Promise<void> {
  const wait = deadlineMs - clock().getTime();
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait + 10));
  await tables.closeWindow(gameId, handNumber, hand.revision, deadlineMs);
}
