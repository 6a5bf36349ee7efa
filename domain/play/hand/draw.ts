// Drawing (seed 003: no dead wall): live draws from the front, replacements from the back. A flower drawn is
// declared and replaced at once; the hand is drawn when the wall has no tile left to give.
import { waits } from '../../hand/index.ts';
import type { Seat } from '../../rules/seats.ts';
import { isFlower } from '../../tiles/index.ts';
import type { PlayEventOf } from '../events.ts';
import type { Emitter } from './emitter.ts';
import { kindsOf, seatHand, wallRemaining } from './state.ts';

/** Draws for the seat, flowers declared and replaced; false when the wall ran out first. */
export function drawFor(em: Emitter, seat: Seat, source: 'live' | 'replacement'): boolean {
  let from = source;
  for (;;) {
    if (wallRemaining(em.state) <= 0) return false;
    const { wall, front, back } = em.state;
    const tile = wall[from === 'live' ? front : back]!;
    em.emit({ type: 'TileDrawn', schemaVersion: 1, data: { seat, tile, source: from } });
    if (!isFlower(tile)) return true;
    em.emit({ type: 'FlowerDeclared', schemaVersion: 1, data: { seat, flower: tile } });
    from = 'replacement';
  }
}

/** After the deal, each seat in turn order sets its flowers aside and draws their replacements. */
export function replaceDealtFlowers(em: Emitter, seats: readonly Seat[]): boolean {
  for (const seat of seats) {
    for (;;) {
      const flower = seatHand(em.state, seat).concealed.findIndex((n, t) => n > 0 && isFlower(t));
      if (flower < 0) break;
      em.emit({ type: 'FlowerDeclared', schemaVersion: 1, data: { seat, flower } });
      if (!drawFor(em, seat, 'replacement')) return false;
    }
  }
  return true;
}

/** No winner: the wall ran out. */
export function wallExhausted(em: Emitter): void {
  handDrawn(em, { reason: 'wall-exhausted' });
}

/**
 * An exhaustive draw; in hu-mahjong the ready-hand payment follows as the hand's settlement (seed 003: each
 * player without a ready hand pays each player with one). The wall is shown once the hand is over.
 */
export function handDrawn(em: Emitter, data: PlayEventOf<'HandDrawn'>['data']): void {
  em.emit({ type: 'HandDrawn', schemaVersion: 1, data });
  const { state } = em;
  if (state.preset === 'hu-mahjong' && state.rulesetRef !== undefined) {
    const points = Number(state.options.readyHandPayment ?? 0);
    const seats = Object.keys(state.seats) as Seat[];
    const ready = seats.filter(
      (s) => waits(kindsOf(seatHand(state, s)), seatHand(state, s).melds).length > 0,
    );
    const transfers = seats
      .filter((s) => !ready.includes(s))
      .flatMap((from) => ready.map((to) => ({ from, to, points, reason: 'ready hand at exhaustive draw' })));
    em.emit({
      type: 'HandSettled',
      schemaVersion: 2,
      data: { ruleset: state.rulesetRef, winners: [], lapsed: [], transfers: points > 0 ? transfers : [] },
    });
  }
  revealWall(em);
}

export function revealWall(em: Emitter): void {
  const { wall, wallHash } = em.state;
  em.emit({ type: 'WallRevealed', schemaVersion: 1, data: { order: [...wall], hash: wallHash } });
}
