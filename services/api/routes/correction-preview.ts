// What a correction would do, shown before it is committed: per seat and per player the hand's settlement
// before and after and the change, the event it would append, and the standings before and after. Nothing is
// written: the same decision the ruling takes, on the hand as stored, and the standings as they stand now.
import { netOf, seatWindsOfHand } from '../../../domain/play/correction/index.ts';
import { handStream } from '../../../domain/play/metadata.ts';
import { SEATS } from '../../../domain/rules/seats.ts';
import { previewStandings, type StandingsPreview, standingsDocOf } from '../../../projections/index.ts';
import { z } from '../zod.ts';
import type { QuerySources } from './platform-routes.ts';
import type { decideOnHand } from './ruling-effects.ts';

export const SeatChange = z
  .object({
    seat: z.enum(SEATS),
    playerId: z.string().nullable(),
    before: z.int(),
    after: z.int(),
    delta: z.int(),
  })
  .openapi('SeatChange');

const standingRow = z.object({
  playerId: z.string(),
  name: z.string(),
  place: z.int(),
  points: z.int(),
  tablePoints: z.number(),
  games: z.int(),
  withdrawn: z.boolean(),
});
const placeAndPoints = z.object({ place: z.int(), points: z.int(), tablePoints: z.number() });

export const StandingsChange = z
  .object({
    before: z.array(standingRow),
    after: z.array(standingRow),
    changed: z.array(
      z.object({
        playerId: z.string(),
        name: z.string(),
        before: placeAndPoints,
        after: placeAndPoints,
        delta: z.object({ points: z.int(), tablePoints: z.number(), place: z.int() }),
      }),
    ),
  })
  .openapi('StandingsChange');

export const CorrectionPreview = z
  .object({
    stream: z.string(),
    mode: z.enum(['adjustment', 'replacement']),
    seats: z.array(SeatChange),
    event: z.object({ type: z.literal('SettlementCorrected'), data: z.unknown() }),
    standings: StandingsChange.nullable().openapi({
      description: 'null where the API has no read models (a tournament’s standings are read from them)',
    }),
  })
  .openapi('CorrectionPreview');

type Decided = Awaited<ReturnType<typeof decideOnHand>>;

/** Per seat, the hand's settlement in force before and after, with who sat there. */
export function seatChanges({ hand, decision }: Decided) {
  if (!('event' in decision)) return [];
  const winds = seatWindsOfHand(hand.events);
  const before = netOf(decision.inForce.transfers);
  const deltas = decision.event.data.deltas ?? {};
  return SEATS.filter((s) => winds[s] !== undefined).map((seat) => ({
    seat,
    playerId: winds[seat] ?? null,
    before: before[seat] ?? 0,
    after: (before[seat] ?? 0) + (deltas[seat] ?? 0),
    delta: deltas[seat] ?? 0,
  }));
}

export async function correctionPreview(
  tournamentId: string,
  gameId: string,
  handNumber: number,
  decided: Decided,
  queries: Pick<QuerySources, 'readModels' | 'catchUp'> | undefined,
): Promise<z.infer<typeof CorrectionPreview>> {
  const { decision, hand } = decided;
  if (!('event' in decision)) throw new Error('a refused correction has no preview');
  const stream = handStream(gameId, handNumber);
  let standings: StandingsPreview | null = null;
  if (queries !== undefined) {
    await queries.catchUp?.();
    const doc = await standingsDocOf(queries.readModels, tournamentId);
    if (doc !== undefined)
      standings = previewStandings(doc, [
        { gameId, stream, seatWinds: seatWindsOfHand(hand.events), deltas: decision.event.data.deltas ?? {} },
      ]);
  }
  return {
    stream,
    mode: decision.event.data.mode,
    seats: seatChanges(decided),
    event: { type: 'SettlementCorrected', data: decision.event.data },
    standings:
      standings === null
        ? null
        : {
            ...standings,
            before: [...standings.before],
            after: [...standings.after],
            changed: [...standings.changed],
          },
  };
}
