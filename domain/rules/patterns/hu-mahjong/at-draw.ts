// Hu Mahjong, the patterns reached at an exhaustive draw (seed 003, 003_cfd8ab0b6123cd10.txt): All Terminal
// and Honor Discards, and Eight Immortals with the last flower still in the wall. No winning hand shows them,
// so they stand beside the pattern table, and the drawn hand's settlement pays them (docs/rules.md).
import { isTerminalOrHonor, type Tile } from '../../../tiles/index.ts';
import type { Seat } from '../../seats.ts';
import {
  ALL_TERMINAL_HONOR_DISCARDS,
  HU_MAHJONG_LIMIT,
  type HuMahjongPatternOptions,
  huMahjongTable,
} from '../hu-mahjong.ts';

/** What a seat shows of its play when the hand is drawn. */
export interface SeatAtDraw {
  readonly seat: Seat;
  /** Every tile it discarded, called ones too. */
  readonly discarded: readonly Tile[];
  /** How many of them another player called (they left the pond for a meld). */
  readonly called: number;
  /** The flowers it declared. */
  readonly flowers: number;
}

export interface DrawPattern {
  readonly seat: Seat;
  readonly id: string;
  readonly name: string;
  readonly chinese: string;
  readonly points: number;
}

const EIGHT_IMMORTALS = 'eight-immortals' as const;

/** The patterns a seat can hold at an exhaustive draw, by id; what a table scorer enters (play/entry). */
export const DRAW_PATTERN_IDS = [ALL_TERMINAL_HONOR_DISCARDS.id, EIGHT_IMMORTALS] as const;
export type DrawPatternId = (typeof DRAW_PATTERN_IDS)[number];

/** A pattern a seat holds at the draw: found in live play's ponds and flowers, or entered from the table. */
export interface HeldAtDraw {
  readonly seat: Seat;
  readonly pattern: DrawPatternId;
}

/**
 * "Reach exhaustive draw having only discarded terminal and honor tiles, none of which were called by other
 * players." A seat that discarded nothing has shown no such pond: it needs at least one discard.
 */
export function hasAllTerminalHonorDiscards(discarded: readonly Tile[], called: number): boolean {
  return discarded.length > 0 && called === 0 && discarded.every(isTerminalOrHonor);
}

/**
 * "Declare 7 flowers and reach exhaustive draw with the last one being in the dead wall." With no set dead
 * wall (pond-length draws), the tiles still undrawn are read as the dead wall; flowers are declared as they
 * are drawn, so the eighth is undrawn exactly when nobody declared it.
 */
export function hasEightImmortalsAtDraw(flowers: number, declaredAtTable: number): boolean {
  return flowers === 7 && declaredAtTable === 7;
}

/**
 * Each seat's pattern at an exhaustive draw, in the order given, found from its play. Valued as
 * patternsScoredAtDraw values them.
 */
export function drawPatternsOf(
  seats: readonly SeatAtDraw[],
  options: HuMahjongPatternOptions,
): DrawPattern[] {
  const declared = seats.reduce((sum, s) => sum + s.flowers, 0);
  const held: HeldAtDraw[] = [];
  for (const { seat, discarded, called, flowers } of seats) {
    if (hasEightImmortalsAtDraw(flowers, declared)) held.push({ seat, pattern: EIGHT_IMMORTALS });
    if (hasAllTerminalHonorDiscards(discarded, called))
      held.push({ seat, pattern: ALL_TERMINAL_HONOR_DISCARDS.id });
  }
  return patternsScoredAtDraw(
    seats.map((s) => s.seat),
    held,
    options,
  );
}

/**
 * What the patterns held at the draw score, one per seat, seats in the order of `seats`: the one valuation
 * behind live play (drawPatternsOf) and an entered draw (play/entry), so that both pay alike and a retroactive
 * `patternPoints` prices both again. Eight Immortals is a limit: nothing stacks on it, so a seat that holds
 * both scores it alone. Values follow `patternPoints`; All Terminal and Honor Discards is one non-limit
 * pattern, so `limit` caps it (the seed's 8000 never bites on 4000). A value of 0 pays nothing and is left
 * out, so that a seat holding both then scores the other (a limit worth 0 is no limit hand, as in the table).
 */
export function patternsScoredAtDraw(
  seats: readonly Seat[],
  held: readonly HeldAtDraw[],
  options: HuMahjongPatternOptions,
): DrawPattern[] {
  const immortals = huMahjongTable(options).patterns.find((p) => p.id === EIGHT_IMMORTALS)!;
  const discards = Math.min(
    options.patternPoints?.[ALL_TERMINAL_HONOR_DISCARDS.id] ?? ALL_TERMINAL_HONOR_DISCARDS.points,
    options.limit ?? HU_MAHJONG_LIMIT,
  );
  const holds = (seat: Seat, pattern: DrawPatternId) =>
    held.some((h) => h.seat === seat && h.pattern === pattern);
  const found: DrawPattern[] = [];
  for (const seat of seats) {
    if (holds(seat, EIGHT_IMMORTALS) && immortals.points > 0) {
      const { id, name, chinese, points } = immortals;
      found.push({ seat, id, name, chinese, points });
    } else if (holds(seat, ALL_TERMINAL_HONOR_DISCARDS.id) && discards > 0) {
      const { id, name, chinese } = ALL_TERMINAL_HONOR_DISCARDS;
      found.push({ seat, id, name, chinese, points: discards });
    }
  }
  return found;
}
