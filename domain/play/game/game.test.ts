import { describe, expect, it } from 'vitest';
import { HU_MAHJONG_STARTING_POINTS } from '../../rules/settlement/hu-mahjong.ts';
import { GameEvent } from './events.ts';
import { at, drawn, hand, lastRecorded, paid, play, run, startGame, when, won } from './spec.ts';
import { standingsOf } from './state.ts';

const huGame = (players: 2 | 3 | 4 = 4) => run([startGame('hu-mahjong', players)]).state;

describe('StartGame', () => {
  it('seats the players at their winds with the preset’s starting points', () => {
    const { state, events } = run([startGame('hu-mahjong')]);
    expect(GameEvent.parse(events[0]).type).toBe('GameStarted');
    expect(state.players).toEqual(['ana', 'bo', 'cy', 'di']);
    expect(state.scores).toEqual({ ana: 30000, bo: 30000, cy: 30000, di: 30000 });
    expect(state.end).toEqual({ kind: 'rounds', last: 'S' });
  });

  it.each([4, 3, 2] as const)('hu-mahjong at %i players starts at seed 003’s points', (players) => {
    const { state } = run([startGame('hu-mahjong', players)]);
    expect(state.startingPoints).toBe(HU_MAHJONG_STARTING_POINTS[players]);
  });

  it('chinese-classical starts at 2000, the other presets at 0 or the organizer’s figure', () => {
    expect(run([startGame('chinese-classical')]).state.startingPoints).toBe(2000);
    expect(run([startGame('four-seas')]).state.startingPoints).toBe(0);
    expect(run([startGame('table-law', 4, { startingPoints: 500 })]).state.startingPoints).toBe(500);
  });

  it('refuses a second start, a table the ruleset does not seat, and negative points', () => {
    const state = huGame();
    expect(when(state, startGame('hu-mahjong'))).toMatchObject({
      rejection: { code: 'game-already-started' },
    });
    const threeAtFour = { ...startGame('hu-mahjong', 4), players: startGame('hu-mahjong', 3).players };
    expect(run([]).state.phase).toBe('not-started');
    expect(when(run([]).state, threeAtFour)).toMatchObject({ rejection: { code: 'bad-table' } });
    expect(when(run([]).state, startGame('four-seas', 4, { startingPoints: -1 }))).toMatchObject({
      rejection: { code: 'bad-starting-points' },
    });
  });
});

describe('hu-mahjong rotation (seed 003 "Wind Rotation and Winning the Game")', () => {
  it('given East deals, when a non-dealer wins, then the seat winds rotate', () => {
    const { events, state } = play(huGame(), [{ result: won('W'), deltas: paid('W', 2000) }]);
    const { next } = lastRecorded(events).data;
    expect(next).toMatchObject({ dealer: 'bo', repeats: 0, rotated: true, prevalentWind: 'E' });
    expect(next?.seatWinds).toEqual({ E: 'bo', S: 'cy', W: 'di', N: 'ana' });
    expect(state.scores).toEqual({ ana: 28000, bo: 30000, cy: 32000, di: 30000 });
  });

  it('given East deals, when the dealer wins, then a repeat is played', () => {
    const { events } = play(huGame(), [
      { result: won('E', true), deltas: { E: 3000, S: -1000, W: -1000, N: -1000 } },
    ]);
    expect(lastRecorded(events).data.next).toMatchObject({ dealer: 'ana', repeats: 1, rotated: false });
  });

  it('when the dealer has no ready hand at exhaustive draw, then the seat winds rotate', () => {
    const { events } = play(huGame(), [{ result: drawn(false), deltas: { E: -1000, S: 1000 } }]);
    expect(lastRecorded(events).data.next).toMatchObject({ dealer: 'bo', repeats: 0, rotated: true });
  });

  it('when the dealer has a ready hand at exhaustive draw, then a repeat is played', () => {
    const { events } = play(huGame(), [{ result: drawn(true) }]);
    expect(lastRecorded(events).data.next).toMatchObject({ dealer: 'ana', repeats: 1 });
  });

  it('when the dealer’s eighth repeat concludes, then the seat winds rotate even on a dealer win', () => {
    const eight = play(
      huGame(),
      Array.from({ length: 8 }, () => ({ result: won('E', true) })),
    );
    expect(eight.state.deal).toMatchObject({ dealer: 0, repeats: 8 });
    const ninth = play(eight.state, [{ result: won('E', true) }]);
    expect(lastRecorded(ninth.events).data.next).toMatchObject({ dealer: 'bo', repeats: 0, rotated: true });
    const readyToo = play(eight.state, [{ result: drawn(true) }]);
    expect(lastRecorded(readyToo.events).data.next).toMatchObject({ dealer: 'bo', repeats: 0 });
  });

  it('after each player has dealt, a new round begins with the next prevailing wind', () => {
    const three = play(huGame(), [{ result: won('S') }, { result: won('S') }, { result: won('S') }]);
    expect(three.state.deal).toMatchObject({ dealer: 3, prevalentWind: 'E' });
    const four = play(three.state, [{ result: won('S') }]);
    expect(lastRecorded(four.events).data.next).toMatchObject({
      prevalentWind: 'S',
      dealer: 'ana',
      seatWinds: { E: 'ana', S: 'bo', W: 'cy', N: 'di' },
    });
  });

  it('at 3 players the round is over after three deals', () => {
    const { events } = play(huGame(3), [
      { result: won('S') },
      { result: drawn(false) },
      { result: won('W') },
    ]);
    expect(lastRecorded(events).data.next).toMatchObject({
      prevalentWind: 'S',
      seatWinds: { E: 'ana', S: 'bo', W: 'cy' },
    });
  });

  it('a voided hand is dealt again with the same dealer and repeats, and its penalty counts', () => {
    const before = play(huGame(), [{ result: won('E') }]).state;
    const { state, events } = play(before, [
      { result: { kind: 'voided' }, deltas: { S: -12000, E: 4000, W: 4000, N: 4000 } },
    ]);
    expect(lastRecorded(events).data.next).toMatchObject({ dealer: 'ana', repeats: 1, hand: 3 });
    expect(state.handsCounted).toBe(1);
    expect(state.scores.bo).toBe(18000);
  });

  it('the game ends after the South round: the player with most points wins', () => {
    const eightRotations = Array.from({ length: 8 }, (_, i) => ({
      result: won('S'),
      deltas: paid('S', i === 7 ? 5000 : 1000),
    }));
    const { state, events } = play(huGame(), eightRotations);
    const finished = events.at(-1);
    expect(GameEvent.parse(finished)).toMatchObject({
      type: 'GameFinished',
      data: { reason: 'rounds-complete', hands: 8 },
    });
    expect(lastRecorded(events).data.next).toBeNull();
    expect(state.phase).toBe('finished');
    expect(Object.values(state.scores).reduce((a, b) => a + b)).toBe(120000);
    expect(state.standings?.[0]?.place).toBe(1);
  });

  it('after seven rotations the game goes on: the last dealer of the South round deals', () => {
    const { state } = play(
      huGame(),
      Array.from({ length: 7 }, () => ({ result: won('S') })),
    );
    expect(state.phase).toBe('playing');
    expect(state.deal).toMatchObject({ prevalentWind: 'S', dealer: 3 });
  });

  describe('2 players: the last dealer wins outright in the lead by winning one hand', () => {
    // E round: ana, bo; South round: ana, then bo deals last.
    const toLastDealer = () =>
      play(huGame(2), [{ result: won('S') }, { result: won('S') }, { result: won('S') }]).state;

    it('when the last dealer wins and leads, then the game is over', () => {
      const last = toLastDealer();
      expect(last.deal).toMatchObject({ prevalentWind: 'S', dealer: 1 });
      const { events, state } = play(last, [{ result: won('E'), deltas: { E: 2000, S: -2000 } }]);
      expect(events.at(-1)).toMatchObject({ type: 'GameFinished', data: { reason: 'rounds-complete' } });
      expect(state.standings).toEqual([
        { playerId: 'bo', points: 42000, place: 1 },
        { playerId: 'ana', points: 38000, place: 2 },
      ]);
    });

    it('when the last dealer wins but trails, then a repeat is played', () => {
      const trailing = play(run([startGame('hu-mahjong', 2)]).state, [
        { result: won('E'), deltas: { E: 8000, S: -8000 } },
        { result: won('S') },
        { result: won('S') },
        { result: won('S') },
        { result: won('E'), deltas: { E: 2000, S: -2000 } },
      ]);
      expect(trailing.state.phase).toBe('playing');
      expect(trailing.state.deal).toMatchObject({ dealer: 1, repeats: 1 });
    });

    it('a dealer who is not the last one repeats on a win', () => {
      const { state } = play(huGame(2), [{ result: won('E'), deltas: { E: 2000, S: -2000 } }]);
      expect(state.phase).toBe('playing');
    });
  });
});

describe('table law (seed 004 "Dealer streak and the die", "Drawn hands", "False Mahjong")', () => {
  const tableLaw = () => run([startGame('table-law')]).state;

  it('East wins → same dealer, streak n + 1; another win passes the deal and resets it', () => {
    const { events, state } = play(tableLaw(), [{ result: won('E') }, { result: won('E', true) }]);
    expect(lastRecorded(events).data.next).toMatchObject({ dealer: 'ana', streak: 2, repeats: 2 });
    const passed = play(state, [{ result: won('N') }]);
    expect(lastRecorded(passed.events).data.next).toMatchObject({ dealer: 'bo', streak: 0, repeats: 0 });
  });

  it('a false Mahjong voids the hand: same dealer, same streak, the 75 still paid', () => {
    const streak = play(tableLaw(), [{ result: won('E') }]).state;
    const { events, state } = play(streak, [
      { result: { kind: 'voided' }, deltas: { W: -75, E: 25, S: 25, N: 25 } },
    ]);
    expect(lastRecorded(events).data.next).toMatchObject({ dealer: 'ana', streak: 1 });
    expect(state.scores).toMatchObject({ cy: -75, ana: 25 });
  });

  it('a drawn hand passes the deal, 5 each into the kitty; a discard win leaves it; the next self-draw takes it', () => {
    const twoDraws = play(tableLaw(), [{ result: drawn(false) }, { result: drawn(false) }]);
    expect(twoDraws.state.kitty).toBe(40);
    expect(twoDraws.state.scores).toEqual({ ana: -10, bo: -10, cy: -10, di: -10 });
    expect(twoDraws.state.deal).toMatchObject({ dealer: 2, streak: 0 });
    const discardWin = play(twoDraws.state, [{ result: won('S'), deltas: { S: 30, W: -30 } }]);
    expect(discardWin.state.kitty).toBe(40);
    const forgot = play(discardWin.state, [
      { result: { kind: 'won', winners: ['W'], selfDraw: true, kittyCollected: false } },
    ]);
    expect(forgot.state.kitty).toBe(40);
    const selfDraw = play(forgot.state, [
      { result: won('N', true), deltas: { N: 30, E: -10, S: -10, W: -10 } },
    ]);
    const recorded = lastRecorded(selfDraw.events).data;
    expect(recorded.kitty).toEqual({ paidIn: 0, collected: 40, after: 0 });
    // Four passes (two draws, two non-dealer wins): a new round, ana deals again and di sits North.
    expect(recorded.seatWinds).toEqual({ E: 'ana', S: 'bo', W: 'cy', N: 'di' });
    expect(selfDraw.state.scores.di).toBe(-10 + 30 + 30 + 40);
    expect(Object.values(selfDraw.state.scores).reduce((a, b) => a + b) + selfDraw.state.kitty).toBe(0);
  });

  it('a kitty left at the end goes back in equal shares', () => {
    const game = run([startGame('table-law', 4, { end: { kind: 'hands', count: 2 } })]).state;
    const { events, state } = play(game, [{ result: drawn(false) }, { result: drawn(false) }]);
    expect(events.at(-1)).toMatchObject({ type: 'GameFinished', data: { reason: 'hand-limit', hands: 2 } });
    expect(state.scores).toEqual({ ana: 0, bo: 0, cy: 0, di: 0 });
    expect(state.standings?.every((s) => s.place === 1)).toBe(true);
  });
});

describe('the other presets (README "Dealer")', () => {
  it('the dealer keeps the deal on a dealer win or a drawn hand; a non-dealer win passes it; no repeat cap', () => {
    const game = run([startGame('mahjong-house')]).state;
    const kept = play(game, [
      ...Array.from({ length: 9 }, () => ({ result: won('E') })),
      { result: drawn(false) },
    ]);
    expect(kept.state.deal).toMatchObject({ dealer: 0, repeats: 10 });
    const passed = play(kept.state, [{ result: won('S') }]);
    expect(passed.state.deal).toMatchObject({ dealer: 1, repeats: 0 });
  });
});

describe('the end of the game', () => {
  it('after a number of hands, voided hands not counted', () => {
    const game = run([startGame('four-seas', 4, { end: { kind: 'hands', count: 2 } })]).state;
    const { events } = play(game, [
      { result: won('S') },
      { result: { kind: 'voided' } },
      { result: won('E') },
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'GameFinished', data: { reason: 'hand-limit', hands: 3 } });
  });

  it('a hand recorded at or after the time limit ends the game; before it, play goes on', () => {
    const game = run([startGame('hu-mahjong', 4, { end: { kind: 'time-limit', at: at(90) } })]).state;
    const early = play(game, [{ result: won('S'), minutes: 89 }]);
    expect(early.state.phase).toBe('playing');
    const late = play(early.state, [{ result: won('S'), minutes: 95 }]);
    expect(late.events.at(-1)).toMatchObject({ type: 'GameFinished', data: { reason: 'time-limit' } });
  });

  it('StopGame ends by the time limit once it has passed, or as the organizer’s stop before', () => {
    const game = run([startGame('hu-mahjong', 4, { end: { kind: 'time-limit', at: at(90) } })]).state;
    expect(when(game, { type: 'StopGame', at: at(30) })).toMatchObject({
      events: [{ type: 'GameFinished', data: { reason: 'stopped-by-organizer', hands: 0 } }],
    });
    expect(when(game, { type: 'StopGame', at: at(90) })).toMatchObject({
      events: [{ type: 'GameFinished', data: { reason: 'time-limit' } }],
    });
  });

  it('standings: tied players share a place and the next place is skipped', () => {
    expect(
      standingsOf([
        { playerId: 'a', points: 10 },
        { playerId: 'b', points: 30 },
        { playerId: 'c', points: 10 },
        { playerId: 'd', points: 5 },
      ]).map((s) => [s.playerId, s.place]),
    ).toEqual([
      ['b', 1],
      ['a', 2],
      ['c', 2],
      ['d', 4],
    ]);
  });
});

describe('rejections', () => {
  it('a hand recorded after the game finished', () => {
    const over = play(
      huGame(),
      Array.from({ length: 8 }, () => ({ result: won('S') })),
    ).state;
    expect(when(over, hand(over, won('S')))).toMatchObject({
      rejection: { code: 'game-over', rule: expect.any(String) },
    });
    expect(when(over, { type: 'StopGame', at: at() })).toMatchObject({ rejection: { code: 'game-over' } });
  });

  it('deltas that do not sum to zero', () => {
    const state = huGame();
    expect(when(state, hand(state, won('S'), { S: 1000, E: -900 }))).toMatchObject({
      rejection: { code: 'deltas-not-zero', message: 'the deltas sum to 100, not 0' },
    });
  });

  it('an unknown seat, in the deltas or among the winners', () => {
    const state = huGame(3);
    expect(when(state, hand(state, won('S'), { N: 1000, E: -1000 }))).toMatchObject({
      rejection: { code: 'unknown-seat' },
    });
    expect(when(state, hand(state, won('N')))).toMatchObject({ rejection: { code: 'unknown-seat' } });
  });

  it('a hand out of order, before the start, or a self-draw with two winners', () => {
    const state = huGame();
    expect(when(state, { ...hand(state, won('S')), hand: 2 })).toMatchObject({
      rejection: { code: 'wrong-hand' },
    });
    expect(when(run([]).state, hand(state, won('S')))).toMatchObject({
      rejection: { code: 'game-not-started' },
    });
    expect(when(state, hand(state, { kind: 'won', winners: ['S', 'W'], selfDraw: true }))).toMatchObject({
      rejection: { code: 'bad-result' },
    });
  });
});

describe('the events', () => {
  it('every event decided parses with its schema, and folding them gives the live state', () => {
    const { events, state } = run([startGame('table-law')]);
    const more = play(state, [{ result: drawn(false) }, { result: won('E', true) }, { result: won('S') }]);
    for (const e of [...events, ...more.events]) expect(GameEvent.parse(e)).toEqual(e);
  });
});
