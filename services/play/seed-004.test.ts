// Seed 004's false Mahjong on a claim, a dead hand's declared Mahjong and the West owed in the next round of
// turns (issue 12, items 1 to 3), played through `play` from the table scripts in examples/ as a referee
// would write them down (docs/table-script.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { PlayEvent } from '../../domain/play/events.ts';
import { playScript } from './run.ts';

const root = join(import.meta.dirname, '..', '..');
const script = (name: string) => JSON.parse(readFileSync(join(root, 'examples', name), 'utf8'));

function played(input: unknown) {
  const outcome = playScript(input);
  if (outcome.kind !== 'played') throw new Error(`not a hand played: ${JSON.stringify(outcome)}`);
  return outcome;
}
const typesOf = (events: readonly PlayEvent[]) => events.map((e) => e.type);
const penaltyOf = (events: readonly PlayEvent[]) => {
  const penalty = events.find((e) => e.type === 'PenaltyAssessed');
  if (penalty?.type !== 'PenaltyAssessed') throw new Error('no penalty');
  return penalty.data;
};

describe('play, seed 004: "False Mahjong means declaring a hand that is invalid, incomplete, ..."', () => {
  it('examples/play-table-law-false-mahjong-discard.json: W claims a win on E’s 9m with a hand that is none: 25 to each, the hand void', () => {
    const { events, rejection } = played(script('play-table-law-false-mahjong-discard.json'));
    expect(rejection).toBeUndefined();
    expect(typesOf(events).slice(-4)).toEqual([
      'FalseWinDeclared',
      'PenaltyAssessed',
      'HandVoided',
      'WallRevealed',
    ]);
    expect(events.at(-4)).toMatchObject({ data: { seat: 'W', by: 'discard', from: 'E' } });
    // "The declarer pays 25 points to each of the other three players: 75 in total."
    const penalty = penaltyOf(events);
    expect(penalty).toMatchObject({ seat: 'W', kind: 'false-mahjong', points: 25, settled: 'now' });
    expect(penalty.transfers.map((t) => `${t.from}>${t.to} ${t.points}`)).toEqual([
      'W>E 25',
      'W>S 25',
      'W>N 25',
    ]);
    // "The hand is void and dealt again with the same dealer."
    expect(events.at(-2)).toMatchObject({ type: 'HandVoided', data: { cause: 'false-win' } });
  });

  it('the same claim under falseWin reject is refused, as before', () => {
    const input = script('play-table-law-false-mahjong-discard.json');
    input.ruleset.options = { falseWin: 'reject' };
    expect(played(input).rejection).toMatchObject({ code: 'not-eligible', step: 2 });
  });
});

describe('play, seed 004: "This is not a false Mahjong as long as you do not declare a win"', () => {
  it('examples/play-table-law-dead-hand-mahjong.json: S, found dead, claims the win on E’s 5p: a false Mahjong', () => {
    const { events, rejection } = played(script('play-table-law-dead-hand-mahjong.json'));
    expect(rejection).toBeUndefined();
    expect(events.find((e) => e.type === 'DeadHandDeclared')).toMatchObject({
      data: { seat: 'S', held: 14, expected: 13 },
    });
    // S's hand with the 5p is a complete hand, but a dead hand declares no win.
    expect(events.at(-4)).toMatchObject({
      type: 'FalseWinDeclared',
      data: { seat: 'S', by: 'discard', from: 'E', reason: expect.stringMatching(/dead hand/) },
    });
    expect(penaltyOf(events).transfers.map((t) => `${t.from}>${t.to} ${t.points}`)).toEqual([
      'S>E 25',
      'S>W 25',
      'S>N 25',
    ]);
    expect(events.at(-1)?.type).toBe('WallRevealed');
  });

  it('a dead East declaring a self-drawn win is the same false Mahjong; a dead hand’s pong stays refused', () => {
    const selfDraw = script('play-table-law-dead-hand-mahjong.json');
    selfDraw.actions = [
      { at: 100, seat: 'E', action: 'dead-hand', held: 15 },
      { at: 500, seat: 'E', action: 'self-draw', handScore: 20 },
    ];
    const { events } = played(selfDraw);
    expect(events.at(-4)).toMatchObject({ type: 'FalseWinDeclared', data: { seat: 'E', by: 'self-draw' } });
    expect(penaltyOf(events).transfers).toHaveLength(3);
    const pong = script('play-table-law-dead-hand-mahjong.json');
    pong.actions = [
      { at: 100, seat: 'N', action: 'dead-hand', held: 12 },
      { at: 1000, seat: 'E', action: 'discard', tile: '5p' },
      { at: 1500, seat: 'N', action: 'claim', claim: 'pong' },
    ];
    expect(played(pong).rejection).toMatchObject({ code: 'dead-hand', step: 3 });
  });
});

describe('play, seed 004: "Discard your West in the next round of turns"', () => {
  it('examples/play-table-law-west-owed.json: N kept the fourth West; on its next turn another tile is refused', () => {
    const { events, rejection } = played(script('play-table-law-west-owed.json'));
    // N showed the West at step 4: the chase was paid, 5 from E to each who took part.
    expect(events.find((e) => e.type === 'ImmediatePayment')).toMatchObject({
      data: { kind: 'west-exception', settles: 'hand-example-west-owed-1:west-shown-3' },
    });
    expect(rejection).toMatchObject({ code: 'west-owed', step: 8 });
    expect(rejection?.rule).toMatch(/Discard your West in the next round of turns/);
  });

  it('with the West thrown instead, the hand goes on and no chase is paid again', () => {
    const input = script('play-table-law-west-owed.json');
    input.actions.at(-1).tile = '3z';
    const { events, rejection } = played(input);
    expect(rejection).toBeUndefined();
    expect(events.filter((e) => e.type === 'ImmediatePayment')).toHaveLength(1);
    expect(events.filter((e) => e.type === 'TileDiscarded').at(-1)).toMatchObject({
      data: { seat: 'N', tile: 29 },
    });
  });

  it('with westException off, the fourth West is an ordinary chase and nothing is owed', () => {
    const input = script('play-table-law-west-owed.json');
    input.ruleset.options = { westException: false };
    input.actions[3].tile = '3z';
    input.actions.at(-1).tile = '8p';
    const { events, rejection } = played(input);
    expect(rejection).toBeUndefined();
    expect(events.find((e) => e.type === 'ImmediatePayment')).toMatchObject({ data: { kind: 'chasing' } });
  });
});
