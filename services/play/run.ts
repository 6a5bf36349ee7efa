// Plays a script through the deciders. A hand script (script.ts) runs the hand decider alone: StartHand, then
// one command per action. A game script (game-script.ts, an object with `hands`) runs the game decider and,
// for each hand, the hand decider (run-game.ts). Either stops at the first rejection, keeping the events
// accepted before it.
import type { StartHand } from '../../domain/play/hand/index.ts';
import { playHand, scriptRuleset, wallOf } from './hand-run.ts';
import { InvalidScript, invalidOf } from './invalid.ts';
import type { PlayOutcome } from './outcome.ts';
import { playGameScript } from './run-game.ts';
import { TableScript } from './script.ts';

export type { PlayOutcome } from './outcome.ts';

/** Runs a script already read from JSON. Never throws for bad input: it answers 'invalid'. */
export function playScript(input: unknown): PlayOutcome {
  try {
    return isGame(input) ? playGameScript(input) : playHandScript(input);
  } catch (error) {
    if (error instanceof InvalidScript)
      return { kind: 'invalid', field: error.field, message: error.message };
    throw error;
  }
}

const isGame = (input: unknown): boolean =>
  input !== null && typeof input === 'object' && !Array.isArray(input) && 'hands' in input;

function playHandScript(input: unknown): PlayOutcome {
  const parsed = TableScript.safeParse(input);
  if (!parsed.success) throw invalidOf(parsed.error);
  const script = parsed.data;
  const ruleset = scriptRuleset(script.ruleset);
  const t0 = Date.parse(script.startedAt);
  const start: StartHand = {
    type: 'StartHand',
    gameId: script.gameId,
    hand: script.hand,
    ruleset,
    prevalentWind: script.prevalentWind,
    seatWinds: { ...script.seats },
    repeats: script.repeats,
    wall: wallOf(script.wall, ruleset),
    at: new Date(t0).toISOString(),
  };
  const { events, rejection } = playHand(start, script.actions, t0);
  return rejection === undefined ? { kind: 'played', events } : { kind: 'played', events, rejection };
}
