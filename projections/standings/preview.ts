// The standings as they would stand after some hands' results change (a ruling's correction, an amendment's
// recompute), computed from the standings document as it stands, before anything is written: what an
// organizer or referee sees before committing. The same fold as the projection's, with the changes applied.
import { transfersOfNet } from '../../domain/play/correction/in-force.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import type { ReadModels } from '../runtime/db.ts';
import { loadStoredDoc } from '../runtime/store.ts';
import { handLedgerOf } from '../shared/ledger.ts';
import { type StandingRow, type StandingsDoc, standingRows } from './evolve.ts';
import { standingsProjection } from './store.ts';

/** One hand's change: who sat where, and per seat the points after less before. */
export interface HandChange {
  readonly gameId: string;
  readonly stream: string;
  readonly seatWinds: Readonly<Partial<Record<Seat, string>>>;
  readonly deltas: Readonly<Partial<Record<Seat, number>>>;
}

export interface PlayerChange {
  readonly playerId: string;
  readonly name: string;
  readonly before: { readonly place: number; readonly points: number; readonly tablePoints: number };
  readonly after: { readonly place: number; readonly points: number; readonly tablePoints: number };
  readonly delta: { readonly points: number; readonly tablePoints: number; readonly place: number };
}

export interface StandingsPreview {
  readonly before: readonly StandingRow[];
  readonly after: readonly StandingRow[];
  /** Every player whose points, table points or place would change. */
  readonly changed: readonly PlayerChange[];
}

export function previewStandings(doc: StandingsDoc, changes: readonly HandChange[]): StandingsPreview {
  let next = doc;
  for (const change of changes) next = withChange(next, change);
  const before = standingRows(doc);
  const after = standingRows(next);
  const byId = new Map(after.map((r) => [r.playerId, r]));
  const changed = before.flatMap((b): PlayerChange[] => {
    const a = byId.get(b.playerId);
    if (a === undefined || (a.points === b.points && a.tablePoints === b.tablePoints && a.place === b.place))
      return [];
    const view = (r: StandingRow) => ({ place: r.place, points: r.points, tablePoints: r.tablePoints });
    return [
      {
        playerId: b.playerId,
        name: b.name,
        before: view(b),
        after: view(a),
        delta: {
          points: a.points - b.points,
          tablePoints: a.tablePoints - b.tablePoints,
          place: a.place - b.place,
        },
      },
    ];
  });
  return { before, after, changed };
}

/** The change folded in as the projection will fold it: the hand's points move, and a finished table's too. */
function withChange(doc: StandingsDoc, change: HandChange): StandingsDoc {
  const perPlayer: Record<string, number> = {};
  for (const [seat, d] of Object.entries(change.deltas) as [Seat, number][]) {
    const player = change.seatWinds[seat];
    if (player !== undefined) perPlayer[player] = (perPlayer[player] ?? 0) + d;
  }
  const hands = doc.ledger.hands[change.gameId] ?? {};
  const hand = handLedgerOf(doc.ledger, change.stream);
  const moved = transfersOfNet(change.deltas, 'preview');
  const ledger =
    hand === undefined
      ? doc.ledger
      : {
          ...doc.ledger,
          hands: {
            ...doc.ledger.hands,
            [change.gameId]: {
              ...hands,
              [change.stream]: { ...hand, settlement: [...hand.settlement, ...moved] },
            },
          },
        };
  const game = doc.games[change.gameId];
  const games =
    game?.final == null
      ? doc.games
      : {
          ...doc.games,
          [change.gameId]: {
            ...game,
            final: game.final.map((s) => ({ ...s, points: s.points + (perPlayer[s.playerId] ?? 0) })),
          },
        };
  return { ...doc, ledger, games };
}

/** The standings document of a tournament as the projection last saved it; undefined for none. */
export async function standingsDocOf(
  db: ReadModels,
  tournamentId: string,
): Promise<StandingsDoc | undefined> {
  return (await loadStoredDoc(db, standingsProjection, tournamentId)) as StandingsDoc | undefined;
}
