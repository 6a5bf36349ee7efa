// The West wind exception, seed 004: the fourth West is shown and kept, and the chase still counts; the West is
// discarded in the next round of turns.
import { WEST } from '../../../tiles/index.ts';
import { RuleInputError } from '../../errors.ts';
import type { PlayerCount, Seat, Transfer } from '../../seats.ts';
import { CHASING_HONOUR, chasingPoints, checkFlow, type Discard } from './chasing.ts';
import { checkSeat, type TableLawAmounts } from './ledger.ts';

/**
 * "The player who discarded the first West pays 5 points to each player who took part." West is an honour:
 * the table's `chasingHonor` when set.
 */
export const WEST_CHASE = CHASING_HONOUR;

export interface WestChase {
  /** The three Wests discarded in a row. */
  readonly wests: readonly Discard[];
  /** The player who showed the fourth West and kept it. */
  readonly shownBy: Seat;
}

export type WestExceptionRuling =
  | { readonly applies: false; readonly reason: string }
  | {
      readonly applies: true;
      /** Shows the fourth West, keeps it, discards another tile now and the West in the next round of turns. */
      readonly holdBack: Seat;
      readonly chase: WestChase;
    };

/**
 * Whether the player about to discard must hold back the fourth West: the last three discards are Wests and
 * they hold the fourth. Anyone else holding it is not asked: the next discard breaks the run either way.
 */
export function westException(
  flow: readonly Discard[],
  next: Seat,
  holdsWest: boolean,
  players: PlayerCount,
): WestExceptionRuling {
  checkFlow(flow, players);
  checkSeat(next, players, 'next');
  const wests = flow.filter((d) => d.tile === WEST).length;
  if (holdsWest && wests === 4)
    throw new RuleInputError('holdsWest', 'all four Wests are already discarded: no one holds one');
  const lastThree = flow.slice(-3);
  if (lastThree.length < 3 || lastThree.some((d) => d.tile !== WEST) || flow.at(-4)?.tile === WEST)
    return { applies: false, reason: 'the last three discards are not three Wests in a row' };
  if (!holdsWest) return { applies: false, reason: `${next} does not hold the fourth West` };
  return { applies: true, holdBack: next, chase: { wests: lastThree, shownBy: next } };
}

/** The fourth West shown and kept: by whom, and at which discard of the flow (the tile thrown in its place). */
export interface WestShown {
  readonly seat: Seat;
  readonly at: number;
}

/**
 * "Discard your West in the next round of turns": whether `next`, about to discard, owes the West it showed and
 * kept. It does on its first discard after the one it made in the West's place, however its turn came (a draw,
 * a pong or chow, a kong's replacement), while it holds the West. Nobody can meld a single West (three are in
 * the discards), so it leaves the hand only by that discard, or with the hand's end.
 */
export function westOwed(
  flow: readonly Discard[],
  shown: WestShown | undefined,
  next: Seat,
  holdsWest: boolean,
): boolean {
  if (shown === undefined || shown.seat !== next || !holdsWest) return false;
  if (flow[shown.at]?.seat !== next) return false;
  return flow.slice(shown.at + 1).every((d) => d.seat !== next);
}

/**
 * "Each player who took part": whoever discarded one of the three Wests or showed the fourth, the first
 * discarder excepted. At four players that is every opponent, as in an ordinary chase.
 */
export function westChaseParticipants(chase: WestChase): Seat[] {
  const [first] = chase.wests;
  const seats = new Set([...chase.wests.map((d) => d.seat), chase.shownBy]);
  return [...seats].filter((seat) => seat !== first?.seat);
}

export function westChaseTransfers(
  chase: WestChase,
  players: PlayerCount,
  amounts?: Partial<TableLawAmounts>,
): Transfer[] {
  if (chase.wests.length !== 3 || chase.wests.some((d) => d.tile !== WEST))
    throw new RuleInputError('wests', 'the West exception needs the three Wests discarded in a row');
  checkFlow(chase.wests, players, 'wests');
  checkSeat(chase.shownBy, players, 'shownBy');
  const first = chase.wests[0]!.seat;
  const points = chasingPoints(WEST, amounts);
  if (points === 0) return [];
  return westChaseParticipants(chase).map((to) => ({
    from: first,
    to,
    points,
    reason: `chasing, West exception: three Wests in a row and the fourth shown by ${chase.shownBy}; ${first} discarded the first and pays ${points} to each player who took part`,
  }));
}
