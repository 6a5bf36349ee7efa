// A bot at a seat: the next command it sends, decided from its seat view alone (seat-view.ts), so the same
// code plays in process (the demo) and over HTTP with a seat token (the end-to-end tests). A command the
// hand refuses is answered by asking again with what to avoid: a self-drawn "win" that is none, or a
// discard the rules hold back or owe (seed 004's West exception).
import { type HandCommand, type HandState, holdsEveryWindow } from '../../domain/play/hand/index.ts';
import { type Seat, seatsInPlay } from '../../domain/rules/seats.ts';
import { TILE_KINDS, type Tile, WEST } from '../../domain/tiles/index.ts';
import type { Bot } from './bot.ts';
import { type SeatView, seatViewOf } from './seat-view.ts';

/** What a declared-score preset's winner says its hand is worth; hu-mahjong scores the tiles itself. */
export interface Declaration {
  readonly handScore?: number;
  readonly loserScores?: Partial<Record<Seat, number>>;
}

export interface Avoid {
  /** The hand refused a self-drawn win: discard instead. */
  readonly selfDraw?: boolean;
  /** Tiles the hand refused as a discard. */
  readonly discards?: readonly Tile[];
}

/** The seat's next command, or undefined when it has nothing to do now. */
export function botCommandFor(
  seat: Seat,
  seatView: SeatView,
  bot: Bot,
  at: string,
  declare: (seat: Seat) => Declaration = () => ({}),
  avoid: Avoid = {},
): HandCommand | undefined {
  const { view, phase, deadHand } = seatView;
  switch (phase.kind) {
    case 'waiting':
    case 'ended':
      return undefined;
    case 'claim': {
      if (phase.answered) return undefined;
      const decision = bot.chooseClaim({ ...view, offer: phase.offer }, phase.open);
      if (decision === 'pass' || decision === 'timeout') return { type: 'Pass', seat, at };
      return {
        type: 'MakeClaim',
        seat,
        claim: decision,
        at,
        ...(decision.claim === 'win' ? declare(seat) : {}),
      };
    }
    case 'turn': {
      if (phase.drawn !== null && !deadHand && avoid.selfDraw !== true) {
        if (bot.chooseSelfDraw(view) === 'win')
          return { type: 'DeclareSelfDraw', seat, at, ...declare(seat) };
        const kong = bot.chooseKong(view);
        if (kong !== 'pass') return { type: 'DeclareKong', seat, tile: kong.tile, kind: kong.kong, at };
      }
      const refused = avoid.discards ?? [];
      const choice = bot.chooseDiscard(view).tile;
      if (!refused.includes(choice)) return { type: 'Discard', seat, tile: choice, at };
      // The first other tile held: the rules refused the bot's choice.
      for (let tile = 0; tile < view.concealed.length; tile++)
        if ((view.concealed[tile] ?? 0) > 0 && !refused.includes(tile))
          return { type: 'Discard', seat, tile, at };
      return undefined;
    }
  }
}

const ALL_BUT_WEST: readonly Tile[] = Array.from({ length: TILE_KINDS }, (_, t) => t).filter(
  (t) => t !== WEST,
);

/** What to avoid after the hand refused `command` with rejection `code`; undefined when asking again is useless. */
export function avoidAfter(command: HandCommand, code: string, avoid: Avoid = {}): Avoid | undefined {
  if (command.type === 'DeclareSelfDraw' || command.type === 'DeclareKong')
    return { ...avoid, selfDraw: true };
  if (command.type === 'Discard' && code === 'west-exception')
    return { ...avoid, discards: [...(avoid.discards ?? []), command.tile] };
  // The West kept under the exception is owed on the next turn (seed 004): every other tile is refused.
  if (command.type === 'Discard' && code === 'west-owed') return { ...avoid, discards: ALL_BUT_WEST };
  return undefined;
}

/** Hand scores bots declare for the declared-score presets (domain/play/hand/README.md): a plain hand. */
export function defaultDeclaration(preset: string, seats: readonly Seat[]): (seat: Seat) => Declaration {
  switch (preset) {
    case 'hu-mahjong':
      return () => ({});
    case 'chinese-classical':
      // Seed 002: the winner's score with every loser's (here each loser shows a small hand).
      return (winner) => ({
        handScore: 20,
        loserScores: Object.fromEntries(seats.filter((s) => s !== winner).map((s, i) => [s, 2 * (i + 1)])),
      });
    case 'table-law':
      // Enough for a robbing hand, which holds Robbing the Gong's 10 (seed 004).
      return () => ({ handScore: 20 });
    default:
      return () => ({ handScore: 8 });
  }
}

/** One command a table's bot sends, and from which seat. */
export interface BotMove {
  readonly seat: Seat;
  readonly player: string;
  readonly command: HandCommand;
}

/** What the hand answered to a move: undefined when it was accepted. */
export type MoveRefusal = { readonly code: string; readonly message: string } | undefined;

/**
 * One step of a table whose every seat is a bot: the first seat (in seat order) with something to do decides,
 * is yielded its command, and is told back what the hand answered; a refusal it can avoid (avoidAfter) makes it
 * decide again. Returns whether a command was accepted: the hand has moved on and the caller looks again.
 * A generator, so the in-memory demo sends synchronously and the table service asynchronously, alike.
 */
export function* botStep(
  state: HandState,
  winds: Partial<Record<Seat, string>>,
  botOf: (playerId: string) => Bot,
  declare: (seat: Seat) => Declaration,
  at: () => string,
): Generator<BotMove, boolean, MoveRefusal> {
  for (const seat of seatsInPlay(state.players)) {
    const player = winds[seat];
    if (player === undefined) continue;
    let avoid: Avoid = {};
    for (;;) {
      const command = botCommandFor(seat, seatViewOf(state, seat), botOf(player), at(), declare, avoid);
      if (command === undefined) break;
      const refusal = yield { seat, player, command };
      if (refusal === undefined) return true;
      const next = avoidAfter(command, refusal.code, avoid);
      if (next === undefined)
        throw new Error(`${player} at ${seat}: ${command.type} refused: ${refusal.message}`);
      avoid = next;
    }
  }
  return false;
}

/**
 * When botStep finds nothing to do in an open claim window, the window's deadline (ms since the epoch): every
 * seat has answered a window the ruleset holds open to its deadline (`claimWindows: 'every-discard'`), which
 * only the table clock's CloseWindow resolves. Undefined in any other phase or ruleset.
 */
export function heldWindowDeadline(state: HandState): number | undefined {
  const { phase } = state;
  if (phase.kind !== 'claim-window' || !holdsEveryWindow(state.options)) return undefined;
  return phase.window.openedAtMs + phase.window.deadlineMs;
}
