// The game aggregate's state, folded from the game stream alone: seats, running scores, the kitty and the deal
// the next hand is played with.
import type { PresetId } from '../../rules/rulesets/index.ts';
import { type PlayerCount, SEATS, type Seat } from '../../rules/seats.ts';
import type { GameEnd } from './commands.ts';

/** The deal the next hand is played with. */
export interface Deal {
  /** Index in `players` (first-hand seat order) of the dealer: also how many times the deal has passed this round. */
  readonly dealer: number;
  readonly prevalentWind: Seat;
  /** How many times the dealer has dealt again in a row (seed 003 rotates after the eighth). */
  readonly repeats: number;
  /** Table law's streak count n (seed 004); 0 elsewhere. */
  readonly streak: number;
}

export interface Standing {
  readonly playerId: string;
  readonly points: number;
  /** 1 for the most points; tied players share a place and the next place is skipped. */
  readonly place: number;
}

export type GamePhase = 'not-started' | 'playing' | 'finished';

export interface GameState {
  readonly phase: GamePhase;
  readonly gameId: string;
  readonly preset: PresetId | undefined;
  readonly options: Readonly<Record<string, unknown>>;
  /** Players in their first hand's seat order: E, S, W, N. */
  readonly players: readonly string[];
  readonly startingPoints: number;
  readonly end: GameEnd | undefined;
  readonly scores: Readonly<Record<string, number>>;
  readonly kitty: number;
  /** Hands recorded so far, voided ones included: the next hand's number is one more. */
  readonly hands: number;
  /** Hands that count towards a hand limit: voided ones do not. */
  readonly handsCounted: number;
  readonly deal: Deal;
  readonly standings: readonly Standing[] | undefined;
}

export const initialGameState: GameState = {
  phase: 'not-started',
  gameId: '',
  preset: undefined,
  options: {},
  players: [],
  startingPoints: 0,
  end: undefined,
  scores: {},
  kitty: 0,
  hands: 0,
  handsCounted: 0,
  deal: { dealer: 0, prevalentWind: 'E', repeats: 0, streak: 0 },
  standings: undefined,
};

export const playerCount = (state: GameState): PlayerCount => state.players.length as PlayerCount;

/** Who holds each seat wind when `dealer` deals: the deal passes to the South player, so everyone moves back one. */
export function seatWindsOf(players: readonly string[], dealer: number): Partial<Record<Seat, string>> {
  const winds: Partial<Record<Seat, string>> = {};
  players.forEach((_, k) => {
    winds[SEATS[k]!] = players[(dealer + k) % players.length]!;
  });
  return winds;
}

/** Places by points, ties sharing a place. */
export function standingsOf(scores: readonly { playerId: string; points: number }[]): Standing[] {
  return [...scores]
    .sort((a, b) => b.points - a.points)
    .map(({ playerId, points }) => ({
      playerId,
      points,
      place: 1 + scores.filter((s) => s.points > points).length,
    }));
}
