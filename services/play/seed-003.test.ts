// Seed 003 (Hu Mahjong) through `play`: table scripts for what happens at the pond-length draw and with
// flowers (issue 12, items 4 to 6): All Terminal and Honor Discards, Eight Immortals on another's flower, and
// Winning on the Last Draw/Discard. The scripts in examples/ are the ones docs/table-script.md shows; the others
// are written here from the same hands.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { PlayEvent } from '../../domain/play/events.ts';
import { arranged, startWith } from '../../domain/play/hand/spec.ts';
import { deltasOf } from '../../domain/rules/seats.ts';
import { parseTiles } from '../../domain/tiles/index.ts';
import { actionsOf, drawsInTurn, playThrough } from '../../test/support/pond-hand.ts';
import { playScript } from './run.ts';

const example = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../../examples/${name}.json`, import.meta.url), 'utf8'));

function played(script: unknown): readonly PlayEvent[] {
  const outcome = playScript(script);
  if (outcome.kind !== 'played') throw new Error(`not played: ${JSON.stringify(outcome)}`);
  if ('rejection' in outcome && outcome.rejection !== undefined)
    throw new Error(`refused: ${JSON.stringify(outcome.rejection)}`);
  return outcome.events;
}

function settledOf(events: readonly PlayEvent[]) {
  const settled = events.find((e) => e.type === 'HandSettled');
  if (settled?.type !== 'HandSettled') throw new Error('the hand was not settled');
  return settled.data;
}

const tile = (text: string) => parseTiles(text)[0]!;
const SEATS = { E: 'ana', S: 'bo', W: 'cy', N: 'di' };

/** A script of the hand `playThrough` played from these hands and draws. */
function scriptOf(
  hands: Record<string, string>,
  draws: string,
  plan: Parameters<typeof playThrough>[1],
  options: Record<string, unknown> = {},
): Record<string, unknown> {
  const withFlowers = options.flowers === true;
  const start = startWith('hu-mahjong', arranged(hands, draws, { withFlowers }), options);
  return {
    ruleset: { preset: 'hu-mahjong', options: { flowers: withFlowers, ...options } },
    seats: SEATS,
    startedAt: '2026-03-01T10:00:00.000Z',
    wall: { source: 'dealt', hands, draws, dice: [3, 4, 5] },
    actions: actionsOf(playThrough(start, plan).commands),
  };
}

describe('All Terminal and Honor Discards (seed 003: 4000)', () => {
  it('examples/play-hu-mahjong-terminal-honor-discards.json: E fills its pond; S, who threw only honours, is paid 4000 by each other player beside W’s ready hand', () => {
    const events = played(example('play-hu-mahjong-terminal-honor-discards'));
    expect(events.find((e) => e.type === 'HandDrawn')?.data).toEqual({
      reason: 'pond-full',
      seat: 'E',
      discards: 18,
    });
    const settled = settledOf(events);
    expect(settled.winners).toEqual([]);
    expect(settled.transfers.map((t) => `${t.from}→${t.to} ${t.points} ${t.reason}`)).toEqual([
      'E→W 1000 ready hand at exhaustive draw',
      'S→W 1000 ready hand at exhaustive draw',
      'N→W 1000 ready hand at exhaustive draw',
      'E→S 4000 All Terminal and Honor Discards at exhaustive draw: paid as a self-draw',
      'W→S 4000 All Terminal and Honor Discards at exhaustive draw: paid as a self-draw',
      'N→S 4000 All Terminal and Honor Discards at exhaustive draw: paid as a self-draw',
    ]);
    expect(deltasOf(settled.transfers, 4)).toEqual({ E: -5000, S: 11000, W: -1000, N: -5000 });
  });
});

describe('Winning on the Last Draw/Discard (seed 003: 1000)', () => {
  it('examples/play-hu-mahjong-last-discard.json: W wins on E’s eighteenth discard, the one that fills E’s pond: 1000 ×3 from E', () => {
    const events = played(example('play-hu-mahjong-last-discard'));
    expect(events.find((e) => e.type === 'WinDeclared')?.data).toEqual({
      seat: 'W',
      tile: tile('9p'),
      by: 'discard',
      from: 'E',
    });
    const settled = settledOf(events);
    expect(settled.winners).toEqual([{ seat: 'W', handScore: 1000, effectiveScore: 1000 }]);
    expect(settled.transfers).toEqual([{ from: 'E', to: 'W', points: 3000, reason: 'discard win' }]);
  });

  it("the same script read by the wall (lastTile: 'wall'): the pond-filling discard draws the hand, and W's claim comes too late", () => {
    const script = example('play-hu-mahjong-last-discard');
    const outcome = playScript({
      ...script,
      ruleset: { preset: 'hu-mahjong', options: { flowers: false, lastTile: 'wall' } },
    });
    if (outcome.kind !== 'played') throw new Error('not played');
    expect(outcome.events.map((e) => e.type).slice(-3)).toEqual(['HandDrawn', 'HandSettled', 'WallRevealed']);
    expect(outcome.rejection).toMatchObject({ code: 'hand-over' });
  });

  it('E draws its winning 9p with seventeen discards made, the last draw: Fully Concealed Hand 500 + 1000, 1500 from each', () => {
    const hands = {
      E: '123m 456p 789s 222s 9p 5m',
      S: '3579m 3578p 3579s 4m',
      W: '2468m 2468p 468s 55z',
      N: '2468m 2468p 468s 77z',
    };
    const draws = drawsInTurn(hands, 68, { first: { S: '99p' }, last: { E: '9p' } });
    const events = played(scriptOf(hands, draws, { selfDraw: { seat: 'E', discards: 17 } }));
    const settled = settledOf(events);
    expect(settled.winners).toEqual([{ seat: 'E', handScore: 1500, effectiveScore: 1500 }]);
    expect(deltasOf(settled.transfers, 4)).toEqual({ E: 4500, S: -1500, W: -1500, N: -1500 });
  });
});

describe('Eight Immortals on another’s flower (seed 003: 8000, "considered as winning by discard")', () => {
  it('examples/play-hu-mahjong-eight-immortals.json: N draws the eighth flower, W (seven flowers) claims the win: 24000 from N', () => {
    const events = played(example('play-hu-mahjong-eight-immortals'));
    const offers = events.flatMap((e) => (e.type === 'ClaimWindowOpened' ? [e.data.offer] : []));
    expect(offers.at(-1)).toEqual({ tile: tile('8f'), from: 'N', kind: 'flower' });
    expect(settledOf(events).transfers).toEqual([
      { from: 'N', to: 'W', points: 24000, reason: 'discard win' },
    ]);
  });

  it('six flowers, S declares the seventh, W draws the eighth within the next go-around and claims S’s: 24000 from S', () => {
    const hands = {
      E: '2468m 2468p 2468s 5m 5p',
      S: '3579m 3579p 3579s 4m',
      W: '123456f 123m 456p 7z',
      N: '2468m 2468p 246s 55z',
    };
    const draws = drawsInTurn(hands, 2, { first: { S: '7f', W: '8f' } });
    const script = scriptOf(
      hands,
      draws,
      { claims: [{ seat: 'W', on: 'flower', claim: { claim: 'win' } }] },
      { flowers: true },
    );
    expect((script.actions as unknown[]).at(-1)).toEqual({
      at: expect.any(Number),
      seat: 'W',
      action: 'claim',
      claim: 'win',
    });
    const events = played(script);
    expect(events.find((e) => e.type === 'WinDeclared')?.data).toEqual({
      seat: 'W',
      tile: tile('7f'),
      by: 'discard',
      from: 'S',
    });
    expect(settledOf(events).transfers).toEqual([
      { from: 'S', to: 'W', points: 24000, reason: 'discard win' },
    ]);
  });
});
