// Kongs on a player's own turn and robbing the kong (seed 001): N adds the fourth 5s to its exposed pong; W,
// waiting on it, robs it and N pays as the discarder; or nobody robs, and N draws its replacement.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../tiles/index.ts';
import type { PlayEvent } from '../events.ts';
import { decide } from './decide.ts';
import { RULES } from './rejection.ts';
import { arranged, at, eventsOf, fold, given, rejectionOf, startWith, tilesAccountedFor } from './spec.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const types = (events: readonly PlayEvent[]) => events.map((e) => e.type);

const HANDS = {
  E: '5s 22z 34567z 1p 9p 8p 1m 9m 8m',
  S: '1234567p 99s 1345z',
  W: '123456789m 34s 11z',
  N: '55s 678s 1s 2z 67z 27m 36p',
};

/** N has ponged E's 5s (W passed the win), and draws the fourth 5s after three harmless turns. */
function nDrewTheFourth5s() {
  return given([
    startWith('mahjong-house', arranged(HANDS, '3z 4z 5z 5s')),
    { type: 'Discard', seat: 'E', tile: tile('5s'), at: at(1000) },
    { type: 'Pass', seat: 'W', at: at(1100) },
    { type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(1200) },
    { type: 'Discard', seat: 'N', tile: tile('1s'), at: at(2000) },
    { type: 'Discard', seat: 'E', tile: tile('3z'), at: at(3000) },
    { type: 'Discard', seat: 'S', tile: tile('4z'), at: at(4000) },
    { type: 'Discard', seat: 'W', tile: tile('5z'), at: at(5000) },
  ]).state;
}

describe('a kong on one’s own turn', () => {
  it('is offered to the table first: W robs N’s added kong, and N pays as the discarder', () => {
    const state = nDrewTheFourth5s();
    expect(state.phase).toEqual({ kind: 'turn', seat: 'N', drawn: tile('5s') });
    const kong = eventsOf(
      decide({ type: 'DeclareKong', seat: 'N', tile: tile('5s'), kind: 'added', at: at(6000) }, state),
    );
    expect(types(kong)).toEqual(['MeldDeclared', 'ClaimWindowOpened']);
    expect(kong[1]).toMatchObject({
      data: {
        offer: { tile: tile('5s'), from: 'N', kind: 'added-kong' },
        seats: { W: { win: true, pong: false } },
      },
    });
    const open = fold(kong, state);
    const robbed = eventsOf(
      decide({ type: 'MakeClaim', seat: 'W', claim: { claim: 'win' }, handScore: 16, at: at(6500) }, open),
    );
    expect(types(robbed)).toEqual([
      'ClaimMade',
      'ScoresDeclared',
      'ClaimResolved',
      'KongRobbed',
      'WinDeclared',
      'HandSettled',
      'WallRevealed',
    ]);
    expect(robbed[3]).toMatchObject({
      data: { seat: 'N', tile: tile('5s'), robbers: ['W'], revertsTo: 'pong' },
    });
    expect(robbed[4]).toMatchObject({ data: { seat: 'W', by: 'robbing-kong', from: 'N' } });
    expect(robbed[5]).toMatchObject({ data: { transfers: [{ from: 'N', to: 'W', points: 16 }] } });
    const end = fold(robbed, open);
    expect(end.seats.N?.melds).toEqual([{ kind: 'pung', tile: tile('5s'), concealed: false }]);
    expect(tilesAccountedFor(end)).toBe(136);
  });

  it('stands when nobody robs it, and its player draws the replacement from the back', () => {
    const state = nDrewTheFourth5s();
    const open = fold(
      eventsOf(
        decide({ type: 'DeclareKong', seat: 'N', tile: tile('5s'), kind: 'added', at: at(6000) }, state),
      ),
      state,
    );
    const stands = eventsOf(decide({ type: 'Pass', seat: 'W', at: at(6500) }, open));
    expect(types(stands)).toEqual(['ClaimPassed', 'ClaimResolved', 'TileDrawn']);
    expect(stands[1]).toMatchObject({ data: { outcome: 'kong-stands' } });
    expect(stands[2]).toMatchObject({ data: { seat: 'N', source: 'replacement', tile: open.wall.at(-1) } });
    const after = fold(stands, open);
    expect(after.seats.N?.melds).toEqual([{ kind: 'kong', tile: tile('5s'), concealed: false }]);
    expect(after.phase).toMatchObject({ kind: 'turn', seat: 'N', drawn: open.wall.at(-1) });
    expect(tilesAccountedFor(after)).toBe(136);
  });

  it('needs the tiles: four in hand, or the fourth beside an exposed pong', () => {
    const state = nDrewTheFourth5s();
    expect(
      rejectionOf(
        decide({ type: 'DeclareKong', seat: 'N', tile: tile('5s'), kind: 'concealed', at: at(6000) }, state),
      ),
    ).toMatchObject({ code: 'no-kong', rule: RULES.kong });
    expect(
      rejectionOf(
        decide({ type: 'DeclareKong', seat: 'N', tile: tile('6s'), kind: 'added', at: at(6000) }, state),
      ).code,
    ).toBe('no-kong');
    expect(
      rejectionOf(
        decide({ type: 'DeclareKong', seat: 'E', tile: tile('5s'), kind: 'added', at: at(6000) }, state),
      ).code,
    ).toBe('out-of-turn');
  });
});
