// Drawing (seed 003: no dead wall): live draws from the front, replacements from the back. A flower drawn is
// declared and replaced at once (unless it opens a window for Eight Immortals first); the hand is drawn when
// the wall has no tile left to give.
import { waits } from '../../hand/index.ts';
import { drawPatternsOf } from '../../rules/patterns/hu-mahjong/at-draw.ts';
import { rulesetOf } from '../../rules/rulesets/index.ts';
import type { Seat, Transfer } from '../../rules/seats.ts';
import { huMahjongDrawPatternTransfers } from '../../rules/settlement/hu-mahjong.ts';
import { isFlower, type Tile } from '../../tiles/index.ts';
import type { PlayEventOf } from '../events.ts';
import type { Emitter } from './emitter.ts';
import { type HandState, kindsOf, seatHand, wallRemaining } from './state.ts';

/**
 * Offers a flower just declared in play to the seat it would give eight (seed 003's Eight Immortals, window.ts):
 * true when a claim window opened, so that the replacement waits on it.
 */
export type FlowerOffer = (em: Emitter, seat: Seat, flower: Tile) => boolean;

/**
 * Draws for the seat, flowers declared and replaced; false when the wall ran out first. With `offerFlower`, a
 * flower's replacement waits when the flower opens a claim window (true: the window's resolution draws it).
 */
export function drawFor(
  em: Emitter,
  seat: Seat,
  source: 'live' | 'replacement',
  offerFlower?: FlowerOffer,
): boolean {
  let from = source;
  for (;;) {
    if (wallRemaining(em.state) <= 0) return false;
    const { wall, front, back } = em.state;
    const tile = wall[from === 'live' ? front : back]!;
    em.emit({ type: 'TileDrawn', schemaVersion: 1, data: { seat, tile, source: from } });
    if (!isFlower(tile)) return true;
    em.emit({ type: 'FlowerDeclared', schemaVersion: 1, data: { seat, flower: tile } });
    if (offerFlower?.(em, seat, tile) === true) return true;
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
 * An exhaustive draw; in hu-mahjong the hand's settlement follows, with no winner: first the ready-hand
 * payment (seed 003: each player without a ready hand pays each player with one), then the patterns reached at
 * exhaustive draw (All Terminal and Honor Discards; Eight Immortals with the last flower still in the wall),
 * each paid as a self-draw. The wall is shown once the hand is over.
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
      data: {
        ruleset: state.rulesetRef,
        winners: [],
        lapsed: [],
        transfers: [...(points > 0 ? transfers : []), ...patternTransfersAtDraw(state, seats)],
      },
    });
  }
  revealWall(em);
}

function patternTransfersAtDraw(state: HandState, seats: readonly Seat[]): Transfer[] {
  const atDraw = seats.map((seat) => {
    const { discarded, pond, flowers } = seatHand(state, seat);
    // A called discard leaves the pond for the caller's meld; the pond keeps the others.
    return { seat, discarded, called: discarded.length - pond.length, flowers: flowers.length };
  });
  const { options } = rulesetOf('hu-mahjong', state.options);
  return huMahjongDrawPatternTransfers(state.players, drawPatternsOf(atDraw, options));
}

export function revealWall(em: Emitter): void {
  const { wall, wallHash } = em.state;
  em.emit({ type: 'WallRevealed', schemaVersion: 1, data: { order: [...wall], hash: wallHash } });
}
