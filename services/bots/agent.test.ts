// A bot's next command for each phase of its seat view, and what it avoids after the hand refused one. The
// bots here are scripted (each choice fixed) so every branch is reached on purpose.
import { describe, expect, it } from 'vitest';
import { arranged, given, startWith } from '../../domain/play/hand/spec.ts';
import type { Decision } from '../../domain/rules/claims/index.ts';
import { parseTiles } from '../../domain/tiles/index.ts';
import { avoidAfter, botCommandFor, defaultDeclaration } from './agent.ts';
import type { Bot, KongChoice } from './bot.ts';
import { playerViewOf } from './from-hand.ts';
import type { SeatPhase, SeatView } from './seat-view.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const AT = '2026-03-01T10:00:01.000Z';

/** A bot whose every choice is given. */
function scripted(choices: {
  discard?: string;
  claim?: Decision;
  selfDraw?: 'win' | 'continue';
  kong?: KongChoice | 'pass';
}): Bot {
  return {
    seed: 'scripted',
    chooseDiscard: () => ({ tile: tile(choices.discard ?? '9m') }),
    chooseClaim: () => choices.claim ?? 'pass',
    chooseSelfDraw: () => choices.selfDraw ?? 'continue',
    chooseKong: () => choices.kong ?? 'pass',
  };
}

const EAST = '3m 11z 22z 34567z 1s 9s 9p 9m';
const state = given([
  startWith(
    'mahjong-house',
    arranged({
      E: EAST,
      S: '12m 456p 789p 234s 56s',
      W: '469m 1p 1s 2s 8s 9s 34567z',
      N: '33m 5m 7m 1p 2p 6s 8s 34567z',
    }),
  ),
]).state;

const seatView = (phase: SeatPhase, deadHand = false): SeatView => ({
  view: playerViewOf(state, 'E'),
  phase,
  turn: phase.kind === 'turn' ? 'E' : null,
  deadHand,
});

const OPEN = { win: true, thirteenOrphans: false, kong: false, pong: true, chows: [] };
const claimPhase = (answered = false): SeatPhase => ({
  kind: 'claim',
  offer: { tile: tile('1z'), kind: 'discard', from: 'N' },
  open: OPEN,
  answered,
  deadlineMs: 5000,
});

describe('botCommandFor', () => {
  it('sends nothing while waiting or once the hand has ended', () => {
    expect(botCommandFor('E', seatView({ kind: 'waiting' }), scripted({}), AT)).toBeUndefined();
    expect(botCommandFor('E', seatView({ kind: 'ended', how: 'settled' }), scripted({}), AT)).toBeUndefined();
  });

  it('in a claim window: passes, claims (with the declared score of a win), or sends nothing once answered', () => {
    expect(botCommandFor('E', seatView(claimPhase()), scripted({ claim: 'pass' }), AT)).toEqual({
      type: 'Pass',
      seat: 'E',
      at: AT,
    });
    expect(botCommandFor('E', seatView(claimPhase()), scripted({ claim: 'timeout' }), AT)?.type).toBe('Pass');
    expect(botCommandFor('E', seatView(claimPhase()), scripted({ claim: { claim: 'pong' } }), AT)).toEqual({
      type: 'MakeClaim',
      seat: 'E',
      claim: { claim: 'pong' },
      at: AT,
    });
    const win = botCommandFor('E', seatView(claimPhase()), scripted({ claim: { claim: 'win' } }), AT, () => ({
      handScore: 8,
    }));
    expect(win).toEqual({ type: 'MakeClaim', seat: 'E', claim: { claim: 'win' }, at: AT, handScore: 8 });
    expect(
      botCommandFor('E', seatView(claimPhase(true)), scripted({ claim: { claim: 'pong' } }), AT),
    ).toBeUndefined();
  });

  it('on its turn after a draw: declares a self-drawn win, else a kong, else discards', () => {
    const drawn: SeatPhase = { kind: 'turn', drawn: tile('9m') };
    const win = botCommandFor('E', seatView(drawn), scripted({ selfDraw: 'win' }), AT, () => ({
      handScore: 8,
    }));
    expect(win).toEqual({ type: 'DeclareSelfDraw', seat: 'E', at: AT, handScore: 8 });
    const kong = botCommandFor(
      'E',
      seatView(drawn),
      scripted({ kong: { kong: 'concealed', tile: tile('1z') } }),
      AT,
    );
    expect(kong).toEqual({ type: 'DeclareKong', seat: 'E', tile: tile('1z'), kind: 'concealed', at: AT });
    expect(botCommandFor('E', seatView(drawn), scripted({ discard: '3m' }), AT)).toEqual({
      type: 'Discard',
      seat: 'E',
      tile: tile('3m'),
      at: AT,
    });
  });

  it('declares nothing on a turn without a draw, with a dead hand, or after a refused self-draw', () => {
    const bot = scripted({ selfDraw: 'win', discard: '3m' });
    const drawn: SeatPhase = { kind: 'turn', drawn: tile('9m') };
    expect(botCommandFor('E', seatView({ kind: 'turn', drawn: null }), bot, AT)?.type).toBe('Discard');
    expect(botCommandFor('E', seatView(drawn, true), bot, AT)?.type).toBe('Discard');
    expect(botCommandFor('E', seatView(drawn), bot, AT, undefined, { selfDraw: true })?.type).toBe('Discard');
  });

  it('discards the first other tile held when the rules refused the bot’s choice', () => {
    const command = botCommandFor(
      'E',
      seatView({ kind: 'turn', drawn: null }),
      scripted({ discard: '3m' }),
      AT,
      undefined,
      {
        discards: [tile('3m')],
      },
    );
    // East holds 3m, then 9m (kinds in order: characters, circles, bamboos, honours).
    expect(command).toEqual({ type: 'Discard', seat: 'E', tile: tile('9m'), at: AT });
  });
});

describe('avoidAfter', () => {
  it('after a refused self-drawn win or kong: no more declarations this turn', () => {
    expect(avoidAfter({ type: 'DeclareSelfDraw', seat: 'E', at: AT }, 'not-a-win')).toEqual({
      selfDraw: true,
    });
    expect(
      avoidAfter({ type: 'DeclareKong', seat: 'E', tile: tile('1z'), kind: 'concealed', at: AT }, 'no-kong', {
        discards: [tile('3m')],
      }),
    ).toEqual({ selfDraw: true, discards: [tile('3m')] });
  });

  it('after a discard the West exception holds back: that tile joins the ones to avoid', () => {
    const first = avoidAfter({ type: 'Discard', seat: 'E', tile: tile('4z'), at: AT }, 'west-exception');
    expect(first).toEqual({ discards: [tile('4z')] });
    const second = avoidAfter(
      { type: 'Discard', seat: 'E', tile: tile('3m'), at: AT },
      'west-exception',
      first,
    );
    expect(second).toEqual({ discards: [tile('4z'), tile('3m')] });
  });

  it('after a discard refused because the kept West is owed: every tile but the West is avoided', () => {
    const owed = avoidAfter({ type: 'Discard', seat: 'N', tile: tile('3m'), at: AT }, 'west-owed');
    expect(owed?.discards).toHaveLength(33);
    expect(owed?.discards).not.toContain(tile('3z'));
  });

  it('gives up (undefined) when asking again cannot help', () => {
    expect(
      avoidAfter({ type: 'Discard', seat: 'E', tile: tile('3m'), at: AT }, 'out-of-turn'),
    ).toBeUndefined();
    expect(avoidAfter({ type: 'Pass', seat: 'E', at: AT }, 'no-window')).toBeUndefined();
  });
});

describe('defaultDeclaration', () => {
  it('declares nothing for hu-mahjong, and every loser’s score for chinese-classical', () => {
    expect(defaultDeclaration('hu-mahjong', ['E', 'S', 'W', 'N'])('E')).toEqual({});
    const classical = defaultDeclaration('chinese-classical', ['E', 'S', 'W', 'N'])('S');
    expect(classical.handScore).toBe(20);
    expect(Object.keys(classical.loserScores ?? {}).sort()).toEqual(['E', 'N', 'W']);
  });
});
