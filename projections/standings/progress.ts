// Each player's running points across hands and rounds, from the standings' own ledger, so that the last total
// is the standings' points: the steps are (round, hand) — hand 3 of round 2 is one step at every table — and a
// player's total after a step adds every hand of that step (its settlement in force and what was paid at once)
// and the penalties in force given there. A penalty counts at its hand when it names one, else at the last step
// of its round (or of the rounds before it, when its round has no hand yet), else at the last step.
import { streamRef } from '../runtime/decode.ts';
import { handPoints, type Penalty } from '../shared/ledger.ts';
import { type StandingsDoc, standingRows } from './evolve.ts';

export interface ProgressStep {
  readonly round: number;
  /** The hand's number in its game. */
  readonly hand: number;
}

export interface StandingsProgress {
  readonly steps: readonly ProgressStep[];
  /** Per player of the standings, in their order, the points after each step (as long as `steps`). */
  readonly players: readonly { readonly playerId: string; readonly totals: readonly number[] }[];
}

const keyOf = (s: ProgressStep) => `${s.round}.${s.hand}`;

export function standingsProgress(doc: StandingsDoc): StandingsProgress {
  const moves = new Map<string, Map<string, number>>();
  const steps = new Map<string, ProgressStep>();
  const add = (step: ProgressStep, playerId: string, points: number) => {
    const key = keyOf(step);
    steps.set(key, step);
    const at = moves.get(key) ?? new Map<string, number>();
    at.set(playerId, (at.get(playerId) ?? 0) + points);
    moves.set(key, at);
  };
  for (const [gameId, hands] of Object.entries(doc.ledger.hands)) {
    const round = doc.games[gameId]?.round;
    // A game outside the tournament's rounds (none today) has no place on the chart's axis.
    if (round === undefined || round === null) continue;
    for (const [stream, hand] of Object.entries(hands)) {
      const ref = streamRef(stream);
      if (ref.kind !== 'hand') continue;
      const step = { round, hand: ref.hand };
      steps.set(keyOf(step), step);
      for (const [playerId, points] of Object.entries(handPoints(hand))) add(step, playerId, points);
    }
  }
  const ordered = [...steps.values()].sort((a, b) => a.round - b.round || a.hand - b.hand);
  const penalties = Object.keys(doc.ledger.penalties)
    .sort()
    .map((id) => doc.ledger.penalties[id]!)
    .filter((p) => !p.cancelled);
  // Penalties given before any hand was played count at a step of their own, (0, 0).
  if (ordered.length === 0 && penalties.length > 0) ordered.push({ round: 0, hand: 0 });
  for (const penalty of penalties) add(penaltyStep(doc, ordered, penalty), penalty.playerId, -penalty.points);

  // The standings' own players, in their order (best first).
  const playerIds = standingRows(doc).map((row) => row.playerId);
  return {
    steps: ordered,
    players: playerIds.map((playerId) => {
      let total = 0;
      return { playerId, totals: ordered.map((s) => (total += moves.get(keyOf(s))?.get(playerId) ?? 0)) };
    }),
  };
}

function penaltyStep(doc: StandingsDoc, steps: readonly ProgressStep[], penalty: Penalty): ProgressStep {
  const last = steps.at(-1)!;
  const round =
    penalty.round ?? (penalty.gameId === undefined ? undefined : doc.games[penalty.gameId]?.round);
  if (round === undefined || round === null) return last;
  if (penalty.hand !== undefined) {
    const at = steps.find((s) => s.round === round && s.hand === penalty.hand);
    if (at !== undefined) return at;
  }
  for (let i = steps.length - 1; i >= 0; i--) if (steps[i]!.round <= round) return steps[i]!;
  return steps[0]!;
}
