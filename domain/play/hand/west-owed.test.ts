// The West wind exception's second half (issue 12, item 3), given/when/then with seed 004's text
// (004_09ddc7a2a14e8477.txt): "If three Wests have been discarded in a row and you hold the fourth, show it to
// the table, keep it, and discard a different tile. The chase still counts ... Discard your West in the next
// round of turns." The reading (README "Choices"): the holder's next discard after the one it made in the
// West's place is the West, however its turn came (a live draw, a pong or chow); another tile is refused
// (`west-owed`).
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../tiles/index.ts';
import type { PlayEvent } from '../events.ts';
import type { HandCommand } from './commands.ts';
import { decide } from './decide.ts';
import { RULES } from './rejection.ts';
import { arranged, at, eventsOf, fold, given, rejectionOf, startWith, tilesAccountedFor } from './spec.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const types = (events: readonly PlayEvent[]) => events.map((e) => e.type);

// One of each of 1m and the four winds in every hand (3z is West); no pairs: nobody can claim a wind.
const HANDS = {
  E: '1m 5m 9m 1p 5p 9p 1s 5s 9s 1z 2z 3z 4z 5z',
  S: '1m 6m 2p 6p 2s 6s 1z 2z 3z 4z 5z 6z 7z',
  W: '1m 7m 3p 7p 3s 7s 1z 2z 3z 4z 5z 6z 7z',
  N: '1m 8m 4p 8p 4s 8s 1z 2z 3z 4z 5z 6z 7z',
};
type Seat = 'E' | 'S' | 'W' | 'N';
const discard = (seat: Seat, text: string, ms: number): HandCommand => ({
  type: 'Discard',
  seat,
  tile: tile(text),
  at: at(ms),
});

describe('seed 004: "Discard your West in the next round of turns"', () => {
  it('given N showed and kept the fourth West, when N’s next turn comes by a draw, then another tile is refused and the West is thrown', () => {
    // E, S and W throw a West each; N draws 8m, holds the fourth West, shows it and throws 8m. The next round
    // of turns: E, S and W throw a tile each, and N draws 8p.
    const { state, events } = given([
      startWith('table-law', arranged(HANDS, '6m 7m 8m 9m 6p 7p 8p', { withFlowers: true })),
      discard('E', '3z', 1000),
      discard('S', '3z', 2000),
      discard('W', '3z', 3000),
      discard('N', '8m', 4000),
      discard('E', '1z', 5000),
      discard('S', '2z', 6000),
      discard('W', '4z', 7000),
    ]);
    // "The chase still counts": paid when N showed the West, 5 from E to each player who took part.
    expect(events.find((e) => e.type === 'ImmediatePayment')).toMatchObject({
      data: {
        kind: 'west-exception',
        transfers: ['S', 'W', 'N'].map((to) => ({ from: 'E', to, points: 5 })),
      },
    });
    expect(state.westShown).toEqual({ seat: 'N', at: 3 });
    expect(state.phase).toEqual({ kind: 'turn', seat: 'N', drawn: tile('8p') });
    expect(rejectionOf(decide(discard('N', '8p', 8000), state))).toMatchObject({
      code: 'west-owed',
      rule: RULES.westOwed,
    });
    const thrown = eventsOf(decide(discard('N', '3z', 8000), state));
    // The West goes; the run was broken by N's 8m, so it pays no chase again.
    expect(types(thrown)[0]).toBe('TileDiscarded');
    expect(thrown.some((e) => e.type === 'ImmediatePayment')).toBe(false);
    const after = fold(thrown, state);
    expect(after.seats.N?.concealed[tile('3z')]).toBe(0);
    expect(tilesAccountedFor(after)).toBe(144);
  });

  it('given N showed the West on the turn itself, then the West is refused there (west-exception), owed only after', () => {
    const { state } = given([
      startWith('table-law', arranged(HANDS, '6m 7m 8m', { withFlowers: true })),
      discard('E', '3z', 1000),
      discard('S', '3z', 2000),
      discard('W', '3z', 3000),
    ]);
    expect(rejectionOf(decide(discard('N', '3z', 4000), state)).code).toBe('west-exception');
    expect(state.westShown).toBeUndefined();
  });

  it('given N’s next turn comes by a pong, then the discard after the pong is the West', () => {
    // N draws 8m to a pair and throws 1m in the West's place; E draws the third 8m and throws it; N pongs.
    const { state } = given([
      startWith('table-law', arranged(HANDS, '6m 7m 8m 8m', { withFlowers: true })),
      discard('E', '3z', 1000),
      discard('S', '3z', 2000),
      discard('W', '3z', 3000),
      discard('N', '1m', 4000),
      discard('E', '8m', 5000),
      { type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(5500) },
    ]);
    expect(state.phase).toEqual({ kind: 'turn', seat: 'N', drawn: undefined });
    expect(rejectionOf(decide(discard('N', '4p', 6000), state)).code).toBe('west-owed');
    expect(types(eventsOf(decide(discard('N', '3z', 6000), state)))[0]).toBe('TileDiscarded');
  });

  it('owes nothing to anyone else, nor after the West is thrown, nor with the exception off', () => {
    const { state } = given([
      startWith('table-law', arranged(HANDS, '6m 7m 8m 9m 6p 7p 8p', { withFlowers: true })),
      discard('E', '3z', 1000),
      discard('S', '3z', 2000),
      discard('W', '3z', 3000),
      discard('N', '8m', 4000),
      // E, S and W throw what they like in the next round.
      discard('E', '1z', 5000),
      discard('S', '2z', 6000),
      discard('W', '4z', 7000),
      discard('N', '3z', 8000),
      discard('E', '2z', 9000),
      discard('S', '4z', 10_000),
      discard('W', '5z', 11_000),
    ]);
    // N's West is gone: its next discard is free.
    expect(eventsOf(decide(discard('N', '4p', 12_000), state))[0]).toMatchObject({ type: 'TileDiscarded' });
    // Without the exception the fourth West is an ordinary chase, and nothing is kept back.
    const off = given([
      startWith('table-law', arranged(HANDS, '6m 7m 8m', { withFlowers: true }), { westException: false }),
      discard('E', '3z', 1000),
      discard('S', '3z', 2000),
      discard('W', '3z', 3000),
      discard('N', '3z', 4000),
    ]).state;
    expect(off.westShown).toBeUndefined();
  });
});
