// Table law ledgers, seed 004 (004_09ddc7a2a14e8477.txt): seats, the kitty as an account, checks every rule shares.
import { RuleInputError } from '../../errors.ts';
import { type Deltas, type PlayerCount, type Seat, seatsInPlay } from '../../seats.ts';

/**
 * The kitty holds the stake each player puts in on a drawn hand until a self-draw winner collects it. It is an
 * account of its own, so that a drawn hand's record still sums to zero: the seats lose 20, the kitty gains 20.
 */
export const KITTY = 'kitty';
export type Account = Seat | typeof KITTY;

/** A transfer between accounts; every one but a kitty payment is the seat-to-seat `Transfer` of seats.ts. */
export interface TableTransfer {
  readonly from: Account;
  readonly to: Account;
  readonly points: number;
  readonly reason: string;
}

/**
 * The amounts the table-law preset lets an organizer set (domain/rules/rulesets/presets.ts, TABLE_LAW), named
 * as its options. They may be amended retroactively, so every payment reads them rather than a constant.
 */
export interface TableLawAmounts {
  /** Chasing an honour (the West exception's chase too): the first discarder pays each opponent. */
  readonly chasingHonor: number;
  /** Chasing a suit tile: the first discarder pays each opponent. */
  readonly chasingSuit: number;
  /** A triple of 1 to 5 on the dice: each other player pays the thrower. */
  readonly diceTriple: number;
  /** A triple 6 on the dice: each other player pays the thrower. */
  readonly diceTripleSix: number;
  /** A correctly declared concealed gong: each opponent pays the declarer. */
  readonly concealedGong: number;
  /** An unshown concealed gong: its holder pays each opponent. */
  readonly unshownConcealedGong: number;
  /** Each player's stake in the kitty after a drawn hand. */
  readonly kitty: number;
  /** Robbing the gong: the gong player pays the robber this beside the hand (whose score holds its own 10). */
  readonly robbingGongBonus: number;
  /** A false Mahjong: the declarer pays each other player. */
  readonly falseMahjong: number;
}

/** The amounts of seed 004's text, and the preset's defaults. */
export const SEED_004_AMOUNTS: TableLawAmounts = Object.freeze({
  chasingHonor: 5,
  chasingSuit: 10,
  diceTriple: 5,
  diceTripleSix: 10,
  concealedGong: 5,
  unshownConcealedGong: 10,
  kitty: 5,
  robbingGongBonus: 10,
  falseMahjong: 25,
});

const AMOUNT_NAMES = Object.keys(SEED_004_AMOUNTS) as (keyof TableLawAmounts)[];
/** Amounts already resolved, passed down by a settlement to the rules it calls: not checked again. */
const RESOLVED = new WeakSet<object>([SEED_004_AMOUNTS]);

/**
 * The table's amounts in full: each one given is checked (a whole number, zero or more), each one missing is
 * the seed's. Only the nine amounts are read, so the preset's whole option object may be passed.
 */
export function resolveAmounts(amounts: Partial<TableLawAmounts> | undefined): TableLawAmounts {
  if (amounts === undefined) return SEED_004_AMOUNTS;
  if (RESOLVED.has(amounts)) return amounts as TableLawAmounts;
  const resolved: Record<keyof TableLawAmounts, number> = { ...SEED_004_AMOUNTS };
  for (const name of AMOUNT_NAMES) {
    const points = amounts[name];
    if (points === undefined) continue;
    checkPoints(points, `amounts.${name}`);
    resolved[name] = points;
  }
  RESOLVED.add(Object.freeze(resolved));
  return resolved;
}

/** Who sits at the table, whose hand is dead (seed 004 "Too many or too few tiles") and what the table pays. */
export interface TableContext {
  readonly players: PlayerCount;
  /** Seats found with too many or too few tiles: they keep paying but cannot win, claim or collect. */
  readonly deadHands?: readonly Seat[];
  /** The organizer's amounts; each one missing is the seed's (`SEED_004_AMOUNTS`). */
  readonly amounts?: Partial<TableLawAmounts>;
}

export interface LedgerDeltas {
  /** Every seat in play, in seat order. */
  readonly seats: Deltas;
  /** What the kitty gained (a drawn hand) or lost (collected by a self-draw winner). */
  readonly kitty: number;
}

export function ledgerDeltas(transfers: readonly TableTransfer[], players: PlayerCount): LedgerDeltas {
  const seats: Deltas = {};
  for (const seat of seatsInPlay(players)) seats[seat] = 0;
  let kitty = 0;
  const add = (account: Account, points: number): void => {
    if (account === KITTY) kitty += points;
    else seats[account] = (seats[account] ?? 0) + points;
  };
  for (const { from, to, points } of transfers) {
    add(from, -points);
    add(to, points);
  }
  return { seats, kitty };
}

/** Seats and kitty together: zero for every record, by construction and by property test. */
export function ledgerSum({ seats, kitty }: LedgerDeltas): number {
  return Object.values(seats).reduce((sum, d) => sum + (d ?? 0), kitty);
}

export function checkSeat(seat: Seat, players: PlayerCount, field: string): void {
  const seats = seatsInPlay(players);
  if (!seats.includes(seat))
    throw new RuleInputError(
      field,
      `seat ${seat} is not in play at a ${players}-player table (${seats.join(', ')})`,
    );
}

export function checkPlayers(players: PlayerCount): void {
  if (players !== 2 && players !== 3 && players !== 4)
    throw new RuleInputError('players', `${String(players)} players: a table has 2, 3 or 4`);
}

export function deadHandsOf(table: TableContext): ReadonlySet<Seat> {
  const dead = new Set<Seat>();
  (table.deadHands ?? []).forEach((seat, i) => {
    checkSeat(seat, table.players, `deadHands[${i}]`);
    dead.add(seat);
  });
  return dead;
}

export const opponentsOf = (seat: Seat, players: PlayerCount): Seat[] =>
  seatsInPlay(players).filter((s) => s !== seat);

export function checkPoints(points: number, field: string): void {
  if (!Number.isInteger(points) || points < 0)
    throw new RuleInputError(field, `${points} is not a whole number of points, zero or more`);
}

/** A payment a rule would make but the table law bars (a dead hand collects no flower or gong money). */
export interface Withheld {
  readonly seat: Seat;
  readonly reason: string;
}

export interface Payments {
  readonly transfers: readonly TableTransfer[];
  readonly withheld: readonly Withheld[];
}
