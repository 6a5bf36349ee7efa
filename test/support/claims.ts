// Test fixtures for the claim rules (seed 001): seats given in tile notation, decisions with their times.
import { meldFromTiles } from '../../domain/hand/index.ts';
import type { ChowTiles, Decision, Offer, OfferKind, SeatWindow } from '../../domain/rules/claims/claim.ts';
import { eligibleClaims } from '../../domain/rules/claims/eligibility.ts';
import { RuleInputError } from '../../domain/rules/errors.ts';
import type { PlayerCount, Seat } from '../../domain/rules/seats.ts';
import { countsOf, parseTiles } from '../../domain/tiles/index.ts';

const tile = (text: string) => parseTiles(text)[0]!;

export const offer = (
  from: Seat,
  tileText: string,
  kind: OfferKind = 'discard',
  players: PlayerCount = 4,
): Offer => ({
  tile: tile(tileText),
  from,
  kind,
  players,
});

export const WIN: Decision = { claim: 'win' };
export const PONG: Decision = { claim: 'pong' };
export const KONG: Decision = { claim: 'kong' };
export const chow = (tiles: string): Decision => ({
  claim: 'chow',
  tiles: parseTiles(tiles) as unknown as ChowTiles,
});

export interface SeatSpec {
  /** Concealed tiles, 13 less 3 per meld. */
  readonly hand: string;
  readonly melds?: readonly string[];
  readonly decision?: Decision;
  /** Milliseconds after the offer; 1000 by default. */
  readonly at?: number;
  readonly barred?: boolean;
}

/** Each seat's window, its eligibility read from its hand by eligibleClaims. */
export function seatsFor(
  on: Offer,
  specs: Partial<Record<Seat, SeatSpec>>,
): Partial<Record<Seat, SeatWindow>> {
  const seats: Partial<Record<Seat, SeatWindow>> = {};
  for (const [seat, spec] of Object.entries(specs) as [Seat, SeatSpec][]) {
    const melds = (spec.melds ?? []).map((m) => meldFromTiles(parseTiles(m)));
    seats[seat] = {
      eligible: eligibleClaims(countsOf(parseTiles(spec.hand)), melds, on.tile, seat, on.from, on.players, {
        kind: on.kind,
      }),
      ...(spec.barred === undefined ? {} : { barredFromDiscardWin: spec.barred }),
      ...(spec.decision === undefined
        ? {}
        : { decision: { decision: spec.decision, atMs: spec.at ?? 1000 } }),
    };
  }
  return seats;
}

/** Fails unless `run` throws a RuleInputError on `field` whose message is, or matches, `message`. */
export function expectRuleError(run: () => unknown, field: string, message: string | RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  if (!(caught instanceof RuleInputError))
    throw new Error(`expected a RuleInputError, got ${String(caught)}`);
  const fits = typeof message === 'string' ? caught.message === message : message.test(caught.message);
  if (caught.field !== field || !fits)
    throw new Error(
      `expected a RuleInputError on ${field} saying ${String(message)}, got one on ${caught.field} saying "${caught.message}"`,
    );
}
