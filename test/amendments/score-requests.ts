// The score contract's request for a finished hand, built from the hand's own events for the amendment tests:
// a live hand folded by the hand aggregate up to the moment its win was decided, every win claim of that
// moment given as tiles (concealed, melds, flowers, luck) as a scorer would write them down; an entered hand's
// request as the scorer entered it. The tests score it under the old and the new options themselves
// (evaluateScoreRequest), apart from the recompute, which settles the hand through the hand decider's step.

import { meldTiles } from '../../domain/hand/index.ts';
import type { PlayEvent } from '../../domain/play/events.ts';
import { evolve, type HandState, initialHandState } from '../../domain/play/hand/index.ts';
import { kindsOf, offerWinType, seatHand, tilesOf } from '../../domain/play/hand/state.ts';
import { onLastTile } from '../../domain/play/hand/win.ts';
import { evaluateScoreRequest, type ScoreOutcome } from '../../domain/rules/contract/index.ts';
import { type Seat, turnOrderAfter } from '../../domain/rules/seats.ts';
import { formatTiles, type Tile } from '../../domain/tiles/index.ts';

type WinType = 'discard' | 'self-draw' | 'robbing-kong';

/** A score request as JSON, options left for the caller to set. */
export interface WinRequest {
  readonly ruleset: string;
  readonly prevalentWind: Seat;
  readonly dealerRepeats: number;
  readonly winType: WinType;
  readonly from?: Seat;
  readonly claims: readonly Record<string, unknown>[];
  readonly penalties?: readonly unknown[];
}

/** The request of the hand's win (undefined for a hand that no win ended), and who won it as recorded. */
export function winRequestOf(events: readonly PlayEvent[]): WinRequest | undefined {
  const entered = events.find((e) => e.type === 'HandResultEntered');
  if (entered?.type === 'HandResultEntered') {
    // As the scorer entered it, not the request the engine made of it.
    const { result, prevalentWind, repeats, ruleset } = entered.data;
    if (result.kind !== 'win') return undefined;
    return {
      ruleset: ruleset.preset,
      prevalentWind,
      dealerRepeats: repeats,
      winType: result.by,
      ...(result.from === undefined ? {} : { from: result.from }),
      claims: result.claims as Record<string, unknown>[],
      ...(result.penalties === undefined ? {} : { penalties: result.penalties }),
    };
  }
  let state: HandState = initialHandState;
  for (const event of events) {
    if (event.type === 'ClaimResolved' && event.data.outcome === 'win') {
      if (state.phase.kind !== 'claim-window') throw new Error('a win resolved outside a claim window');
      const { offer, seats } = state.phase.window;
      const claimants = turnOrderAfter(offer.from, state.players).filter((s) => {
        const answer = seats[s]?.answer;
        return answer?.type === 'claim' && answer.claim.claim === 'win';
      });
      // A flower completing a seat's eight (Eight Immortals) is won on as a discard.
      const winType: WinType = offerWinType(offer.kind);
      return {
        ...frameOf(state),
        winType,
        from: offer.from,
        claims: claimants.map((seat) =>
          claimOf(state, seat, kindsOf(seatHand(state, seat)), offer.tile, winType),
        ),
      };
    }
    if (event.type === 'WinDeclared' && event.data.by === 'self-draw') {
      const { seat, tile } = event.data;
      const concealed = kindsOf(seatHand(state, seat));
      concealed[tile]! -= 1;
      return {
        ...frameOf(state),
        winType: 'self-draw',
        claims: [claimOf(state, seat, concealed, tile, 'self-draw')],
      };
    }
    state = evolve(state, event);
  }
  return undefined;
}

const frameOf = (state: HandState) => ({
  ruleset: String(state.preset),
  prevalentWind: state.prevalentWind,
  dealerRepeats: state.repeats,
});

/** A claim in tiles, with the luck seed 003 counts (last tile, replacement draws, the blessings). */
function claimOf(
  state: HandState,
  seat: Seat,
  concealed: ArrayLike<number>,
  tile: Tile,
  winType: WinType,
): Record<string, unknown> {
  const hand = seatHand(state, seat);
  const selfDraw = winType === 'self-draw';
  const first =
    selfDraw && hand.discarded.length === 0 && Object.values(state.seats).every((h) => h.melds.length === 0);
  return {
    seat,
    hand: formatTiles(tilesOf(concealed)),
    melds: hand.melds.map((m) => ({ tiles: formatTiles(meldTiles(m)), concealed: m.concealed })),
    winningTile: formatTiles([tile]),
    flowers: hand.flowers.map((f) => formatTiles([f])),
    luck: {
      lastTile: onLastTile(state, seat, winType),
      afterKong: selfDraw ? state.afterKong : 0,
      afterFlower: selfDraw ? state.afterFlower : 0,
      heaven: first && seat === 'E',
      earth: first && seat !== 'E',
    },
  };
}

/** The request scored under these options. */
export const scoreUnder = (request: WinRequest, options: Readonly<Record<string, unknown>>): ScoreOutcome =>
  evaluateScoreRequest({ ...request, options });
