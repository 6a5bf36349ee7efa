// Given/when/then for the game decider (DESIGN.md "Style"). Test support, kept beside the aggregate it serves.
import { type PresetId, rulesetOf } from '../../rules/rulesets/index.ts';
import { SEATS, type Seat } from '../../rules/seats.ts';
import type { GameCommand, GameEnd, HandResult, RecordHandResult, StartGame } from './commands.ts';
import { decideGame, type GameDecision } from './decide.ts';
import { type GameEvent, HandRecorded } from './events.ts';
import { evolveGame } from './evolve.ts';
import { type GameState, initialGameState } from './state.ts';

export const PLAYERS = ['ana', 'bo', 'cy', 'di'] as const;
export const at = (minutes = 0): string =>
  new Date(Date.parse('2026-03-01T10:00:00Z') + minutes * 60_000).toISOString();

export function startGame(
  preset: PresetId,
  players: 2 | 3 | 4 = 4,
  extra: { end?: GameEnd; startingPoints?: number } = {},
): StartGame {
  const ruleset = rulesetOf(preset, preset === 'hu-mahjong' ? { players } : {});
  return {
    type: 'StartGame',
    gameId: 'g1',
    ruleset,
    players: PLAYERS.slice(0, players).map((playerId, i) => ({ playerId, seat: SEATS[i]! })),
    at: at(),
    ...extra,
  };
}

export const fold = (events: readonly GameEvent[], state: GameState = initialGameState): GameState =>
  events.reduce(evolveGame, state);

/** Runs each command on the state so far; a rejection fails the test. */
export function run(commands: readonly GameCommand[], state: GameState = initialGameState) {
  const events: GameEvent[] = [];
  for (const command of commands) {
    const decision = decideGame(command, state);
    if ('rejection' in decision) throw new Error(`${command.type} refused: ${decision.rejection.message}`);
    events.push(...decision.events);
    state = fold(decision.events, state);
  }
  return { state, events };
}

export const when = (state: GameState, command: GameCommand): GameDecision => decideGame(command, state);

/** The next hand's result with these per-seat points (zero for seats not named). */
export const hand = (
  state: GameState,
  result: HandResult,
  deltas: Partial<Record<Seat, number>> = {},
  minutes = 0,
): RecordHandResult => ({ type: 'RecordHandResult', hand: state.hands + 1, result, deltas, at: at(minutes) });

export const won = (winner: Seat, selfDraw = false): HandResult => ({
  kind: 'won',
  winners: [winner],
  selfDraw,
});
export const drawn = (dealerReady: boolean): HandResult => ({ kind: 'drawn', dealerReady });

/** A win by `winner` paid by the next seat (or East when the winner is not East): sums to zero. */
export const paid = (winner: Seat, points: number): Partial<Record<Seat, number>> => {
  const payer: Seat = winner === 'E' ? 'S' : 'E';
  return { [winner]: points, [payer]: -points };
};

/** Records one hand after another, each on the state the last left. */
export function play(
  state: GameState,
  hands: readonly { result: HandResult; deltas?: Partial<Record<Seat, number>>; minutes?: number }[],
) {
  const events: GameEvent[] = [];
  for (const h of hands) {
    const out = run([hand(state, h.result, h.deltas ?? {}, h.minutes ?? 0)], state);
    events.push(...out.events);
    state = out.state;
  }
  return { state, events };
}

export const lastRecorded = (events: readonly GameEvent[]): HandRecorded =>
  HandRecorded.parse(events.filter((e) => e.type === 'HandRecorded').at(-1));
