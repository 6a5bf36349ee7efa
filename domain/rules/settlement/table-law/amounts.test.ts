// The table's amounts, seed 004 (004_09ddc7a2a14e8477.txt) as the defaults: each organizer option of the
// table-law preset changes exactly its own payment, and every record still sums to zero.
import { describe, expect, it } from 'vitest';
import { parseTiles } from '../../../tiles/index.ts';
import { RuleInputError } from '../../errors.ts';
import { OPTION_SCHEMAS } from '../../rulesets/presets.ts';
import { deltasOf, type Seat } from '../../seats.ts';
import { CHASING_HONOUR, CHASING_SUIT, chasingPayments, type Discard } from './chasing.ts';
import { CONCEALED_GONG, concealedGongTransfers, UNSHOWN_CONCEALED_GONG } from './concealed-gong.ts';
import { deadHandRejection } from './dead-hand.ts';
import { DICE_TRIPLE, DICE_TRIPLE_SIX, diceTriplePoints, diceTripleTransfers } from './dice-triples.ts';
import { FALSE_MAHJONG, falseMahjongTransfers } from './false-mahjong.ts';
import { type HandOutcome, settleFinalHand } from './final-hand.ts';
import { settleTableLawHand, type TableLawHand } from './hand.ts';
import { type ImmediateEvent, settleImmediateEvent } from './immediate.ts';
import { drawnHandKitty, KITTY_STAKE } from './kitty.ts';
import { ledgerDeltas, ledgerSum, resolveAmounts, SEED_004_AMOUNTS, type TableLawAmounts } from './ledger.ts';
import { ROBBED_GONG_EXTRA } from './robbing-gong.ts';
import { NO_STREAK } from './streak.ts';
import { WEST_CHASE, westChaseTransfers } from './west-exception.ts';

const tile = (text: string) => parseTiles(text)[0]!;
const drawn: TableLawHand = {
  players: 4,
  streak: NO_STREAK,
  kitty: { points: 0 },
  outcome: { kind: 'drawn' },
};
const run = (text: string, seats: readonly Seat[]): Discard[] =>
  seats.map((seat) => ({ seat, tile: tile(text) }));

describe('the amounts: the nine retroactive options of the table-law preset, the seed’s values by default', () => {
  it('given the preset’s defaults, then they are the seed’s amounts, under the same names', () => {
    const defaults = OPTION_SCHEMAS['table-law'].parse({});
    const names = Object.keys(SEED_004_AMOUNTS) as (keyof TableLawAmounts)[];
    expect(names.sort()).toEqual(
      [
        'chasingHonor',
        'chasingSuit',
        'diceTriple',
        'diceTripleSix',
        'concealedGong',
        'unshownConcealedGong',
        'kitty',
        'robbingGongBonus',
        'falseMahjong',
      ].sort(),
    );
    for (const name of names) expect(defaults[name]).toBe(SEED_004_AMOUNTS[name]);
  });

  it('given the exported constants, then they are the seed’s defaults', () => {
    expect([
      CHASING_HONOUR,
      CHASING_SUIT,
      WEST_CHASE,
      DICE_TRIPLE,
      DICE_TRIPLE_SIX,
      CONCEALED_GONG,
      UNSHOWN_CONCEALED_GONG,
      KITTY_STAKE,
      ROBBED_GONG_EXTRA,
      FALSE_MAHJONG,
    ]).toEqual([5, 10, 5, 5, 10, 5, 10, 5, 10, 25]);
  });

  it('given some amounts, then the missing ones are the seed’s; given none, the seed’s', () => {
    expect(resolveAmounts(undefined)).toEqual(SEED_004_AMOUNTS);
    expect(resolveAmounts({})).toEqual(SEED_004_AMOUNTS);
    expect(resolveAmounts({ kitty: 7, falseMahjong: 30 })).toEqual({
      ...SEED_004_AMOUNTS,
      kitty: 7,
      falseMahjong: 30,
    });
  });

  it('given the preset’s whole option object, then only the nine amounts are read', () => {
    const options = OPTION_SCHEMAS['table-law'].parse({ chasingSuit: 12 });
    expect(resolveAmounts(options)).toEqual({ ...SEED_004_AMOUNTS, chasingSuit: 12 });
  });

  it.each([-1, 2.5, Number.NaN])('given an amount of %s, then RuleInputError on that amount', (points) => {
    expect(() => resolveAmounts({ diceTriple: points })).toThrow(RuleInputError);
    expect(() => settleFinalHand({ ...drawn, amounts: { kitty: points } })).toThrow(
      expect.objectContaining({ field: 'amounts.kitty' }),
    );
  });
});

describe('each amount changes its own payment, with the amount in the reason', () => {
  it('given chasingSuit 12, then four 3 Circles in a row cost the first discarder 12 to each opponent', () => {
    const { transfers } = chasingPayments(run('3p', ['W', 'N', 'E', 'S']), 4, { chasingSuit: 12 });
    expect(deltasOf(transfers, 4)).toEqual({ E: 12, S: 12, W: -36, N: 12 });
    expect(transfers[0]!.reason).toMatch(/chasing 3p .*first discarder W pays 12/);
    expect(
      chasingPayments(run('7z', ['W', 'N', 'E', 'S']), 4, { chasingSuit: 12 }).transfers[0]!.points,
    ).toBe(5);
  });

  it('given chasingHonor 3, then an honour chase and the West exception’s chase pay 3, a suit chase still 10', () => {
    const amounts = { chasingHonor: 3 };
    expect(deltasOf(chasingPayments(run('7z', ['S', 'W', 'N', 'E']), 4, amounts).transfers, 4)).toEqual({
      E: 3,
      S: -9,
      W: 3,
      N: 3,
    });
    const west = westChaseTransfers({ wests: run('3z', ['E', 'S', 'W']), shownBy: 'N' }, 4, amounts);
    expect(deltasOf(west, 4)).toEqual({ E: -9, S: 3, W: 3, N: 3 });
    expect(west[0]!.reason).toMatch(/pays 3 to each player who took part/);
    expect(chasingPayments(run('5p', ['S', 'W', 'N', 'E']), 4, amounts).transfers[0]!.points).toBe(10);
  });

  it('given diceTripleSix 15, then 6-6-6 pays 15 from each other player and 2-2-2 still 5', () => {
    const six = diceTripleTransfers([6, 6, 6], 'E', 4, { diceTripleSix: 15 });
    expect(deltasOf(six, 4)).toEqual({ E: 45, S: -15, W: -15, N: -15 });
    expect(six[0]!.reason).toMatch(/pays 15$/);
    expect(diceTriplePoints([2, 2, 2], { diceTripleSix: 15 })).toBe(5);
  });

  it('given diceTriple 4, then 3-3-3 pays 4 and 6-6-6 still 10', () => {
    expect(deltasOf(diceTripleTransfers([3, 3, 3], 'S', 4, { diceTriple: 4 }), 4)).toEqual({
      E: -4,
      S: 12,
      W: -4,
      N: -4,
    });
    expect(diceTriplePoints([6, 6, 6], { diceTriple: 4 })).toBe(10);
  });

  it('given concealedGong 6, then each opponent pays the declarer 6', () => {
    const transfers = concealedGongTransfers('W', { players: 4, amounts: { concealedGong: 6 } });
    expect(deltasOf(transfers, 4)).toEqual({ E: -6, S: -6, W: 18, N: -6 });
    expect(transfers[0]!.reason).toMatch(/each opponent pays 6/);
  });

  it('given unshownConcealedGong 12, then the holder pays each opponent 12, a dead hand still collecting none', () => {
    const table = { players: 4 as const, deadHands: ['N' as const], amounts: { unshownConcealedGong: 12 } };
    const entry = settleImmediateEvent({ kind: 'unshown-concealed-gong', id: 'u', seat: 'S' }, table);
    expect(deltasOf(entry.transfers, 4)).toEqual({ E: 12, S: -24, W: 12, N: 0 });
    expect(entry.transfers[0]!.reason).toMatch(/12 to each opponent/);
    expect(entry.withheld.map((w) => w.seat)).toEqual(['N']);
  });

  it('given kitty 7, then each player puts 7 into the kitty after a drawn hand', () => {
    const record = settleFinalHand({ ...drawn, kitty: { points: 10 }, amounts: { kitty: 7 } });
    expect(ledgerDeltas(record.transfers, 4)).toEqual({ seats: { E: -7, S: -7, W: -7, N: -7 }, kitty: 28 });
    expect(record.kitty).toEqual({ points: 38 });
    expect(record.transfers[0]!.reason).toBe('drawn hand: 7 into the kitty');
    expect(drawnHandKitty({ points: 0 }, 3, { kitty: 7 }).kitty).toEqual({ points: 21 });
  });

  it('given robbingGongBonus 20, then the gong player pays the robber 20 beside the hand, whose score holds its own 10', () => {
    const outcome: HandOutcome = {
      kind: 'win',
      winType: 'robbing-kong',
      from: 'N',
      winners: [{ seat: 'S', handScore: 30 }],
    };
    const record = settleFinalHand({ ...drawn, outcome, amounts: { robbingGongBonus: 20 } });
    expect(record.transfers.map((t) => `${t.from}>${t.to} ${t.points}`)).toEqual(['N>S 30', 'N>S 20']);
    expect(record.transfers[1]!.reason).toMatch(/an extra 20$/);
    const short = { ...outcome, winners: [{ seat: 'S' as const, handScore: 9 }] };
    expect(() => settleFinalHand({ ...drawn, outcome: short, amounts: { robbingGongBonus: 20 } })).toThrow(
      /Robbing the Gong \(10\)/,
    );
  });

  it('given falseMahjong 30, then the declarer pays 30 to each other player, 90 in total', () => {
    const record = settleFinalHand({
      ...drawn,
      outcome: { kind: 'false-mahjong', declarer: 'W' },
      amounts: { falseMahjong: 30 },
    });
    expect(ledgerDeltas(record.transfers, 4)).toEqual({ seats: { E: 30, S: 30, W: -90, N: 30 }, kitty: 0 });
    expect(record.transfers[0]!.reason).toBe('false Mahjong by W: 30 to each other player');
    expect(deadHandRejection('S', 'declare-mahjong', ['S'], { falseMahjong: 30 })?.message).toMatch(
      /30 to each other player/,
    );
    expect(deltasOf(falseMahjongTransfers('E', 2, { falseMahjong: 30 }), 2)).toEqual({ E: -30, S: 30 });
  });

  it('given an amount of 0, then that rule pays nothing and the event is still settled once', () => {
    const table = { players: 4 as const, amounts: { diceTriple: 0 } };
    const entry = settleImmediateEvent(
      { kind: 'dice-triple', id: 'd', thrower: 'E', dice: [4, 4, 4] },
      table,
    );
    expect(entry).toMatchObject({ eventId: 'd', transfers: [] });
    expect(() =>
      settleImmediateEvent({ kind: 'dice-triple', id: 'd', thrower: 'E', dice: [4, 5, 4] }, table),
    ).toThrow(/no triple/);
    expect(settleFinalHand({ ...drawn, amounts: { kitty: 0 } })).toMatchObject({
      transfers: [],
      kitty: { points: 0 },
    });
  });
});

/** Every immediate payment the amounts reach, in one hand; the final outcome pays the rest. */
const EVENTS: ImmediateEvent[] = [
  { kind: 'chasing', id: 'honour', discards: run('7z', ['N', 'E', 'S', 'W']) },
  { kind: 'chasing', id: 'suit', discards: run('5p', ['E', 'S', 'W', 'N']) },
  { kind: 'west-exception', id: 'west', wests: run('3z', ['S', 'W', 'N']), shownBy: 'E' },
  { kind: 'dice-triple', id: 'triple', thrower: 'S', dice: [3, 3, 3] },
  { kind: 'dice-triple', id: 'six', thrower: 'W', dice: [6, 6, 6] },
  { kind: 'concealed-gong', id: 'gong', seat: 'N' },
  { kind: 'unshown-concealed-gong', id: 'unshown', seat: 'E' },
];

const OUTCOMES = {
  robbed: { kind: 'win', winType: 'robbing-kong', from: 'N', winners: [{ seat: 'S', handScore: 30 }] },
  drawn: { kind: 'drawn' },
  false: { kind: 'false-mahjong', declarer: 'W' },
} satisfies Record<string, HandOutcome>;

describe('a non-default amount changes exactly its own payment in a whole hand', () => {
  it.each<[keyof TableLawAmounts, number, keyof typeof OUTCOMES, RegExp]>([
    ['chasingHonor', 3, 'robbed', /^chasing( 7z|, West exception)/],
    ['chasingSuit', 12, 'robbed', /^chasing 5p/],
    ['diceTriple', 4, 'robbed', /^dice triple 3-3-3/],
    ['diceTripleSix', 15, 'robbed', /^dice triple 6-6-6/],
    ['concealedGong', 6, 'robbed', /^concealed gong/],
    ['unshownConcealedGong', 12, 'robbed', /^unshown concealed gong/],
    ['kitty', 7, 'drawn', /^drawn hand/],
    ['robbingGongBonus', 20, 'robbed', /extra/],
    ['falseMahjong', 30, 'false', /^false Mahjong/],
  ])(
    'given %s %i, then only its transfers change, to that amount, and every record sums to zero',
    (name, value, outcome, changed) => {
      const hand: TableLawHand = {
        players: 4,
        streak: { count: 1 },
        kitty: { points: 15 },
        outcome: OUTCOMES[outcome],
        immediate: EVENTS,
      };
      const seed = settleTableLawHand(hand).transfers;
      const amended = settleTableLawHand({ ...hand, amounts: { [name]: value } });
      expect(amended.transfers).toHaveLength(seed.length);
      let count = 0;
      amended.transfers.forEach((t, i) => {
        const before = seed[i]!;
        expect({ from: t.from, to: t.to }).toEqual({ from: before.from, to: before.to });
        if (changed.test(t.reason)) {
          count++;
          expect([before.points, t.points]).toEqual([SEED_004_AMOUNTS[name], value]);
          expect(t.reason).toContain(String(value));
        } else expect(t).toEqual(before);
      });
      expect(count).toBeGreaterThan(0);
      for (const d of Object.values(amended.deltas)) expect(ledgerSum(d)).toBe(0);
    },
  );
});
