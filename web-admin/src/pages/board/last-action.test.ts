// Given the board projection's sentences, then each is read back into its parts, and the seat to move is the
// one that drew or claimed; an unknown sentence stays as written.
import { describe, expect, it } from 'vitest';
import { parseAction, seatToMove } from './last-action.ts';

describe('last action', () => {
  it.each([
    ['S drew', { kind: 'drew', seat: 'S', replacement: false }],
    ['N drew a replacement', { kind: 'drew', seat: 'N', replacement: true }],
    ['E discarded 5p', { kind: 'discarded', seat: 'E', tile: '5p' }],
    ['W declared 3f', { kind: 'declared', seat: 'W', meld: undefined, tile: '3f' }],
    ['W declared concealed-kong 7z', { kind: 'declared', seat: 'W', meld: 'concealed-kong', tile: '7z' }],
    ['S claimed a pong', { kind: 'claimed', seat: 'S', claim: 'pong' }],
    ['E won by self-draw', { kind: 'won', seat: 'E', by: 'self-draw' }],
    ['hand 3 started', { kind: 'hand-started', hand: 3 }],
    ['hand 2 entered: win', { kind: 'hand-entered', hand: 2, result: 'win' }],
    ['hand drawn (wall exhausted)', { kind: 'hand-drawn' }],
    ['game finished (hands)', { kind: 'game-finished' }],
    ['something new', { kind: 'other', text: 'something new' }],
  ])('reads %j', (text, action) => {
    expect(parseAction(text)).toEqual(action);
  });

  it('marks the seat that drew or claimed as the one to move, and no one after a discard', () => {
    expect(seatToMove(parseAction('S drew'))).toBe('S');
    expect(seatToMove(parseAction('N claimed a chow'))).toBe('N');
    expect(seatToMove(parseAction('S discarded 1m'))).toBeUndefined();
  });
});
