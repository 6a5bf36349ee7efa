// A finished hand stream read as the game counts it: its points per seat (the settlement in force, immediate
// payments and penalties paid at once), its winners, and — at an exhaustive draw — whether East was ready.
// A hand entered by a table scorer (HandResultEntered) is read the same way: its winners are the settlement's,
// East's readiness is as entered.
import { waits } from '../../hand/index.ts';
import { deltasOf, type Seat, type Transfer } from '../../rules/seats.ts';
import { applySettlement, type SettlementInForce } from '../correction/in-force.ts';
import type { PlayEvent } from '../events.ts';
import { evolve } from '../hand/evolve.ts';
import { type HandState, initialHandState, kindsOf, seatHand } from '../hand/state.ts';
import type { HandResult, RecordHandResult } from './commands.ts';

/** The game's record of hand `hand` from its stream, or undefined while the hand is not over. */
export function handResultOf(
  hand: number,
  events: readonly PlayEvent[],
  at: string,
): RecordHandResult | undefined {
  let state: HandState = initialHandState;
  let inForce: SettlementInForce | undefined;
  const paidNow: Transfer[] = [];
  const winners: Seat[] = [];
  let selfDraw = false;
  let end: HandResult | undefined;
  /** An entered win: the contract, not the entry, says who won (a head-bump lapses a claim). */
  let enteredWin: { selfDraw: boolean; winners: readonly Seat[] } | undefined;
  for (const [index, event] of events.entries()) {
    switch (event.type) {
      case 'HandSettled':
      case 'SettlementCorrected':
        // The one settlement in force: an adjustment adds to it, a replacement restates it.
        inForce = applySettlement(inForce, event, index);
        if (enteredWin !== undefined)
          enteredWin = { ...enteredWin, winners: event.data.winners.map((w) => w.seat) };
        break;
      case 'ImmediatePayment':
        paidNow.push(...event.data.transfers);
        break;
      case 'PenaltyAssessed':
        if (event.data.settled === 'now') paidNow.push(...event.data.transfers);
        break;
      case 'WinDeclared':
        winners.push(event.data.seat);
        if (event.data.by === 'self-draw') selfDraw = true;
        break;
      case 'HandDrawn': {
        const east = seatHand(state, 'E');
        end = { kind: 'drawn', dealerReady: waits(kindsOf(east), east.melds).length > 0 };
        break;
      }
      case 'HandVoided':
        end = { kind: 'voided' };
        break;
      case 'HandResultEntered': {
        const { result } = event.data;
        if (result.kind === 'win') enteredWin = { selfDraw: result.by === 'self-draw', winners: [] };
        else if (result.kind === 'drawn') end = { kind: 'drawn', dealerReady: result.ready.includes('E') };
        else end = { kind: 'voided' };
        break;
      }
      default:
        break;
    }
    state = evolve(state, event);
  }
  if (winners.length > 0) end = { kind: 'won', winners, selfDraw };
  if (enteredWin !== undefined && enteredWin.winners.length > 0)
    end = { kind: 'won', winners: enteredWin.winners, selfDraw: enteredWin.selfDraw };
  if (end === undefined) return undefined;
  const players = Object.keys(state.seats).length as 2 | 3 | 4;
  const deltas = deltasOf([...paidNow, ...(inForce?.transfers ?? [])], players);
  return { type: 'RecordHandResult', hand, result: end, deltas, at };
}
