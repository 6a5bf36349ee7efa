// Given/when/then for settling again (DESIGN.md "Style"): hands scripted in tile notation through the hand
// decider, and the settlement a stream recorded. Test support, kept beside the module it serves.
import { type PresetId, type Ruleset, rulesetOf } from '../../rules/rulesets/index.ts';
import { parseTiles, type Tile } from '../../tiles/index.ts';
import type { PlayEvent, PlayEventOf } from '../events.ts';
import type { HandCommand, StartHand } from '../hand/commands.ts';
import { type Decision, decide } from '../hand/decide.ts';
import { arrangedWall, at, eventsOf, fold, given, startWith } from '../hand/spec.ts';
import { initialHandState } from '../hand/state.ts';
import type { Settlement } from './index.ts';

export const tile = (text: string): Tile => parseTiles(text)[0]!;

/** The settlement the stream recorded (its one HandSettled), or undefined. */
export function recorded(events: readonly PlayEvent[]): Settlement | undefined {
  const settled = events.filter((e): e is PlayEventOf<'HandSettled'> => e.type === 'HandSettled');
  if (settled.length > 1) throw new Error(`${settled.length} HandSettled events`);
  return settled[0]?.data;
}

/** The ruleset a live stream was started with, as rulesetOf reads it back. */
export function rulesetIn(events: readonly PlayEvent[]): Ruleset {
  const started = events.find((e) => e.type === 'HandStarted' || e.type === 'HandResultEntered');
  if (started?.type !== 'HandStarted' && started?.type !== 'HandResultEntered') throw new Error('no hand');
  const { preset, options } = started.data.ruleset;
  return rulesetOf(preset as PresetId, options);
}

/** An arranged wall whose back (replacement draws, last tile first) is `back`, the rest as arrangedWall. */
export function wallWithBack(
  hands: Parameters<typeof arrangedWall>[0],
  draws: string,
  back: string,
  withFlowers: boolean,
): StartHand['wall'] {
  const order = arrangedWall(hands, draws, withFlowers);
  const fixed =
    Object.values(hands).reduce((n, h) => n + parseTiles(h!).length, 0) + parseTiles(draws).length;
  const rest = order.slice(fixed);
  const last: Tile[] = [];
  for (const t of parseTiles(back)) {
    const i = rest.indexOf(t);
    if (i < 0) throw new Error(`no ${back} left for the back of the wall`);
    rest.splice(i, 1);
    last.unshift(t);
  }
  return { source: 'arranged', order: [...order.slice(0, fixed), ...rest, ...last], dice: [3, 4, 5] };
}

/**
 * Seed 003's scoring example played live: S, dealt 12m 123s 123p 789p 9p and a season (5f, replaced by 8m),
 * chows E's 3m, throws the 8m, and wins on N's 9p: Fully Outside Hand 4000 + Three-color Sequences 2000 +
 * Flower 100 = 6100 (All Sequences not scored on an opened hand), N pays 18300.
 */
export const SEED_003_LIVE = {
  hands: {
    E: '5m 9m 4p 6p 2s 5s 8s 1z 2z 3z 4z 5z 6z 3m',
    S: '12m 123s 123p 789p 9p 5f',
    W: '4m 6m 8m 1p 5p 3s 6s 9s 1z 2z 3z 4z 7z',
    N: '1m 7m 2p 8p 4s 7s 1z 2z 3z 4z 5z 6z 7z',
  },
  /** W draws the 7p, N the 9p. */
  draws: '7p 9p',
  back: '8m',
};

export function seed003Live(options: Record<string, unknown> = {}): PlayEvent[] {
  const { hands, draws, back } = SEED_003_LIVE;
  const commands: HandCommand[] = [
    startWith('hu-mahjong', wallWithBack(hands, draws, back, true), { flowers: true, ...options }),
    { type: 'Discard', seat: 'E', tile: tile('3m'), at: at(1000) },
    { type: 'MakeClaim', seat: 'S', claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] }, at: at(1500) },
    { type: 'Discard', seat: 'S', tile: tile('8m'), at: at(2000) },
    { type: 'Discard', seat: 'W', tile: tile('7p'), at: at(3000) },
    { type: 'Discard', seat: 'N', tile: tile('9p'), at: at(4000) },
    { type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, at: at(4500) },
  ];
  return given(commands).events;
}

/** Every seat throws the tile it drew (or its first tile) and nobody claims, to the exhaustive draw. */
export function throwEverything(start: StartHand): PlayEvent[] {
  let state = initialHandState;
  const events: PlayEvent[] = [];
  const apply = (decision: Decision) => {
    const accepted = eventsOf(decision);
    events.push(...accepted);
    state = fold(accepted, state);
  };
  apply(decide(start, state));
  for (let ms = 1000; state.phase.kind !== 'ended'; ms += 1000) {
    const { phase } = state;
    if (phase.kind === 'turn') {
      const held = state.seats[phase.seat]!.concealed.findIndex((n) => n > 0);
      apply(decide({ type: 'Discard', seat: phase.seat, tile: phase.drawn ?? held, at: at(ms) }, state));
    } else if (phase.kind === 'claim-window') {
      ms += phase.window.deadlineMs;
      apply(decide({ type: 'CloseWindow', at: at(ms) }, state));
    } else throw new Error(`stuck in ${phase.kind}`);
  }
  return events;
}

export { at, given, startWith };
