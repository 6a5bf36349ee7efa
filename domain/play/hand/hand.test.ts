// The hand aggregate, given/when/then: a hu-mahjong hand to a discard win and to a self-draw, seed 001's
// claim examples, the claim window's deadline, and the rejections, each naming its rule.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../tiles/index.ts';
import { PlayEvent } from '../events.ts';
import { decide } from './decide.ts';
import { RULES } from './rejection.ts';
import { arranged, at, eventsOf, fold, given, rejectionOf, startWith, tilesAccountedFor } from './spec.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const types = (events: readonly PlayEvent[]) => events.map((e) => e.type);

// S waits on 2p/5p with a Pure Straight; E holds the 5p and discards it, or S draws it.
const WIN_HANDS = {
  E: '5p 11z 22z 34567z 1s 9s 9m 9p',
  S: '123456789m 234p 5p',
  W: '34567z 19m 1p 9p 1s 9s 2s 8s',
  N: '34567z 258m 7p 3s 6s 77s',
};

// Seed 001: E discards 3m; S (next) holds 12m and would chow; N holds 33m and pongs.
const PONG_HANDS = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};

describe('starting a hand', () => {
  it('commits to the wall, throws the dice and deals 13 a seat, 14 to the dealer', () => {
    const events = eventsOf(decide(startWith('hu-mahjong', { source: 'seed', seed: 'seed-1' }), fold([])));
    expect(types(events)).toEqual(['HandStarted', 'TilesDealt']);
    const [started, dealt] = events;
    if (started?.type !== 'HandStarted' || dealt?.type !== 'TilesDealt') throw new Error('no start');
    expect(started.data.wall).toMatchObject({ source: 'seed', seed: 'seed-1' });
    expect(started.data.dice.every((d) => d >= 1 && d <= 6)).toBe(true);
    expect(Object.values(dealt.data.hands).map((h) => h.length)).toEqual([14, 13, 13, 13]);
    for (const event of events) expect(() => PlayEvent.parse(event)).not.toThrow();
    expect(tilesAccountedFor(fold(events))).toBe(136);
  });

  it('deals fewer seats at a 3- or 2-player table', () => {
    const events = eventsOf(
      decide(startWith('hu-mahjong', { source: 'seed', seed: 's' }, { players: 2 }, 2), fold([])),
    );
    const dealt = events[1];
    if (dealt?.type !== 'TilesDealt') throw new Error('no deal');
    expect(Object.keys(dealt.data.hands)).toEqual(['E', 'S']);
  });

  it('sets the flowers of the deal aside and replaces them from the back of the wall', () => {
    const events = eventsOf(
      decide(startWith('hu-mahjong', { source: 'seed', seed: 'flowers' }, { flowers: true }), fold([])),
    );
    const state = fold(events);
    expect(tilesAccountedFor(state)).toBe(144);
    for (const hand of Object.values(state.seats))
      expect(hand.concealed.slice(34).every((n) => n === 0)).toBe(true);
    const flowers = events.filter((e) => e.type === 'FlowerDeclared').length;
    expect(events.filter((e) => e.type === 'TileDrawn' && e.data.source === 'replacement').length).toBe(
      flowers,
    );
  });

  it('refuses a second start and a table the ruleset does not seat', () => {
    const { state } = given([startWith('hu-mahjong', arranged(WIN_HANDS))]);
    expect(rejectionOf(decide(startWith('hu-mahjong', arranged(WIN_HANDS)), state)).code).toBe(
      'hand-already-started',
    );
    expect(
      rejectionOf(decide(startWith('hu-mahjong', { source: 'seed', seed: 's' }, {}, 3), fold([]))).code,
    ).toBe('table-mismatch');
    expect(
      rejectionOf(decide(startWith('table-law', { source: 'seed', seed: 's' }, {}, 3), fold([]))).code,
    ).toBe('table-mismatch');
  });
});

describe('a hu-mahjong hand', () => {
  it('ends in a discard win: the window offers S the win, S claims, the hand is settled and the wall shown', () => {
    const { state } = given([startWith('hu-mahjong', arranged(WIN_HANDS))]);
    const discarded = eventsOf(decide({ type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) }, state));
    expect(types(discarded)).toEqual(['TileDiscarded', 'ClaimWindowOpened']);
    expect(discarded[1]).toMatchObject({
      data: {
        offer: { tile: tile('5p'), from: 'E', kind: 'discard' },
        seats: { S: { win: true, pong: false, chows: [[tile('3p'), tile('4p')]] } },
        deadline: at(6000),
      },
    });
    const won = eventsOf(
      decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, at: at(2000) }, fold(discarded, state)),
    );
    expect(types(won)).toEqual(['ClaimMade', 'ClaimResolved', 'WinDeclared', 'HandSettled', 'WallRevealed']);
    const settled = won[3];
    if (settled?.type !== 'HandSettled') throw new Error('not settled');
    expect(settled.data.winners).toEqual([{ seat: 'S', handScore: 2500, effectiveScore: 2500 }]);
    expect(settled.data.transfers.every((t) => t.from === 'E' && t.to === 'S')).toBe(true);
    const end = fold(won, fold(discarded, state));
    expect(end.phase).toEqual({ kind: 'ended', how: 'settled' });
    expect(tilesAccountedFor(end)).toBe(136);
  });

  it('ends in a self-drawn win on the tile S draws after nobody could claim E’s discard', () => {
    // S draws junk first, and the 5p on its second draw: no blessing, All Sequences + Pure Straight + concealed.
    const { state } = given([
      startWith('hu-mahjong', arranged(WIN_HANDS, '5z 6z 3z 4z 5p')),
      { type: 'Discard', seat: 'E', tile: tile('7z'), at: at(1000) },
      { type: 'Discard', seat: 'S', tile: tile('5z'), at: at(2000) },
      { type: 'Discard', seat: 'W', tile: tile('6z'), at: at(3000) },
      { type: 'Discard', seat: 'N', tile: tile('3z'), at: at(4000) },
    ]);
    const discarded = eventsOf(decide({ type: 'Discard', seat: 'E', tile: tile('4z'), at: at(5000) }, state));
    expect(types(discarded)).toEqual(['TileDiscarded', 'ClaimWindowOpened', 'ClaimResolved', 'TileDrawn']);
    expect(discarded[3]).toMatchObject({ data: { seat: 'S', tile: tile('5p'), source: 'live' } });
    const won = eventsOf(
      decide({ type: 'DeclareSelfDraw', seat: 'S', at: at(6000) }, fold(discarded, state)),
    );
    expect(types(won)).toEqual(['WinDeclared', 'HandSettled', 'WallRevealed']);
    const settled = won[1];
    if (settled?.type !== 'HandSettled') throw new Error('not settled');
    expect(settled.data.winners[0]).toMatchObject({ seat: 'S', handScore: 3000 });
    expect(new Set(settled.data.transfers.map((t) => t.from))).toEqual(new Set(['E', 'W', 'N']));
  });

  it('scores the blessings of seed 003: Heaven for the dealer’s fourteen, Earth for a first draw', () => {
    const heaven = given([
      startWith('hu-mahjong', arranged({ ...WIN_HANDS, E: '123456789m 234p 55p' })),
    ]).state;
    const dealt = eventsOf(decide({ type: 'DeclareSelfDraw', seat: 'E', at: at(500) }, heaven));
    expect(dealt[1]).toMatchObject({
      type: 'HandSettled',
      data: { winners: [{ seat: 'E', handScore: 8000 }] },
    });
    const earth = given([
      startWith('hu-mahjong', arranged(WIN_HANDS, '5p')),
      { type: 'Discard', seat: 'E', tile: tile('7z'), at: at(1000) },
    ]).state;
    const first = eventsOf(decide({ type: 'DeclareSelfDraw', seat: 'S', at: at(2000) }, earth));
    expect(first[1]).toMatchObject({
      type: 'HandSettled',
      data: { winners: [{ seat: 'S', handScore: 8000 }] },
    });
  });

  it('refuses a self-draw on a hand that is no win (a false win is refused, not penalised)', () => {
    const { state } = given([startWith('hu-mahjong', arranged(WIN_HANDS, '1m'))]);
    const drawn = given([
      startWith('hu-mahjong', arranged(WIN_HANDS, '1m')),
      { type: 'Discard', seat: 'E', tile: tile('7z'), at: at(1000) },
    ]).state;
    expect(rejectionOf(decide({ type: 'DeclareSelfDraw', seat: 'E', at: at(1) }, state))).toMatchObject({
      code: 'not-a-win',
      rule: RULES.win,
    });
    expect(rejectionOf(decide({ type: 'DeclareSelfDraw', seat: 'S', at: at(2000) }, drawn)).code).toBe(
      'not-a-win',
    );
  });

  it('bars a win on a discard after the seat discarded a tile of its wait (sacred discard, seed 003)', () => {
    // S draws 5p and throws 2p: it waits on 2p/5p with a 2p in its pond. W and N throw the last 7z and 6z.
    const hands = { ...WIN_HANDS, S: '123456789m 234p 2p' };
    const { state } = given([
      startWith('hu-mahjong', arranged(hands, '5p 7z 6z 1m')),
      { type: 'Discard', seat: 'E', tile: tile('7z'), at: at(1000) },
      { type: 'Discard', seat: 'S', tile: tile('2p'), at: at(2000) },
      { type: 'Discard', seat: 'W', tile: tile('7z'), at: at(3000) },
      { type: 'Discard', seat: 'N', tile: tile('6z'), at: at(4000) },
    ]);
    const discarded = eventsOf(decide({ type: 'Discard', seat: 'E', tile: tile('5p'), at: at(5000) }, state));
    expect(discarded[1]).toMatchObject({
      data: {
        seats: { S: { win: false, chows: [[tile('3p'), tile('4p')]], barredFromWin: 'sacred-discard' } },
      },
    });
    const open = fold(discarded, state);
    expect(
      rejectionOf(decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, at: at(5100) }, open)),
    ).toMatchObject({ code: 'claim-not-open', rule: RULES.sacred });
  });
});

describe('a hand not started, or over', () => {
  it('refuses play before the start and after the end', () => {
    expect(rejectionOf(decide({ type: 'Discard', seat: 'E', tile: 0, at: at() }, fold([]))).code).toBe(
      'hand-not-started',
    );
    const { state } = given([
      startWith('hu-mahjong', arranged({ ...WIN_HANDS, E: '123456789m 234p 55p' })),
      { type: 'DeclareSelfDraw', seat: 'E', at: at(500) },
    ]);
    expect(state.phase).toEqual({ kind: 'ended', how: 'settled' });
    expect(
      rejectionOf(decide({ type: 'Discard', seat: 'E', tile: tile('5p'), at: at(600) }, state)),
    ).toMatchObject({
      code: 'hand-over',
      rule: RULES.over,
    });
  });
});

describe('claims (seed 001)', () => {
  const started = () => given([startWith('mahjong-house', arranged(PONG_HANDS, '7p 8p'))]).state;
  const discarded = () => {
    const s = started();
    return fold(eventsOf(decide({ type: 'Discard', seat: 'E', tile: tile('3m'), at: at(1000) }, s)), s);
  };

  it('pong beats chow: N pongs E’s 3m, discards, and the turn passes to E, skipping S and W', () => {
    const s = discarded();
    const chow = eventsOf(
      decide(
        {
          type: 'MakeClaim',
          seat: 'S',
          claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] },
          at: at(1500),
        },
        s,
      ),
    );
    expect(types(chow)).toEqual(['ClaimMade']);
    const pong = eventsOf(
      decide({ type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(1600) }, fold(chow, s)),
    );
    expect(types(pong)).toEqual(['ClaimMade', 'ClaimResolved', 'MeldDeclared']);
    expect(pong[1]).toMatchObject({
      data: {
        outcome: 'meld',
        seat: 'N',
        claim: 'pong',
        lapsed: [{ seat: 'S', reason: 'pong outranks chow' }],
      },
    });
    expect(pong[2]).toMatchObject({ data: { kind: 'pong', seat: 'N', tile: tile('3m'), from: 'E' } });
    const afterPong = fold(pong, fold(chow, s));
    expect(afterPong.phase).toEqual({ kind: 'turn', seat: 'N', drawn: undefined });
    expect(
      rejectionOf(decide({ type: 'DeclareSelfDraw', seat: 'N', handScore: 1, at: at(1700) }, afterPong)).code,
    ).toBe('not-after-draw');
    const next = eventsOf(decide({ type: 'Discard', seat: 'N', tile: tile('6s'), at: at(2000) }, afterPong));
    expect(next.at(-1)).toMatchObject({
      type: 'TileDrawn',
      data: { seat: 'E', source: 'live', tile: tile('7p') },
    });
    expect(tilesAccountedFor(fold(next, afterPong))).toBe(136);
  });

  it('waits for the deadline: a silent seat times out, and the chow stands', () => {
    const s = discarded();
    const chow = eventsOf(
      decide(
        {
          type: 'MakeClaim',
          seat: 'S',
          claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] },
          at: at(1500),
        },
        s,
      ),
    );
    const waiting = fold(chow, s);
    expect(rejectionOf(decide({ type: 'CloseWindow', at: at(5999) }, waiting))).toMatchObject({
      code: 'window-still-open',
      rule: RULES.deadline,
    });
    const closed = eventsOf(decide({ type: 'CloseWindow', at: at(6000) }, waiting));
    expect(types(closed)).toEqual(['ClaimTimedOut', 'ClaimResolved', 'MeldDeclared']);
    expect(closed[2]).toMatchObject({
      data: { kind: 'chow', seat: 'S', tile: tile('1m'), claimed: tile('3m') },
    });
  });

  it('keeps a claim that came after the deadline for the record, as a pass', () => {
    const s = discarded();
    const late = eventsOf(
      decide({ type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(7000) }, s),
    );
    expect(late).toEqual([
      { type: 'ClaimTimedOut', schemaVersion: 1, data: { seat: 'N', late: { claim: 'pong' } } },
    ]);
  });

  it('refuses a discard out of turn, a tile not held, and claims the seat may not make', () => {
    const s = started();
    expect(rejectionOf(decide({ type: 'Discard', seat: 'S', tile: tile('1m'), at: at(1) }, s))).toMatchObject(
      {
        code: 'out-of-turn',
        rule: RULES.turn,
      },
    );
    expect(rejectionOf(decide({ type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1) }, s))).toMatchObject(
      {
        code: 'tile-not-held',
        rule: RULES.held,
      },
    );
    const open = discarded();
    expect(
      rejectionOf(decide({ type: 'Discard', seat: 'S', tile: tile('1m'), at: at(1100) }, open)).code,
    ).toBe('claim-window-open');
    expect(
      rejectionOf(decide({ type: 'MakeClaim', seat: 'W', claim: { claim: 'pong' }, at: at(1100) }, open)),
    ).toMatchObject({
      code: 'not-eligible',
    });
    expect(
      rejectionOf(
        decide(
          {
            type: 'MakeClaim',
            seat: 'N',
            claim: { claim: 'chow', tiles: [tile('1m'), tile('2m')] },
            at: at(1100),
          },
          open,
        ),
      ),
    ).toMatchObject({ code: 'claim-not-open', rule: RULES.chow });
    expect(
      rejectionOf(decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'pong' }, at: at(1100) }, open))
        .code,
    ).toBe('claim-not-open');
    expect(
      rejectionOf(decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, at: at(1100) }, open)),
    ).toMatchObject({
      code: 'claim-not-open',
      rule: RULES.win,
    });
    const passed = fold(eventsOf(decide({ type: 'Pass', seat: 'S', at: at(1100) }, open)), open);
    expect(rejectionOf(decide({ type: 'Pass', seat: 'S', at: at(1200) }, passed)).code).toBe(
      'already-answered',
    );
  });

  it('asks a declared-score preset’s winner for the score', () => {
    const hands = { ...WIN_HANDS };
    const s = given([
      startWith('mahjong-house', arranged(hands)),
      { type: 'Discard', seat: 'E', tile: tile('5p'), at: at(1000) },
    ]).state;
    expect(
      rejectionOf(decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, at: at(1100) }, s)).code,
    ).toBe('score-required');
    const won = eventsOf(
      decide({ type: 'MakeClaim', seat: 'S', claim: { claim: 'win' }, handScore: 64, at: at(1100) }, s),
    );
    expect(types(won)).toEqual([
      'ClaimMade',
      'ScoresDeclared',
      'ClaimResolved',
      'WinDeclared',
      'HandSettled',
      'WallRevealed',
    ]);
    expect(won[4]).toMatchObject({ data: { transfers: [{ from: 'E', to: 'S', points: 64 }] } });
  });
});
