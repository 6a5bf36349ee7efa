// The hand aggregate's state (DESIGN.md "The domain": aggregates are deciders): everything decide needs,
// folded from the hand stream's events alone, the wall included, so that a replay needs nothing else.
import type { Meld } from '../../hand/index.ts';
import type { Claim, Eligibility, Offer, OfferKind } from '../../rules/claims/index.ts';
import type { PresetId } from '../../rules/rulesets/index.ts';
import type { PlayerCount, Seat } from '../../rules/seats.ts';
import { ALL_TILE_KINDS, TILE_KINDS, type Tile } from '../../tiles/index.ts';

export interface SeatHand {
  /** Counts of the 42 kinds held concealed (0..33, and a flower until it is declared). */
  readonly concealed: readonly number[];
  readonly melds: readonly Meld[];
  readonly flowers: readonly Tile[];
  /** Discards still on the table (a claimed one leaves it). */
  readonly pond: readonly Tile[];
  /** Every discard, claimed ones too: sacred discard and the pond length (seed 003) read them all. */
  readonly discarded: readonly Tile[];
}

/** One seat's answer in a claim window, as arbitrateClaims reads it. */
export type WindowAnswer =
  | { readonly type: 'claim'; readonly claim: Claim }
  | { readonly type: 'pass' }
  /** No answer in time; one that came after the deadline is kept for the record. */
  | { readonly type: 'timeout'; readonly late?: Claim | 'pass' };

export interface WindowSeat {
  /** What the rules leave open to the seat here, as ClaimWindowOpened lists it. */
  readonly open: Eligibility;
  /** Why a win the hand could make is not open to it. */
  readonly barred: 'sacred-discard' | 'pass-lock' | undefined;
  readonly answer: WindowAnswer | undefined;
}

/** A seat listed only to say why it may not win has nothing to answer. */
export const mustAnswer = ({ open }: WindowSeat): boolean =>
  open.win || open.kong || open.pong || open.chows.length > 0;

/**
 * Whether the ruleset holds every offered tile open for the same time ('every-discard'), resolving it only at
 * its deadline, so that no window tells bystanders that someone may claim (docs/rules.md).
 */
export const holdsEveryWindow = (options: HandState['options']): boolean =>
  options.claimWindows === 'every-discard';

/** How long a window stays open: the uniform hold, or the time each eligible seat has to answer. */
export const windowLengthMs = (options: HandState['options']): number =>
  Number(holdsEveryWindow(options) ? (options.uniformWindowMs ?? 2500) : (options.claimDeadlineMs ?? 5000));

export interface OpenWindow {
  readonly offer: Offer;
  readonly openedAtMs: number;
  readonly deadlineMs: number;
  readonly seats: Partial<Record<Seat, WindowSeat>>;
  /**
   * A flower's window (Eight Immortals, seed 003) interrupts the turn of the seat that drew the flower: when
   * nobody wins, that turn resumes with the flower's replacement.
   */
  readonly resume?: { readonly seat: Seat; readonly drawn: Tile | undefined };
}

export type Phase =
  | { readonly kind: 'not-started' }
  /** `seat` discards next (or declares a self-drawn win when `drawn` is the tile it just drew). */
  | { readonly kind: 'turn'; readonly seat: Seat; readonly drawn: Tile | undefined }
  | { readonly kind: 'claim-window'; readonly window: OpenWindow }
  /** The winner(s) are known; settlement follows in the same decision. */
  | { readonly kind: 'won' }
  | { readonly kind: 'ended'; readonly how: 'settled' | 'drawn' | 'voided' };

export interface HandState {
  readonly phase: Phase;
  readonly preset: PresetId | undefined;
  readonly options: Readonly<Record<string, unknown>>;
  readonly rulesetRef:
    | { readonly preset: PresetId; readonly version: number; readonly hash: string }
    | undefined;
  readonly players: PlayerCount;
  readonly prevalentWind: Seat;
  readonly repeats: number;
  readonly wall: readonly Tile[];
  readonly wallHash: string;
  /** The next live draw is wall[front]; the next replacement wall[back]. */
  readonly front: number;
  readonly back: number;
  readonly seats: Partial<Record<Seat, SeatHand>>;
  /** 過水: seats that passed a win and may not win on a discard until they draw. */
  readonly lockedUntilDraw: readonly Seat[];
  /** Consecutive replacement draws of the seat in turn, for the luck patterns. */
  readonly afterKong: number;
  readonly afterFlower: number;
  /** The tile taken off a robbed kong: the robbers won on it. */
  readonly robbed: Tile | undefined;
  /** Declared-score presets: the score each winner declared with the win. */
  readonly declaredScores: Partial<Record<Seat, number>>;
  /** The seat whose win the next ScoresDeclared goes with (the last win claimed or declared). */
  readonly declarer: Seat | undefined;
  /** Each declarer's whole sheet: in chinese-classical, its own score and every loser's (seed 002). */
  readonly scoreSheets: Partial<Record<Seat, Partial<Record<Seat, number>>>>;
  /** The hand stream, `hand-{gameId}-{n}`: immediate payments name what they settle by it. */
  readonly stream: string;
  /** Every discard in the order made, claimed ones too: chasing and the West exception read it (seed 004). */
  readonly flow: readonly { readonly seat: Seat; readonly tile: Tile }[];
  /** The fourth West shown and kept (seed 004's West exception): by whom, at which discard of the flow. */
  readonly westShown: { readonly seat: Seat; readonly at: number } | undefined;
  /** Seats a referee found with too many or too few tiles (seed 004). */
  readonly deadHands: readonly Seat[];
  /** East placed or turned the streak die this hand (seed 004). */
  readonly diePlaced: boolean;
  /** Seats charged this hand for an unshown concealed gong of the previous one (seed 004): once each. */
  readonly unshownCharged: readonly Seat[];
  /**
   * Seed 003, Eight Immortals: "Declare 6 flowers, have someone declare the 7th, and explicitly draw the last
   * one from the wall within the next go-around". The seat that declared the table's seventh flower while
   * `holder` held the other six, and that flower; kept until `by` draws from the wall again.
   */
  readonly seventhFlower: { readonly by: Seat; readonly flower: Tile; readonly holder: Seat } | undefined;
}

/** Concealed counts cover flowers too (42 kinds): a dealt or drawn flower is held until it is declared. */
export const EMPTY_SEAT: SeatHand = {
  concealed: Array<number>(ALL_TILE_KINDS).fill(0),
  melds: [],
  flowers: [],
  pond: [],
  discarded: [],
};

export const initialHandState: HandState = {
  phase: { kind: 'not-started' },
  preset: undefined,
  options: {},
  rulesetRef: undefined,
  players: 4,
  prevalentWind: 'E',
  repeats: 0,
  wall: [],
  wallHash: '',
  front: 0,
  back: -1,
  seats: {},
  lockedUntilDraw: [],
  afterKong: 0,
  afterFlower: 0,
  declaredScores: {},
  robbed: undefined,
  declarer: undefined,
  scoreSheets: {},
  stream: '',
  flow: [],
  westShown: undefined,
  deadHands: [],
  diePlaced: false,
  unshownCharged: [],
  seventhFlower: undefined,
};

/** East has discarded the first tile of the hand. */
export const eastHasDiscarded = (state: HandState): boolean => (state.seats.E?.discarded.length ?? 0) > 0;

/**
 * Seed 004: during a streak, East discarding the first tile without placing the die plays the hand without
 * it (an East win earns no streak bonus; East giving the winning tile still pays it).
 */
export const dieForgotten = (state: HandState): boolean =>
  state.preset === 'table-law' && state.repeats > 0 && !state.diePlaced && eastHasDiscarded(state);

export const wallRemaining = (state: HandState): number => state.back - state.front + 1;

/** Seed 003: the hand is drawn when one pond holds this many discards, claimed ones included. */
export const POND_LENGTH = { 4: 18, 3: 20, 2: 22 } as const;

/** The seat's discards (claimed ones too) fill its pond: hu-mahjong's exhaustive draw (seed 003). */
export const pondFull = (state: HandState, seat: Seat): boolean =>
  state.preset === 'hu-mahjong' && seatHand(state, seat).discarded.length >= POND_LENGTH[state.players];

/**
 * How hu-mahjong reads "Winning on the Last Draw/Discard" (option `lastTile`, docs/rules.md): 'pond' (the
 * default, the option absent) the draw of the seat whose next discard fills its pond and the discard that
 * fills it, offered to win claims before the hand is drawn; 'wall' the wall's last tile, which pond-length draws
 * never reach.
 */
export const lastTileReading = (state: HandState): 'pond' | 'wall' =>
  state.options.lastTile === 'wall' ? 'wall' : 'pond';

/** A win on the offered tile is a discard win, or robs a kong; a flower is won on as a discard (seed 003). */
export const offerWinType = (kind: OfferKind): 'discard' | 'robbing-kong' =>
  kind === 'discard' || kind === 'flower' ? 'discard' : 'robbing-kong';

export function seatHand(state: HandState, seat: Seat): SeatHand {
  const hand = state.seats[seat];
  if (hand === undefined) throw new Error(`seat ${seat} is not at this table`);
  return hand;
}

export const handSize = (hand: SeatHand): number => hand.concealed.reduce((sum, n) => sum + n, 0);

/** The 34 playing kinds, as the hand engine reads them. */
export const kindsOf = (hand: SeatHand): Uint8Array => Uint8Array.from(hand.concealed.slice(0, TILE_KINDS));

export function tilesOf(counts: ArrayLike<number>): Tile[] {
  const tiles: Tile[] = [];
  for (let t = 0; t < counts.length; t++) for (let n = 0; n < counts[t]!; n++) tiles.push(t);
  return tiles;
}
