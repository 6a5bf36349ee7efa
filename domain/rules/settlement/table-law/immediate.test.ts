// Immediate payments of seed 004 (004_09ddc7a2a14e8477.txt), one given/when/then per rule, numbers from the text.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../../tiles/index.ts';
import { RuleInputError } from '../../errors.ts';
import { deltasOf, type Seat } from '../../seats.ts';
import { chasingPayments, type Discard, findChases } from './chasing.ts';
import { concealedGongTransfers, unshownConcealedGongTransfers } from './concealed-gong.ts';
import { deadHandRejection } from './dead-hand.ts';
import { diceTriplePoints, diceTripleTransfers } from './dice-triples.ts';
import { flowerMoneyTransfers } from './flower-money.ts';
import { EMPTY_IMMEDIATE_RECORD, recordImmediate, settleImmediateEvent } from './immediate.ts';
import { westChaseTransfers, westException } from './west-exception.ts';

/** 'E:5p S:5p' → the discard flow. */
const flow = (text: string): Discard[] =>
  text
    .trim()
    .split(/\s+/)
    .map((item) => {
      const [seat, tile] = item.split(':') as [Seat, string];
      return { seat, tile: parseTiles(tile)[0]! };
    });

describe('chasing: four identical tiles discarded in a row, the first discarder pays every opponent', () => {
  it('given four Red dragons in a row from S, W, N, E, then S pays each opponent 5 (honour)', () => {
    const { chases, transfers } = chasingPayments(flow('E:1m S:7z W:7z N:7z E:7z S:2p'), 4);
    expect(chases).toEqual([{ tile: parseTiles('7z')[0], firstDiscarder: 'S', at: 1 }]);
    expect(deltasOf(transfers, 4)).toEqual({ E: 5, S: -15, W: 5, N: 5 });
  });

  it('given four 5 Circles in a row from W, N, E, S, then W pays each opponent 10 (suit tile)', () => {
    const { transfers } = chasingPayments(flow('W:5p N:5p E:5p S:5p'), 4);
    expect(deltasOf(transfers, 4)).toEqual({ E: 10, S: 10, W: -30, N: 10 });
    expect(transfers.every((t) => t.points === 10 && t.from === 'W')).toBe(true);
  });

  it('given another tile between the copies, then there is no chase', () => {
    expect(findChases(flow('E:5p S:5p W:6p N:5p E:5p'))).toEqual([]);
    expect(chasingPayments(flow('E:5p S:5p W:5p'), 4).transfers).toEqual([]);
  });

  it('given a fifth copy or a flower in the flow, then the flow is refused', () => {
    expect(() => chasingPayments(flow('E:5p S:5p W:5p N:5p E:5p'), 4)).toThrow(RuleInputError);
    expect(() => chasingPayments(flow('E:1f'), 4)).toThrow(/flower/);
  });

  it('given a chasing event that is not four identical tiles in a row, then it is refused', () => {
    const event = { kind: 'chasing' as const, id: 'c1', discards: flow('E:5p S:5p W:5p N:6p') };
    expect(() => settleImmediateEvent(event, { players: 4 })).toThrow(RuleInputError);
  });
});

describe('the West wind exception: three Wests in a row, the fourth shown and kept, the chase still counts', () => {
  const threeWests = flow('N:1m E:3z S:3z W:3z');

  it('given three Wests in a row and N, next, holding the fourth, then N holds it back', () => {
    const ruling = westException(threeWests, 'N', true, 4);
    expect(ruling).toMatchObject({ applies: true, holdBack: 'N', chase: { shownBy: 'N' } });
  });

  it('given the exception, then E, who discarded the first West, pays 5 to each player who took part', () => {
    const ruling = westException(threeWests, 'N', true, 4);
    if (!ruling.applies) throw new Error('expected the exception');
    expect(deltasOf(westChaseTransfers(ruling.chase, 4), 4)).toEqual({ E: -15, S: 5, W: 5, N: 5 });
  });

  it('given a three-player table where E showed the fourth after discarding the first, then E pays S and W', () => {
    const ruling = westException(flow('E:3z S:3z W:3z'), 'E', true, 3);
    if (!ruling.applies) throw new Error('expected the exception');
    expect(deltasOf(westChaseTransfers(ruling.chase, 3), 3)).toEqual({ E: -10, S: 5, W: 5 });
  });

  it('given the next player without the fourth West, or only two Wests, then it does not apply', () => {
    expect(westException(threeWests, 'N', false, 4).applies).toBe(false);
    expect(westException(flow('E:3z S:3z'), 'W', true, 4).applies).toBe(false);
    expect(westException(flow('E:3z S:3z W:1m'), 'N', true, 4).applies).toBe(false);
  });

  it('given all four Wests already discarded, then no one can hold one', () => {
    expect(() => westException(flow('E:3z S:3z W:3z N:3z'), 'E', true, 4)).toThrow(RuleInputError);
  });
});

describe('dice triples: a triple 1 to 5 pays 5, a triple 6 pays 10', () => {
  it.each([
    [[1, 1, 1], 5],
    [[5, 5, 5], 5],
    [[6, 6, 6], 10],
    [[6, 6, 5], undefined],
  ])('given the dice %j, then the throw pays %s', (dice, points) => {
    expect(diceTriplePoints(dice)).toBe(points);
  });

  it('given S throws 3-3-3, then each other player pays S 5', () => {
    expect(deltasOf(diceTripleTransfers([3, 3, 3], 'S', 4), 4)).toEqual({ E: -5, S: 15, W: -5, N: -5 });
  });

  it('given E throws 6-6-6, then each other player pays E 10', () => {
    expect(deltasOf(diceTripleTransfers([6, 6, 6], 'E', 4), 4)).toEqual({ E: 30, S: -10, W: -10, N: -10 });
  });

  it('given no triple as a dice-triple event, or a die of 7, then it is refused', () => {
    const event = { kind: 'dice-triple' as const, id: 'd1', thrower: 'E' as const, dice: [1, 2, 3] };
    expect(() => settleImmediateEvent(event, { players: 4 })).toThrow(/no triple/);
    expect(() => diceTriplePoints([7, 7, 7])).toThrow(RuleInputError);
  });
});

describe('concealed gong: 5 from each opponent when correctly declared', () => {
  it('given W declares a concealed gong correctly, then each opponent pays W 5', () => {
    expect(deltasOf(concealedGongTransfers('W', { players: 4 }), 4)).toEqual({ E: -5, S: -5, W: 15, N: -5 });
  });

  it('given a dead hand among the opponents, then it still pays', () => {
    const transfers = concealedGongTransfers('W', { players: 4, deadHands: ['N'] });
    expect(deltasOf(transfers, 4)).toEqual({ E: -5, S: -5, W: 15, N: -5 });
  });
});

describe('unshown concealed gong: 10 to each opponent once East discards the first tile of the next hand', () => {
  it('given S left a concealed gong unshown, then S pays each opponent 10', () => {
    const { transfers } = unshownConcealedGongTransfers('S', { players: 4 });
    expect(deltasOf(transfers, 4)).toEqual({ E: 10, S: -30, W: 10, N: 10 });
  });

  it('given the gong was also declared, then the 5 it earned and the 10 penalty are separate entries', () => {
    const table = { players: 4 as const };
    let record = recordImmediate(
      EMPTY_IMMEDIATE_RECORD,
      { kind: 'concealed-gong', id: 'g1', seat: 'S' },
      table,
    );
    record = recordImmediate(record, { kind: 'unshown-concealed-gong', id: 'g1-unshown', seat: 'S' }, table);
    expect(record.entries.map((e) => [e.kind, deltasOf(e.transfers, 4).S])).toEqual([
      ['concealed-gong', 15],
      ['unshown-concealed-gong', -30],
    ]);
  });
});

describe('dead hand (too many or too few tiles): keeps paying, cannot win, claim, declare or collect', () => {
  const dead: Seat[] = ['S'];

  it('given S holds a dead hand, then declaring Mahjong is refused as a false Mahjong, a claim as a claim', () => {
    expect(deadHandRejection('S', 'declare-mahjong', dead)).toMatchObject({
      code: 'dead-hand',
      falseMahjong: true,
    });
    expect(deadHandRejection('S', 'claim', dead)).toMatchObject({ code: 'dead-hand', falseMahjong: false });
    expect(deadHandRejection('S', 'declare-set', dead)?.action).toBe('declare-set');
    expect(deadHandRejection('E', 'declare-mahjong', dead)).toBeUndefined();
  });

  it('given S holds a dead hand, then S cannot declare a concealed gong', () => {
    expect(() => concealedGongTransfers('S', { players: 4, deadHands: dead })).toThrow(/too many or too few/);
  });

  it('given S holds a dead hand, then S collects no flower money and no gong money but pays both', () => {
    const table = { players: 4 as const, deadHands: dead };
    const flower = flowerMoneyTransfers({ seat: 'S', pointsFromEach: 2, what: 'Plum' }, table);
    expect(flower.transfers).toEqual([]);
    expect(flower.withheld).toEqual([{ seat: 'S', reason: expect.stringMatching(/flower money/) }]);
    const unshown = unshownConcealedGongTransfers('E', table);
    expect(deltasOf(unshown.transfers, 4)).toEqual({ E: -20, S: 0, W: 10, N: 10 });
    expect(unshown.withheld.map((w) => w.seat)).toEqual(['S']);
    expect(
      deltasOf(flowerMoneyTransfers({ seat: 'W', pointsFromEach: 2, what: 'Plum' }, table).transfers, 4),
    ).toEqual({ E: -2, S: -2, W: 6, N: -2 });
  });

  it('given S holds a dead hand, then S pays dice triples and chasing as normal (and is paid them)', () => {
    const table = { players: 4 as const, deadHands: dead };
    const dice = settleImmediateEvent({ kind: 'dice-triple', id: 'd', thrower: 'E', dice: [2, 2, 2] }, table);
    expect(deltasOf(dice.transfers, 4)).toEqual({ E: 15, S: -5, W: -5, N: -5 });
    const chase = settleImmediateEvent(
      { kind: 'chasing', id: 'c', discards: flow('S:9s W:9s N:9s E:9s') },
      table,
    );
    expect(deltasOf(chase.transfers, 4)).toEqual({ E: 10, S: -30, W: 10, N: 10 });
  });
});

describe('flower money: a hook, the amount supplied by the table', () => {
  it('given the table pays 1 for a flower, then each opponent pays the declarer 1', () => {
    const { transfers } = flowerMoneyTransfers(
      { seat: 'N', pointsFromEach: 1, what: 'Orchid' },
      { players: 4 },
    );
    expect(deltasOf(transfers, 4)).toEqual({ E: -1, S: -1, W: -1, N: 3 });
  });

  it('given N at a three-player table, then the seat is refused', () => {
    const money = { seat: 'N' as const, pointsFromEach: 1, what: 'Orchid' };
    expect(() => flowerMoneyTransfers(money, { players: 3 })).toThrow(RuleInputError);
  });
});
