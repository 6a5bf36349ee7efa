// What has no settlement to recompute (a voided hand, a drawn hand of a preset whose draw pays nothing, a hand
// still in play), and what the contract refuses under the amended rules, live and entered alike.
import { describe, expect, it } from 'vitest';
import { rulesetOf } from '../../rules/rulesets/index.ts';
import { decideEntry } from '../entry/decide.ts';
import { entry, eventsOf, fold } from '../entry/spec.ts';
import type { PlayEvent } from '../events.ts';
import { arranged } from '../hand/spec.ts';
import { resettleHand } from './index.ts';
import { at, given, recorded, seed003Live, startWith, throwEverything, tile } from './spec.ts';

// S waits on 2p/5p with a Pure Straight; E holds the 5p. In TWO_WAITING, N waits on it too.
const HANDS = {
  E: '5p 11z 22z 34567z 1s 9s 9m 9p',
  S: '123456789m 234p 5p',
  W: '34567z 19m 1p 9p 1s 9s 2s 8s',
  N: '34567z 258m 7p 3s 6s 77s',
};
const TWO_WAITING = { ...HANDS, N: '123456789s 234p 5p' };
const entered = (...args: Parameters<typeof entry>): PlayEvent[] =>
  eventsOf(decideEntry(entry(...args), fold([])));

describe('a voided hand', () => {
  it('given a referee’s void of a live hand, then no settlement: voided, with the ruling', () => {
    const { events } = given([
      startWith('four-seas', arranged(HANDS)),
      { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) },
      { type: 'VoidHand', reason: 'the wall was knocked over', at: at(2000) },
    ]);
    expect(resettleHand(events, rulesetOf('four-seas', { multipleWinners: 'multiple' }))).toEqual({
      kind: 'no-settlement',
      cause: 'voided',
      why: 'the hand was voided (ruling): the wall was knocked over',
    });
  });

  it('given a false win penalised, then no settlement: the penalty was paid at once and stands', () => {
    // S declares a self-drawn win on a hand that is none; mahjong-house penalises it (falseWin 'penalise').
    const { events } = given([
      startWith('mahjong-house', arranged(HANDS, '1m'), { falseWin: 'penalise', falseWinPenalty: 10 }),
      { type: 'Discard', seat: 'E', tile: tile('1z'), at: at(1000) },
      { type: 'DeclareSelfDraw', seat: 'S', handScore: 8, at: at(2000) },
    ]);
    expect(events.some((e) => e.type === 'PenaltyAssessed')).toBe(true);
    const ruleset = rulesetOf('mahjong-house', { falseWin: 'penalise', falseWinPenalty: 20 });
    expect(resettleHand(events, ruleset)).toMatchObject({ kind: 'no-settlement', cause: 'voided' });
  });

  it('given a void entered by a scorer, then no settlement', () => {
    const events = entered('hu-mahjong', { kind: 'voided', cause: 'misdeal', explanation: 'short wall' });
    expect(resettleHand(events, rulesetOf('hu-mahjong', { limit: 6000 }))).toEqual({
      kind: 'no-settlement',
      cause: 'voided',
      why: 'the hand was voided (misdeal): short wall',
    });
  });
});

describe('a drawn hand', () => {
  it('given the wall run out in four-seas (a declared-score preset), then no settlement: the draw pays nothing', () => {
    const events = throwEverything(startWith('four-seas', { source: 'seed', seed: 'wall-out' }));
    expect(events.some((e) => e.type === 'HandDrawn')).toBe(true);
    expect(resettleHand(events, rulesetOf('four-seas', { discardMultiplier: 5 }))).toEqual({
      kind: 'no-settlement',
      cause: 'drawn',
      why: 'a drawn four-seas hand pays nothing',
    });
  });

  it('given a four-seas draw entered, then no settlement either', () => {
    const events = entered('four-seas', { kind: 'drawn', ready: ['E'] });
    expect(resettleHand(events, rulesetOf('four-seas'))).toMatchObject({
      kind: 'no-settlement',
      cause: 'drawn',
    });
  });

  it('given a hu-mahjong draw entered (E and S ready), then the ready-hand payment at the amended amount', () => {
    const events = entered('hu-mahjong', { kind: 'drawn', ready: ['E', 'S'] });
    expect(recorded(events)?.transfers.map((t) => t.points)).toEqual([1000, 1000, 1000, 1000]);
    const ruleset = rulesetOf('hu-mahjong', { readyHandPayment: 1500 });
    expect(resettleHand(events, ruleset)).toEqual({
      kind: 'settled',
      settlement: {
        ruleset: { preset: 'hu-mahjong', version: 1, hash: ruleset.hash },
        winners: [],
        lapsed: [],
        transfers: [
          { from: 'W', to: 'E', points: 1500, reason: 'ready hand at exhaustive draw' },
          { from: 'W', to: 'S', points: 1500, reason: 'ready hand at exhaustive draw' },
          { from: 'N', to: 'E', points: 1500, reason: 'ready hand at exhaustive draw' },
          { from: 'N', to: 'S', points: 1500, reason: 'ready hand at exhaustive draw' },
        ],
      },
    });
  });
});

describe('an unfinished hand', () => {
  it('given a hand in play, then no settlement: not over', () => {
    const { events } = given([
      startWith('hu-mahjong', arranged(TWO_WAITING)),
      { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) },
      { type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, at: at(1500) },
    ]);
    // N may still claim: the window waits, nothing is decided.
    expect(resettleHand(events, rulesetOf('hu-mahjong', { flowers: false }))).toEqual({
      kind: 'no-settlement',
      cause: 'unfinished',
      why: 'the hand is not over (claim-window)',
    });
  });

  it('given no events, then no settlement: no hand', () => {
    expect(resettleHand([], rulesetOf('hu-mahjong'))).toMatchObject({
      kind: 'no-settlement',
      cause: 'unfinished',
    });
  });
});

describe('the contract refuses under the amended rules', () => {
  it('given an opened hand whose only pattern is All Sequences, scored with allSequencesConcealedOnly off, then refused once it is on', () => {
    // S: 123m exposed, 456s 234p 678p 1z; wins on a 1z: All Sequences is its only pattern (an honour pair).
    const claim = {
      seat: 'S' as const,
      hand: '456s234p678p1z',
      melds: [{ tiles: '123m' }],
      winningTile: '1z',
    };
    const events = entered(
      'hu-mahjong',
      { kind: 'win', by: 'discard', from: 'N', claims: [claim] },
      { options: { allSequencesConcealedOnly: false } },
    );
    expect(recorded(events)?.winners).toEqual([{ seat: 'S', handScore: 500, effectiveScore: 500 }]);
    expect(resettleHand(events, rulesetOf('hu-mahjong'))).toEqual({
      kind: 'refused',
      why: 'S: the hand shows no pattern, and a hand with no observable pattern may not win',
    });
  });

  it('given a hand of another preset or another table size, then refused: an amendment settles its own hands', () => {
    const events = seed003Live();
    expect(resettleHand(events, rulesetOf('four-seas'))).toMatchObject({ kind: 'refused' });
    expect(resettleHand(events, rulesetOf('hu-mahjong', { players: 3 }))).toEqual({
      kind: 'refused',
      why: 'the hand was played by 4 players: a ruleset for 3 does not settle it',
    });
    const three = entered('hu-mahjong', { kind: 'drawn', ready: ['E'] }, { players: 3 });
    expect(resettleHand(three, rulesetOf('hu-mahjong'))).toMatchObject({ kind: 'refused' });
  });
});
