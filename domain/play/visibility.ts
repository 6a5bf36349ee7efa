// What a seat may see of a hand's events (DESIGN.md "The API and the web app"): while the hand is live, a
// player sees its own tiles and everything the table shows (discards, flowers, melds, concealed kongs by
// kind, payments, wins), and nothing of the wall, the other hands, nor which other seat may claim or how it
// answered. Once the hand is over everything is shown; officials see everything always. Every reply, stream
// and error a player can reach is built from what this module lets through.
import type { Seat } from '../rules/seats.ts';
import type { Tile } from '../tiles/index.ts';
import type { PlayEvent, PlayEventOf } from './events.ts';
import { seatsOf } from './fields.ts';

/** Who reads: a referee or organizer, the player at a seat, or anyone else (the public, a player not seated). */
export type Viewer =
  | { readonly kind: 'official' }
  | { readonly kind: 'seat'; readonly seat: Seat }
  | { readonly kind: 'public' };

export const OFFICIAL: Viewer = { kind: 'official' };
export const PUBLIC: Viewer = { kind: 'public' };
export const seatViewer = (seat: Seat): Viewer => ({ kind: 'seat', seat });

type Data<T extends PlayEvent['type']> = PlayEventOf<T>['data'];
type Seen<T extends PlayEvent['type'], D> = Omit<PlayEventOf<T>, 'data'> & { readonly data: D };

/** The wall as a live hand shows it: the hash it is committed to, never its seed or order. */
export type WallCommitment =
  | {
      readonly source: 'seed';
      readonly algorithm: Extract<Data<'HandStarted'>['wall'], { source: 'seed' }>['algorithm'];
      readonly hash: string;
    }
  | { readonly source: 'arranged'; readonly hash: string };

export type HandStartedSeen = Seen<
  'HandStarted',
  Omit<Data<'HandStarted'>, 'wall'> & { readonly wall: WallCommitment }
>;
/** Another seat's draw: who drew, from which end of the wall; the tile only to the seat that drew it. */
export type TileDrawnSeen = Seen<'TileDrawn', Omit<Data<'TileDrawn'>, 'tile'> & { readonly tile?: Tile }>;

/** An event as a viewer may see it. A PlayEvent is one: officials and ended hands see events as they are. */
export type SeenEvent =
  | Exclude<PlayEvent, { readonly type: 'HandStarted' | 'TileDrawn' }>
  | HandStartedSeen
  | TileDrawnSeen;

/** A hand is over once the wall is shown (after a settlement, a draw or a void), or when it was entered. */
const ENDINGS: ReadonlySet<string> = new Set(['WallRevealed', 'HandVoided', 'HandResultEntered']);

export const isHandOver = (events: readonly { readonly type: string }[]): boolean =>
  events.some((event) => ENDINGS.has(event.type));

/** Whether the viewer is the player at this seat. */
function isOwn(viewer: Viewer, seat: Seat): boolean {
  return viewer.kind === 'seat' && viewer.seat === seat;
}

/**
 * Whether `viewer` sees anything of the event (eventFor answers something): counted by visibleRevision at
 * every reply and push, so it builds nothing. Decided alone, an event eventFor hides is hidden by both.
 */
function isShown(event: PlayEvent, viewer: Viewer, handOver: boolean): boolean {
  if (viewer.kind === 'official' || handOver) return true;
  switch (event.type) {
    // Another seat's answer, even a pass or a silence, tells that it was eligible.
    case 'ClaimMade':
    case 'ClaimPassed':
    case 'ClaimTimedOut':
      return isOwn(viewer, event.data.seat);
    case 'ScoresDeclared': {
      // Declared with a win claim while its window is open: it would tell the table a win was claimed. The
      // declarer sees a sheet that names only itself; a sheet naming every seat (chinese-classical) waits
      // for the hand's end, which a win claim brings at the window's close.
      const named = seatsOf(event.data.scores);
      return named.length === 1 && isOwn(viewer, named[0]!);
    }
    case 'HandStarted':
    case 'TilesDealt':
    case 'TileDrawn':
    case 'ClaimWindowOpened':
    case 'ClaimResolved':
    case 'GameStarted':
    case 'FlowerDeclared':
    case 'StreakDiePlaced':
    case 'TileDiscarded':
    case 'MeldDeclared':
    case 'KongRobbed':
    case 'WinDeclared':
    case 'FalseWinDeclared':
    case 'DeadHandDeclared':
    case 'PenaltyAssessed':
    case 'ImmediatePayment':
    case 'HandSettled':
    case 'SettlementCorrected':
    case 'HandDrawn':
    case 'HandVoided':
    case 'WallRevealed':
    case 'HandResultEntered':
    case 'GameFinished':
      return true;
  }
}

/**
 * The event as `viewer` may see it, or undefined when it sees nothing of it. `handOver`: whether the hand the
 * event belongs to has ended by the time it is read (isHandOver of its whole stream so far).
 */
export function eventFor(event: PlayEvent, viewer: Viewer, handOver: boolean): SeenEvent | undefined {
  if (viewer.kind === 'official' || handOver) return event;
  if (!isShown(event, viewer, handOver)) return undefined;
  switch (event.type) {
    case 'HandStarted': {
      // The seed gives the wall away as surely as the order does.
      const { wall, ...frame } = event.data;
      const commitment: WallCommitment =
        wall.source === 'seed'
          ? { source: 'seed', algorithm: wall.algorithm, hash: wall.hash }
          : { source: 'arranged', hash: wall.hash };
      return { ...event, data: { ...frame, wall: commitment } };
    }
    case 'TilesDealt':
      return { ...event, data: { hands: onlyOwn(event.data.hands, viewer) } };
    case 'TileDrawn': {
      if (isOwn(viewer, event.data.seat)) return event;
      const { seat, source } = event.data;
      return { ...event, data: { seat, source } };
    }
    case 'ClaimWindowOpened':
      // Another seat's entry tells what it holds: a pair, two of a run, a ready hand.
      return { ...event, data: { ...event.data, seats: onlyOwn(event.data.seats, viewer) } };
    case 'ClaimResolved':
      // The outcome is the table's (the meld is shown, the win declared). A lapsed claim and a passed win
      // (the pass lock) tell what another seat holds: each seat sees only its own.
      return {
        ...event,
        data: {
          ...event.data,
          lapsed: event.data.lapsed.filter((l) => isOwn(viewer, l.seat)),
          lockedUntilDraw: event.data.lockedUntilDraw.filter((seat) => isOwn(viewer, seat)),
        },
      };
    // Shown whole to the seats isShown lets see them.
    case 'ClaimMade':
    case 'ClaimPassed':
    case 'ClaimTimedOut':
    case 'ScoresDeclared':
    case 'GameStarted':
    case 'FlowerDeclared':
    case 'StreakDiePlaced':
    case 'TileDiscarded':
    case 'MeldDeclared':
    case 'KongRobbed':
    case 'WinDeclared':
    case 'FalseWinDeclared':
    case 'DeadHandDeclared':
    case 'PenaltyAssessed':
    case 'ImmediatePayment':
    case 'HandSettled':
    case 'SettlementCorrected':
    case 'HandDrawn':
    case 'HandVoided':
    case 'WallRevealed':
    case 'HandResultEntered':
    case 'GameFinished':
      return event;
  }
}

function onlyOwn<V>(record: Partial<Record<Seat, V>>, viewer: Viewer): Partial<Record<Seat, V>> {
  return Object.fromEntries(
    seatsOf(record)
      .filter((seat) => isOwn(viewer, seat))
      .map((s) => [s, record[s]]),
  ) as Partial<Record<Seat, V>>;
}

/** A hand stream's events as `viewer` may see them now. */
export function eventsFor(
  events: readonly PlayEvent[],
  viewer: Viewer,
  handOver: boolean = isHandOver(events),
): SeenEvent[] {
  const seen: SeenEvent[] = [];
  for (const event of events) {
    const shown = eventFor(event, viewer, handOver);
    if (shown !== undefined) seen.push(shown);
  }
  return seen;
}

/**
 * The revision of a hand stream as `viewer` sees it: the number of events it is shown, less one (-1 for no
 * stream). An event hidden from it moves nothing, so an ETag cannot tell a seat that another one answered.
 * Officials see the stream's own revision; once the hand is over so does everyone.
 */
export function visibleRevision(events: readonly PlayEvent[], viewer: Viewer): number {
  if (viewer.kind === 'official') return events.length - 1;
  const handOver = isHandOver(events);
  let shown = 0;
  for (const event of events) if (isShown(event, viewer, handOver)) shown++;
  return shown - 1;
}

/**
 * Whether a command sent with `If-Match: "<visible>"` was decided on the stream as it stands: no event the
 * viewer may see came after the revision it was shown.
 */
export const seesLatest = (events: readonly PlayEvent[], viewer: Viewer, visible: number): boolean =>
  visibleRevision(events, viewer) === visible;

/**
 * A refusal as `viewer` may read it. Resolving a claim window settles its winners, so a seat's pass can be met
 * by the score contract refusing another seat's win, naming that seat's tiles: a player reads which rule
 * refused, not what the contract found. Every other refusal of a seat's command speaks of that seat's own
 * tiles or of what the table shows.
 */
export function rejectionFor<
  R extends { readonly code: string; readonly rule: string; readonly message: string },
>(rejection: R, viewer: Viewer): R {
  if (viewer.kind === 'official' || rejection.code !== 'settlement-refused') return rejection;
  return { ...rejection, message: 'the score contract refused to settle the win; a referee can see why' };
}
