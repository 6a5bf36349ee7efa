// Folds one event of the hand stream into the state. Events are facts: evolve trusts them and refuses nothing.
import type { Meld } from '../../hand/index.ts';
import { NO_CLAIM } from '../../rules/claims/index.ts';
import type { PresetId } from '../../rules/rulesets/index.ts';
import { type PlayerCount, type Seat, turnOrderAfter } from '../../rules/seats.ts';
import { shuffleWall, type Tile } from '../../tiles/index.ts';
import type { PlayEvent, PlayEventOf } from '../events.ts';
import { seatsOf } from '../fields.ts';
import {
  EMPTY_SEAT,
  type HandState,
  type SeatHand,
  seatHand,
  type WindowSeat,
  windowLengthMs,
} from './state.ts';

export function evolve(state: HandState, event: PlayEvent): HandState {
  switch (event.type) {
    case 'HandStarted':
      return started(state, event.data);
    case 'TilesDealt':
      return dealt(state, event.data.hands);
    case 'TileDrawn': {
      const { seat, tile, source } = event.data;
      const live = source === 'live';
      const { phase } = state;
      return {
        ...withSeat(state, seat, (h) => ({ ...h, concealed: add(h.concealed, [tile], 1) })),
        front: live ? state.front + 1 : state.front,
        back: live ? state.back : state.back - 1,
        phase: phase.kind === 'turn' && phase.seat === seat ? { ...phase, drawn: tile } : phase,
        lockedUntilDraw: state.lockedUntilDraw.filter((s) => s !== seat),
        ...(live ? { afterKong: 0, afterFlower: 0 } : {}),
        // The seventh flower's declarer draws from the wall again: the go-around after it is over.
        ...(live && state.seventhFlower?.by === seat ? { seventhFlower: undefined } : {}),
      };
    }
    case 'FlowerDeclared': {
      const { seat, flower } = event.data;
      const next = withSeat(state, seat, (h) => ({
        ...h,
        concealed: add(h.concealed, [flower], -1),
        flowers: [...h.flowers, flower],
      }));
      return {
        ...next,
        // Only the seat in turn counts its replacements (the dealer's flowers of the deal included).
        afterFlower: isTurnOf(state, seat) ? state.afterFlower + 1 : state.afterFlower,
        seventhFlower: seventhFlowerAfter(next, seat, flower),
      };
    }
    case 'TileDiscarded': {
      const { seat, tile } = event.data;
      return {
        ...withSeat(state, seat, (h) => ({
          ...h,
          concealed: add(h.concealed, [tile], -1),
          pond: [...h.pond, tile],
          discarded: [...h.discarded, tile],
        })),
        flow: [...state.flow, { seat, tile }],
        phase: { kind: 'turn', seat, drawn: undefined },
        afterKong: 0,
        afterFlower: 0,
      };
    }
    case 'ClaimWindowOpened':
      return windowOpened(state, event.data);
    case 'ClaimMade': {
      const { seat, claim } = event.data;
      const next = answered(state, seat, { type: 'claim', claim });
      return claim.claim === 'win' ? { ...next, declarer: seat } : next;
    }
    case 'ClaimPassed':
      return answered(state, event.data.seat, { type: 'pass' });
    case 'ClaimTimedOut': {
      const { seat, late } = event.data;
      return answered(state, seat, late === undefined ? { type: 'timeout' } : { type: 'timeout', late });
    }
    case 'ClaimResolved':
      return resolved(state, event.data);
    case 'MeldDeclared':
      return melded(state, event.data);
    case 'WinDeclared':
      return { ...state, phase: { kind: 'won' }, declarer: event.data.seat };
    case 'ScoresDeclared': {
      // The declarer's own score is its declared score; the rest of its sheet are the losers' (seed 002).
      const { scores } = event.data;
      const { declarer } = state;
      const own = declarer === undefined ? undefined : scores[declarer];
      return {
        ...state,
        declaredScores: {
          ...state.declaredScores,
          ...(declarer === undefined || own === undefined ? scores : { [declarer]: own }),
        },
        scoreSheets:
          declarer === undefined ? state.scoreSheets : { ...state.scoreSheets, [declarer]: { ...scores } },
      };
    }
    case 'StreakDiePlaced':
      return { ...state, diePlaced: true };
    case 'DeadHandDeclared':
      return { ...state, deadHands: [...new Set([...state.deadHands, event.data.seat])] };
    // A drawn hand may be settled too (hu-mahjong's ready-hand payment): it stays drawn.
    case 'HandSettled':
      return state.phase.kind === 'ended' ? state : { ...state, phase: { kind: 'ended', how: 'settled' } };
    case 'HandDrawn':
      return { ...state, phase: { kind: 'ended', how: 'drawn' } };
    case 'HandVoided':
      return { ...state, phase: { kind: 'ended', how: 'voided' } };
    case 'HandResultEntered':
      return entered(state, event.data);
    case 'KongRobbed':
      return robbed(state, event.data);
    // Points that move at once (they change no tiles), the game stream's, or the record only (the wall
    // shown, a correction of the settlement).
    // An unshown gong's charge names its seat last in what it settles (`…:unshown-concealed-gong-{seat}`).
    case 'ImmediatePayment': {
      const { kind, settles } = event.data;
      // The West exception is paid by the seat in turn, just before it throws another tile in the West's place.
      if (kind === 'west-exception' && state.phase.kind === 'turn')
        return { ...state, westShown: { seat: state.phase.seat, at: state.flow.length } };
      if (kind !== 'unshown-concealed-gong') return state;
      const seat = settles.slice(settles.lastIndexOf('-') + 1) as Seat;
      return { ...state, unshownCharged: [...new Set([...state.unshownCharged, seat])] };
    }
    case 'FalseWinDeclared':
    case 'PenaltyAssessed':
    case 'SettlementCorrected':
    case 'WallRevealed':
    case 'GameStarted':
    case 'GameFinished':
      return state;
  }
}

function started(state: HandState, data: PlayEventOf<'HandStarted'>['data']): HandState {
  const wall = data.wall.source === 'seed' ? shuffleWall(data.wall.seed, data.withFlowers) : data.wall.order;
  return {
    ...withFrame(state, data, wall),
    wallHash: data.wall.hash,
    front: 0,
    back: wall.length - 1,
  };
}

/** The rules, seats and stream a hand is played at, from whichever event opens its stream. */
function withFrame(
  state: HandState,
  data: PlayEventOf<'HandStarted' | 'HandResultEntered'>['data'],
  wall: readonly Tile[],
): HandState {
  const seats = seatsOf(data.seatWinds);
  const { preset, version, hash, options } = data.ruleset;
  return {
    ...state,
    preset: preset as PresetId,
    options,
    rulesetRef: { preset: preset as PresetId, version, hash },
    players: seats.length as PlayerCount,
    prevalentWind: data.prevalentWind,
    repeats: data.repeats,
    stream: `hand-${data.gameId}-${data.hand}`,
    wall,
    seats: Object.fromEntries(seats.map((s) => [s, EMPTY_SEAT])),
  };
}

/** A physical table's hand: the frame the game gave it, and the hand over as entered; no tiles are known. */
function entered(state: HandState, data: PlayEventOf<'HandResultEntered'>['data']): HandState {
  const started = withFrame(state, data, []);
  const { kind } = data.result;
  return { ...started, phase: { kind: 'ended', how: kind === 'win' ? 'settled' : kind } };
}

function dealt(state: HandState, hands: Partial<Record<Seat, Tile[]>>): HandState {
  let next = state;
  let count = 0;
  for (const seat of seatsOf(hands)) {
    const tiles = hands[seat]!;
    count += tiles.length;
    next = withSeat(next, seat, (h) => ({ ...h, concealed: add(h.concealed, tiles, 1) }));
  }
  const east = hands.E ?? [];
  return {
    ...next,
    front: state.front + count,
    phase: { kind: 'turn', seat: 'E', drawn: east[east.length - 1] },
  };
}

function windowOpened(state: HandState, data: PlayEventOf<'ClaimWindowOpened'>['data']): HandState {
  const seats: Partial<Record<Seat, WindowSeat>> = {};
  for (const seat of seatsOf(data.seats)) {
    const { barredFromWin, ...open } = data.seats[seat]!;
    seats[seat] = { open: { ...NO_CLAIM, ...open }, barred: barredFromWin, answer: undefined };
  }
  const deadlineMs = windowLengthMs(state.options);
  const { phase } = state;
  return {
    ...state,
    phase: {
      kind: 'claim-window',
      window: {
        offer: { ...data.offer, players: state.players },
        openedAtMs: Date.parse(data.deadline) - deadlineMs,
        deadlineMs,
        seats,
        ...(data.offer.kind === 'flower' && phase.kind === 'turn'
          ? { resume: { seat: phase.seat, drawn: phase.drawn } }
          : {}),
      },
    },
  };
}

function answered(state: HandState, seat: Seat, answer: WindowSeat['answer']): HandState {
  const { phase } = state;
  if (phase.kind !== 'claim-window') return state;
  const entry = phase.window.seats[seat];
  if (entry === undefined) return state;
  const seats = { ...phase.window.seats, [seat]: { ...entry, answer } };
  return { ...state, phase: { kind: 'claim-window', window: { ...phase.window, seats } } };
}

function resolved(state: HandState, data: PlayEventOf<'ClaimResolved'>['data']): HandState {
  const { phase } = state;
  const from = phase.kind === 'claim-window' ? phase.window.offer.from : 'E';
  const locked = [...new Set([...state.lockedUntilDraw, ...data.lockedUntilDraw])];
  switch (data.outcome) {
    case 'win':
      return { ...state, lockedUntilDraw: locked, phase: { kind: 'won' } };
    case 'meld':
      return {
        ...state,
        lockedUntilDraw: locked,
        phase: { kind: 'turn', seat: data.seat, drawn: undefined },
      };
    case 'no-claim': {
      // Nobody won on a flower: the turn it interrupted resumes with the flower's replacement.
      const resume = phase.kind === 'claim-window' ? phase.window.resume : undefined;
      if (resume !== undefined)
        return { ...state, lockedUntilDraw: locked, phase: { kind: 'turn', ...resume } };
      const next = turnOrderAfter(from, state.players)[0]!;
      return { ...state, lockedUntilDraw: locked, phase: { kind: 'turn', seat: next, drawn: undefined } };
    }
    // Nobody robbed the kong: its player draws the replacement and discards.
    case 'kong-stands':
      return { ...state, lockedUntilDraw: locked, phase: { kind: 'turn', seat: from, drawn: undefined } };
  }
}

function melded(state: HandState, data: PlayEventOf<'MeldDeclared'>['data']): HandState {
  const { seat, tile } = data;
  const take = (fromHand: Tile[], meld: Meld, pushed: HandState): HandState =>
    withSeat(pushed, seat, (h) => ({
      ...h,
      concealed: add(h.concealed, fromHand, -1),
      melds: [...h.melds, meld],
    }));
  const fromPond = (from: Seat): HandState =>
    withSeat(state, from, (h) => ({ ...h, pond: h.pond.slice(0, -1) }));
  const turn = { kind: 'turn' as const, seat, drawn: undefined };
  switch (data.kind) {
    case 'chow': {
      const fromHand = [tile, tile + 1, tile + 2].filter((t) => t !== data.claimed);
      const next = take(fromHand, { kind: 'chow', tile, concealed: false }, fromPond(data.from));
      return { ...next, phase: turn };
    }
    case 'pong':
      return {
        ...take([tile, tile], { kind: 'pung', tile, concealed: false }, fromPond(data.from)),
        phase: turn,
      };
    case 'exposed-kong': {
      const next = take([tile, tile, tile], { kind: 'kong', tile, concealed: false }, fromPond(data.from));
      return { ...next, phase: turn, afterKong: state.afterKong + 1 };
    }
    case 'concealed-kong': {
      const next = take([tile, tile, tile, tile], { kind: 'kong', tile, concealed: true }, state);
      return { ...next, afterKong: state.afterKong + 1 };
    }
    case 'added-kong': {
      const next = withSeat(state, seat, (h) => ({
        ...h,
        concealed: add(h.concealed, [tile], -1),
        melds: h.melds.map((m) =>
          m.kind === 'pung' && m.tile === tile ? { kind: 'kong' as const, tile, concealed: false } : m,
        ),
      }));
      return { ...next, afterKong: state.afterKong + 1 };
    }
  }
}

function robbed(state: HandState, data: PlayEventOf<'KongRobbed'>['data']): HandState {
  const { seat, tile, revertsTo } = data;
  const isKong = (m: Meld) => m.kind === 'kong' && m.tile === tile;
  const next = withSeat(state, seat, (h) =>
    revertsTo === 'pong'
      ? {
          ...h,
          melds: h.melds.map((m) => (isKong(m) ? { kind: 'pung' as const, tile, concealed: false } : m)),
        }
      : {
          ...h,
          melds: h.melds.filter((m) => !isKong(m)),
          concealed: add(h.concealed, [tile, tile, tile], 1),
        },
  );
  return { ...next, robbed: tile };
}

/**
 * Seed 003's "Declare 6 flowers, have someone declare the 7th": the declaration that brings the table to seven
 * flowers, its declarer holding one and another seat the other six. Kept until the declarer draws from the
 * wall again (the eighth flower's declaration reads it).
 */
function seventhFlowerAfter(state: HandState, by: Seat, flower: Tile): HandState['seventhFlower'] {
  const hands = seatsOf(state.seats).map((seat) => ({ seat, flowers: seatHand(state, seat).flowers.length }));
  const declared = hands.reduce((sum, h) => sum + h.flowers, 0);
  const holder = hands.find((h) => h.seat !== by && h.flowers === 6);
  return declared === 7 && holder !== undefined ? { by, flower, holder: holder.seat } : state.seventhFlower;
}

const isTurnOf = (state: HandState, seat: Seat): boolean =>
  state.phase.kind === 'turn' && state.phase.seat === seat;

function withSeat(state: HandState, seat: Seat, change: (hand: SeatHand) => SeatHand): HandState {
  return { ...state, seats: { ...state.seats, [seat]: change(seatHand(state, seat)) } };
}

function add(counts: readonly number[], tiles: readonly Tile[], by: 1 | -1): number[] {
  const next = [...counts];
  for (const t of tiles) next[t] = (next[t] ?? 0) + by;
  return next;
}
