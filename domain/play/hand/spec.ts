// Given/when/then for the hand decider (DESIGN.md "Style"), with walls arranged in tile notation. Test
// support, kept beside the aggregate it serves.
import type { Meld } from '../../hand/index.ts';
import { meldTiles } from '../../hand/index.ts';
import { type PresetId, rulesetOf } from '../../rules/rulesets/index.ts';
import type { Seat } from '../../rules/seats.ts';
import { parseTiles, type Tile, tileSet } from '../../tiles/index.ts';
import type { PlayEvent } from '../events.ts';
import type { HandCommand, StartHand } from './commands.ts';
import { type Decision, decide } from './decide.ts';
import { evolve } from './evolve.ts';
import type { Rejection } from './rejection.ts';
import { type HandState, initialHandState, wallRemaining } from './state.ts';

export const T0 = Date.parse('2026-03-01T10:00:00.000Z');
/** The time `ms` after T0, as a command carries it. */
export const at = (ms = 0): string => new Date(T0 + ms).toISOString();

const PLAYERS = ['ana', 'bo', 'cy', 'di'];

/**
 * The order tiles leave the wall for these dealt hands (the dealer's fourteen, each other seat's thirteen):
 * the deal in turn order, the dealer's fourteenth, then `draws` from the front, then every other tile.
 */
export function arrangedWall(hands: Partial<Record<Seat, string>>, draws = '', withFlowers = false): Tile[] {
  const left = tileSet(withFlowers);
  const take = (tiles: readonly Tile[]): Tile[] =>
    tiles.map((t) => {
      const i = left.indexOf(t);
      if (i < 0) throw new Error(`the wall has no ${t} left to arrange`);
      left.splice(i, 1);
      return t;
    });
  const dealt = (['E', 'S', 'W', 'N'] as const)
    .filter((s) => hands[s] !== undefined)
    .map((s) => parseTiles(hands[s]!));
  const east = dealt[0]!;
  if (dealt.some((h, i) => h.length !== (i === 0 ? 14 : 13)))
    throw new Error('the dealer is dealt fourteen tiles, every other seat thirteen');
  const order = [...dealt.flatMap((h, i) => take(i === 0 ? h.slice(0, 13) : h)), ...take(east.slice(13))];
  return [...order, ...take(parseTiles(draws)), ...left];
}

export function startWith(
  preset: PresetId,
  wall: StartHand['wall'],
  options: Record<string, unknown> = {},
  players = 4,
): StartHand {
  const ruleset = rulesetOf(preset, { ...(preset === 'hu-mahjong' ? { flowers: false } : {}), ...options });
  const seats = (['E', 'S', 'W', 'N'] as const).slice(0, players);
  return {
    type: 'StartHand',
    gameId: 'g1',
    hand: 1,
    ruleset,
    prevalentWind: 'E',
    seatWinds: Object.fromEntries(seats.map((s, i) => [s, PLAYERS[i]!])),
    repeats: 0,
    wall,
    at: at(),
  };
}

export const arranged = (
  hands: Partial<Record<Seat, string>>,
  draws = '',
  { withFlowers = false, dice = [3, 4, 5] as [number, number, number] } = {},
): StartHand['wall'] => ({
  source: 'arranged',
  order: arrangedWall(hands, draws, withFlowers),
  dice,
});

export const fold = (events: readonly PlayEvent[], state = initialHandState): HandState =>
  events.reduce(evolve, state);

/** Runs commands that must all be accepted: the events and the state they leave. */
export function given(commands: readonly HandCommand[]): { events: PlayEvent[]; state: HandState } {
  let state = initialHandState;
  const events: PlayEvent[] = [];
  for (const command of commands) {
    const decision = decide(command, state);
    if ('rejection' in decision)
      throw new Error(`${command.type} was refused: ${decision.rejection.message}`);
    events.push(...decision.events);
    state = fold(decision.events, state);
  }
  return { events, state };
}

export function eventsOf(decision: Decision): PlayEvent[] {
  if ('rejection' in decision) throw new Error(`refused: ${decision.rejection.message}`);
  return decision.events;
}

export function rejectionOf(decision: Decision): Rejection {
  if (!('rejection' in decision))
    throw new Error(`accepted: ${decision.events.map((e) => e.type).join(', ')}`);
  return decision.rejection;
}

/** Every tile is somewhere: the wall, a hand (flowers not yet declared too), a meld, a pond, the flowers. */
export function tilesAccountedFor(state: HandState): number {
  let sum = Math.max(0, wallRemaining(state)) + (state.robbed === undefined ? 0 : 1);
  for (const hand of Object.values(state.seats)) {
    sum += hand.concealed.reduce((a, n) => a + n, 0) + hand.pond.length + hand.flowers.length;
    sum += hand.melds.flatMap((m: Meld) => meldTiles(m)).length;
  }
  return sum;
}
