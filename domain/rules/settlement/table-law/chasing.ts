// Chasing, seed 004: four identical tiles discarded in a row; the first discarder pays every opponent 5 or 10
// (the seed's amounts; the table's `chasingHonor` and `chasingSuit` when set).
import { formatTiles, isFlower, isHonor, TILE_KINDS, type Tile } from '../../../tiles/index.ts';
import { RuleInputError } from '../../errors.ts';
import type { PlayerCount, Seat, Transfer } from '../../seats.ts';
import { checkSeat, opponentsOf, resolveAmounts, SEED_004_AMOUNTS, type TableLawAmounts } from './ledger.ts';

/** "5 points when the chased tile is an honour, 10 points when it is a suit tile." (the seed's defaults) */
export const CHASING_HONOUR = SEED_004_AMOUNTS.chasingHonor;
export const CHASING_SUIT = SEED_004_AMOUNTS.chasingSuit;

/** One tile of the discard flow: every discard in the order made, claimed ones included. */
export interface Discard {
  readonly seat: Seat;
  readonly tile: Tile;
}

export interface Chase {
  readonly tile: Tile;
  /** Who discarded the first of the four, and pays. */
  readonly firstDiscarder: Seat;
  /** Index in the flow of the first of the four. */
  readonly at: number;
}

export function chasingPoints(tile: Tile, amounts?: Partial<TableLawAmounts>): number {
  const { chasingHonor, chasingSuit } = resolveAmounts(amounts);
  return isHonor(tile) ? chasingHonor : chasingSuit;
}

/** Seats in play, no flowers (they are replaced, never discarded), no kind more than four times. */
export function checkFlow(flow: readonly Discard[], players: PlayerCount, field = 'flow'): void {
  const seen = new Uint8Array(TILE_KINDS);
  flow.forEach(({ seat, tile }, i) => {
    checkSeat(seat, players, `${field}[${i}].seat`);
    if (!Number.isInteger(tile) || tile < 0 || tile >= TILE_KINDS)
      throw new RuleInputError(
        `${field}[${i}].tile`,
        isFlower(tile) ? 'a flower is replaced, never discarded' : `${tile} is no tile`,
      );
    if (++seen[tile]! > 4)
      throw new RuleInputError(`${field}[${i}].tile`, `a fifth ${formatTiles([tile])}: only four exist`);
  });
}

/** Every run of four identical consecutive discards. Only four copies exist, so runs never overlap. */
export function findChases(flow: readonly Discard[]): Chase[] {
  const chases: Chase[] = [];
  let runStart = 0;
  for (let i = 1; i <= flow.length; i++) {
    if (i < flow.length && flow[i]!.tile === flow[runStart]!.tile) continue;
    if (i - runStart >= 4) {
      const first = flow[runStart]!;
      chases.push({ tile: first.tile, firstDiscarder: first.seat, at: runStart });
    }
    runStart = i;
  }
  return chases;
}

/**
 * The first discarder pays every opponent. Dead hands pay and are paid: only flower and gong money is barred.
 * An amount of 0 pays nothing.
 */
export function chasingTransfers(
  chase: Pick<Chase, 'tile' | 'firstDiscarder'>,
  players: PlayerCount,
  amounts?: Partial<TableLawAmounts>,
): Transfer[] {
  const points = chasingPoints(chase.tile, amounts);
  if (points === 0) return [];
  const kind = isHonor(chase.tile) ? 'honour' : 'suit tile';
  return opponentsOf(chase.firstDiscarder, players).map((to) => ({
    from: chase.firstDiscarder,
    to,
    points,
    reason: `chasing ${formatTiles([chase.tile])} (${kind}), four in a row: first discarder ${chase.firstDiscarder} pays ${points}`,
  }));
}

/** The chases of a whole discard flow and what they pay. */
export function chasingPayments(
  flow: readonly Discard[],
  players: PlayerCount,
  amounts?: Partial<TableLawAmounts>,
): { chases: Chase[]; transfers: Transfer[] } {
  const resolved = resolveAmounts(amounts);
  checkFlow(flow, players);
  const chases = findChases(flow);
  return { chases, transfers: chases.flatMap((chase) => chasingTransfers(chase, players, resolved)) };
}
