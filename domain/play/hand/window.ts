// The claim window after a discard (seed 001): who may claim what (eligibleClaims, then sacred discard,
// the pass lock and the chow seat), every eligible answer or the deadline, then arbitrateClaims decides.
import { isBarredFromDiscardWin } from '../../hand/index.ts';
import {
  arbitrateClaims,
  type Claim,
  eligibleClaims,
  type OfferKind,
  openClaims,
  type SeatWindow,
} from '../../rules/claims/index.ts';
import { type Seat, turnOrderAfter } from '../../rules/seats.ts';
import type { Tile } from '../../tiles/index.ts';
import { drawFor, type FlowerOffer, handDrawn, wallExhausted } from './draw.ts';
import type { Emitter } from './emitter.ts';
import type { Rejection } from './rejection.ts';
import {
  type HandState,
  holdsEveryWindow,
  kindsOf,
  mustAnswer,
  type OpenWindow,
  offerWinType,
  pondFull,
  seatHand,
  wallRemaining,
  windowLengthMs,
} from './state.ts';
import { payConcealedGong } from './table-law.ts';
import { notAWin, settle } from './win.ts';

type OpenSeat = {
  win: boolean;
  kong: boolean;
  pong: boolean;
  chows: [Tile, Tile][];
  barredFromWin?: 'sacred-discard' | 'pass-lock';
};

/**
 * Opens the window on `from`'s discard, or on the tile of the kong `from` declares (which only a win may take,
 * robbing it); resolves it at once when nobody may claim anything, unless the ruleset holds every window open
 * to its deadline (`claimWindows: 'every-discard'`). `winsOnly`: the discard that fills a pond (hu-mahjong's
 * last discard) is offered to wins alone, as the hand is drawn after it whatever else is called.
 */
export function openWindow(
  em: Emitter,
  from: Seat,
  tile: Tile,
  kind: Exclude<OfferKind, 'flower'>,
  atMs: number,
  winsOnly = false,
): Rejection | undefined {
  const { state } = em;
  const offer = { tile, from, kind, players: state.players };
  const winType = kind === 'discard' ? 'discard' : 'robbing-kong';
  const seats: Partial<Record<Seat, OpenSeat>> = {};
  for (const seat of turnOrderAfter(from, state.players)) {
    // A dead hand claims nothing (seed 004): the window does not wait for it.
    if (state.deadHands.includes(seat)) continue;
    const hand = seatHand(state, seat);
    const kinds = kindsOf(hand);
    const raw = eligibleClaims(kinds, hand.melds, tile, seat, from, state.players, {
      kind,
      qualifies: (c) =>
        notAWin(state, {
          seat,
          concealed: kinds,
          melds: c.melds,
          tile,
          winType,
        }) === undefined,
    });
    // A claimed kong draws a replacement: with the wall empty there is none. Seed 003 robs only a kong added
    // to a called triplet; seed 001 lets thirteen orphans rob a concealed one too.
    const robsConcealed = state.preset !== 'hu-mahjong' || kind !== 'concealed-kong';
    const eligible = {
      ...raw,
      kong: raw.kong && wallRemaining(state) > 0 && !winsOnly,
      pong: raw.pong && !winsOnly,
      chows: winsOnly ? [] : raw.chows,
      win: raw.win && robsConcealed,
    };
    // Only a win can be barred, and the sacred-discard test reads the hand's waits: skip it without a win.
    const barred = eligible.win ? barredFromWin(state, seat) : undefined;
    const open = openClaims(eligible, seat, offer, barred !== undefined);
    const entry: OpenSeat = {
      win: open.win,
      kong: open.kong,
      pong: open.pong,
      chows: open.chows.map(([a, b]) => [a, b]),
      ...(eligible.win && barred !== undefined ? { barredFromWin: barred } : {}),
    };
    if (entry.win || entry.kong || entry.pong || entry.chows.length > 0 || entry.barredFromWin)
      seats[seat] = entry;
  }
  const deadlineMs = windowLengthMs(state.options);
  em.emit({
    type: 'ClaimWindowOpened',
    schemaVersion: 1,
    data: {
      offer: { tile, from, kind },
      seats,
      deadline: new Date(atMs + deadlineMs).toISOString(),
    },
  });
  return resolveIfAnswered(em, atMs);
}

/**
 * Seed 003, Eight Immortals "considered as winning by discard": the flower a seat just declared is offered,
 * win only, to the seat it gives all eight: "Declare 7 flowers and have someone declare the last one", or
 * "Declare 6 flowers, have someone declare the 7th, and explicitly draw the last one from the wall within the
 * next go-around" (the seventh's declarer's flower is offered to the seat that drew the eighth). The seat wins
 * on it as on a discard, its declarer paying; sacred discard bars it as any discard win. Hu-mahjong only (no
 * other preset scores flowers), and only once play has begun: the flowers of the deal are set aside at once.
 */
export const offerFlowerAt =
  (atMs: number): FlowerOffer =>
  (em, declarer, flower) => {
    const { state } = em;
    if (state.preset !== 'hu-mahjong') return false;
    const offer = eighthFlowerOffer(state, declarer, flower);
    if (offer === undefined) return false;
    const { to } = offer;
    const hand = seatHand(state, to);
    const attempt = { seat: to, concealed: kindsOf(hand), melds: hand.melds, tile: offer.flower };
    // Eight Immortals wins whatever the hand holds; asked all the same, as every win is.
    const win = notAWin(state, { ...attempt, winType: 'discard' }) === undefined;
    const barred = win ? barredFromWin(state, to) : undefined;
    const entry: OpenSeat = {
      win: win && barred === undefined,
      kong: false,
      pong: false,
      chows: [],
      ...(barred === undefined ? {} : { barredFromWin: barred }),
    };
    em.emit({
      type: 'ClaimWindowOpened',
      schemaVersion: 1,
      data: {
        offer: { tile: offer.flower, from: offer.from, kind: 'flower' },
        seats: entry.win || barred !== undefined ? { [to]: entry } : {},
        deadline: new Date(atMs + windowLengthMs(state.options)).toISOString(),
      },
    });
    resolveIfAnswered(em, atMs);
    return true;
  };

/** Whose flower completes whose eight, when `declarer` has just declared `flower`. */
function eighthFlowerOffer(
  state: HandState,
  declarer: Seat,
  flower: Tile,
): { readonly from: Seat; readonly to: Seat; readonly flower: Tile } | undefined {
  const others = turnOrderAfter(declarer, state.players);
  const seven = others.find((s) => seatHand(state, s).flowers.length === 7);
  if (seven !== undefined) return { from: declarer, to: seven, flower };
  const seventh = state.seventhFlower;
  if (seventh?.holder === declarer && seatHand(state, declarer).flowers.length === 7)
    return { from: seventh.by, to: declarer, flower: seventh.flower };
  return undefined;
}

function barredFromWin(state: HandState, seat: Seat): 'sacred-discard' | 'pass-lock' | undefined {
  if (state.lockedUntilDraw.includes(seat)) return 'pass-lock';
  if (state.preset === 'hu-mahjong' && state.options.sacredDiscard !== false) {
    const hand = seatHand(state, seat);
    if (isBarredFromDiscardWin(kindsOf(hand), hand.melds, hand.discarded)) return 'sacred-discard';
  }
  return undefined;
}

export function windowOf(state: HandState): OpenWindow | undefined {
  return state.phase.kind === 'claim-window' ? state.phase.window : undefined;
}

/**
 * Once every seat that may claim has answered, arbitration decides. A window held to its deadline
 * ('every-discard') waits for CloseWindow however early the answers came: closing sooner would tell the table
 * that every eligible seat had answered, and so that some seat was eligible.
 */
export function resolveIfAnswered(em: Emitter, atMs?: number): Rejection | undefined {
  const window = windowOf(em.state);
  if (window === undefined || holdsEveryWindow(em.state.options)) return undefined;
  const waiting = Object.values(window.seats).some((s) => mustAnswer(s) && s.answer === undefined);
  return waiting ? undefined : resolveWindow(em, window, atMs);
}

/** The table clock at the deadline: every silent seat has passed. */
export function closeWindow(em: Emitter, window: OpenWindow, atMs?: number): Rejection | undefined {
  for (const seat of turnOrderAfter(window.offer.from, window.offer.players)) {
    const entry = window.seats[seat];
    if (entry !== undefined && mustAnswer(entry) && entry.answer === undefined)
      em.emit({ type: 'ClaimTimedOut', schemaVersion: 1, data: { seat } });
  }
  return resolveWindow(em, windowOf(em.state)!, atMs);
}

/**
 * Arbitration of a window whose answers are in, and what follows: the win settled, the meld made, or the next
 * draw (`atMs`, the time it resolves, dates a flower's window the draw opens; without it none opens). After
 * hu-mahjong's last discard, the hand is drawn instead. Re-settling a finished hand under an amended ruleset
 * (../resettle) calls it again on the window as recorded, so that a new multiple-winner policy re-arbitrates
 * the claims made.
 */
export function resolveWindow(em: Emitter, window: OpenWindow, atMs?: number): Rejection | undefined {
  const { state } = em;
  const offerFlower = atMs === undefined ? undefined : offerFlowerAt(atMs);
  const late = window.deadlineMs + 1;
  const seats: Partial<Record<Seat, SeatWindow>> = {};
  const order = turnOrderAfter(window.offer.from, window.offer.players);
  for (const seat of order) {
    const entry = window.seats[seat];
    if (entry === undefined || !mustAnswer(entry)) continue;
    const { answer } = entry;
    const decision =
      answer === undefined || (answer.type === 'timeout' && answer.late === undefined)
        ? undefined
        : answer.type === 'timeout'
          ? { decision: answer.late!, atMs: late }
          : { decision: answer.type === 'claim' ? answer.claim : ('pass' as const), atMs: 0 };
    // On a concealed kong the window offered a win only to a thirteen-orphans wait (seed 001).
    const thirteenOrphans = window.offer.kind === 'concealed-kong' && entry.open.win;
    seats[seat] = {
      eligible: { ...entry.open, thirteenOrphans },
      ...(decision === undefined ? {} : { decision }),
    };
  }
  const { options } = state;
  const resolution = arbitrateClaims({
    offer: window.offer,
    seats,
    options: {
      multipleWinners: (options.multipleWinners ?? 'head-bump') as
        | 'head-bump'
        | 'multiple'
        | 'score-priority',
      passLocksWin: options.passLocksWin === true,
      deadlineMs: window.deadlineMs,
    },
  });
  const common = {
    lapsed: resolution.lapsed.map(({ seat, claim, reason }) => ({ seat, claim: copyClaim(claim), reason })),
    lockedUntilDraw: [...resolution.lockedUntilDraw],
  };
  const { tile, from } = window.offer;
  switch (resolution.outcome) {
    case 'win': {
      const { robbedKong } = resolution;
      const winners = [...resolution.winners];
      em.emit({
        type: 'ClaimResolved',
        schemaVersion: 1,
        data: {
          outcome: 'win',
          winners,
          payer: resolution.payer,
          robbedKong: robbedKong === null ? null : { ...robbedKong },
          ...common,
        },
      });
      if (robbedKong !== null)
        em.emit({
          type: 'KongRobbed',
          schemaVersion: 1,
          data: { seat: robbedKong.seat, tile, robbers: winners, revertsTo: robbedKong.revertsTo },
        });
      const by = offerWinType(window.offer.kind);
      const before = em.state;
      for (const seat of resolution.winners)
        em.emit({ type: 'WinDeclared', schemaVersion: 1, data: { seat, tile, by, from } });
      return settle(
        em,
        by,
        from,
        resolution.winners.map((seat) => ({
          seat,
          concealed: kindsOf(seatHand(before, seat)),
          melds: seatHand(before, seat).melds,
          tile,
          winType: by,
        })),
      );
    }
    case 'meld': {
      const { seat, claim } = resolution;
      em.emit({ type: 'ClaimResolved', schemaVersion: 1, data: { outcome: 'meld', seat, claim, ...common } });
      const meld = resolution.meld;
      em.emit({
        type: 'MeldDeclared',
        schemaVersion: 1,
        data:
          claim === 'chow'
            ? { kind: 'chow', seat, tile: meld.tile, claimed: tile, from }
            : { kind: claim === 'kong' ? 'exposed-kong' : 'pong', seat, tile, from },
      });
      if (claim === 'kong' && !drawFor(em, seat, 'replacement', offerFlower)) wallExhausted(em);
      return undefined;
    }
    case 'no-claim': {
      em.emit({ type: 'ClaimResolved', schemaVersion: 1, data: { outcome: 'no-claim', ...common } });
      // Nobody won on a flower: the turn it interrupted goes on with the flower's replacement.
      const { resume } = window;
      if (resume !== undefined) {
        if (!drawFor(em, resume.seat, 'replacement', offerFlower)) wallExhausted(em);
        return undefined;
      }
      // Nobody won on the last discard: the pond it filled draws the hand (seed 003).
      if (pondFull(state, from)) {
        const discards = seatHand(state, from).discarded.length;
        handDrawn(em, { reason: 'pond-full', seat: from, discards });
        return undefined;
      }
      if (!drawFor(em, order[0]!, 'live', offerFlower)) wallExhausted(em);
      return undefined;
    }
    case 'kong-stands':
      em.emit({ type: 'ClaimResolved', schemaVersion: 1, data: { outcome: 'kong-stands', ...common } });
      if (window.offer.kind === 'concealed-kong') payConcealedGong(em, from, tile);
      if (!drawFor(em, from, 'replacement', offerFlower)) wallExhausted(em);
      return undefined;
  }
}

function copyClaim(claim: Claim) {
  return claim.claim === 'chow'
    ? { claim: 'chow' as const, tiles: [claim.tiles[0], claim.tiles[1]] as [Tile, Tile] }
    : { claim: claim.claim };
}
