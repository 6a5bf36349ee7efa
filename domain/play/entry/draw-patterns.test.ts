// Entering the patterns reached at an exhaustive draw (seed 003, 003_cfd8ab0b6123cd10.txt): All Terminal and
// Honor Discards ("Reach exhaustive draw having only discarded terminal and honor tiles, none of which were
// called by other players", 4000) and Eight Immortals with the eighth flower undrawn ("Declare 7 flowers and
// reach exhaustive draw with the last one being in the dead wall", 8000, a limit). Each is paid as a self-draw
// ("Win by self-draw: ×1 base points from other player(s)"), after the ready-hand payment ("Ready hand at
// exhaustive draw: 1000 from player(s) with no ready hand(s)"), as live play pays them (../hand/draw.ts).
import { describe, expect, it } from 'vitest';
import { deltasOf } from '../../rules/seats.ts';
import { HandResultEntered } from '../entry-events.ts';
import type { EntryResult } from './commands.ts';
import { decideEntry } from './decide.ts';
import { previewEntry } from './preview.ts';
import { entry, eventsOf, fold, only, rejectionOf, type Table } from './spec.ts';

const empty = fold([]);
const TERMINALS = 'all-terminal-and-honor-discards' as const;
const IMMORTALS = 'eight-immortals' as const;

type Drawn = Extract<EntryResult, { kind: 'drawn' }>;
const drawn = (ready: Drawn['ready'], patterns: Drawn['patterns']): Drawn => ({
  kind: 'drawn',
  ready,
  ...(patterns === undefined ? {} : { patterns }),
});

function settledOf(result: EntryResult, table: Table = {}) {
  const events = eventsOf(decideEntry(entry('hu-mahjong', result, table), empty));
  expect(events.map((e) => e.type)).toEqual(['HandResultEntered', 'HandSettled']);
  return only(events, 'HandSettled').data;
}
const paid = (transfers: readonly { from: string; to: string; points: number }[]) =>
  transfers.map((t) => `${t.from}→${t.to} ${t.points}`);

describe('a drawn hand entered with the patterns reached at the draw', () => {
  it('given S holds All Terminal and Honor Discards and W and S are ready, then S gets 1000 from E and N, then 4000 from each other player', () => {
    const settled = settledOf(drawn(['S', 'W'], [{ seat: 'S', pattern: TERMINALS }]));
    expect(settled.winners).toEqual([]);
    expect(paid(settled.transfers)).toEqual([
      // "1000 from player(s) with no ready hand(s)"
      'E→S 1000',
      'E→W 1000',
      'N→S 1000',
      'N→W 1000',
      // 4000, "×1 base points from other player(s)": W too, although ready.
      'E→S 4000',
      'W→S 4000',
      'N→S 4000',
    ]);
    expect(settled.transfers.slice(4).map((t) => t.reason)).toEqual(
      Array(3).fill('All Terminal and Honor Discards at exhaustive draw: paid as a self-draw'),
    );
    expect(deltasOf(settled.transfers, 4)).toEqual({ E: -6000, S: 14000, W: -2000, N: -6000 });
  });

  it('given N holds Eight Immortals with the eighth flower undrawn and nobody ready, then each other player pays N 8000', () => {
    const settled = settledOf(drawn([], [{ seat: 'N', pattern: IMMORTALS }]));
    expect(paid(settled.transfers)).toEqual(['E→N 8000', 'S→N 8000', 'W→N 8000']);
  });

  it('given three players and E holding All Terminal and Honor Discards, then S and W pay E 4000 each', () => {
    const settled = settledOf(drawn([], [{ seat: 'E', pattern: TERMINALS }]), { players: 3 });
    expect(paid(settled.transfers)).toEqual(['S→E 4000', 'W→E 4000']);
  });

  it('given two holders, then each is paid by every other, by one another too, seats in turn order', () => {
    const settled = settledOf(
      drawn(
        [],
        [
          { seat: 'W', pattern: TERMINALS },
          { seat: 'S', pattern: TERMINALS },
        ],
      ),
    );
    expect(deltasOf(settled.transfers, 4)).toEqual({ E: -8000, S: 8000, W: 8000, N: -8000 });
    expect(settled.transfers[0]).toMatchObject({ from: 'E', to: 'S' });
  });

  it('given one seat entered with both, then it scores Eight Immortals alone (a limit), and the entry keeps both', () => {
    const result = drawn(
      ['E'],
      [
        { seat: 'S', pattern: TERMINALS },
        { seat: 'S', pattern: IMMORTALS },
      ],
    );
    const events = eventsOf(decideEntry(entry('hu-mahjong', result), empty));
    expect(paid(only(events, 'HandSettled').data.transfers)).toEqual([
      'S→E 1000',
      'W→E 1000',
      'N→E 1000',
      'E→S 8000',
      'W→S 8000',
      'N→S 8000',
    ]);
    expect(only(events, 'HandResultEntered').data.result).toEqual(result);
  });

  it('given the ruleset’s patternPoints and limit, then the points are the ruleset’s', () => {
    const terminals = drawn([], [{ seat: 'S', pattern: TERMINALS }]);
    const points = (options: Record<string, unknown>, result = terminals) =>
      settledOf(result, { options }).transfers.map((t) => t.points);
    expect(points({ patternPoints: { [TERMINALS]: 3000 } })).toEqual([3000, 3000, 3000]);
    // One non-limit pattern: a lowered limit caps it.
    expect(points({ limit: 2000 })).toEqual([2000, 2000, 2000]);
    expect(points({ patternPoints: { [TERMINALS]: 0 } })).toEqual([]);
    const both = drawn(
      [],
      [
        { seat: 'S', pattern: IMMORTALS },
        { seat: 'S', pattern: TERMINALS },
      ],
    );
    expect(points({ patternPoints: { [IMMORTALS]: 6000 } }, both)).toEqual([6000, 6000, 6000]);
    // A limit worth 0 is no limit hand: the seat scores its other pattern.
    expect(points({ patternPoints: { [IMMORTALS]: 0 } }, both)).toEqual([4000, 4000, 4000]);
  });

  it('given an empty list or none, then only the ready-hand payment, and an entry stored without the field stays valid', () => {
    const none = settledOf(drawn(['W'], undefined));
    expect(settledOf(drawn(['W'], [])).transfers).toEqual(none.transfers);
    expect(paid(none.transfers)).toEqual(['E→W 1000', 'S→W 1000', 'N→W 1000']);
    const stored = only(
      eventsOf(decideEntry(entry('hu-mahjong', drawn(['W'], undefined)), empty)),
      'HandResultEntered',
    );
    expect(stored.data.result).toEqual({ kind: 'drawn', ready: ['W'] });
    expect(HandResultEntered.safeParse(JSON.parse(JSON.stringify(stored))).success).toBe(true);
  });

  it('given another preset and an empty list, then the draw is recorded and nothing moves', () => {
    const events = eventsOf(decideEntry(entry('four-seas', drawn(['E'], [])), empty));
    expect(events.map((e) => e.type)).toEqual(['HandResultEntered']);
  });
});

describe('the preview of such a draw', () => {
  it('lists each pattern with its Chinese and points, and the commit settles exactly the transfers previewed', () => {
    const command = entry('hu-mahjong', drawn(['S', 'W'], [{ seat: 'S', pattern: TERMINALS }]));
    const answer = previewEntry(command);
    if ('rejection' in answer) throw new Error(answer.rejection.message);
    const { preview } = answer;
    expect(preview.outcome).toBe('drawn');
    expect(preview.atDraw).toEqual([
      { seat: 'S', id: TERMINALS, name: 'All Terminal and Honor Discards', chinese: '么九池', points: 4000 },
    ]);
    expect(preview.seatDeltas).toEqual({ E: -6000, S: 14000, W: -2000, N: -6000 });
    expect(preview.playerDeltas).toEqual({ ana: -6000, bo: 14000, cy: -2000, di: -6000 });
    const settled = only(eventsOf(decideEntry(command, empty)), 'HandSettled').data;
    expect(settled.transfers).toEqual(preview.transfers);
  });

  it('lists none for a win', () => {
    const answer = previewEntry(
      entry('four-seas', { kind: 'win', by: 'self-draw', claims: [{ seat: 'E', handScore: 8 }] }),
    );
    expect('preview' in answer && answer.preview.atDraw).toEqual([]);
  });
});

describe('a drawn hand’s patterns refused', () => {
  const refused = (
    result: EntryResult,
    table: Table = {},
    preset: 'hu-mahjong' | 'four-seas' = 'hu-mahjong',
  ) => {
    const command = entry(preset, result, table);
    const rejection = rejectionOf(decideEntry(command, empty));
    // The preview refuses alike: nothing is previewed that the commit would refuse.
    expect(rejectionOf(previewEntry(command))).toEqual(rejection);
    return rejection;
  };

  it('given another preset and a pattern, then result.patterns: only hu-mahjong scores one at a draw', () => {
    const rejection = refused(drawn([], [{ seat: 'S', pattern: TERMINALS }]), {}, 'four-seas');
    expect(rejection).toMatchObject({ code: 'invalid-entry', field: 'result.patterns' });
    expect(rejection.message).toBe(
      'four-seas scores no pattern at an exhaustive draw: only hu-mahjong (seed 003) does',
    );
  });

  it('given a seat not at a three-player table, then result.patterns[0].seat', () => {
    expect(refused(drawn([], [{ seat: 'N', pattern: TERMINALS }]), { players: 3 })).toMatchObject({
      code: 'invalid-entry',
      field: 'result.patterns[0].seat',
      message: 'no player sits at N',
    });
  });

  it('given a seat named twice for one pattern, then the second’s seat', () => {
    const twice = drawn(
      [],
      [
        { seat: 'S', pattern: TERMINALS },
        { seat: 'W', pattern: TERMINALS },
        { seat: 'S', pattern: TERMINALS },
      ],
    );
    expect(refused(twice)).toMatchObject({
      field: 'result.patterns[2].seat',
      message: 'S is named twice for all-terminal-and-honor-discards',
    });
  });

  it('given Eight Immortals for two seats, then the second’s seat: seven of the eight flowers are one seat’s', () => {
    const two = drawn(
      [],
      [
        { seat: 'E', pattern: IMMORTALS },
        { seat: 'W', pattern: IMMORTALS },
      ],
    );
    expect(refused(two)).toMatchObject({ field: 'result.patterns[1].seat' });
  });

  it('given Eight Immortals at a table without flowers, then result.patterns[0].pattern', () => {
    expect(
      refused(drawn([], [{ seat: 'E', pattern: IMMORTALS }]), { options: { flowers: false } }),
    ).toMatchObject({
      field: 'result.patterns[0].pattern',
      message: 'the table plays without flowers: no Eight Immortals',
    });
  });

  it('given a pattern seed 003 does not score at a draw, then result.patterns[0].pattern', () => {
    const result = { kind: 'drawn', ready: [], patterns: [{ seat: 'E', pattern: 'all-simples' }] };
    expect(refused(result as unknown as EntryResult)).toMatchObject({ field: 'result.patterns[0].pattern' });
  });
});
