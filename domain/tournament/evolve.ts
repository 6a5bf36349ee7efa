// Folds the tournament stream: the state decide needs, from the events alone.
import type { TournamentEvent } from './events.ts';
import type { Player, Round, Table, TournamentState } from './state.ts';

export function evolveTournament(state: TournamentState, event: TournamentEvent): TournamentState {
  switch (event.type) {
    case 'TournamentCreated': {
      const { data } = event;
      return {
        ...state,
        status: 'open',
        tournamentId: data.tournamentId,
        name: data.name,
        ruleset: data.ruleset,
        amended: data.ruleset,
        scoring: data.scoring,
        seed: data.seed,
      };
    }
    case 'PlayerRegistered':
      return {
        ...state,
        players: [
          ...state.players,
          {
            playerId: event.data.playerId,
            name: event.data.name,
            ...(event.data.club === undefined ? {} : { club: event.data.club }),
            status: 'active',
          },
        ],
      };
    case 'PlayerWithdrawn':
      return withPlayer(state, event.data.playerId, (p) => ({ ...p, status: 'withdrawn' }));
    case 'PlayerReplaced': {
      const { playerId, replacement } = event.data;
      const replaced = withPlayer(state, playerId, (p) => ({
        ...p,
        status: 'replaced',
        replacedBy: replacement.playerId,
      }));
      const newcomer: Player = { ...replacement, status: 'active', replaces: playerId };
      return {
        ...replaced,
        players: [...replaced.players, newcomer],
        // The replacement sits down at the tables of a round seated but not started.
        rounds: replaced.rounds.map((r) =>
          r.phase !== 'seated'
            ? r
            : { ...r, tables: r.tables.map((t) => swapSeat(t, playerId, replacement.playerId)) },
        ),
      };
    }
    case 'RoundScheduled': {
      const { data } = event;
      const round: Round = {
        round: data.round,
        phase: 'scheduled',
        method: data.method,
        end: data.end,
        minutes: data.minutes,
        recording: data.recording ?? 'live',
        seed: undefined,
        tables: [],
        substitutes: [],
        cost: undefined,
        endsAt: undefined,
        unfinished: [],
      };
      const rounds = [...state.rounds];
      rounds[data.round - 1] = round;
      return { ...state, rounds };
    }
    case 'RoundSeated': {
      const { data } = event;
      return withRound(state, data.round, (r) => ({
        ...r,
        phase: 'seated',
        seed: data.seed,
        tables: data.tables.map((t) => ({
          table: t.table,
          gameId: t.gameId,
          seats: t.seats,
          ruleset: t.ruleset,
          finished: false,
          scores: undefined,
          extraMinutes: 0,
        })),
        substitutes: data.substitutes,
        cost: data.cost,
      }));
    }
    case 'SeatingPlanned':
      return { ...state, plan: event.data };
    case 'SeatingPlanRepaired': {
      const { plan } = state;
      if (plan === undefined) return state;
      const from = event.data.rounds[0]!.round;
      return {
        ...state,
        plan: {
          ...plan,
          rounds: [...plan.rounds.filter((r) => r.round < from), ...event.data.rounds],
          players: event.data.players,
        },
      };
    }
    case 'RoundStarted':
      return withRound(state, event.data.round, (r) => ({
        ...r,
        phase: 'started',
        endsAt: event.data.endsAt,
      }));
    case 'TableTimeExtended': {
      const { round, table, minutes } = event.data;
      return withTable(state, round, table, (t) => ({ ...t, extraMinutes: t.extraMinutes + minutes }));
    }
    case 'TableFinished': {
      const { round, table, scores } = event.data;
      return withTable(state, round, table, (t) => ({ ...t, finished: true, scores }));
    }
    case 'RoundClosed':
      return withRound(state, event.data.round, (r) => ({
        ...r,
        phase: 'closed',
        unfinished: event.data.unfinished,
      }));
    case 'PlayerPenalised': {
      const { data } = event;
      return {
        ...state,
        penalties: { ...state.penalties, [data.penaltyId]: { ...data, status: 'active' } },
      };
    }
    case 'PenaltyCancelled': {
      const penalty = state.penalties[event.data.penaltyId];
      if (penalty === undefined) return state;
      return {
        ...state,
        penalties: { ...state.penalties, [penalty.penaltyId]: { ...penalty, status: 'cancelled' } },
      };
    }
    case 'DisputeOpened': {
      const { data } = event;
      return {
        ...state,
        disputes: { ...state.disputes, [data.disputeId]: { ...data, status: 'open', ruling: undefined } },
      };
    }
    case 'DisputeRuled': {
      const dispute = state.disputes[event.data.disputeId];
      if (dispute === undefined) return state;
      return {
        ...state,
        disputes: {
          ...state.disputes,
          [dispute.disputeId]: { ...dispute, status: 'ruled', ruling: event.data.ruling },
        },
      };
    }
    case 'TableResultCorrected': {
      const { round, table, scores } = event.data;
      return withTable(state, round, table, (t) => ({ ...t, scores }));
    }
    case 'RulesetAmended': {
      const { data } = event;
      const changes = Object.fromEntries(Object.entries(data.changes).map(([name, c]) => [name, c.to]));
      return {
        ...state,
        amended: data.ruleset,
        amendments: [
          ...state.amendments,
          {
            amendmentId: data.amendmentId,
            changes,
            scope: data.scope,
            reason: data.reason,
            revision: data.revision,
            hash: data.ruleset.hash,
            recompute: data.recompute,
            applied: undefined,
          },
        ],
      };
    }
    case 'AmendmentApplied':
      return {
        ...state,
        amendments: state.amendments.map((a) =>
          a.amendmentId === event.data.amendmentId ? { ...a, applied: event.data } : a,
        ),
      };
    case 'TournamentFinished':
      return { ...state, status: 'finished' };
  }
}

function withPlayer(
  state: TournamentState,
  playerId: string,
  change: (p: Player) => Player,
): TournamentState {
  return { ...state, players: state.players.map((p) => (p.playerId === playerId ? change(p) : p)) };
}

function withRound(state: TournamentState, round: number, change: (r: Round) => Round): TournamentState {
  return { ...state, rounds: state.rounds.map((r) => (r.round === round ? change(r) : r)) };
}

function withTable(
  state: TournamentState,
  round: number,
  table: number,
  change: (t: Table) => Table,
): TournamentState {
  return withRound(state, round, (r) => ({
    ...r,
    tables: r.tables.map((t) => (t.table === table ? change(t) : t)),
  }));
}

function swapSeat(table: Table, from: string, to: string): Table {
  if (!Object.values(table.seats).includes(from)) return table;
  const seats = Object.fromEntries(Object.entries(table.seats).map(([s, p]) => [s, p === from ? to : p]));
  return { ...table, seats };
}
