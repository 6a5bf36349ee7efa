// Each player's running points across hands and rounds, for the chart. The shape is the one a single API
// read should give (`GET /api/tournaments/:id/standings/progress`, not there yet): the steps (round, hand)
// and, per player, the points after each step as the standings count them (hands' settlements in force,
// payments made at once, penalties in force), so the last equals the standings' points. Until that read
// exists, it is built here from each hand's replay.
import type { PenaltyView, ReplayPayments } from './standings-data.ts';

/** What a penalty's place on the chart needs. */
export type ChartPenalty = Pick<PenaltyView, 'playerId' | 'points' | 'status' | 'round' | 'hand'>;

export interface ProgressStep {
  readonly round: number;
  /** The hand's number in its game: hand 3 of round 2 is step (2, 3) at every table. */
  readonly hand: number;
}

export interface StandingsProgress {
  readonly steps: readonly ProgressStep[];
  /** Per player, the points after each step (as long as `steps`). */
  readonly players: readonly { readonly playerId: string; readonly totals: readonly number[] }[];
}

export interface HandDeltas {
  readonly round: number;
  readonly gameId: string;
  readonly hand: number;
  /** Player → points won (less lost) in the hand. */
  readonly deltas: Readonly<Record<string, number>>;
}

/** A finished hand's points per player: every payment still in force (settlement, corrections, paid at once). */
export function handDeltas(replay: ReplayPayments): Record<string, number> {
  const deltas: Record<string, number> = {};
  const player = (seat: string) => replay.seats[seat] ?? `seat-${seat}`;
  for (const payment of replay.payments) {
    if (!payment.inForce) continue;
    for (const t of payment.transfers) {
      deltas[player(t.from)] = (deltas[player(t.from)] ?? 0) - t.points;
      deltas[player(t.to)] = (deltas[player(t.to)] ?? 0) + t.points;
    }
  }
  return deltas;
}

const byStep = (a: ProgressStep, b: ProgressStep) => a.round - b.round || a.hand - b.hand;

/**
 * The running points of `playerIds` over the hands given. A penalty counts at its hand when it names one,
 * else at the last step of its round, else at the last step.
 */
export function progressOf(
  hands: readonly HandDeltas[],
  penalties: readonly ChartPenalty[],
  playerIds: readonly string[],
): StandingsProgress {
  const keyOf = (s: ProgressStep) => `${s.round}.${s.hand}`;
  const unique = new Map(hands.map((h) => [keyOf(h), { round: h.round, hand: h.hand }]));
  const steps = [...unique.values()].sort(byStep);
  if (steps.length === 0) return { steps, players: playerIds.map((playerId) => ({ playerId, totals: [] })) };
  const index = new Map(steps.map((s, i) => [keyOf(s), i]));
  const moves = steps.map(() => new Map<string, number>());
  const add = (i: number, playerId: string, points: number) =>
    moves[i]!.set(playerId, (moves[i]!.get(playerId) ?? 0) + points);

  for (const h of hands) for (const [p, d] of Object.entries(h.deltas)) add(index.get(keyOf(h))!, p, d);
  for (const penalty of penalties) {
    if (penalty.status !== 'active') continue;
    add(penaltyStep(steps, index, penalty), penalty.playerId, -penalty.points);
  }
  return {
    steps,
    players: playerIds.map((playerId) => {
      let total = 0;
      return { playerId, totals: moves.map((m) => (total += m.get(playerId) ?? 0)) };
    }),
  };
}

function penaltyStep(
  steps: readonly ProgressStep[],
  index: Map<string, number>,
  penalty: ChartPenalty,
): number {
  const last = steps.length - 1;
  if (penalty.round === undefined) return last;
  if (penalty.hand !== undefined) {
    const at = index.get(`${penalty.round}.${penalty.hand}`);
    if (at !== undefined) return at;
  }
  // The last step of its round, or of the rounds before it when its round has no hand yet.
  for (let i = last; i >= 0; i--) if (steps[i]!.round <= penalty.round) return i;
  return 0;
}

/** The chart's rows: a start at 0, then one per step, each selected player's points under their id. */
export function chartRows(
  progress: StandingsProgress,
  playerIds: readonly string[],
): { step: string; round: number; hand: number; [playerId: string]: number | string }[] {
  if (progress.steps.length === 0) return [];
  const selected = progress.players.filter((p) => playerIds.includes(p.playerId));
  const start: { step: string; round: number; hand: number; [playerId: string]: number | string } = {
    step: '0',
    round: 0,
    hand: 0,
  };
  for (const p of selected) start[p.playerId] = 0;
  return [
    start,
    ...progress.steps.map((s, i) => {
      const row: { step: string; round: number; hand: number; [playerId: string]: number | string } = {
        step: `${s.round}.${s.hand}`,
        round: s.round,
        hand: s.hand,
      };
      for (const p of selected) row[p.playerId] = p.totals[i]!;
      return row;
    }),
  ];
}
