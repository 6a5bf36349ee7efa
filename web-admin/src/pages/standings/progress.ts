// The chart's rows from the standings' progress (GET /api/tournaments/:id/standings/progress): the steps
// (round, hand) and, per player, the points after each step, the last equal to the standings' points.
import type { StandingsProgress } from './standings-data.ts';

export type { StandingsProgress };

/** The chart's rows: a start (at 0, or the penalties before any hand), then one per step, each selected player's points under their id. */
export function chartRows(
  progress: StandingsProgress,
  playerIds: readonly string[],
): { step: string; round: number; hand: number; [playerId: string]: number | string }[] {
  if (progress.steps.length === 0) return [];
  const selected = progress.players.filter((p) => playerIds.includes(p.playerId));
  // A step (0, 0) holds penalties given before any hand: it is the start.
  const fromZero = progress.steps[0]!.round > 0;
  const start: { step: string; round: number; hand: number; [playerId: string]: number | string } = {
    step: '0',
    round: 0,
    hand: 0,
  };
  for (const p of selected) start[p.playerId] = 0;
  return [
    ...(fromZero ? [start] : []),
    ...progress.steps.map((s, i) => {
      const row: { step: string; round: number; hand: number; [playerId: string]: number | string } = {
        step: s.round === 0 ? '0' : `${s.round}.${s.hand}`,
        round: s.round,
        hand: s.hand,
      };
      for (const p of selected) row[p.playerId] = p.totals[i]!;
      return row;
    }),
  ];
}
