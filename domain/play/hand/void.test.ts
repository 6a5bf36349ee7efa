// A referee's void of a live hand (VoidHand): allowed while the hand is in play, refused once it is over; the
// game deals it again with the same dealer.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../tiles/index.ts';
import { PlayEvent } from '../events.ts';
import { handResultOf } from '../game/from-hand.ts';
import { lastRecorded, run, startGame } from '../game/spec.ts';
import { decide } from './decide.ts';
import { RULES } from './rejection.ts';
import { arranged, at, eventsOf, fold, given, rejectionOf, startWith } from './spec.ts';

const HANDS = {
  E: '5p 11z 22z 34567z 1s 9s 9m 9p',
  S: '123456789m 234p 5p',
  W: '34567z 19m 1p 9p 1s 9s 2s 8s',
  N: '34567z 258m 7p 3s 6s 77s',
};
const voidHand = (reason = 'the wall was disturbed at the table') =>
  ({ type: 'VoidHand', reason, at: at(60_000) }) as const;

describe('a referee voids a live hand', () => {
  it('given a hand in play, then HandVoided (ruling, the explanation) and the wall shown end it', () => {
    const { events, state } = given([startWith('hu-mahjong', arranged(HANDS))]);
    const voided = eventsOf(decide(voidHand(), state));
    expect(voided.map((e) => e.type)).toEqual(['HandVoided', 'WallRevealed']);
    expect(voided[0]).toMatchObject({
      data: { cause: 'ruling', explanation: 'the wall was disturbed at the table' },
    });
    const shown = voided[1];
    if (shown?.type !== 'WallRevealed') throw new Error('no wall shown');
    expect(shown.data.hash).toBe(state.wallHash);
    for (const event of voided) expect(() => PlayEvent.parse(event)).not.toThrow();
    expect(fold(voided, fold(events)).phase).toEqual({ kind: 'ended', how: 'voided' });
  });

  it('given a claim window open, then the void is allowed too', () => {
    const { state } = given([
      startWith('hu-mahjong', arranged(HANDS)),
      { type: 'Discard', seat: 'E', tile: parseTiles('5p')[0]!, at: at(1000) },
    ]);
    expect(state.phase.kind).toBe('claim-window');
    expect(eventsOf(decide(voidHand(), state)).map((e) => e.type)).toEqual(['HandVoided', 'WallRevealed']);
  });

  it('given a voided hand, then nothing more is played and a second void is refused', () => {
    const { state } = given([startWith('hu-mahjong', arranged(HANDS)), voidHand()]);
    expect(rejectionOf(decide(voidHand(), state))).toMatchObject({ code: 'hand-over', rule: RULES.over });
    const discard = { type: 'Discard', seat: 'E', tile: parseTiles('5p')[0]!, at: at(70_000) } as const;
    expect(rejectionOf(decide(discard, state)).code).toBe('hand-over');
  });

  it('given a hand won, then the void is refused: hand-over', () => {
    const { state } = given([
      startWith('hu-mahjong', arranged(HANDS)),
      { type: 'Discard', seat: 'E', tile: parseTiles('5p')[0]!, at: at(1000) },
      { type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, at: at(2000) },
    ]);
    expect(state.phase).toEqual({ kind: 'ended', how: 'settled' });
    expect(rejectionOf(decide(voidHand(), state)).code).toBe('hand-over');
  });

  it('given no hand started, then hand-not-started; given no explanation, then reason-required', () => {
    expect(rejectionOf(decide(voidHand(), fold([]))).code).toBe('hand-not-started');
    const { state } = given([startWith('hu-mahjong', arranged(HANDS))]);
    expect(rejectionOf(decide(voidHand('  '), state))).toMatchObject({
      code: 'reason-required',
      rule: RULES.void,
    });
  });

  it('the game records the void and deals again with the same dealer and repeats', () => {
    const { events } = given([startWith('hu-mahjong', arranged(HANDS)), voidHand()]);
    const command = handResultOf(1, events, '2026-03-01T10:05:00.000Z')!;
    expect(command.result).toEqual({ kind: 'voided' });
    const game = run([startGame('hu-mahjong'), command]);
    expect(lastRecorded(game.events).data.next).toMatchObject({
      hand: 2,
      dealer: 'ana',
      repeats: 0,
      rotated: false,
    });
  });
});
