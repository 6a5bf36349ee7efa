// The replay of one hand stream: every step (type, who, what, when) with the table after it, folded by the
// hand aggregate's own evolve; every claim window with what each seat could claim, what it chose and how
// the window was resolved; every payment itemised, a correction shown after the settlement it corrects, with
// its mode, what stood before it and what it moved per seat.
import type { Meld } from '../../domain/hand/index.ts';
import { meldTiles } from '../../domain/hand/index.ts';
import {
  applySettlement,
  deltaBetween,
  netOf,
  type SettlementInForce,
} from '../../domain/play/correction/in-force.ts';
import { isPlayEventType, type PlayEvent } from '../../domain/play/events.ts';
import { evolve as evolveHand } from '../../domain/play/hand/evolve.ts';
import { type HandState, initialHandState, wallRemaining } from '../../domain/play/hand/state.ts';
import { formatCounts, formatTiles } from '../../domain/tiles/index.ts';
import { type Decoded, decode, streamRef } from '../runtime/decode.ts';
import type { ProjectedEvent } from '../runtime/event.ts';
import { type CorrectionFacts, correctionFacts } from '../shared/correction.ts';

export interface SeatTable {
  readonly player: string;
  /** Full information: the API hides it from players while the hand is live. */
  readonly concealed: string;
  readonly melds: readonly string[];
  readonly flowers: string;
  readonly pond: string;
}

export interface TableView {
  readonly phase: string;
  readonly wallRemaining: number;
  readonly seats: Readonly<Record<string, SeatTable>>;
}

export interface Step {
  readonly revision: number;
  readonly eventId: string;
  readonly type: string;
  /** The seat that acted, else the actor's role (system, referee...). */
  readonly who: string;
  readonly what: string;
  readonly at: string;
  readonly table: TableView;
}

export interface ClaimWindow {
  readonly revision: number;
  readonly offer: { readonly tile: string; readonly from: string; readonly kind: string };
  readonly deadline: string;
  readonly open: Readonly<
    Record<string, { win: boolean; kong: boolean; pong: boolean; chows: string[]; barredFromWin?: string }>
  >;
  readonly answers: Readonly<
    Record<string, { answer: 'claim' | 'pass' | 'timeout'; claim?: string; late?: string }>
  >;
  readonly resolution: {
    readonly outcome: string;
    readonly detail: string;
    readonly lapsed: readonly { seat: string; claim: string; reason: string }[];
    readonly lockedUntilDraw: readonly string[];
  } | null;
}

type Transfers = readonly { from: string; to: string; points: number; reason: string }[];

export interface Payment {
  readonly revision: number;
  readonly eventId: string;
  readonly kind: 'settlement' | 'correction' | 'immediate' | 'penalty';
  readonly detail: string;
  /** What the event lists: a settlement's or replacement's whole settlement, an adjustment's added transfers. */
  readonly transfers: Transfers;
  /**
   * Whether these transfers are part of the settlement in force: a replacement takes every settlement and
   * correction before it out, an adjustment adds to them. Together the ones in force are the settlement that
   * stands; every one stays listed.
   */
  readonly inForce: boolean;
  /** A correction: what it does, to what, by whom and why. */
  readonly correction?: Correction;
}

export interface Correction extends CorrectionFacts {
  /** The settlement in force before it, transfer by transfer. */
  readonly replaced: Transfers;
  /** The settlement in force after it (an adjustment: what stood, and its transfers). */
  readonly standing: Transfers;
  /** Per seat, the hand's points after less before. */
  readonly deltas: Readonly<Record<string, number>>;
}

export interface Replay {
  readonly stream: string;
  readonly gameId: string;
  readonly hand: number;
  readonly steps: readonly Step[];
  readonly windows: readonly ClaimWindow[];
  readonly payments: readonly Payment[];
}

export interface ReplayDoc extends Replay {
  readonly state: HandState;
  readonly seatWinds: Readonly<Record<string, string>>;
  /** The hand's settlement in force so far (the domain's fold). */
  readonly settlement: SettlementInForce | undefined;
}

export function initialReplay(stream: string): ReplayDoc {
  const ref = streamRef(stream);
  return {
    stream,
    gameId: ref.kind === 'hand' ? ref.gameId : '',
    hand: ref.kind === 'hand' ? ref.hand : 0,
    steps: [],
    windows: [],
    payments: [],
    state: initialHandState,
    seatWinds: {},
    settlement: undefined,
  };
}

export const replayKeys = ({ meta }: Decoded): string[] =>
  streamRef(meta.stream).kind === 'hand' ? [meta.stream] : [];

export function evolveReplay(doc: ReplayDoc, { event, meta }: Decoded): ReplayDoc {
  if (!isPlayEvent(event)) return doc;
  const state = evolveHand(doc.state, event);
  const seatWinds =
    event.type === 'HandStarted' || event.type === 'HandResultEntered'
      ? ({ ...event.data.seatWinds } as Record<string, string>)
      : doc.seatWinds;
  const settlement = applySettlement(doc.settlement, event, doc.steps.length);
  const next = { ...doc, state, seatWinds, settlement };
  const who =
    'seat' in event.data && typeof event.data.seat === 'string' ? event.data.seat : (meta.actor.role ?? '');
  const withStep = {
    ...next,
    steps: [...doc.steps, step(next, state, meta, event.type, who, describe(event))],
  };
  return { ...withStep, ...claimsAndPayments(withStep, doc.settlement, event, meta) };
}

const isPlayEvent = (event: Decoded['event']): event is PlayEvent => isPlayEventType(event.type);

function step(
  doc: ReplayDoc,
  state: HandState,
  meta: Decoded['meta'],
  type: string,
  who: string,
  what: string,
): Step {
  return {
    revision: meta.revision,
    eventId: meta.id,
    type,
    who,
    what,
    at: meta.at,
    table: tableOf(state, doc.seatWinds),
  };
}

function tableOf(state: HandState, seatWinds: Readonly<Record<string, string>>): TableView {
  const seats: Record<string, SeatTable> = {};
  for (const [seat, h] of Object.entries(state.seats)) {
    if (h === undefined) continue;
    seats[seat] = {
      player: seatWinds[seat] ?? '',
      concealed: formatCounts(h.concealed),
      melds: h.melds.map(meldText),
      flowers: formatTiles(h.flowers),
      pond: formatTiles(h.pond),
    };
  }
  return { phase: state.phase.kind, wallRemaining: Math.max(0, wallRemaining(state)), seats };
}

const meldText = (m: Meld): string =>
  `${m.kind}${m.concealed ? ' (concealed)' : ''} ${formatTiles(meldTiles(m))}`;

function describe(event: PlayEvent): string {
  switch (event.type) {
    case 'HandStarted':
      return `hand ${event.data.hand}, ${event.data.prevalentWind} round, ${event.data.dealer} deals`;
    case 'TilesDealt':
      return 'tiles dealt';
    case 'TileDrawn':
      return `drew ${formatTiles([event.data.tile])}${event.data.source === 'replacement' ? ' (replacement)' : ''}`;
    case 'FlowerDeclared':
      return `declared ${formatTiles([event.data.flower])}`;
    case 'TileDiscarded':
      return `discarded ${formatTiles([event.data.tile])}`;
    case 'ClaimWindowOpened':
      return `claim window on ${formatTiles([event.data.offer.tile])} from ${event.data.offer.from}`;
    case 'ClaimMade':
      return `claimed ${claimText(event.data.claim)}`;
    case 'ClaimPassed':
      return 'passed';
    case 'ClaimTimedOut':
      return event.data.late === undefined ? 'timed out' : `timed out (late: ${lateText(event.data.late)})`;
    case 'ClaimResolved':
      return `resolved: ${event.data.outcome}`;
    case 'MeldDeclared':
      return `${event.data.kind} ${formatTiles([event.data.tile])}`;
    case 'KongRobbed':
      return `kong of ${formatTiles([event.data.tile])} robbed by ${event.data.robbers.join(', ')}`;
    case 'WinDeclared':
      return `won on ${formatTiles([event.data.tile])} by ${event.data.by}${event.data.from ? ` from ${event.data.from}` : ''}`;
    case 'FalseWinDeclared':
      return `false win: ${event.data.reason}`;
    case 'DeadHandDeclared':
      return `dead hand: ${event.data.held} tiles held, ${event.data.expected} expected`;
    case 'ScoresDeclared':
      return `scores ${Object.entries(event.data.scores)
        .map(([s, p]) => `${s} ${p}`)
        .join(', ')}`;
    case 'StreakDiePlaced':
      return `streak die at ${event.data.count}`;
    case 'PenaltyAssessed':
      return `penalty ${event.data.kind} ${event.data.points}: ${event.data.reason}`;
    case 'ImmediatePayment':
      return `paid now: ${event.data.kind}`;
    case 'HandSettled':
      return 'settled';
    case 'SettlementCorrected':
      return `settlement corrected (${event.data.mode}): ${event.data.wrong}`;
    case 'HandDrawn':
      return `drawn: ${event.data.reason}`;
    case 'HandVoided':
      return `voided: ${event.data.explanation}`;
    case 'WallRevealed':
      return 'wall revealed';
    case 'HandResultEntered':
      return `result entered by ${event.data.enteredBy.role} ${event.data.enteredBy.id}: ${event.data.result.kind}`;
    case 'GameStarted':
    case 'GameFinished':
      return event.type;
  }
}

type ClaimData = { claim: string; tiles?: readonly number[] };
const claimText = (c: ClaimData): string =>
  c.tiles === undefined ? c.claim : `${c.claim} ${formatTiles(c.tiles)}`;
const lateText = (late: ClaimData | 'pass'): string => (late === 'pass' ? 'pass' : claimText(late));

/** `before` is the settlement in force before the event; `doc` is folded through it. */
function claimsAndPayments(
  doc: ReplayDoc,
  before: SettlementInForce | undefined,
  event: PlayEvent,
  meta: Decoded['meta'],
): Partial<ReplayDoc> {
  const lastWindow = (change: (w: ClaimWindow) => ClaimWindow): Partial<ReplayDoc> => {
    const last = doc.windows.at(-1);
    return last === undefined ? {} : { windows: [...doc.windows.slice(0, -1), change(last)] };
  };
  const answer = (seat: string, a: ClaimWindow['answers'][string]) =>
    lastWindow((w) => ({ ...w, answers: { ...w.answers, [seat]: a } }));
  const pay = (
    kind: Payment['kind'],
    detail: string,
    transfers: Payment['transfers'],
    correction?: Correction,
  ): Partial<ReplayDoc> => {
    const restates = kind === 'settlement' || correction?.mode === 'replacement';
    const previous = restates
      ? doc.payments.map((p) => ({
          ...p,
          inForce: p.kind === 'settlement' || p.kind === 'correction' ? false : p.inForce,
        }))
      : doc.payments;
    return {
      payments: [
        ...previous,
        {
          revision: meta.revision,
          eventId: meta.id,
          kind,
          detail,
          transfers,
          inForce: true,
          ...(correction === undefined ? {} : { correction }),
        },
      ],
    };
  };
  switch (event.type) {
    case 'ClaimWindowOpened': {
      const { offer, seats, deadline } = event.data;
      const open: ClaimWindow['open'] = Object.fromEntries(
        Object.entries(seats).map(([s, o]) => [
          s,
          {
            win: o!.win,
            kong: o!.kong,
            pong: o!.pong,
            chows: o!.chows.map((pair) => formatTiles(pair)),
            ...(o!.barredFromWin === undefined ? {} : { barredFromWin: o!.barredFromWin }),
          },
        ]),
      );
      return {
        windows: [
          ...doc.windows,
          {
            revision: meta.revision,
            offer: { tile: formatTiles([offer.tile]), from: offer.from, kind: offer.kind },
            deadline,
            open,
            answers: {},
            resolution: null,
          },
        ],
      };
    }
    case 'ClaimMade':
      return answer(event.data.seat, { answer: 'claim', claim: claimText(event.data.claim) });
    case 'ClaimPassed':
      return answer(event.data.seat, { answer: 'pass' });
    case 'ClaimTimedOut':
      return answer(event.data.seat, {
        answer: 'timeout',
        ...(event.data.late === undefined ? {} : { late: lateText(event.data.late) }),
      });
    case 'ClaimResolved': {
      const r = event.data;
      const detail =
        r.outcome === 'win'
          ? `${r.winners.join(', ')} won, ${r.payer} pays${r.robbedKong ? ' (robbing the kong)' : ''}`
          : r.outcome === 'meld'
            ? `${r.seat} took it for a ${r.claim}`
            : r.outcome === 'no-claim'
              ? 'nobody claimed'
              : 'the kong stands';
      return lastWindow((w) => ({
        ...w,
        resolution: {
          outcome: r.outcome,
          detail,
          lapsed: r.lapsed.map((l) => ({ seat: l.seat, claim: claimText(l.claim), reason: l.reason })),
          lockedUntilDraw: r.lockedUntilDraw,
        },
      }));
    }
    case 'HandSettled':
      return pay(
        'settlement',
        `winners ${event.data.winners.map((w) => `${w.seat} ${w.effectiveScore}`).join(', ') || 'none'}`,
        event.data.transfers,
      );
    case 'SettlementCorrected': {
      const d = event.data;
      // Version 1 events did not record what stood before them: the fold knows.
      const replaced = d.previous ?? before?.transfers ?? [];
      const standing = doc.settlement?.transfers ?? [];
      const correction: Correction = {
        ...correctionFacts(d),
        replaced,
        standing,
        deltas: (d.deltas ?? deltaBetween(netOf(replaced), netOf(standing))) as Record<string, number>,
      };
      const moved = Object.entries(correction.deltas)
        .map(([seat, p]) => `${seat} ${p > 0 ? '+' : ''}${p}`)
        .join(', ');
      const by = `${d.correctedBy.role} ${d.correctedBy.id}`;
      const amendment = d.amendmentId === undefined ? '' : `, amendment ${d.amendmentId}`;
      return pay(
        'correction',
        `${d.mode === 'adjustment' ? 'adjusts' : 'replaces'} ${d.corrects}: ${d.wrong} (${d.reason}, by ${by}${amendment})` +
          `; ${moved === '' ? 'no points move' : moved}`,
        d.transfers,
        correction,
      );
    }
    case 'ImmediatePayment':
      return pay('immediate', event.data.kind, event.data.transfers);
    case 'PenaltyAssessed':
      return pay(
        'penalty',
        `${event.data.kind} ${event.data.points} (${event.data.settled}): ${event.data.reason}`,
        event.data.transfers,
      );
    default:
      return {};
  }
}

/** The replay of a hand from its stored events (a live hand shown to a referee without the projection). */
export function replayFromEvents(events: readonly ProjectedEvent[]): Replay {
  const stream = events[0]?.stream ?? '';
  let doc = initialReplay(stream);
  for (const raw of events) {
    const decoded = decode(raw);
    if (decoded !== undefined) doc = evolveReplay(doc, decoded);
  }
  return replayOfDoc(doc);
}

export function replayOfDoc({
  state: _state,
  seatWinds: _seatWinds,
  settlement: _settlement,
  ...replay
}: ReplayDoc): Replay {
  return replay;
}
