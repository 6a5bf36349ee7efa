// Properties of the table-law settlement, seed 004: every record sums to zero; chasing pays only for four
// identical discards in a row.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isHonor, type Tile } from '../../../tiles/index.ts';
import { deltasOf, type PlayerCount, type Seat, seatsInPlay } from '../../seats.ts';
import { chasingPayments, type Discard } from './chasing.ts';
import type { HandOutcome } from './final-hand.ts';
import { settleTableLawHand, type TableLawHand } from './hand.ts';
import type { ImmediateEvent } from './immediate.ts';
import { ledgerSum, resolveAmounts, type TableLawAmounts } from './ledger.ts';

const playersArb = fc.constantFrom<PlayerCount>(2, 3, 4);

/** The organizer's amounts: any subset of the nine, each a whole number from 0 (the rest are the seed's). */
const amountsArb: fc.Arbitrary<Partial<TableLawAmounts>> = fc.record(
  {
    chasingHonor: fc.nat(40),
    chasingSuit: fc.nat(40),
    diceTriple: fc.nat(40),
    diceTripleSix: fc.nat(40),
    concealedGong: fc.nat(40),
    unshownConcealedGong: fc.nat(40),
    kitty: fc.nat(40),
    robbingGongBonus: fc.nat(40),
    falseMahjong: fc.nat(100),
  },
  { requiredKeys: [] },
);

/** Runs of 1 to 4 copies of a few kinds, so that chases are common; copies past the fourth are dropped. */
const flowArb = (players: PlayerCount): fc.Arbitrary<Discard[]> =>
  fc
    .array(
      fc.record({
        tile: fc.constantFrom<Tile>(4, 13, 29, 33),
        seats: fc.array(fc.constantFrom(...seatsInPlay(players)), { minLength: 1, maxLength: 4 }),
      }),
      { maxLength: 12 },
    )
    .map((runs) => {
      const copies = new Map<Tile, number>();
      return runs
        .flatMap(({ tile, seats }) => seats.map((seat) => ({ seat, tile })))
        .filter(({ tile }) => {
          const n = (copies.get(tile) ?? 0) + 1;
          copies.set(tile, n);
          return n <= 4;
        });
    });

/** The oracle: every window of four identical tiles not preceded by the same tile. */
function expectedChases(flow: readonly Discard[]): { tile: Tile; payer: Seat }[] {
  const found: { tile: Tile; payer: Seat }[] = [];
  for (let i = 0; i + 4 <= flow.length; i++) {
    const window = flow.slice(i, i + 4);
    const same = window.every((d) => d.tile === window[0]!.tile);
    if (same && flow[i - 1]?.tile !== window[0]!.tile)
      found.push({ tile: window[0]!.tile, payer: window[0]!.seat });
  }
  return found;
}

describe('chasing is paid only for four identical discards in a row', () => {
  it('pays exactly the windows of four, the first discarder paying each opponent 5 or 10 (or the table’s)', () => {
    fc.assert(
      fc.property(
        playersArb.chain((players) => fc.tuple(fc.constant(players), flowArb(players))),
        fc.option(amountsArb, { nil: undefined }),
        ([players, flow], amounts) => {
          const { chases, transfers } = chasingPayments(flow, players, amounts);
          const expected = expectedChases(flow);
          expect(chases.map((c) => ({ tile: c.tile, payer: c.firstDiscarder }))).toEqual(expected);
          const want: Record<string, number> = Object.fromEntries(seatsInPlay(players).map((s) => [s, 0]));
          const { chasingHonor, chasingSuit } = { chasingHonor: 5, chasingSuit: 10, ...amounts };
          for (const { tile, payer } of expected) {
            const points = isHonor(tile) ? chasingHonor : chasingSuit;
            for (const seat of seatsInPlay(players)) {
              if (seat === payer) want[seat]! -= points * (players - 1);
              else want[seat]! += points;
            }
          }
          expect(deltasOf(transfers, players)).toEqual(want);
          if (transfers.length > 0) expect(expected.length).toBeGreaterThan(0);
        },
      ),
    );
  });
});

const handArb: fc.Arbitrary<TableLawHand> = playersArb.chain((players) => {
  const seats = seatsInPlay(players);
  const seat = fc.constantFrom(...seats);
  return fc
    .record({
      dead: fc.subarray([...seats], { maxLength: players - 1 }),
      streak: fc.record({ count: fc.nat(12), dieForgotten: fc.boolean() }),
      kitty: fc.nat(20).map((n) => ({ points: n * 5 })),
      outcomeKind: fc.constantFrom('discard', 'self-draw', 'robbing-kong', 'drawn', 'false-mahjong'),
      from: seat,
      winnerPicks: fc.subarray([...seats], { minLength: 1 }),
      scores: fc.array(fc.integer({ min: 10, max: 500 }), { minLength: 4, maxLength: 4 }),
      kittyCollected: fc.boolean(),
      flow: flowArb(players),
      dice: fc.array(fc.tuple(seat, fc.integer({ min: 1, max: 6 })), { maxLength: 3 }),
      gongs: fc.array(fc.tuple(seat, fc.boolean()), { maxLength: 3 }),
      flowers: fc.array(fc.tuple(seat, fc.nat(4)), { maxLength: 3 }),
      amounts: fc.option(amountsArb, { nil: undefined }),
    })
    .filter(({ dead, winnerPicks, from, outcomeKind }) => {
      const live = winnerPicks.filter(
        (s) => !dead.includes(s) && (outcomeKind === 'self-draw' || s !== from),
      );
      return live.length > 0;
    })
    .map((g): TableLawHand => {
      const live = g.winnerPicks.filter(
        (s) => !g.dead.includes(s) && (g.outcomeKind === 'self-draw' || s !== g.from),
      );
      const winners = live.map((s, i) => ({ seat: s, handScore: g.scores[i]! }));
      let outcome: HandOutcome;
      switch (g.outcomeKind) {
        case 'drawn':
          outcome = { kind: 'drawn' };
          break;
        case 'false-mahjong':
          outcome = { kind: 'false-mahjong', declarer: g.from };
          break;
        case 'self-draw':
          outcome = {
            kind: 'win',
            winType: 'self-draw',
            winners: winners.slice(0, 1),
            kittyCollected: g.kittyCollected,
          };
          break;
        default:
          outcome = {
            kind: 'win',
            winType: g.outcomeKind as 'discard' | 'robbing-kong',
            from: g.from,
            winners,
          };
      }
      const immediate: ImmediateEvent[] = [
        ...chasingPayments(g.flow, players).chases.map(
          (c, i): ImmediateEvent => ({
            kind: 'chasing',
            id: `c${i}`,
            discards: g.flow.slice(c.at, c.at + 4),
          }),
        ),
        ...g.dice.map(
          ([thrower, d], i): ImmediateEvent => ({
            kind: 'dice-triple',
            id: `d${i}`,
            thrower,
            dice: [d, d, d],
          }),
        ),
        ...g.gongs
          .filter(([s, shown]) => !shown || !g.dead.includes(s))
          .map(
            ([s, shown], i): ImmediateEvent =>
              shown
                ? { kind: 'concealed-gong', id: `g${i}`, seat: s }
                : { kind: 'unshown-concealed-gong', id: `g${i}`, seat: s },
          ),
        ...g.flowers.map(
          ([s, points], i): ImmediateEvent => ({
            kind: 'flower-money',
            id: `f${i}`,
            seat: s,
            pointsFromEach: points,
            what: 'flower',
          }),
        ),
      ];
      return {
        players,
        deadHands: g.dead,
        streak: g.streak,
        kitty: g.kitty,
        outcome,
        immediate,
        ...(g.amounts === undefined ? {} : { amounts: g.amounts }),
      };
    });
});

describe('every record sums to zero', () => {
  it('immediate, final and total, seats and kitty together; the kitty carried out matches what moved', () => {
    fc.assert(
      fc.property(handArb, (hand) => {
        const result = settleTableLawHand(hand);
        expect(result.transfers.every((t) => t.points > 0)).toBe(true);
        if (hand.outcome.kind === 'drawn')
          expect(result.deltas.final.kitty).toBe(resolveAmounts(hand.amounts).kitty * hand.players);
        if (hand.outcome.kind === 'false-mahjong')
          expect(
            result.deltas.final.seats[hand.outcome.declarer]! +
              resolveAmounts(hand.amounts).falseMahjong * (hand.players - 1),
          ).toBe(0);
        expect(ledgerSum(result.deltas.immediate)).toBe(0);
        expect(ledgerSum(result.deltas.final)).toBe(0);
        expect(ledgerSum(result.deltas.total)).toBe(0);
        expect(result.deltas.immediate.kitty).toBe(0);
        expect(result.final.kitty.points).toBe(hand.kitty.points + result.deltas.final.kitty);
        for (const seat of seatsInPlay(hand.players)) {
          expect(result.deltas.total.seats[seat]).toBe(
            result.deltas.immediate.seats[seat]! + result.deltas.final.seats[seat]!,
          );
        }
        for (const entry of result.immediate.entries) {
          expect(ledgerSum({ seats: deltasOf(entry.transfers, hand.players), kitty: 0 })).toBe(0);
          const barred = entry.kind === 'flower-money' || entry.kind.endsWith('gong');
          if (barred) for (const t of entry.transfers) expect(hand.deadHands).not.toContain(t.to);
        }
      }),
    );
  });
});
