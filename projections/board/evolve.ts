// The tables board of one tournament's current round: each table's game, seats, hand, prevalent wind,
// dealer, running points (as corrected), phase, last action, wall remaining and clock, from the tournament,
// game and hand streams of the round's games.
import { formatTiles } from '../../domain/tiles/index.ts';
import type { Decoded } from '../runtime/decode.ts';
import { streamRef } from '../runtime/decode.ts';
import type { GameRef } from '../runtime/projection.ts';
import { tournamentKeys } from '../shared/route.ts';

export type TablePhase = 'seated' | 'playing' | 'finished';

export interface BoardTable {
  readonly table: number;
  readonly gameId: string;
  readonly seats: Readonly<Record<string, string>>;
  readonly phase: TablePhase;
  /** Closed by the round before its game finished. */
  readonly closed: boolean;
  readonly hand: number | null;
  readonly prevalentWind: string | null;
  readonly dealer: string | null;
  /** Seat → player of the hand in play. */
  readonly seatWinds: Readonly<Record<string, string>>;
  readonly points: Readonly<Record<string, number>>;
  readonly lastAction: string | null;
  readonly wallRemaining: number | null;
  readonly extraMinutes: number;
  /** The round's end plus this table's extra minutes. */
  readonly endsAt: string | null;
}

export interface BoardDoc {
  readonly tournamentId: string;
  readonly round: number | null;
  /** Round clocks as scheduled (minutes per round). */
  readonly minutes: Readonly<Record<string, number>>;
  readonly roundEndsAt: string | null;
  readonly tables: readonly BoardTable[];
}

export const initialBoard = (tournamentId: string): BoardDoc => ({
  tournamentId,
  round: null,
  minutes: {},
  roundEndsAt: null,
  tables: [],
});

export const boardKeys = (event: Decoded, game: GameRef | undefined): string[] => tournamentKeys(event, game);

// Helpers outside the fold, not closures in it: docs/projections.md "Choices and limits".

/** The board with the table of this game changed. */
function changeTable(doc: BoardDoc, id: string | undefined, change: (t: BoardTable) => BoardTable): BoardDoc {
  return tables(doc, (t) => (t.gameId === id ? change(t) : t));
}

/** The board with table `n` of the round changed, when that round is the one on the board. */
function changeSeated(
  doc: BoardDoc,
  round: number,
  n: number,
  change: (t: BoardTable) => BoardTable,
): BoardDoc {
  return round === doc.round ? tables(doc, (t) => (t.table === n ? change(t) : t)) : doc;
}

export function evolveBoard(doc: BoardDoc, { event, meta }: Decoded): BoardDoc {
  const ref = streamRef(meta.stream);
  const gameId = ref.kind === 'game' || ref.kind === 'hand' ? ref.gameId : undefined;
  switch (event.type) {
    case 'RoundScheduled':
      return { ...doc, minutes: { ...doc.minutes, [event.data.round]: event.data.minutes } };
    case 'RoundSeated':
      return {
        ...doc,
        round: event.data.round,
        roundEndsAt: null,
        tables: event.data.tables.map((t) => ({
          table: t.table,
          gameId: t.gameId,
          seats: { ...t.seats } as Record<string, string>,
          phase: 'seated',
          closed: false,
          hand: null,
          prevalentWind: null,
          dealer: null,
          seatWinds: {},
          points: {},
          lastAction: null,
          wallRemaining: null,
          extraMinutes: 0,
          endsAt: null,
        })),
      };
    case 'RoundStarted':
      if (event.data.round !== doc.round) return doc;
      return tables({ ...doc, roundEndsAt: event.data.endsAt }, (t) => ({
        ...t,
        endsAt: plusMinutes(event.data.endsAt, t.extraMinutes),
      }));
    case 'TableTimeExtended':
      return changeSeated(doc, event.data.round, event.data.table, (t) => {
        const extraMinutes = t.extraMinutes + event.data.minutes;
        return {
          ...t,
          extraMinutes,
          endsAt: doc.roundEndsAt === null ? null : plusMinutes(doc.roundEndsAt, extraMinutes),
        };
      });
    case 'TableFinished':
      return changeSeated(doc, event.data.round, event.data.table, (t) => ({
        ...t,
        phase: 'finished',
        points: Object.fromEntries(event.data.scores.map((s) => [s.playerId, s.points])),
      }));
    case 'TableResultCorrected':
      return changeSeated(doc, event.data.round, event.data.table, (t) => ({
        ...t,
        points: Object.fromEntries(event.data.scores.map((s) => [s.playerId, s.points])),
      }));
    case 'RoundClosed':
      if (event.data.round !== doc.round) return doc;
      return tables(doc, (t) =>
        t.phase === 'finished'
          ? t
          : { ...t, phase: 'finished', closed: event.data.unfinished.includes(t.table) },
      );
    case 'PlayerReplaced': {
      const { playerId, replacement } = event.data;
      return tables(doc, (t) =>
        t.phase !== 'seated'
          ? t
          : {
              ...t,
              seats: Object.fromEntries(
                Object.entries(t.seats).map(([s, p]) => [s, p === playerId ? replacement.playerId : p]),
              ),
            },
      );
    }
    case 'GameStarted':
      return changeTable(doc, gameId, (t) => ({
        ...t,
        phase: 'playing',
        points: Object.fromEntries(event.data.players.map((p) => [p.playerId, event.data.startingPoints])),
      }));
    case 'HandRecorded':
      return changeTable(doc, gameId, (t) => ({
        ...t,
        points: Object.fromEntries(event.data.scores.map((s) => [s.playerId, s.points])),
      }));
    // Every player's points after a hand's correction: the final ones once the game is over.
    case 'HandResultCorrected':
      return changeTable(doc, gameId, (t) => ({
        ...t,
        points: Object.fromEntries(event.data.scores.map((s) => [s.playerId, s.points])),
      }));
    case 'GameFinished':
      return changeTable(doc, gameId, (t) => ({
        ...t,
        phase: 'finished',
        points: Object.fromEntries(event.data.scores.map((s) => [s.playerId, s.points])),
        lastAction: `game finished (${event.data.reason})`,
      }));
    case 'HandStarted': {
      const d = event.data;
      return changeTable(doc, gameId, (t) => ({
        ...t,
        phase: 'playing',
        hand: d.hand,
        prevalentWind: d.prevalentWind,
        dealer: d.dealer,
        seatWinds: { ...d.seatWinds } as Record<string, string>,
        wallRemaining: d.withFlowers ? 144 : 136,
        lastAction: `hand ${d.hand} started`,
      }));
    }
    case 'HandResultEntered': {
      const d = event.data;
      return changeTable(doc, gameId, (t) => ({
        ...t,
        phase: 'playing',
        hand: d.hand,
        prevalentWind: d.prevalentWind,
        dealer: d.seatWinds.E ?? null,
        seatWinds: { ...d.seatWinds } as Record<string, string>,
        wallRemaining: null,
        lastAction: `hand ${d.hand} entered: ${d.result.kind}`,
      }));
    }
    case 'TilesDealt': {
      const dealt = Object.values(event.data.hands).reduce((n, h) => n + (h?.length ?? 0), 0);
      return changeTable(doc, gameId, (t) => ({
        ...t,
        wallRemaining: (t.wallRemaining ?? 0) - dealt,
        lastAction: 'tiles dealt',
      }));
    }
    case 'TileDrawn':
      return changeTable(doc, gameId, (t) => ({
        ...t,
        wallRemaining: (t.wallRemaining ?? 0) - 1,
        lastAction: `${event.data.seat} drew${event.data.source === 'replacement' ? ' a replacement' : ''}`,
      }));
    default: {
      const action = actionOf(event);
      return action === undefined ? doc : changeTable(doc, gameId, (t) => ({ ...t, lastAction: action }));
    }
  }
}

/** What a player at the table would say happened; nothing that is hidden (a drawn tile) is named. */
function actionOf(event: Decoded['event']): string | undefined {
  switch (event.type) {
    case 'TileDiscarded':
      return `${event.data.seat} discarded ${formatTiles([event.data.tile])}`;
    case 'FlowerDeclared':
      return `${event.data.seat} declared ${formatTiles([event.data.flower])}`;
    case 'MeldDeclared':
      return `${event.data.seat} declared ${event.data.kind} ${formatTiles([event.data.tile])}`;
    case 'ClaimResolved':
      return event.data.outcome === 'meld' ? `${event.data.seat} claimed a ${event.data.claim}` : undefined;
    case 'WinDeclared':
      return `${event.data.seat} won by ${event.data.by}`;
    case 'HandDrawn':
      return `hand drawn (${event.data.reason})`;
    case 'HandVoided':
      return `hand voided (${event.data.cause})`;
    case 'HandSettled':
      return 'hand settled';
    case 'SettlementCorrected':
      return 'settlement corrected';
    default:
      return undefined;
  }
}

function tables(doc: BoardDoc, change: (t: BoardTable) => BoardTable): BoardDoc {
  return { ...doc, tables: doc.tables.map(change) };
}

const plusMinutes = (iso: string, minutes: number): string =>
  new Date(Date.parse(iso) + minutes * 60_000).toISOString();
