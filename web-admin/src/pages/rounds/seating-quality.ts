// The seating-quality report (GET /api/tournaments/:id/seating-quality): over the rounds seated so far, and,
// once the event's seating is planned, with the plan's rounds still to seat. An earlier round's tab shows the
// totals its seating recorded (RoundSeated's cost over rounds 1 to it): the report covers the latest only.
import { useQuery } from '@tanstack/react-query';
import { api, type Schemas } from '../../api/client.ts';
import { unwrap } from '../../api/problem.ts';
import type { TournamentView } from './tournament-view.ts';

export type SeatingQuality = Schemas['SeatingQuality'];

export interface QualityReport {
  readonly seated: SeatingQuality;
  /** With the plan's rounds still to seat; null without a plan. */
  readonly planned: SeatingQuality | null;
  readonly plan: Schemas['SeatingQualityReport']['plan'];
}

/** The report, read again whenever the tournament moves on (its revision is in the key). */
export function useSeatingQuality(view: TournamentView) {
  const tournamentId = view.tournamentId;
  return useQuery({
    queryKey: ['seating-quality', tournamentId, view.revision],
    queryFn: async (): Promise<QualityReport> => {
      const report = unwrap(
        await api.GET('/api/tournaments/{tournamentId}/seating-quality', {
          params: { path: { tournamentId } },
        }),
      );
      // The generated type of a nullable reference reads as an intersection; the document says SeatingQuality or null.
      return { seated: report.seated, planned: report.planned as SeatingQuality | null, plan: report.plan };
    },
  });
}

/** The last round seated (the report's scope), or 0 before any. */
export const lastSeated = (view: TournamentView): number =>
  view.rounds.filter((round) => round.phase !== 'scheduled').length;

/** Whether a pair met in two rounds in a row (what a consecutive repeat counts). */
export const metInARow = (rounds: readonly number[]): boolean =>
  rounds.some((round, i) => rounds[i + 1] === round + 1);
