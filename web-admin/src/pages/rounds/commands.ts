// The round commands the page sends (services/api/routes/rounds.ts). Schedule, seat and start carry If-Match
// with the revision the organizer looked at: they are decided from what the page shows, so a change made
// meanwhile (another organizer's reseat) is refused (412) rather than overwritten. Close and extend do not:
// a table finishing meanwhile changes nothing about them.
import { api, type Schemas } from '../../api/client.ts';
import { unwrap } from '../../api/problem.ts';

export type ScheduleBody = Schemas['ScheduleRound'];
export type SeatBody = Schemas['SeatRound'];

const headers = (key: string, revision?: number) => ({
  'idempotency-key': key,
  ...(revision === undefined ? {} : { 'if-match': `"${revision}"` }),
});

export async function scheduleRound(tournamentId: string, body: ScheduleBody, key: string, revision: number) {
  return unwrap(
    await api.POST('/api/tournaments/{tournamentId}/rounds', {
      params: { path: { tournamentId } },
      body,
      headers: headers(key, revision),
    }),
  );
}

export async function seatRound(
  tournamentId: string,
  round: number,
  body: SeatBody,
  key: string,
  revision: number,
) {
  return unwrap(
    await api.POST('/api/tournaments/{tournamentId}/rounds/{round}/seating', {
      params: { path: { tournamentId, round } },
      body,
      headers: headers(key, revision),
    }),
  );
}

export async function startRound(tournamentId: string, round: number, key: string, revision: number) {
  return unwrap(
    await api.POST('/api/tournaments/{tournamentId}/rounds/{round}/start', {
      params: { path: { tournamentId, round } },
      headers: headers(key, revision),
    }),
  );
}

export async function closeRound(tournamentId: string, round: number, force: boolean, key: string) {
  return unwrap(
    await api.POST('/api/tournaments/{tournamentId}/rounds/{round}/close', {
      params: { path: { tournamentId, round } },
      body: { force },
      headers: headers(key),
    }),
  );
}

export async function extendTable(
  tournamentId: string,
  round: number,
  table: number,
  body: { readonly minutes: number; readonly reason: string },
  key: string,
) {
  return unwrap(
    await api.POST('/api/tournaments/{tournamentId}/rounds/{round}/tables/{table}/extend', {
      params: { path: { tournamentId, round, table } },
      body,
      headers: headers(key),
    }),
  );
}
