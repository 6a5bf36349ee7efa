// Deciding rounds: scheduling, seating (domain/tournament/seating), the start, clocks, table results, closing.
import { canonicalJson, PRESET_DEFINITIONS, rulesetOf } from '../rules/rulesets/index.ts';
import type {
  CloseRound,
  ExtendTableTime,
  PlanSeating,
  RecordTableFinished,
  ScheduleRound,
  SeatRound,
  StartRound,
} from './commands.ts';
import { event, one, type TournamentDecision } from './decide-shared.ts';
import { type RoundSeated, type SeatingPlanRepaired, type TournamentEvent, tableGameId } from './events.ts';
import {
  TOURNAMENT_RULES as RULES,
  rejectTournament as reject,
  type TournamentRejection,
} from './rejection.ts';
import {
  MAX_PLAN_ROUNDS,
  PLAN_ALGORITHM,
  type SeatingPlan as Plan,
  type PlannedRound,
  planSeating,
  repairPlan,
  seatingCost,
  seatRound,
} from './seating/index.ts';
import type { PastRound, Seating, TableSize } from './seating/types.ts';
import {
  activePlayers,
  playerOf,
  playersAt,
  type Round,
  roundOf,
  type SeatingPlan,
  type Table,
  type TournamentState,
} from './state.ts';

export function scheduleRound(command: ScheduleRound, state: TournamentState): TournamentDecision {
  const next = state.rounds.length + 1;
  const existing = roundOf(state, command.round);
  if (existing !== undefined && existing.phase !== 'scheduled')
    return reject('round-already-seated', RULES.order, `round ${command.round} is ${existing.phase}`);
  if (existing === undefined && command.round !== next)
    return reject('wrong-round', RULES.order, `the next round is ${next}, not ${command.round}`);
  if (!Number.isInteger(command.minutes) || command.minutes <= 0)
    return reject('bad-minutes', RULES.minutes, `${command.minutes} minutes`);
  return one(
    event('RoundScheduled', {
      round: command.round,
      method: command.method,
      end: command.end,
      minutes: command.minutes,
      ...(command.recording === undefined ? {} : { recording: command.recording }),
    }),
  );
}

/** The round asked for, known to the tournament; else why not. */
export function known(state: TournamentState, round: number): Round | { rejection: TournamentRejection } {
  return roundOf(state, round) ?? reject('round-not-scheduled', RULES.lifecycle, `no round ${round}`);
}

function previousOpen(state: TournamentState, round: number): { rejection: TournamentRejection } | undefined {
  const previous = roundOf(state, round - 1);
  if (previous === undefined || previous.phase === 'closed') return undefined;
  return reject('previous-round-open', RULES.sequence, `round ${round - 1} is ${previous.phase}`);
}

/** hu-mahjong seats 4, 3 or 2 (its `players` option); the other presets 4, substitutes filling. */
export function allowedSizes(preset: keyof typeof PRESET_DEFINITIONS): TableSize[] {
  return 'players' in PRESET_DEFINITIONS[preset].options ? [4, 3, 2] : [4];
}

export function seat(command: SeatRound, state: TournamentState): TournamentDecision {
  const round = known(state, command.round);
  if ('rejection' in round) return round;
  const reseating = command.reseat === true && round.phase === 'seated';
  if (round.phase !== 'scheduled' && !reseating)
    return reject('round-already-seated', RULES.lifecycle, `round ${round.round} is ${round.phase}`);
  const open = previousOpen(state, round.round);
  if (open) return open;
  if (command.method.kind !== round.method)
    return reject(
      'wrong-method',
      RULES.method,
      `round ${round.round} is seated by ${round.method}, not ${command.method.kind}`,
    );
  const ruleset = state.ruleset!;
  const sizes = allowedSizes(ruleset.preset);
  const players = activePlayers(state);
  const smallest = Math.min(...sizes);
  if (players.length < smallest)
    return reject('too-few-players', RULES.tooFew, `${players.length} players, tables seat ${smallest}`);
  const seed = `${state.seed}:round-${round.round}`;
  const history = seatedBefore(state, round.round);
  const planned = state.plan?.rounds.find((r) => r.round === round.round);
  const repaired: TournamentEvent[] = [];
  let seating: Seating;
  try {
    if (command.method.kind === 'random' && state.plan !== undefined && planned !== undefined) {
      const followed = followPlan(state, state.plan, round.round, history, sizes);
      if (followed.repaired !== undefined) repaired.push(followed.repaired);
      seating = followed.seating;
    } else
      seating = seatRound({
        players,
        allowedSizes: sizes,
        history,
        method: command.method,
        seed,
      });
  } catch (error) {
    return reject('bad-seating', RULES.seating, error instanceof Error ? error.message : String(error));
  }
  const tables: RoundSeated['data']['tables'] = seating.tables.map((seats, i) => {
    const size = playersAt({ seats }).length;
    const tableRules =
      sizes.length > 1 ? rulesetOf(ruleset.preset, { ...ruleset.options, players: size }) : ruleset;
    return {
      table: i + 1,
      gameId: tableGameId(state.tournamentId, round.round, i + 1),
      seats: { ...seats },
      ruleset: {
        preset: tableRules.preset,
        version: tableRules.version,
        options: { ...tableRules.options },
        hash: tableRules.hash,
      },
    };
  });
  return {
    events: [
      ...repaired,
      event('RoundSeated', {
        round: round.round,
        method: round.method,
        seed,
        tables,
        substitutes: [...seating.substitutes],
        cost: { ...seating.cost },
      }),
    ],
  };
}

/** The tables of every round before `round`, as seated (the seating's history). */
function seatedBefore(state: TournamentState, round: number): PastRound[] {
  return state.rounds.filter((r) => r.round < round).map((r) => ({ tables: r.tables.map((t) => t.seats) }));
}

/**
 * Round `round` as the plan seats it. When the active players are no longer those the plan seats (a
 * withdrawal, a replacement, a newcomer), the plan's rounds from this one on are repaired first
 * (`repairPlan`: the fewest changes, the repeats they cause reported) and the repair is recorded.
 */
function followPlan(
  state: TournamentState,
  plan: SeatingPlan,
  round: number,
  history: readonly PastRound[],
  sizes: readonly TableSize[],
): { seating: Seating; repaired: SeatingPlanRepaired | undefined } {
  const players = activePlayers(state);
  const ahead = plan.rounds.filter((r) => r.round >= round);
  const rounds: PlannedRound[] = ahead.map((r) => ({
    tables: r.tables.map((t) => t.seats),
    substitutes: r.substitutes,
  }));
  const replacements = new Map(
    state.players.flatMap((p) => (p.replacedBy === undefined ? [] : [[p.playerId, p.replacedBy] as const])),
  );
  const repair = repairPlan({ rounds, history, players, replacements, allowedSizes: sizes });
  const changed = canonicalJson(repair.rounds) !== canonicalJson(rounds);
  const next = changed ? repair.rounds[0]! : rounds[0]!;
  const seating: Seating = {
    tables: next.tables,
    substitutes: next.substitutes,
    cost: seatingCost([...history, { tables: next.tables }]),
  };
  if (!changed) return { seating, repaired: undefined };
  return {
    seating,
    repaired: event('SeatingPlanRepaired', {
      rounds: repair.rounds.map((r, i) => ({
        round: round + i,
        tables: r.tables.map((seats) => ({ seats: { ...seats } })),
        substitutes: [...r.substitutes],
      })),
      players,
      changes: repair.changes.map((c) => ({
        round: round + c.round,
        playerId: c.playerId,
        ...(c.from === undefined ? {} : { from: c.from }),
        to: c.to,
        ...(c.replaces === undefined ? {} : { replaces: c.replaces }),
      })),
      repeatsCaused: repair.repeatsCaused,
    }),
  };
}

/**
 * Plans the rounds from the first not yet seated (docs/seating.md "Planned seating"): allowed until the
 * tournament finishes — a plan made later takes the rounds seated so far as its history — and a new plan
 * replaces the old. The seed is `{tournament seed}:plan-{first round}`.
 */
export function planSeats(command: PlanSeating, state: TournamentState): TournamentDecision {
  if (!Number.isInteger(command.rounds) || command.rounds < 1 || command.rounds > MAX_PLAN_ROUNDS)
    return reject('bad-seating', RULES.plan, `a plan of ${command.rounds} rounds`);
  const first = state.rounds.find((r) => r.phase === 'scheduled')?.round ?? state.rounds.length + 1;
  const sizes = allowedSizes(state.ruleset!.preset);
  const players = activePlayers(state);
  const smallest = Math.min(...sizes);
  if (players.length < smallest)
    return reject('too-few-players', RULES.tooFew, `${players.length} players, tables seat ${smallest}`);
  const seed = `${state.seed}:plan-${first}`;
  let plan: Plan;
  try {
    plan = planSeating({
      players,
      rounds: command.rounds,
      allowedSizes: sizes,
      seed,
      history: seatedBefore(state, first),
    });
  } catch (error) {
    return reject('bad-seating', RULES.plan, error instanceof Error ? error.message : String(error));
  }
  return one(
    event('SeatingPlanned', {
      rounds: plan.rounds.map((r, i) => ({
        round: first + i,
        tables: r.tables.map((seats) => ({ seats: { ...seats } })),
        substitutes: [...r.substitutes],
      })),
      players,
      seed,
      algorithm: PLAN_ALGORITHM,
      source: plan.source,
      cost: { ...plan.cost },
    }),
  );
}

export function startRound(command: StartRound, state: TournamentState): TournamentDecision {
  const round = known(state, command.round);
  if ('rejection' in round) return round;
  if (round.phase === 'scheduled')
    return reject('round-not-seated', RULES.lifecycle, `round ${round.round} is not seated`);
  if (round.phase !== 'seated')
    return reject('round-already-started', RULES.lifecycle, `round ${round.round} is ${round.phase}`);
  const open = previousOpen(state, round.round);
  if (open) return open;
  // A player who withdrew after the seating leaves a seat empty: replace them or seat the round again.
  for (const table of round.tables) {
    const gone = playersAt(table).find((p) => playerOf(state, p)?.status === 'withdrawn');
    if (gone !== undefined)
      return reject(
        'player-withdrawn',
        RULES.withdrawn,
        `${gone} at table ${table.table} has withdrawn: replace them or seat round ${round.round} again`,
      );
  }
  const endsAt = new Date(Date.parse(command.at) + round.minutes * 60_000).toISOString();
  return one(event('RoundStarted', { round: round.round, endsAt }));
}

/** A started, open round and one of its tables still playing; else why not. */
export function playingTable(
  state: TournamentState,
  roundNumber: number,
  tableNumber: number,
): { round: Round; table: Table } | { rejection: TournamentRejection } {
  const round = known(state, roundNumber);
  if ('rejection' in round) return round;
  if (round.phase === 'closed')
    return reject('round-closed', RULES.lifecycle, `round ${round.round} is closed`);
  if (round.phase !== 'started')
    return reject('round-not-started', RULES.lifecycle, `round ${round.round} is ${round.phase}`);
  const table = round.tables.find((t) => t.table === tableNumber);
  if (table === undefined)
    return reject('unknown-table', RULES.tables, `round ${round.round} has no table ${tableNumber}`);
  if (table.finished)
    return reject(
      'table-finished',
      RULES.tables,
      `table ${tableNumber} of round ${round.round} has finished`,
    );
  return { round, table };
}

export function extendTableTime(command: ExtendTableTime, state: TournamentState): TournamentDecision {
  const found = playingTable(state, command.round, command.table);
  if ('rejection' in found) return found;
  if (!Number.isInteger(command.minutes) || command.minutes <= 0)
    return reject('bad-minutes', RULES.minutes, `${command.minutes} minutes`);
  return one(
    event('TableTimeExtended', {
      round: command.round,
      table: command.table,
      minutes: command.minutes,
      reason: command.reason,
    }),
  );
}

export function recordTableFinished(
  command: RecordTableFinished,
  state: TournamentState,
): TournamentDecision {
  const found = playingTable(state, command.round, command.table);
  if ('rejection' in found) return found;
  const { table } = found;
  if (table.gameId !== command.gameId)
    return reject(
      'unknown-table',
      RULES.tables,
      `table ${table.table} plays ${table.gameId}, not ${command.gameId}`,
    );
  const seated = [...playersAt(table)].sort();
  const scored = command.scores.map((s) => s.playerId).sort();
  if (seated.join() !== scored.join() || command.scores.some((s) => !Number.isInteger(s.points)))
    return reject(
      'bad-scores',
      RULES.tables,
      `table ${table.table} seats ${seated.join(', ')}; the scores name ${scored.join(', ')}`,
    );
  return one(
    event('TableFinished', {
      round: command.round,
      table: command.table,
      gameId: command.gameId,
      scores: command.scores.map(({ playerId, points }) => ({ playerId, points })),
    }),
  );
}

export function closeRound(command: CloseRound, state: TournamentState): TournamentDecision {
  const round = known(state, command.round);
  if ('rejection' in round) return round;
  if (round.phase === 'closed')
    return reject('round-closed', RULES.lifecycle, `round ${round.round} is closed`);
  if (round.phase !== 'started')
    return reject('round-not-started', RULES.lifecycle, `round ${round.round} is ${round.phase}`);
  const unfinished = round.tables.filter((t) => !t.finished).map((t) => t.table);
  if (unfinished.length > 0 && command.force !== true)
    return reject('tables-unfinished', RULES.close, `tables ${unfinished.join(', ')} still play`);
  return one(event('RoundClosed', { round: round.round, unfinished }));
}
