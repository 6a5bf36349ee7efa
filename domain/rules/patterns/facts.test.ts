// The scorer adds a suit's sets to a decomposition's facts from the suit table's summary words in one step
// (HandFacts.addArrangement); it must give the same facts as adding the arrangement's sets one by one, for
// every arrangement the table holds, in every suit, wherever the winning tile sits, won either way.
import { describe, expect, it } from 'vitest';
import { HandScan, writeSuitArrangement } from '../../hand/index.ts';
import { ARRANGEMENT_HEADER, SLOT_INTS, Slot, suitTable } from '../../hand/suit-table.ts';
import { EAST, RED } from '../../tiles/index.ts';
import { HandFacts, NO_LUCK, type WinSituation } from './facts.ts';

/** The facts a pattern may read of one decomposition, as numbers. */
function snapshot(f: HandFacts, into: Int32Array): void {
  let i = 0;
  into[i++] = f.chowCount;
  for (let k = 0; k < 4; k++) into[i++] = k < f.chowCount ? f.chows[k]! : -1;
  into[i++] = f.pungCount;
  for (let k = 0; k < 4; k++) into[i++] = k < f.pungCount ? f.pungs[k]! : -1;
  into[i++] = f.kongs;
  into[i++] = f.concealedPungs;
  into[i++] = f.pair;
  for (let s = 0; s < 3; s++) into[i++] = f.chowRanks[s]!;
  for (let s = 0; s < 3; s++) into[i++] = f.pungRanks[s]!;
  into[i++] = f.honorPungs;
  into[i++] = f.everyGroupTerminalOrHonor ? 1 : 0;
  into[i++] = f.everyGroupTerminal ? 1 : 0;
  into[i++] = f.identicalChows;
  into[i++] = f.needs;
}

const situation = (winType: WinSituation['winType']): WinSituation => ({
  winType,
  seatWind: EAST,
  prevalentWind: EAST,
  dealer: false,
  flowers: [],
  luck: NO_LUCK,
});

describe('HandFacts.addArrangement', () => {
  it('gives the facts of the arrangement’s sets added one by one, for every arrangement of the table', () => {
    const { slots, pool } = suitTable();
    const scan = new HandScan().read(new Uint8Array(34));
    const facts = new HandFacts();
    const bySummary = new Int32Array(32);
    const bySets = new Int32Array(32);
    const codes: number[] = [];
    let compared = 0;
    const failures: string[] = [];
    for (let slot = 0; slot < slots.length; slot += SLOT_INTS) {
      if (slots[slot + Slot.KeyPlusOne] === 0) continue;
      const arrangements = slots[slot + Slot.Arrangements]!;
      let at = arrangements >> 3;
      for (let a = 0; a < (arrangements & 7); a++) {
        for (const suit of [0, 1, 2]) {
          codes.length = 0;
          const length = writeSuitArrangement(codes, 0, suit, at);
          // The winning tile on each rank of the suit, and outside it.
          for (let winning = suit * 9 - 1; winning <= suit * 9 + 9; winning++) {
            for (const winType of ['discard', 'self-draw'] as const) {
              const tile = winning < 0 ? RED : winning;
              facts.startHand(scan, [], 0, tile, situation(winType));
              facts.startDecomposition('standard');
              facts.addArrangement(suit, pool[at]!, pool[at + 1]!);
              facts.endDecomposition();
              snapshot(facts, bySummary);
              facts.startDecomposition('standard');
              for (let i = 0; i < length; i++) facts.addSet(codes[i]!, true);
              facts.endDecomposition();
              snapshot(facts, bySets);
              compared++;
              if (bySummary.some((n, i) => n !== bySets[i]) && failures.length < 10) {
                failures.push(`suit ${suit} sets ${codes.join(',')} winning ${tile} ${winType}`);
              }
            }
          }
        }
        at += ARRANGEMENT_HEADER + pool[at + 2]!;
      }
    }
    expect(failures).toEqual([]);
    expect(compared).toBe(23_533 * 3 * 11 * 2);
  });
});
