// Starting a hand: the committed wall and the dice (HandStarted), the deal from the front of the wall
// (13 tiles a seat in turn order, then the dealer's fourteenth), and the flowers of the deal replaced.
import type { PresetId } from '../../rules/rulesets/index.ts';
import type { Seat } from '../../rules/seats.ts';
import {
  rollDice,
  shuffleWall,
  type Tile,
  WALL_ALGORITHM,
  wallHash,
  wallProblem,
} from '../../tiles/index.ts';
import type { PlayEvent } from '../events.ts';
import { seatsOf, seatsProblem } from '../fields.ts';
import { flowersInPlay } from '../tile-set.ts';
import type { StartHand } from './commands.ts';
import { replaceDealtFlowers, wallExhausted } from './draw.ts';
import { Emitter } from './emitter.ts';
import { type Rejection, RULES, reject } from './rejection.ts';
import type { HandState } from './state.ts';
import { immediatePayment } from './table-law.ts';

/** The presets whose whole hand this aggregate runs: all five. */
export const SUPPORTED_PRESETS: readonly PresetId[] = [
  'hu-mahjong',
  'mahjong-house',
  'four-seas',
  'chinese-classical',
  'table-law',
];

export function startHand(
  command: StartHand,
  state: HandState,
): { events: PlayEvent[] } | { rejection: Rejection } {
  if (state.preset !== undefined) return reject('hand-already-started', RULES.start, 'the hand has started');
  const { ruleset } = command;
  if (!SUPPORTED_PRESETS.includes(ruleset.preset))
    return reject('preset-not-supported', RULES.presets, `${ruleset.preset} is not played here yet`);
  const seats = seatsOf(command.seatWinds);
  const problem = seatsProblem(seats);
  if (problem !== undefined) return reject('table-mismatch', RULES.table, problem);
  const players = ruleset.preset === 'hu-mahjong' ? (ruleset.options as { players: number }).players : 4;
  if (seats.length !== players)
    return reject(
      'table-mismatch',
      RULES.table,
      `${ruleset.preset} is set for ${players} players, not ${seats.length}`,
    );
  const withFlowers = flowersInPlay(ruleset);
  const { wall } = command;
  let order: readonly Tile[];
  let dice: readonly [number, number, number];
  if (wall.source === 'seed') {
    order = shuffleWall(wall.seed, withFlowers);
    dice = rollDice(wall.seed);
  } else {
    const wrong = wallProblem(wall.order, withFlowers);
    if (wrong !== undefined) return reject('bad-wall', RULES.wall, wrong);
    order = wall.order;
    dice = wall.dice;
  }
  const hash = wallHash(order);

  const em = new Emitter(state);
  em.emit({
    type: 'HandStarted',
    schemaVersion: 1,
    data: {
      gameId: command.gameId,
      hand: command.hand,
      ruleset: {
        preset: ruleset.preset,
        version: ruleset.version,
        options: ruleset.options as Record<string, unknown>,
        hash: ruleset.hash,
      },
      prevalentWind: command.prevalentWind,
      seatWinds: { ...command.seatWinds },
      dealer: command.seatWinds.E!,
      repeats: command.repeats,
      dice: [dice[0], dice[1], dice[2]],
      withFlowers,
      wall:
        wall.source === 'seed'
          ? { source: 'seed', algorithm: WALL_ALGORITHM, seed: wall.seed, hash }
          : { source: 'arranged', order: [...order], hash },
    },
  });
  // Seed 004: a dice triple is an immediate table settlement; East throws.
  if (ruleset.preset === 'table-law' && dice[0] === dice[1] && dice[1] === dice[2])
    immediatePayment(em, {
      kind: 'dice-triple',
      id: `${em.state.stream}:dice`,
      thrower: 'E',
      dice: [...dice],
    });
  em.emit({ type: 'TilesDealt', schemaVersion: 1, data: { hands: dealOf(order, seats) } });
  if (!replaceDealtFlowers(em, seats)) wallExhausted(em);
  return { events: em.events };
}

/** 13 tiles a seat from the front in turn order, then the dealer's fourteenth. */
export function dealOf(order: readonly Tile[], seats: readonly Seat[]): Partial<Record<Seat, Tile[]>> {
  const hands: Partial<Record<Seat, Tile[]>> = {};
  seats.forEach((seat, i) => {
    hands[seat] = order.slice(13 * i, 13 * (i + 1));
  });
  hands.E!.push(order[13 * seats.length]!);
  return hands;
}
