// The chart's data until the API gives it in one read (progress.ts): each game's hand count, then each of its
// hands' replays, cut down to the points they moved. A finished hand's replay is kept for the page's life,
// so a live page asks only for what is new: the games still playing, and their new hands. A correction moves
// a finished hand's points without a new hand: a player whose last total differs from the standings has the
// replays of their games read again, once per standings update.
import { type Query, useQueries, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { type HandDeltas, handDeltas, progressOf, type StandingsProgress } from './progress.ts';
import {
  fetchGameHands,
  fetchReplayPayments,
  type GameHands,
  type ReplayPayments,
  type StandingRow,
  type TournamentView,
} from './standings-data.ts';

export const progressGameKey = (gameId: string) => ['standings-progress', 'game', gameId] as const;
export const progressReplayKey = (gameId: string, hand: number) =>
  ['standings-progress', 'replay', gameId, hand] as const;

/** After points moved: the games still playing and the hands not over are read again. */
export function refreshLiveProgress(queryClient: ReturnType<typeof useQueryClient>): Promise<void> {
  return queryClient.invalidateQueries({
    queryKey: ['standings-progress'],
    predicate: (query: Query) => {
      const data = query.state.data as GameHands | ReplayPayments | undefined | null;
      if (query.queryKey[1] === 'game') return !(data as GameHands | undefined)?.finished;
      return data == null || !(data as ReplayPayments).over;
    },
  });
}

export interface ProgressResult {
  readonly progress: StandingsProgress | undefined;
  readonly error: unknown;
  readonly loading: boolean;
}

export function useProgress(
  tournament: TournamentView | undefined,
  standings: readonly StandingRow[] | undefined,
  standingsUpdatedAt: number,
): ProgressResult {
  const queryClient = useQueryClient();
  const games = useMemo(
    () =>
      (tournament?.rounds ?? []).flatMap((r) =>
        r.tables.map((t) => ({ round: r.round, gameId: t.gameId, finished: t.finished })),
      ),
    [tournament],
  );
  const gameHands = useQueries({
    queries: games.map((g) => ({
      queryKey: progressGameKey(g.gameId),
      queryFn: () => fetchGameHands(g.gameId),
      staleTime: g.finished ? Number.POSITIVE_INFINITY : 0,
    })),
  });
  const hands = games.flatMap((g, i) =>
    Array.from({ length: gameHands[i]?.data?.handsOver ?? 0 }, (_, h) => ({ ...g, hand: h + 1 })),
  );
  const replays = useQueries({
    queries: hands.map((h) => ({
      queryKey: progressReplayKey(h.gameId, h.hand),
      queryFn: () => fetchReplayPayments(h.gameId, h.hand),
      staleTime: (query: Query<ReplayPayments | null>) =>
        query.state.data?.over === true ? Number.POSITIVE_INFINITY : 0,
    })),
  });

  const loading = gameHands.some((q) => q.isPending) || replays.some((q) => q.isPending);
  const error = gameHands.find((q) => q.error)?.error ?? replays.find((q) => q.error)?.error;
  const signature = replays.map((q) => q.dataUpdatedAt).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: recomputed when a replay or the standings change
  const progress = useMemo(() => {
    if (standings === undefined || loading) return undefined;
    const deltas: HandDeltas[] = [];
    hands.forEach((h, i) => {
      const replay = replays[i]?.data;
      if (replay?.over === true)
        deltas.push({ round: h.round, gameId: h.gameId, hand: h.hand, deltas: handDeltas(replay) });
    });
    return {
      value: progressOf(
        deltas,
        tournament?.penalties ?? [],
        standings.map((s) => s.playerId),
      ),
      deltas,
    };
  }, [signature, standings, tournament, loading]);

  // A total that differs from the standings: a correction the kept replays do not know. Read again, once.
  const checked = useRef(0);
  useEffect(() => {
    if (progress === undefined || standings === undefined || checked.current === standingsUpdatedAt) return;
    checked.current = standingsUpdatedAt;
    const totals = new Map(progress.value.players.map((p) => [p.playerId, p.totals.at(-1) ?? 0]));
    const off = new Set(
      standings.filter((s) => (totals.get(s.playerId) ?? 0) !== s.points).map((s) => s.playerId),
    );
    if (off.size === 0) return;
    const gamesOff = new Set(
      progress.deltas.filter((d) => Object.keys(d.deltas).some((p) => off.has(p))).map((d) => d.gameId),
    );
    for (const gameId of gamesOff)
      void queryClient.invalidateQueries({ queryKey: ['standings-progress', 'replay', gameId] });
  }, [progress, standings, standingsUpdatedAt, queryClient]);

  return { progress: progress?.value, error, loading };
}
