// Hu Mahjong payout scheme, seed 003 "Payout Scheme" (003_cfd8ab0b6123cd10.txt).
import type { WinType } from '../patterns/facts.ts';
import { type PlayerCount, type Seat, seatsInPlay, type Transfer } from '../seats.ts';

/** Seed 003: "Win by discard (4/3/2 player): base points ×3/×2.5/×2". */
export const DISCARD_MULTIPLIER: Record<PlayerCount, number> = { 4: 3, 3: 2.5, 2: 2 };
/** "bonus 100 base points for each repeat in their dealership". */
export const DEALER_REPEAT_BONUS = 100;
/** "Upon reaching a dealer's eighth repeat, everyone's winning hands are awarded 4000 more base points." */
export const EIGHTH_REPEAT = 8;
export const EIGHTH_REPEAT_BONUS = 4000;

export interface BaseBonus {
  readonly name: string;
  readonly points: number;
}

/**
 * Base points a winning hand is paid on: its hand score plus the dealership bonuses. The bonuses are awarded
 * to the hand after the 8000 limit (they are no patterns, and the eighth-repeat bonus would otherwise vanish).
 */
export function basePointsOf(
  handScore: number,
  winnerIsDealer: boolean,
  dealerRepeats: number,
): { base: number; bonuses: BaseBonus[] } {
  const bonuses: BaseBonus[] = [];
  if (winnerIsDealer && dealerRepeats > 0) {
    bonuses.push({ name: `Dealer repeat ×${dealerRepeats}`, points: DEALER_REPEAT_BONUS * dealerRepeats });
  }
  if (dealerRepeats === EIGHTH_REPEAT) bonuses.push({ name: 'Eighth repeat', points: EIGHTH_REPEAT_BONUS });
  return { base: handScore + bonuses.reduce((sum, b) => sum + b.points, 0), bonuses };
}

export interface HuWin {
  readonly players: PlayerCount;
  readonly winType: WinType;
  readonly winner: Seat;
  /** The discarder, or the player whose added kong was robbed (who pays as the discarder). */
  readonly from?: Seat;
  readonly basePoints: number;
}

export function huMahjongWinTransfers(win: HuWin): Transfer[] {
  const { players, winner, basePoints } = win;
  switch (win.winType) {
    case 'self-draw':
      return seatsInPlay(players)
        .filter((seat) => seat !== winner)
        .map((seat) => ({ from: seat, to: winner, points: basePoints, reason: 'self-draw win' }));
    case 'discard':
    case 'robbing-kong': {
      if (win.from === undefined) throw new Error(`a ${win.winType} win needs the seat that pays`);
      const reason = win.winType === 'discard' ? 'discard win' : 'robbing the kong: paid as the discarder';
      return [{ from: win.from, to: winner, points: basePoints * DISCARD_MULTIPLIER[players], reason }];
    }
  }
}

/** Seed 003 "Setup": starting points by number of players. */
export const HU_MAHJONG_STARTING_POINTS: Record<PlayerCount, number> = { 4: 30000, 3: 35000, 2: 40000 };

/**
 * Seed 003: "Ready hand at exhaustive draw: 1000 from player(s) with no ready hand(s)". Each player without
 * a ready hand pays the amount to each player with one; nothing moves when all or none are ready.
 */
export function huMahjongDrawTransfers(
  players: PlayerCount,
  ready: readonly Seat[],
  payment: number,
): Transfer[] {
  const seats = seatsInPlay(players);
  const payers = seats.filter((seat) => !ready.includes(seat));
  const payees = seats.filter((seat) => ready.includes(seat));
  return payers.flatMap((from) =>
    payees.map((to) => ({ from, to, points: payment, reason: 'ready hand at exhaustive draw' })),
  );
}

/** A pattern scored at an exhaustive draw (patterns/hu-mahjong/at-draw.ts): whose, what, and its points. */
export interface PatternAtDraw {
  readonly seat: Seat;
  readonly name: string;
  readonly points: number;
}

/**
 * Seed 003 scores All Terminal and Honor Discards (and Eight Immortals with the last flower in the wall) on
 * reaching exhaustive draw, and says nothing of who pays. They are read as self-drawn: nobody discarded to
 * them, so, as "Win by self-draw: ×1 base points from other player(s)", each other player pays the holder the
 * pattern's points. Several holders are each paid so, by one another too. The hand stays drawn: these are no
 * winning hands, so the dealership bonuses, which go to winning hands, do not apply.
 */
export function huMahjongDrawPatternTransfers(
  players: PlayerCount,
  patterns: readonly PatternAtDraw[],
): Transfer[] {
  return patterns.flatMap(({ seat, name, points }) =>
    seatsInPlay(players)
      .filter((from) => from !== seat)
      .map((from) => ({ from, to: seat, points, reason: `${name} at exhaustive draw: paid as a self-draw` })),
  );
}

/** Seed 003: "Heavy penalty (for game-ruining errors): 4000 to other player(s)": to each of them. */
export function huMahjongPenaltyTransfers(
  players: PlayerCount,
  offender: Seat,
  points: number,
  kind = 'heavy penalty',
): Transfer[] {
  return seatsInPlay(players)
    .filter((seat) => seat !== offender)
    .map((to) => ({ from: offender, to, points, reason: kind }));
}
