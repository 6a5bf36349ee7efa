// An amendment's effect before it is made: the same computation as its recompute, run without writing. The
// amendment is decided on the tournament as it stands (a refusal is the same refusal), folded in, and every
// hand in scope settled again: per hand and per player before, after and the change, and the standings
// before and after.
import { seatWindsOfHand } from '../../domain/play/correction/index.ts';
import { handStream } from '../../domain/play/metadata.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import {
  type AmendRuleset,
  decide,
  evolve,
  type RulesetAmended,
  type TournamentRejection,
  tournamentStream,
} from '../../domain/tournament/index.ts';
import type { HandChange, StandingsPreview } from '../../projections/index.ts';
import { previewStandings } from '../../projections/index.ts';
import type { StandingsDoc } from '../../projections/standings/evolve.ts';
import type { Platform } from '../platform.ts';
import { load } from '../play/table.ts';
import { TOURNAMENT_AGGREGATE } from '../tournament/service.ts';
import { amendmentPositions, recomputesInScope } from './hands.ts';

export interface HandPreview {
  readonly gameId: string;
  readonly round: number;
  readonly table: number;
  readonly hand: number;
  readonly seats: readonly {
    readonly seat: Seat;
    readonly playerId: string | null;
    readonly before: number;
    readonly after: number;
    readonly delta: number;
  }[];
}

export interface AmendmentPreview {
  readonly amendment: RulesetAmended['data'];
  readonly counts: {
    hands: number;
    changed: number;
    unchanged: number;
    kept: number;
    refused: number;
    live: number;
  };
  /** Hands whose result would change. */
  readonly hands: readonly HandPreview[];
  /** Per player: the sum of the changes over the hands. */
  readonly players: readonly { readonly playerId: string; readonly delta: number }[];
  readonly standings: StandingsPreview | null;
}

export type PreviewOutcome =
  | { readonly status: 'previewed'; readonly preview: AmendmentPreview }
  | { readonly status: 'rejected'; readonly rejection: TournamentRejection };

export async function previewAmendment(
  platform: Platform,
  tournamentId: string,
  command: AmendRuleset,
  standings: StandingsDoc | undefined,
): Promise<PreviewOutcome> {
  const tournament = await load(platform.store, tournamentStream(tournamentId), TOURNAMENT_AGGREGATE);
  const decision = decide(command, tournament.state);
  if ('rejection' in decision) return { status: 'rejected', rejection: decision.rejection };
  const amended = decision.events.find((e): e is RulesetAmended => e.type === 'RulesetAmended')!;
  const state = decision.events.reduce(evolve, tournament.state);
  const amendment = state.amendments.at(-1)!;
  // Not recorded: every hand on record was dealt before it.
  const positions = amendmentPositions(tournament);
  const counts = { hands: 0, changed: 0, unchanged: 0, kept: 0, refused: 0, live: 0 };
  const hands: HandPreview[] = [];
  const changes: HandChange[] = [];
  const perPlayer = new Map<string, number>();
  for await (const { scoped, found, result } of recomputesInScope(
    platform.store,
    state,
    positions,
    amendment,
  )) {
    if (result.kind === 'live') counts.live += 1;
    if (result.kind === 'no-settlement' || result.kind === 'live') continue;
    counts.hands += 1;
    if (result.kind === 'kept' || result.kind === 'refused' || result.kind === 'unchanged') {
      counts[result.kind] += 1;
      continue;
    }
    if (result.kind === 'done') continue;
    counts.changed += 1;
    const winds = seatWindsOfHand(found!.events);
    const seats = (Object.keys(winds) as Seat[]).map((seat) => ({
      seat,
      playerId: winds[seat] ?? null,
      before: result.before[seat] ?? 0,
      after: result.after[seat] ?? 0,
      delta: result.deltas[seat] ?? 0,
    }));
    for (const s of seats)
      if (s.playerId !== null) perPlayer.set(s.playerId, (perPlayer.get(s.playerId) ?? 0) + s.delta);
    hands.push({
      gameId: scoped.gameId,
      round: scoped.round.round,
      table: scoped.table.table,
      hand: scoped.hand,
      seats,
    });
    changes.push({
      gameId: scoped.gameId,
      stream: handStream(scoped.gameId, scoped.hand),
      seatWinds: winds,
      deltas: result.deltas,
    });
  }
  return {
    status: 'previewed',
    preview: {
      amendment: amended.data,
      counts,
      hands,
      players: [...perPlayer]
        .sort(([a], [b]) => (a < b ? -1 : 1))
        .map(([playerId, delta]) => ({ playerId, delta })),
      standings: standings === undefined ? null : previewStandings(standings, changes),
    },
  };
}
