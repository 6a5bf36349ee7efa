// The claim window of one offered tile (seed 001): checks every seat's eligibility and decision, and reads
// each decision as a claim, a pass, or a timeout (none by the deadline, or one after it).
import { formatTiles } from '../../tiles/index.ts';
import { ruleInputError } from '../errors.ts';
import { type Seat, turnOrderAfter } from '../seats.ts';
import { chowSeatAfter, makesChow, sameChow } from './chow.ts';
import type { Claim, Eligibility, Offer, SeatWindow, TimedDecision } from './claim.ts';
import { NO_CLAIM } from './claim.ts';
import { type ClaimOptions, type ClaimOptionsInput, claimOptions } from './options.ts';
import { checkFlower, checkPlayers, checkSeat, checkTile, show } from './seat-checks.ts';

export interface ClaimWindow {
  readonly offer: Offer;
  /** Seats other than the offering one; a seat left out could claim nothing. */
  readonly seats: Partial<Record<Seat, SeatWindow>>;
  readonly options?: ClaimOptionsInput;
}

/** One seat's answer as arbitration reads it. */
export type Answer =
  | { readonly seat: Seat; readonly type: 'claim'; readonly claim: Claim }
  | { readonly seat: Seat; readonly type: 'pass' }
  | { readonly seat: Seat; readonly type: 'timeout'; readonly late?: TimedDecision };

export interface CheckedWindow {
  readonly offer: Offer;
  readonly options: ClaimOptions;
  /** Every other seat, in turn order after the offering seat, with what it may claim here. */
  readonly seats: readonly { readonly seat: Seat; readonly open: Eligibility; readonly answer: Answer }[];
}

const OFFER_KINDS = ['discard', 'added-kong', 'concealed-kong', 'flower'] as const;
const OFFER_NAMES = {
  discard: 'a discard',
  'added-kong': 'an added kong',
  'concealed-kong': 'a concealed kong',
  flower: 'a flower',
};

export function checkWindow(window: ClaimWindow): CheckedWindow {
  const options = claimOptions(window.options);
  const offer = checkOffer(window.offer);
  for (const key of Object.keys(window.seats)) checkSeat(key, offer.players, `seats.${key}`);
  const own = window.seats[offer.from];
  if (own !== undefined && (isClaim(own.decision?.decision) || hasAny(own.eligible)))
    ruleInputError(
      `seats.${offer.from}`,
      `${offer.from} offered ${show(offer.tile)} (${OFFER_NAMES[offer.kind]}) and cannot claim it`,
    );

  const order = turnOrderAfter(offer.from, offer.players);
  const eligible = order.map((seat) => checkEligibility(offer, seat, window.seats[seat]?.eligible));
  checkOneHolder(offer, order, eligible);
  const seats = order.map((seat, i) => {
    const entry = window.seats[seat] ?? {};
    const raw = eligible[i]!;
    const barred = entry.barredFromDiscardWin === true;
    const open = openClaims(raw, seat, offer, barred);
    return { seat, open, answer: readAnswer(seat, entry.decision, offer, options, raw, barred) };
  });
  return { offer, options, seats };
}

function checkOffer(offer: Offer): Offer {
  const players = checkPlayers(offer.players, 'offer.players');
  const from = checkSeat(offer.from, players, 'offer.from');
  if (!OFFER_KINDS.includes(offer.kind))
    ruleInputError('offer.kind', `unknown offer ${JSON.stringify(offer.kind)}: ${OFFER_KINDS.join(', ')}`);
  const tile =
    offer.kind === 'flower' ? checkFlower(offer.tile, 'offer.tile') : checkTile(offer.tile, 'offer.tile');
  return { tile, from, kind: offer.kind, players };
}

/** What the rules let the seat claim of what its hand could make. */
export function openClaims(eligible: Eligibility, seat: Seat, offer: Offer, barred: boolean): Eligibility {
  const win = eligible.win && !barred && (offer.kind !== 'concealed-kong' || eligible.thirteenOrphans);
  if (offer.kind !== 'discard') return { ...NO_CLAIM, win, thirteenOrphans: win && eligible.thirteenOrphans };
  const next = seat === chowSeatAfter(offer.from, offer.players);
  return {
    ...eligible,
    win,
    thirteenOrphans: win && eligible.thirteenOrphans,
    chows: next ? eligible.chows : [],
  };
}

function checkEligibility(offer: Offer, seat: Seat, input: Partial<Eligibility> | undefined): Eligibility {
  const chows = input?.chows ?? [];
  if (!Array.isArray(chows)) ruleInputError(`seats.${seat}.eligible.chows`, 'chows is a list of tile pairs');
  chows.forEach((tiles, i) => {
    const field = `seats.${seat}.eligible.chows[${i}]`;
    if (!Array.isArray(tiles) || tiles.length !== 2)
      ruleInputError(field, 'a chow takes two tiles from the hand');
    for (const t of tiles) checkTile(t, field);
    if (!makesChow(offer.tile, tiles))
      ruleInputError(field, `${formatTiles(tiles)} with ${show(offer.tile)} make no run`);
  });
  return {
    win: input?.win === true,
    thirteenOrphans: input?.thirteenOrphans === true,
    kong: input?.kong === true,
    pong: input?.pong === true,
    chows,
  };
}

// Four of each tile: beside the offered one, only one player can hold two or three (seed 000, seed 001).
function checkOneHolder(offer: Offer, order: readonly Seat[], eligible: readonly Eligibility[]): void {
  const holders = order.filter((_, i) => eligible[i]!.pong || eligible[i]!.kong);
  if (holders.length > 1)
    ruleInputError(
      `seats.${holders[1]}.eligible`,
      `${holders.join(' and ')} cannot both hold two of ${show(offer.tile)} beside the offered one: there are four of each tile`,
    );
}

function readAnswer(
  seat: Seat,
  timed: TimedDecision | undefined,
  offer: Offer,
  options: ClaimOptions,
  eligible: Eligibility,
  barred: boolean,
): Answer {
  if (timed === undefined) return { seat, type: 'timeout' };
  const field = `seats.${seat}.decision`;
  if (typeof timed.atMs !== 'number' || !Number.isFinite(timed.atMs) || timed.atMs < 0)
    ruleInputError(
      `${field}.atMs`,
      `${String(timed.atMs)} is no time: milliseconds after the offer, 0 or more`,
    );
  const { decision } = timed;
  if (decision !== 'pass' && decision !== 'timeout')
    checkClaim(seat, decision, offer, eligible, barred, field);
  if (timed.atMs > options.deadlineMs) return { seat, type: 'timeout', late: timed };
  if (decision === 'pass') return { seat, type: 'pass' };
  if (decision === 'timeout') return { seat, type: 'timeout' };
  return { seat, type: 'claim', claim: decision };
}

function checkClaim(
  seat: Seat,
  claim: Claim,
  offer: Offer,
  eligible: Eligibility,
  barred: boolean,
  field: string,
): void {
  const tile = show(offer.tile);
  const kind = (claim as { claim?: unknown })?.claim;
  if (kind !== 'win' && kind !== 'kong' && kind !== 'pong' && kind !== 'chow')
    ruleInputError(
      field,
      `unknown decision ${JSON.stringify(claim)}: a claim (win, kong, pong, chow), pass or timeout`,
    );
  if (kind !== 'win' && offer.kind === 'flower')
    ruleInputError(field, `a flower can only be won on (Eight Immortals): no ${kind} claim on it`);
  if (kind !== 'win' && offer.kind !== 'discard')
    ruleInputError(field, `${OFFER_NAMES[offer.kind]} can only be robbed by a win: no ${kind} claim on it`);
  switch (claim.claim) {
    case 'win':
      if (!eligible.win) ruleInputError(field, `${seat} has no winning hand with ${tile}`);
      if (barred)
        ruleInputError(field, `${seat} is barred from winning on another's tile (barredFromDiscardWin)`);
      if (offer.kind === 'concealed-kong' && !eligible.thirteenOrphans)
        ruleInputError(field, 'a concealed kong can be robbed only by a player waiting on thirteen orphans');
      return;
    case 'kong':
      if (!eligible.kong) ruleInputError(field, `${seat} does not hold three ${tile}: no kong`);
      return;
    case 'pong':
      if (!eligible.pong) ruleInputError(field, `${seat} does not hold two ${tile}: no pong`);
      return;
    case 'chow': {
      const next = chowSeatAfter(offer.from, offer.players);
      if (seat !== next)
        ruleInputError(
          field,
          `only ${next}, next after ${offer.from}, may chow ${offer.from}'s discard; ${seat} is not next`,
        );
      const tiles = claim.tiles;
      if (!Array.isArray(tiles) || tiles.length !== 2)
        ruleInputError(`${field}.tiles`, 'a chow takes two tiles from the hand');
      for (const t of tiles) checkTile(t, `${field}.tiles`);
      if (!makesChow(offer.tile, tiles))
        ruleInputError(
          `${field}.tiles`,
          `${formatTiles(tiles)} with ${tile} make no run: a chow is three consecutive tiles of one suit`,
        );
      if (!eligible.chows.some((held) => sameChow(held, tiles)))
        ruleInputError(`${field}.tiles`, `${seat} does not hold ${formatTiles(tiles)} to chow ${tile}`);
      return;
    }
  }
}

const isClaim = (decision: unknown): boolean =>
  decision !== undefined && decision !== 'pass' && decision !== 'timeout';

const hasAny = (eligible: Partial<Eligibility> | undefined): boolean =>
  eligible !== undefined &&
  (eligible.win === true ||
    eligible.kong === true ||
    eligible.pong === true ||
    (eligible.chows?.length ?? 0) > 0);
