// Game scripts through the game and hand deciders (docs/table-script.md "Game scripts"): what spans hands, as
// seeds 003 and 004 write it, with the numbers of their texts. Given a game script (examples/play-game-*.json
// or one built here), when it is played, then the game's records and the hands' settlements are the seed's.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlayOutcome } from './outcome.ts';
import { playScript } from './run.ts';

const root = resolve(import.meta.dirname, '../..');
// biome-ignore lint/suspicious/noExplicitAny: a script is plain JSON, edited freely in the tests
type Json = any;
const example = (name: string): Json =>
  JSON.parse(readFileSync(join(root, 'examples', `play-game-${name}.json`), 'utf8'));

type Played = Extract<PlayOutcome, { kind: 'played-game' }>;
function played(script: Json): Played {
  const outcome = playScript(script);
  if (outcome.kind !== 'played-game') throw new Error(`not a game: ${JSON.stringify(outcome)}`);
  return outcome;
}
/** The game's HandRecorded of hand n. */
const recorded = (out: Played, n: number): Json =>
  out.lines.find(({ event }) => event.type === 'HandRecorded' && event.data.hand === n)!.event.data;
/** The events of hand n's stream, of one type. */
const inHand = (out: Played, n: number, type: string): Json[] =>
  out.lines
    .filter(
      ({ stream, event }) => stream.endsWith(`-${n}`) && stream.startsWith('hand-') && event.type === type,
    )
    .map(({ event }) => event.data);
const lastLine = (out: Played): Json => out.lines.at(-1)!.event;

describe('seed 004, the kitty: examples/play-game-table-law-kitty.json', () => {
  const out = played(example('table-law-kitty'));

  it('"If the live wall is exhausted without a win, the deal passes and every player puts 5 into a kitty"', () => {
    expect(inHand(out, 1, 'HandDrawn')).toEqual([{ reason: 'wall-exhausted' }]);
    expect(recorded(out, 1)).toMatchObject({
      result: { kind: 'drawn' },
      kitty: { paidIn: 5, collected: 0, after: 20 },
      next: { dealer: 'bo', rotated: true },
    });
    expect(recorded(out, 1).scores.map((s: Json) => s.points)).toEqual([-5, -5, -5, -5]);
  });

  it('"A win on a discard does not take the kitty": W wins on S’s 5p, the 20 stay', () => {
    expect(recorded(out, 2)).toMatchObject({
      result: { kind: 'won', winners: ['W'], selfDraw: false },
      deltas: { S: -8, W: 8 },
      kitty: { collected: 0, after: 20 },
    });
  });

  it('"if they forget, it stays on the table for the next self-draw winner"', () => {
    expect(recorded(out, 3)).toMatchObject({
      result: { kind: 'won', winners: ['S'], selfDraw: true, kittyCollected: false },
      kitty: { collected: 0, after: 20 },
    });
  });

  it('"The next self-draw winner collects it": S of hand 4 (ana) takes the 20 with its 3 × 8', () => {
    expect(recorded(out, 4)).toMatchObject({
      seatWinds: { S: 'ana' },
      deltas: { E: -8, S: 24, W: -8, N: -8 },
      kitty: { collected: 20, after: 0 },
    });
    const finished = lastLine(out);
    expect(finished).toMatchObject({ type: 'GameFinished', data: { reason: 'hand-limit', hands: 4 } });
    expect(finished.data.scores[0]).toEqual({ playerId: 'ana', points: -13 + 24 + 20 });
  });

  it('names kittyCollected where no self-draw winner could collect, or the preset keeps no kitty', () => {
    const onDiscardWin = example('table-law-kitty');
    onDiscardWin.hands[1].kittyCollected = false;
    expect(playScript(onDiscardWin)).toMatchObject({ kind: 'invalid', field: 'hands[1].kittyCollected' });
    const huGame = example('hu-mahjong-rotation');
    huGame.hands[1].kittyCollected = false;
    expect(playScript(huGame)).toMatchObject({
      kind: 'invalid',
      field: 'hands[1].kittyCollected',
      message: 'only table-law keeps a kitty, not hu-mahjong',
    });
  });
});

describe('seed 004, "Dealer streak and the die": examples/play-game-table-law-streak.json', () => {
  const out = played(example('table-law-streak'));
  const paidToEast = (n: number) => inHand(out, n, 'HandSettled')[0].transfers.map((t: Json) => t.points);

  it('"When East wins ... East deals again and the streak continues": the streak counts 1, 2, 3', () => {
    expect([1, 2, 3].map((n) => recorded(out, n).next)).toMatchObject([
      { dealer: 'ana', streak: 1, rotated: false },
      { dealer: 'ana', streak: 2, rotated: false },
      { dealer: 'ana', streak: 3, rotated: false },
    ]);
  });

  it('"2n + 1 for streak count n": with the die placed at n = 1, S pays East 8 and 3', () => {
    expect(inHand(out, 2, 'StreakDiePlaced')).toEqual([{ seat: 'E', count: 1 }]);
    expect(paidToEast(2)).toEqual([8, 3]);
    // Without a streak (hand 1), "the separate 1 point rows for East winning" apply.
    expect(paidToEast(1)).toEqual([8, 1]);
  });

  it('"If East forgets before discarding the first tile ... an East win that hand earns no streak bonus"', () => {
    expect(inHand(out, 3, 'StreakDiePlaced')).toEqual([]);
    expect(paidToEast(3)).toEqual([8, 1]);
    // "The streak itself is not lost; set the die to the right number next hand."
    expect(inHand(out, 4, 'StreakDiePlaced')).toEqual([{ seat: 'E', count: 3 }]);
  });

  it('East gives the winning tile at n = 3: East pays 2·3 + 1 = 7; the deal passes and the streak ends', () => {
    expect(recorded(out, 4)).toMatchObject({ deltas: { E: -15, S: 15 }, next: null });
    const forgot = example('table-law-streak');
    forgot.hands[3].actions.shift();
    forgot.end.count = 5;
    // "but if East gives the winning tile, East still pays the full bonus"
    expect(recorded(played(forgot), 4)).toMatchObject({
      deltas: { E: -15, S: 15 },
      next: { dealer: 'bo', streak: 0, rotated: true },
    });
  });

  it('"The streak bonus is 3, 5, 7, 9 and so on ... with no cap": East wins five hands with the die placed', () => {
    const script = example('table-law-streak');
    const { expect: _, ...eastWins } = script.hands[1];
    script.hands = [script.hands[0], eastWins, eastWins, eastWins, eastWins];
    script.end.count = 5;
    const five = played(script);
    expect([2, 3, 4, 5].map((n) => inHand(five, n, 'HandSettled')[0].transfers[1].points)).toEqual([
      3, 5, 7, 9,
    ]);
  });

  it('"The hand is void and dealt again with the same dealer, and any streak die stays as it was"', () => {
    const script = example('table-law-streak');
    script.hands[1].actions = [{ at: 500, action: 'void', reason: 'the wall was disturbed' }];
    script.hands[2].expect = { hand: 3, seats: script.seats, repeats: 1 };
    script.hands[2].actions.unshift({ at: 500, seat: 'E', action: 'place-die' });
    // The void counted no East win: hand 4 is dealt at n = 2, not 3.
    script.hands[3].expect.repeats = 2;
    const out = played(script);
    expect(recorded(out, 2)).toMatchObject({
      result: { kind: 'voided' },
      next: { hand: 3, dealer: 'ana', streak: 1, rotated: false },
    });
    // Hand 3 is dealt again at n = 1: the die shows 1 and East's win earns 2·1 + 1.
    expect(inHand(out, 3, 'StreakDiePlaced')).toEqual([{ seat: 'E', count: 1 }]);
    expect(inHand(out, 3, 'HandSettled')[0].transfers.map((t: Json) => t.points)).toEqual([8, 3]);
  });

  it('refuses the die once East has discarded: the hand, its step and the action are named', () => {
    const late = example('table-law-streak');
    late.hands[1].actions = [late.hands[2].actions[0], { at: 1500, seat: 'E', action: 'place-die' }];
    const out = played(late);
    expect(out.rejection).toMatchObject({
      code: 'no-streak-die',
      stream: 'hand-streak-2',
      hand: 2,
      step: 2,
      path: 'hands[1].actions[1]',
    });
  });
});

describe('seed 003, "Wind Rotation": examples/play-game-hu-mahjong-rotation.json', () => {
  const out = played(example('hu-mahjong-rotation'));

  it('"Otherwise, everyone retains their current seat wind and a repeat is played": the dealer ready at the draw', () => {
    expect(inHand(out, 1, 'HandDrawn')).toEqual([{ reason: 'pond-full', seat: 'E', discards: 18 }]);
    // "Ready hand at exhaustive draw: 1000 from player(s) with no ready hand(s)"
    expect(recorded(out, 1)).toMatchObject({
      result: { kind: 'drawn', dealerReady: true },
      deltas: { E: 3000, S: -1000, W: -1000, N: -1000 },
      next: { dealer: 'ana', repeats: 1, rotated: false },
    });
  });

  it('"bonus 100 base points for each repeat in their dealership": the dealer wins at repeat 1, 2600 × 3', () => {
    expect(inHand(out, 2, 'HandSettled')[0].winners).toEqual([
      { seat: 'E', handScore: 2500, effectiveScore: 2600 },
    ]);
    expect(recorded(out, 2)).toMatchObject({ deltas: { E: 7800, S: -7800 }, next: { repeats: 2 } });
  });

  it('"A non-dealer wins a hand": the seats rotate, South’s player deals', () => {
    expect(recorded(out, 3).next).toMatchObject({
      dealer: 'bo',
      repeats: 0,
      rotated: true,
      seatWinds: { E: 'bo', S: 'cy', W: 'di', N: 'ana' },
    });
  });

  it('"The dealer does not have a ready hand at exhaustive draw": the seats rotate though South was ready', () => {
    expect(recorded(out, 4)).toMatchObject({
      result: { kind: 'drawn', dealerReady: false },
      deltas: { E: -1000, S: 3000, W: -1000, N: -1000 },
      next: { dealer: 'cy', rotated: true },
    });
  });
});

describe('seed 003, the eighth repeat: examples/play-game-hu-mahjong-eighth-repeat.json', () => {
  const out = played(example('hu-mahjong-eighth-repeat'));

  it('the dealer ready at eight drawn hands deals again with repeats 1 … 8', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8].map((n) => recorded(out, n).next.repeats)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8,
    ]);
  });

  it('"Upon reaching a dealer\'s eighth repeat, everyone\'s winning hands are awarded 4000 more base points"', () => {
    // 2500 for the hand, 8 × 100 for the repeats, 4000 for the eighth; a discard win pays three times that.
    expect(inHand(out, 9, 'HandSettled')[0].winners).toEqual([
      { seat: 'E', handScore: 2500, effectiveScore: 2500 + 800 + 4000 },
    ]);
    expect(recorded(out, 9).deltas).toMatchObject({ E: 21900, S: -21900 });
  });

  it('"The seat winds rotate regardless of the hand\'s outcome": East won the ninth hand and the deal passes', () => {
    expect(recorded(out, 9).next).toMatchObject({ dealer: 'bo', repeats: 0, rotated: true });
    expect(lastLine(out)).toMatchObject({ type: 'GameFinished', data: { hands: 10 } });
  });

  it('"everyone\'s winning hands": South winning at the eighth repeat has the 4000 too, not the repeat bonus', () => {
    const script = example('hu-mahjong-eighth-repeat');
    const southWins = example('hu-mahjong-rotation').hands[2];
    script.hands[8] = { ...southWins, expect: { repeats: 8 } };
    expect(inHand(played(script), 9, 'HandSettled')[0]).toMatchObject({
      winners: [{ seat: 'S', handScore: 2500, effectiveScore: 6500 }],
      transfers: [{ from: 'E', to: 'S', points: 19500 }],
    });
  });
});

describe('seed 004, "Unshown concealed gong": examples/play-game-table-law-unshown-gong.json', () => {
  const out = played(example('table-law-unshown-gong'));

  it('"costs a 10 point payment to each opponent, once East discards the first tile of the next hand"', () => {
    // W of hand 1 (cy, who held 1111s) sits at S in hand 2, after the deal passed.
    expect(recorded(out, 1).next.seatWinds.S).toBe('cy');
    const [charged] = inHand(out, 2, 'ImmediatePayment');
    expect(charged).toMatchObject({ kind: 'unshown-concealed-gong' });
    expect(charged.transfers.map((t: Json) => [t.from, t.to, t.points])).toEqual([
      ['S', 'E', 10],
      ['S', 'W', 10],
      ['S', 'N', 10],
    ]);
    // The charge counts in the hand's deltas beside the win: S pays 30 and East’s 8 + 1.
    expect(recorded(out, 2).deltas).toEqual({ E: 19, S: -39, W: 10, N: 10 });
  });

  it('refuses the charge before East’s first discard, naming hand 2 and its first action', () => {
    const early = example('table-law-unshown-gong');
    early.hands[1].actions[1].at = 500;
    early.hands[1].actions.unshift(early.hands[1].actions.splice(1, 1)[0]);
    const out = played(early);
    expect(out.rejection).toMatchObject({
      code: 'not-yet-charged',
      hand: 2,
      step: 1,
      path: 'hands[1].actions[0]',
    });
    expect(lastLine(out).type).toBe('TilesDealt');
  });

  it('names a charge in the first hand: there is no hand before it', () => {
    const first = example('table-law-unshown-gong');
    first.hands[0].actions.push({ at: 3000, seat: 'W', action: 'charge-unshown-gong' });
    expect(playScript(first)).toMatchObject({ kind: 'invalid', field: 'hands[0].actions[2]' });
  });
});

describe('what a hand sets and what the game derives', () => {
  it('given a derived field set on a hand, then it is named with where it belongs', () => {
    const script = example('table-law-streak');
    script.hands[2].repeats = 2;
    expect(playScript(script)).toMatchObject({
      kind: 'invalid',
      field: 'hands[2].repeats',
      message: expect.stringContaining('under "expect"'),
    });
  });

  it('given an expectation the game does not meet, then the field and the derived value are named', () => {
    const script = example('hu-mahjong-rotation');
    script.hands[3].expect.seats.E = 'ana';
    expect(playScript(script)).toEqual({
      kind: 'invalid',
      field: 'hands[3].expect.seats.E',
      message: 'the game deals hand 4 with seats.E bo, not ana',
    });
    const kitty = example('table-law-kitty');
    kitty.hands[2].expect.kitty = 0;
    expect(playScript(kitty)).toMatchObject({ field: 'hands[2].expect.kitty' });
  });

  it('given bad input deep in a hand, then the path names the hand and the action', () => {
    const script = example('table-law-streak');
    script.hands[2].actions[1].tile = '5';
    expect(playScript(script)).toMatchObject({ kind: 'invalid', field: 'hands[2].actions[1].tile' });
    const short = example('table-law-streak');
    short.hands[1].wall.hands.N = '11z';
    expect(playScript(short)).toMatchObject({ field: 'hands[1].wall.hands.N' });
    const twice = example('table-law-streak');
    twice.hands[1].wall.hands.N = '555p 11z 22z 3456z 1s 9s';
    expect(playScript(twice)).toMatchObject({ field: 'hands[1].wall.draws' });
  });

  it('given a hand not over before the next, then it is invalid; the last hand may stop mid-hand', () => {
    const script = example('table-law-streak');
    script.hands[1].actions.pop();
    expect(playScript(script)).toMatchObject({ kind: 'invalid', field: 'hands[1].actions' });
    script.hands = script.hands.slice(0, 2);
    const stopped = played(script);
    expect(stopped.rejection).toBeUndefined();
    // S's 5p waits for East's answer: the output ends with the window open.
    expect(lastLine(stopped)).toMatchObject({ type: 'ClaimWindowOpened', data: { offer: { from: 'S' } } });
  });

  it('given more hands than the game plays, then the game refuses the next one (game-over)', () => {
    const script = example('table-law-streak');
    script.end.count = 3;
    expect(played(script).rejection).toMatchObject({
      code: 'game-over',
      stream: 'game-streak',
      hand: 4,
      step: 0,
      path: 'hands[3]',
    });
  });

  it('given a play-out that is not the hand’s last action, then it is named', () => {
    const script = example('hu-mahjong-rotation');
    script.hands[0].actions.push({ at: 2000, seat: 'E', action: 'discard', tile: '1m' });
    expect(playScript(script)).toMatchObject({ field: 'hands[0].actions[0]' });
  });

  it('given a one-hand game, then its hand stream holds the hand script’s events', () => {
    const hand = JSON.parse(readFileSync(join(root, 'examples/play-hu-mahjong-discard-win.json'), 'utf8'));
    const alone = playScript(hand);
    const { ruleset, gameId, seats, startedAt, wall, actions } = hand;
    const game = played({ ruleset, gameId, seats, startedAt, hands: [{ wall, actions }] });
    if (alone.kind !== 'played') throw new Error('a hand script');
    expect(game.lines.filter((l) => l.stream === 'hand-example-1-1').map((l) => l.event)).toEqual(
      alone.events,
    );
    expect(game.lines.map((l) => l.stream)).toEqual([
      'game-example-1',
      ...alone.events.map(() => 'hand-example-1-1'),
      'game-example-1',
    ]);
  });
});
