// Plays a table script through the hand decider: StartHand, then one command per action, each decided on the
// state folded so far. It stops at the first rejection, keeping the events accepted before it.
import type { PlayEvent } from '../../domain/play/events.ts';
import {
  decide,
  evolve,
  type HandCommand,
  initialHandState,
  type Rejection,
  type StartHand,
} from '../../domain/play/hand/index.ts';
import { flowersInPlay } from '../../domain/play/tile-set.ts';
import { RuleInputError } from '../../domain/rules/errors.ts';
import { fieldName } from '../../domain/rules/field-name.ts';
import { type Ruleset, rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { SEATS } from '../../domain/rules/seats.ts';
import { formatTiles, type Tile, tileSet } from '../../domain/tiles/index.ts';
import { type ScriptAction, TableScript } from './script.ts';

export type PlayOutcome =
  | { readonly kind: 'invalid'; readonly field: string; readonly message: string }
  | {
      readonly kind: 'played';
      readonly events: readonly PlayEvent[];
      /** Step 0 is the start of the hand, step n the n-th action (actions[n - 1]). */
      readonly rejection?: Rejection & { readonly step: number };
    };

class Invalid extends Error {
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

/** Runs a script already read from JSON. Never throws for bad input: it answers 'invalid'. */
export function playScript(input: unknown): PlayOutcome {
  const parsed = TableScript.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    // A key the format does not have is named itself, not its parent object.
    const path = issue.code === 'unrecognized_keys' ? [...issue.path, issue.keys[0]!] : issue.path;
    return { kind: 'invalid', field: fieldName(path), message: issue.message };
  }
  let commands: HandCommand[];
  try {
    commands = commandsOf(parsed.data);
  } catch (error) {
    if (error instanceof Invalid) return { kind: 'invalid', field: error.field, message: error.message };
    throw error;
  }
  let state = initialHandState;
  const events: PlayEvent[] = [];
  for (const [step, command] of commands.entries()) {
    const decision = decide(command, state);
    if ('rejection' in decision)
      return { kind: 'played', events, rejection: { ...decision.rejection, step } };
    for (const event of decision.events) {
      events.push(event);
      state = evolve(state, event);
    }
  }
  return { kind: 'played', events };
}

/** The script as the decider's commands: StartHand first, then one per action. */
export function commandsOf(script: TableScript): HandCommand[] {
  const t0 = Date.parse(script.startedAt);
  const at = (ms: number) => new Date(t0 + ms).toISOString();
  const ruleset = rulesetFor(script);
  const start: StartHand = {
    type: 'StartHand',
    gameId: script.gameId,
    hand: script.hand,
    ruleset,
    prevalentWind: script.prevalentWind,
    seatWinds: { ...script.seats },
    repeats: script.repeats,
    wall: wallOf(script, ruleset),
    at: at(0),
  };
  return [start, ...script.actions.map((action) => commandOf(action, at(action.at)))];
}

function commandOf(action: ScriptAction, at: string): HandCommand {
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
  }
}

function rulesetFor(script: TableScript): Ruleset {
  try {
    return rulesetOf(script.ruleset.preset, script.ruleset.options);
  } catch (error) {
    if (error instanceof RuleInputError) throw new Invalid(`ruleset.${error.field}`, error.message);
    throw error;
  }
}

function wallOf(script: TableScript, ruleset: Ruleset): StartHand['wall'] {
  const { wall } = script;
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
          if (i < 0) throw new Invalid(field, `the wall has no ${formatTiles([t])} left for it`);
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
