// One hand of a script through the hand decider: StartHand, then one command per action (a play-out many),
// each decided on the state folded so far. It stops at the first rejection, keeping the events before it.
// The hand script (run.ts) and the game script (run-game.ts) both play their hands here.
import type { PlayEvent } from '../../domain/play/events.ts';
import {
  decide,
  evolve,
  type HandCommand,
  type HandState,
  initialHandState,
  type Rejection,
  type StartHand,
} from '../../domain/play/hand/index.ts';
import { flowersInPlay } from '../../domain/play/tile-set.ts';
import { RuleInputError } from '../../domain/rules/errors.ts';
import { type PresetId, type Ruleset, rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { SEATS } from '../../domain/rules/seats.ts';
import { formatTiles, type Tile, tileSet } from '../../domain/tiles/index.ts';
import { InvalidScript } from './invalid.ts';
import { playOut } from './play-out.ts';
import type { ScriptAction, ScriptWall } from './script.ts';

export interface PlayedHand {
  readonly events: readonly PlayEvent[];
  readonly state: HandState;
  /** The table clock when the last command was decided: the hand's end, once it is over. */
  readonly endedAtMs: number;
  /** Step 0 is the start of the hand, step n the n-th action (actions[n - 1]). */
  readonly rejection?: Rejection & { readonly step: number };
}

/** Plays `start` then the actions, each at `startMs` + its `at`. */
export function playHand(start: StartHand, actions: readonly ScriptAction[], startMs: number): PlayedHand {
  let state = initialHandState;
  const events: PlayEvent[] = [];
  const apply = (decided: readonly PlayEvent[]) => {
    for (const event of decided) {
      events.push(event);
      state = evolve(state, event);
    }
  };
  const started = decide(start, state);
  if ('rejection' in started)
    return { events, state, endedAtMs: startMs, rejection: { ...started.rejection, step: 0 } };
  apply(started.events);
  let now = startMs;
  for (const [i, action] of actions.entries()) {
    const step = i + 1;
    now = startMs + action.at;
    if (action.action === 'play-out') {
      const out = playOut(state, now);
      apply(out.events);
      now = out.atMs;
      if (out.rejection !== undefined)
        return { events, state, endedAtMs: now, rejection: { ...out.rejection, step } };
      continue;
    }
    const decision = decide(commandOf(action, new Date(now).toISOString()), state);
    if ('rejection' in decision)
      return { events, state, endedAtMs: now, rejection: { ...decision.rejection, step } };
    apply(decision.events);
  }
  return { events, state, endedAtMs: now };
}

function commandOf(action: Exclude<ScriptAction, { action: 'play-out' }>, at: string): HandCommand {
  switch (action.action) {
    case 'discard':
      return { type: 'Discard', seat: action.seat, tile: action.tile, at };
    case 'claim':
      return {
        type: 'MakeClaim',
        seat: action.seat,
        claim:
          action.claim === 'chow'
            ? { claim: 'chow', tiles: [action.tiles![0]!, action.tiles![1]!] }
            : { claim: action.claim },
        ...(action.handScore === undefined ? {} : { handScore: action.handScore }),
        ...(action.loserScores === undefined ? {} : { loserScores: action.loserScores }),
        at,
      };
    case 'pass':
      return { type: 'Pass', seat: action.seat, at };
    case 'self-draw':
      return {
        type: 'DeclareSelfDraw',
        seat: action.seat,
        ...(action.handScore === undefined ? {} : { handScore: action.handScore }),
        ...(action.loserScores === undefined ? {} : { loserScores: action.loserScores }),
        at,
      };
    case 'kong':
      return { type: 'DeclareKong', seat: action.seat, tile: action.tile, kind: action.kind, at };
    case 'close-window':
      return { type: 'CloseWindow', at };
    case 'dead-hand':
      return { type: 'DeclareDeadHand', seat: action.seat, held: action.held, at };
    case 'place-die':
      return { type: 'PlaceStreakDie', seat: action.seat, at };
    case 'charge-unshown-gong':
      return { type: 'ChargeUnshownGong', seat: action.seat, at };
    case 'void':
      return { type: 'VoidHand', reason: action.reason, at };
  }
}

/** The script's ruleset, an option's error named under `ruleset.options`. */
export function scriptRuleset(ruleset: { preset: PresetId; options: Record<string, unknown> }): Ruleset {
  try {
    return rulesetOf(ruleset.preset, ruleset.options);
  } catch (error) {
    if (error instanceof RuleInputError) throw new InvalidScript(`ruleset.${error.field}`, error.message);
    throw error;
  }
}

/** The decider's wall; a dealt wall is laid out in full. `path` prefixes a field named in an error. */
export function wallOf(wall: ScriptWall, ruleset: Ruleset, path = ''): StartHand['wall'] {
  switch (wall.source) {
    case 'seed':
      return { source: 'seed', seed: wall.seed };
    case 'arranged':
      return { source: 'arranged', order: wall.order, dice: wall.dice };
    case 'dealt': {
      // The deal takes 13 a seat in turn order from the front, then the dealer's fourteenth.
      const left = tileSet(flowersInPlay(ruleset));
      const take = (tiles: readonly Tile[], field: string): Tile[] =>
        tiles.map((t) => {
          const i = left.indexOf(t);
          if (i < 0)
            throw new InvalidScript(`${path}${field}`, `the wall has no ${formatTiles([t])} left for it`);
          left.splice(i, 1);
          return t;
        });
      const seats = SEATS.filter((s) => wall.hands[s] !== undefined);
      const dealt = seats.map((s) => take(wall.hands[s]!.slice(0, 13), `wall.hands.${s}`));
      const fourteenth = take(wall.hands.E?.slice(13) ?? [], 'wall.hands.E');
      const draws = take(wall.draws, 'wall.draws');
      return {
        source: 'arranged',
        order: [...dealt.flat(), ...fourteenth, ...draws, ...left],
        dice: wall.dice,
      };
    }
  }
}
