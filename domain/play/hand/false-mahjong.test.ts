// False Mahjong on a claim, and a dead hand that declares Mahjong (issue 12, items 1 and 2), given/when/then
// with seed 004's numbers (004_09ddc7a2a14e8477.txt):
//   "False Mahjong means declaring a hand that is invalid, incomplete, or has too many or too few tiles. The
//    declarer pays 25 points to each of the other three players: 75 in total. The hand is void and dealt
//    again with the same dealer, and any streak die stays as it was."
//   "Too many or too few tiles ... You may not declare Mahjong, claim or declare any set ... This is not a
//    false Mahjong as long as you do not declare a win."
// The reading (README "Choices"): the declaration is made when the claim is made: the false Mahjong is
// recorded at once, the hand is void, and no claim of the window resolves.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../tiles/index.ts';
import { PlayEvent } from '../events.ts';
import { handResultOf } from '../game/from-hand.ts';
import { lastRecorded, run, startGame } from '../game/spec.ts';
import type { HandCommand } from './commands.ts';
import { decide } from './decide.ts';
import { RULES } from './rejection.ts';
import { arranged, at, eventsOf, fold, given, rejectionOf, startWith } from './spec.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const types = (events: readonly PlayEvent[]) => events.map((e) => e.type);
const valid = (events: readonly PlayEvent[]) => {
  for (const event of events) expect(() => PlayEvent.parse(event)).not.toThrow();
};

// S waits on 2p/5p (123456789m 234p 5p) and may chow E's 9m with 78m; W (34567z 19m 1p 9p 1s 9s 2s 8s) is far
// from any win and may claim nothing of a 9m.
const HANDS = {
  E: '5p 11z 22z 34567z 1s 9s 9m 9p',
  S: '123456789m 234p 5p',
  W: '34567z 19m 1p 9p 1s 9s 2s 8s',
  N: '34567z 258m 7p 3s 6s 77s',
};
// N holds 55p besides: E's 5p is S's win, or N's pong.
const N_PONGS = { ...HANDS, N: '34567z 258m 55p 3s 6s 7s' };

const tableLaw = (hands = HANDS, options: Record<string, unknown> = {}) =>
  startWith('table-law', arranged(hands, '', { withFlowers: true }), options);
const discard = (seat: 'E' | 'S' | 'W' | 'N', text: string, ms = 1000): HandCommand => ({
  type: 'Discard',
  seat,
  tile: tile(text),
  at: at(ms),
});
const claimWin = (seat: 'E' | 'S' | 'W' | 'N', ms = 1500): HandCommand => ({
  type: 'MakeClaim',
  seat,
  claim: { claim: 'win' },
  handScore: 20,
  at: at(ms),
});
const paid25 = (declarer: string, others: readonly string[]) =>
  others.map((to) => ({ from: declarer, to, points: 25 }));

describe('seed 004: a win claimed on a discard with a hand that is none is a false Mahjong', () => {
  it('given E’s 9m open to S’s chow, when W claims a win on it, then W pays 25 to each other player and the hand is void', () => {
    const { state, events } = given([tableLaw(), discard('E', '9m')]);
    expect(state.phase.kind).toBe('claim-window');
    // W is offered nothing of a 9m: the window does not list it, and yet it declares.
    const declared = eventsOf(decide(claimWin('W'), state));
    valid(declared);
    expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
    expect(declared[0]).toMatchObject({
      data: {
        seat: 'W',
        tile: tile('9m'),
        by: 'discard',
        from: 'E',
        reason: expect.stringMatching(/complete/),
      },
    });
    expect(declared[1]).toMatchObject({
      data: {
        seat: 'W',
        kind: 'false-mahjong',
        points: 25,
        settled: 'now',
        transfers: paid25('W', ['E', 'S', 'N']),
      },
    });
    expect(declared[2]).toMatchObject({ data: { cause: 'false-win' } });
    expect(fold(declared, state).phase).toEqual({ kind: 'ended', how: 'voided' });
    // "dealt again with the same dealer": 75 in total from W.
    const result = handResultOf(1, [...events, ...declared], at(2000))!;
    expect(result).toMatchObject({ result: { kind: 'voided' }, deltas: { E: 25, S: 25, W: -75, N: 25 } });
    const game = run([startGame('table-law'), result]);
    expect(lastRecorded(game.events).data.next).toMatchObject({ hand: 2, dealer: 'ana', rotated: false });
  });

  it('given S may chow and claims a win on a tile its hand does not make, then it is the same false Mahjong', () => {
    // S waits on 2p/5p, not on the 9m it may chow.
    const { state } = given([tableLaw(), discard('E', '9m')]);
    const declared = eventsOf(decide(claimWin('S'), state));
    expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
    expect(declared[1]).toMatchObject({ data: { transfers: paid25('S', ['E', 'W', 'N']) } });
  });

  it('given S’s true win waiting on N’s answer, when W declares a false win, then it is made at once: no claim resolves', () => {
    // E's 5p is S's win or N's pong: S has claimed the win, and the window waits for N.
    const { state } = given([tableLaw(N_PONGS), discard('E', '5p'), claimWin('S', 1200)]);
    expect(state.phase.kind).toBe('claim-window');
    const declared = eventsOf(decide(claimWin('W', 1300), state));
    expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
    // The hand is void: S's win lapses with it, and nothing more is answered.
    expect(declared.some((e) => e.type === 'ClaimResolved' || e.type === 'WinDeclared')).toBe(false);
    const after = fold(declared, state);
    expect(rejectionOf(decide({ type: 'Pass', seat: 'N', at: at(1400) }, after)).code).toBe('hand-over');
  });

  it('given the claim comes after the deadline, then the declaration is false all the same', () => {
    const { state } = given([tableLaw(), discard('E', '9m')]);
    const late = eventsOf(decide(claimWin('W', 1000 + 5001), state));
    expect(types(late)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
  });

  it('a true win claimed on the discard is no false Mahjong; the tile’s own player, or a second answer, is refused', () => {
    const { state } = given([tableLaw(N_PONGS), discard('E', '5p')]);
    expect(types(eventsOf(decide(claimWin('S'), state)))).toEqual(['ClaimMade', 'ScoresDeclared']);
    expect(rejectionOf(decide(claimWin('E'), state))).toMatchObject({ code: 'not-eligible' });
    const passed = given([tableLaw(N_PONGS), discard('E', '5p'), { type: 'Pass', seat: 'N', at: at(1100) }]);
    expect(rejectionOf(decide(claimWin('N'), passed.state)).code).toBe('already-answered');
  });

  it('given a kong offered to be robbed, when a hand it does not complete claims it, then the false Mahjong names the kong’s player', () => {
    // N ponged E's 5s (W, waiting on it, passed) and adds the fourth 5s: W may rob it, S may not.
    const KONG_HANDS = {
      E: '5s 22z 34567z 1p 9p 8p 1m 9m 8m',
      S: '1234567p 99s 1345z',
      W: '123456789m 34s 11z',
      N: '55s 678s 1s 2z 67z 27m 36p',
    };
    const { state } = given([
      startWith('table-law', arranged(KONG_HANDS, '3z 4z 5z 5s', { withFlowers: true })),
      discard('E', '5s'),
      { type: 'Pass', seat: 'W', at: at(1100) },
      { type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(1200) },
      discard('N', '1s', 2000),
      discard('E', '3z', 3000),
      discard('S', '4z', 4000),
      discard('W', '5z', 5000),
      { type: 'DeclareKong', seat: 'N', tile: tile('5s'), kind: 'added', at: at(6000) },
    ]);
    expect(state.phase.kind).toBe('claim-window');
    const declared = eventsOf(decide(claimWin('S', 6500), state));
    valid(declared);
    expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
    expect(declared[0]).toMatchObject({
      data: { seat: 'S', tile: tile('5s'), by: 'robbing-kong', from: 'N' },
    });
  });
});

describe('other presets: a false claim follows the ruleset’s falseWin, as a false self-draw does', () => {
  it('refused by default (claim-not-open), and by table-law when its organizer chose reject', () => {
    for (const start of [
      startWith('mahjong-house', arranged(HANDS)),
      startWith('hu-mahjong', arranged(HANDS)),
      tableLaw(HANDS, { falseWin: 'reject' }),
    ]) {
      const { state } = given([start, discard('E', '9m')]);
      // S, listed for the chow, claims a win: not open to it.
      expect(rejectionOf(decide(claimWin('S'), state))).toMatchObject({
        code: 'claim-not-open',
        rule: RULES.win,
      });
      // W, listed for nothing: not eligible.
      expect(rejectionOf(decide(claimWin('W'), state)).code).toBe('not-eligible');
    }
  });

  it('penalised: hu-mahjong’s declarer pays falseWinPenalty (4000, its heavy penalty) to each other player', () => {
    const { state, events } = given([
      startWith('hu-mahjong', arranged(HANDS), { falseWin: 'penalise' }),
      discard('E', '9m'),
    ]);
    const declared = eventsOf(
      decide({ type: 'MakeClaim', seat: 'W', claim: { claim: 'win' }, at: at(1500) }, state),
    );
    valid(declared);
    expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
    expect(declared[1]).toMatchObject({ data: { kind: 'false-win', points: 4000 } });
    expect(handResultOf(1, [...events, ...declared], at(2000))?.deltas).toEqual({
      E: 4000,
      S: 4000,
      W: -12000,
      N: 4000,
    });
  });
});

describe('seed 004: a dead hand that declares Mahjong makes a false Mahjong', () => {
  it('given E found dead, when E declares a self-drawn win, then it is a false Mahjong even on a complete hand', () => {
    // E's fourteen tiles are a complete hand: "not a false Mahjong as long as you do not declare a win".
    const { state, events } = given([
      tableLaw({ ...HANDS, E: '123456789m 234p 55p' }),
      { type: 'DeclareDeadHand', seat: 'E', held: 13, at: at(100) },
    ]);
    const declared = eventsOf(
      decide({ type: 'DeclareSelfDraw', seat: 'E', handScore: 8, at: at(500) }, state),
    );
    valid(declared);
    expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
    expect(declared[0]).toMatchObject({
      data: { seat: 'E', by: 'self-draw', reason: expect.stringMatching(/dead hand/) },
    });
    expect(handResultOf(1, [...events, ...declared], at(600))?.deltas).toEqual({
      E: -75,
      S: 25,
      W: 25,
      N: 25,
    });
  });

  it('given S found dead and waiting on E’s 5p, when S claims the win, then the claim is recorded as a false Mahjong', () => {
    // The window does not wait for a dead hand (N may pong); S declares all the same.
    const { state } = given([
      tableLaw(N_PONGS),
      { type: 'DeclareDeadHand', seat: 'S', held: 14, at: at(100) },
      discard('E', '5p'),
    ]);
    if (state.phase.kind !== 'claim-window') throw new Error('no window');
    expect(state.phase.window.seats.S).toBeUndefined();
    const declared = eventsOf(decide(claimWin('S'), state));
    valid(declared);
    expect(types(declared)).toEqual(['FalseWinDeclared', 'PenaltyAssessed', 'HandVoided', 'WallRevealed']);
    expect(declared[0]).toMatchObject({ data: { seat: 'S', tile: tile('5p'), by: 'discard', from: 'E' } });
    expect(declared[1]).toMatchObject({ data: { transfers: paid25('S', ['E', 'W', 'N']) } });
  });

  it('a dead hand’s other claims and kongs stay refused (dead-hand)', () => {
    const { state } = given([
      tableLaw(N_PONGS),
      { type: 'DeclareDeadHand', seat: 'N', held: 12, at: at(100) },
      discard('E', '5p'),
    ]);
    // N, dead, may not pong E's 5p.
    expect(
      rejectionOf(decide({ type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(1100) }, state)),
    ).toMatchObject({ code: 'dead-hand', rule: RULES.deadHand });
    const kong = given([
      tableLaw({
        E: '1111m 5m 9m 1p 5p 9p 1s 5s 9s 2p 3p',
        S: '3m 6m 2p 6p 2s 6s 1z 2z 3z 4z 5z 6z 7z',
        W: '4m 7m 3p 7p 3s 7s 1z 2z 3z 4z 5z 6z 7z',
        N: '5m 8m 4p 8p 4s 8s 1z 2z 3z 4z 5z 6z 7z',
      }),
      { type: 'DeclareDeadHand', seat: 'E', held: 13, at: at(100) },
    ]).state;
    expect(
      rejectionOf(
        decide({ type: 'DeclareKong', seat: 'E', tile: tile('1m'), kind: 'concealed', at: at(500) }, kong),
      ).code,
    ).toBe('dead-hand');
  });
});
