// Hu Mahjong hands played to seed 003's pond-length draw ("game draws the moment any player's discard pond
// reaches a certain length ... 18 in 4 player"), for the rules that apply there: every seat throws the tile it
// drew (after a call, its lowest tile), and every claim window closes at its deadline unless the plan claims in
// it. The commands are kept, so that a table script can replay the same hand through `play`.

import type { PlayEvent } from '../../domain/play/events.ts';
import {
  decide,
  type HandCommand,
  type HandState,
  initialHandState,
  type StartHand,
} from '../../domain/play/hand/index.ts';
import { at, fold, T0 } from '../../domain/play/hand/spec.ts';
import type { Claim } from '../../domain/rules/claims/index.ts';
import { type PlayerCount, type Seat, seatsInPlay, turnOrderAfter } from '../../domain/rules/seats.ts';
import { formatTiles, parseTiles, type Tile, tileSet } from '../../domain/tiles/index.ts';

/**
 * The live draws of a hand where nobody calls: in turn order from the dealer's next seat (the dealer throws
 * first), `count` draws in all. Each seat draws its `first` tiles first and its `last` tiles last; every other
 * draw is the next tile left in set order. Flowers are left out of the filling, so that only named flowers are
 * drawn.
 */
export function drawsInTurn(
  hands: Partial<Record<Seat, string>>,
  count: number,
  named: {
    readonly first?: Partial<Record<Seat, string>>;
    readonly last?: Partial<Record<Seat, string>>;
  } = {},
  players: PlayerCount = 4,
): string {
  const { first = {}, last = {} } = named;
  const left = tileSet(false);
  const take = (t: Tile) => {
    const i = left.indexOf(t);
    if (i >= 0) left.splice(i, 1);
  };
  for (const text of [...Object.values(hands), ...Object.values(first), ...Object.values(last)])
    parseTiles(text!).forEach(take);
  const order = turnOrderAfter('E', players).concat('E');
  const turns = new Map(seatsInPlay(players).map((s) => [s, 0]));
  for (let i = 0; i < count; i++)
    turns.set(order[i % order.length]!, turns.get(order[i % order.length]!)! + 1);
  const queues = new Map(
    seatsInPlay(players).map((s) => {
      const head = parseTiles(first[s] ?? '');
      const tail = parseTiles(last[s] ?? '');
      const middle = turns.get(s)! - head.length - tail.length;
      if (middle < 0) throw new Error(`${s} draws ${turns.get(s)} tiles, fewer than those named`);
      return [s, [...head, ...Array.from({ length: middle }, () => left.shift()!), ...tail]];
    }),
  );
  const draws: Tile[] = [];
  for (let i = 0; i < count; i++) draws.push(queues.get(order[i % order.length]!)!.shift()!);
  return formatTiles(draws);
}

/** A claim the plan makes: in the window on the n-th discard of the hand, or in a flower's window. */
export interface PlannedClaim {
  readonly seat: Seat;
  readonly on: number | 'flower';
  readonly claim: Claim;
}

export interface Plan {
  readonly claims?: readonly PlannedClaim[];
  /** `seat` declares a self-drawn win once it has drawn holding `discards` discards. */
  readonly selfDraw?: { readonly seat: Seat; readonly discards: number };
}

export interface Played {
  readonly events: PlayEvent[];
  readonly state: HandState;
  /** Every command after StartHand, in order, each accepted. */
  readonly commands: HandCommand[];
}

/** Plays the hand from `start` to its end by the plan; a refused command throws. */
export function playThrough(start: StartHand, plan: Plan = {}): Played {
  let state = initialHandState;
  const events: PlayEvent[] = [];
  const commands: HandCommand[] = [];
  const send = (command: HandCommand) => {
    const decision = decide(command, state);
    if ('rejection' in decision)
      throw new Error(`${command.type} refused: ${decision.rejection.code}: ${decision.rejection.message}`);
    if (command.type !== 'StartHand') commands.push(command);
    events.push(...decision.events);
    state = fold(decision.events, state);
  };
  send(start);
  let ms = 0;
  for (let steps = 0; state.phase.kind !== 'ended' && state.phase.kind !== 'won'; steps++) {
    if (steps > 500) throw new Error('the hand never ended');
    ms += 1000;
    const { phase } = state;
    if (phase.kind === 'turn') {
      const { seat, drawn } = phase;
      const hand = state.seats[seat]!;
      const win = plan.selfDraw;
      if (drawn !== undefined && win?.seat === seat && hand.discarded.length === win.discards)
        send({ type: 'DeclareSelfDraw', seat, at: at(ms) });
      else {
        const tile = drawn ?? hand.concealed.findIndex((n) => n > 0);
        send({ type: 'Discard', seat, tile, at: at(ms) });
      }
    } else if (phase.kind === 'claim-window') {
      const { window } = phase;
      const on = window.offer.kind === 'flower' ? 'flower' : state.flow.length;
      const planned = (plan.claims ?? []).filter((c) => c.on === on && window.seats[c.seat] !== undefined);
      for (const { seat, claim } of planned)
        if (state.phase.kind === 'claim-window') send({ type: 'MakeClaim', seat, claim, at: at(ms) });
      if (state.phase.kind === 'claim-window') {
        ms = window.openedAtMs + window.deadlineMs - T0;
        send({ type: 'CloseWindow', at: at(ms) });
      }
    } else throw new Error(`stuck in ${phase.kind}`);
  }
  return { events, state, commands };
}

/** The commands as table-script actions (docs/table-script.md), each at its ms after T0. */
export function actionsOf(commands: readonly HandCommand[]): Record<string, unknown>[] {
  return commands.map((command) => {
    const at = Date.parse(command.at) - T0;
    switch (command.type) {
      case 'Discard':
        return { at, seat: command.seat, action: 'discard', tile: formatTiles([command.tile]) };
      case 'MakeClaim':
        return { at, seat: command.seat, action: 'claim', claim: command.claim.claim };
      case 'Pass':
        return { at, seat: command.seat, action: 'pass' };
      case 'DeclareSelfDraw':
        return { at, seat: command.seat, action: 'self-draw' };
      case 'CloseWindow':
        return { at, action: 'close-window' };
      default:
        throw new Error(`${command.type} has no table-script action here`);
    }
  });
}
