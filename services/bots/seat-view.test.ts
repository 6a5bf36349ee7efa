// What a seat is shown of a live hand: seed 001's pong example (mahjong-house), East having discarded 3m.
// South may chow it and North may pong it; West and East have nothing to answer.
import { describe, expect, it } from 'vitest';
import { decide } from '../../domain/play/hand/decide.ts';
import { arranged, at, fold, given, startWith } from '../../domain/play/hand/spec.ts';
import { SEATS } from '../../domain/rules/seats.ts';
import { parseTiles } from '../../domain/tiles/index.ts';
import { seatViewOf } from './seat-view.ts';

const tile = (text: string) => parseTiles(text)[0]!;

const SEED_001 = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};

/** The hand after East's discard of 3m: a claim window open to South (chow) and North (pong). */
function windowOn3m() {
  return given([
    startWith('mahjong-house', arranged(SEED_001, '7p 8p')),
    { type: 'Discard', seat: 'E', tile: tile('3m'), at: at(1000) },
  ]).state;
}

describe('seatViewOf in a claim window', () => {
  it('given East discarded 3m, then South sees the offer with its own chow open, unanswered', () => {
    const state = windowOn3m();

    const { phase, turn } = seatViewOf(state, 'S');

    expect(phase.kind).toBe('claim');
    if (phase.kind !== 'claim') return;
    expect(phase.offer).toEqual({ tile: tile('3m'), kind: 'discard', from: 'E' });
    expect(phase.open.chows).toContainEqual([tile('1m'), tile('2m')]);
    expect(phase.open.pong).toBe(false);
    expect(phase.answered).toBe(false);
    expect(turn).toBeNull();
  });

  it('given East discarded 3m, then North sees its own pong open, and not South’s chow', () => {
    const { phase } = seatViewOf(windowOn3m(), 'N');

    expect(phase.kind).toBe('claim');
    if (phase.kind !== 'claim') return;
    expect(phase.open.pong).toBe(true);
    expect(phase.open.chows).toEqual([]);
  });

  it('given East discarded 3m, then West (no claim) and East (the discarder) see waiting', () => {
    const state = windowOn3m();

    expect(seatViewOf(state, 'W').phase).toEqual({ kind: 'waiting' });
    expect(seatViewOf(state, 'E').phase).toEqual({ kind: 'waiting' });
  });

  it('given South answered, then South sees its claim answered and North still sees its own open', () => {
    const before = windowOn3m();
    const decision = decide(
      {
        type: 'MakeClaim',
        seat: 'S',
        claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] },
        at: at(1500),
      },
      before,
    );
    if ('rejection' in decision) throw new Error(decision.rejection.message);
    const state = fold(decision.events, before);

    const south = seatViewOf(state, 'S').phase;
    const north = seatViewOf(state, 'N').phase;
    expect(south.kind === 'claim' && south.answered).toBe(true);
    expect(north.kind === 'claim' && !north.answered && north.open.pong).toBe(true);
  });

  it('shows no seat another seat’s concealed tiles, the wall or the other seats’ eligibility', () => {
    const state = windowOn3m();

    for (const seat of SEATS) {
      const seatView = seatViewOf(state, seat);
      const own = Array.from(seatView.view.concealed);
      // East discarded its fourteenth: every seat holds thirteen.
      expect(own.reduce((a, b) => a + b, 0)).toBe(13);
      const text = JSON.stringify(seatView);
      expect(text).not.toMatch(/"wall"|"order"|"seats"|"hands"/);
      // The only concealed tiles in the view are the seat's own, as counts per kind.
      expect(Object.keys(seatView.view).sort()).toEqual(
        [
          'concealed',
          'exposed',
          'flowers',
          'melds',
          'players',
          'ponds',
          'prevalent',
          'seat',
          'wallRemaining',
        ].sort(),
      );
      expect(seatView.view.seat).toBe(seat);
      expect(seatView.view.ponds.E).toEqual([tile('3m')]);
    }
    // South's view holds 1m and 2m; North's the pair of 3m: each sees its own and nobody else's.
    const south = Array.from(seatViewOf(state, 'S').view.concealed);
    const north = Array.from(seatViewOf(state, 'N').view.concealed);
    expect(south[tile('1m')]).toBe(1);
    expect(north[tile('1m')]).toBe(0);
    expect(north[tile('3m')]).toBe(2);
    expect(south[tile('3m')]).toBe(0);
  });

  it('given the window resolved to North’s pong, then North has the turn and the others wait', () => {
    const before = windowOn3m();
    const claims = [
      {
        type: 'MakeClaim',
        seat: 'S',
        claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] },
        at: at(1500),
      },
      { type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(1600) },
    ] as const;
    const state = claims.reduce((s, command) => {
      const decision = decide(command, s);
      if ('rejection' in decision) throw new Error(decision.rejection.message);
      return fold(decision.events, s);
    }, before);

    expect(seatViewOf(state, 'N')).toMatchObject({ phase: { kind: 'turn' }, turn: 'N' });
    expect(seatViewOf(state, 'S')).toMatchObject({ phase: { kind: 'waiting' }, turn: 'N' });
  });
});
