// The tournament aggregate's decider: a command and the state folded so far give the events that follow, or a
// rejection naming the rule that refused.
import { PRESET_DEFINITIONS, rulesetOf } from '../rules/rulesets/index.ts';
import type {
  CancelPenalty,
  CloseRound,
  CreateTournament,
  ExtendTableTime,
  OpenDispute,
  PenalisePlayer,
  RecordTableFinished,
  RegisterPlayer,
  ReplacePlayer,
  RuleDispute,
  ScheduleRound,
  SeatRound,
  StartRound,
  TournamentCommand,
  WithdrawPlayer,
} from './commands.ts';
import {
  DEFAULT_TABLE_POINTS,
  type RoundSeated,
  type Ruling,
  type TournamentCreated,
  type TournamentEvent,
  type TournamentEventOf,
  type TournamentEventType,
  tableGameId,
} from './events.ts';
import {
  ALLOWED,
  TOURNAMENT_RULES as RULES,
  rejectTournament as reject,
  type TournamentRejection,
} from './rejection.ts';
import { isSubstitute, seatRound } from './seating/index.ts';
import type { Seating, TableSize } from './seating/types.ts';
import {
  activePlayers,
  playerOf,
  playersAt,
  type Round,
  roundOf,
  type Table,
  type TournamentState,
} from './state.ts';

export type TournamentDecision =
  | { readonly events: TournamentEvent[] }
  | { readonly rejection: TournamentRejection };

export function decideTournament(command: TournamentCommand, state: TournamentState): TournamentDecision {
  if (!ALLOWED[command.type].includes(command.by.role))
    return reject(
      'not-allowed',
      RULES.roles,
      `${command.type} is for ${ALLOWED[command.type].join(' or ')}, not ${command.by.role}`,
    );
  if (command.type === 'CreateTournament') return createTournament(command, state);
  if (state.status === 'not-created') return reject('not-created', RULES.create, 'no tournament yet');
  if (state.status === 'finished')
    return reject('tournament-finished', RULES.finished, 'the tournament is over');
  switch (command.type) {
    case 'RegisterPlayer':
      return registerPlayer(command, state);
    case 'WithdrawPlayer':
      return withdrawPlayer(command, state);
    case 'ReplacePlayer':
      return replacePlayer(command, state);
    case 'ScheduleRound':
      return scheduleRound(command, state);
    case 'SeatRound':
      return seat(command, state);
    case 'StartRound':
      return startRound(command, state);
    case 'ExtendTableTime':
      return extendTableTime(command, state);
    case 'RecordTableFinished':
      return recordTableFinished(command, state);
    case 'CloseRound':
      return closeRound(command, state);
    case 'PenalisePlayer':
      return penalise(command, state);
    case 'CancelPenalty':
      return cancelPenalty(command, state);
    case 'OpenDispute':
      return openDispute(command, state);
    case 'RuleDispute':
      return ruleDispute(command, state);
    case 'FinishTournament':
      return finish(state);
  }
}

function event<T extends TournamentEventType>(
  type: T,
  data: TournamentEventOf<T>['data'],
): TournamentEventOf<T> {
  return { type, schemaVersion: 1, data } as TournamentEventOf<T>;
}

const one = (e: TournamentEvent): TournamentDecision => ({ events: [e] });

function createTournament(command: CreateTournament, state: TournamentState): TournamentDecision {
  if (state.status !== 'not-created')
    return reject('tournament-exists', RULES.create, `tournament ${state.tournamentId} exists`);
  const given = command.scoring ?? { kind: 'points' };
  let scoring: TournamentCreated['data']['scoring'] = { kind: 'points' };
  if (given.kind === 'table-points') {
    const values = [...(given.values ?? DEFAULT_TABLE_POINTS)];
    if (values.length < 2 || values.length > 4 || values.some((v) => !Number.isInteger(v) || v < 0))
      return reject('bad-scoring', RULES.scoring, `table points ${values.join(', ')}`);
    scoring = { kind: 'table-points', values };
  }
  const { ruleset } = command;
  return one(
    event('TournamentCreated', {
      tournamentId: command.tournamentId,
      name: command.name,
      ruleset: {
        preset: ruleset.preset,
        version: ruleset.version,
        options: { ...ruleset.options },
        hash: ruleset.hash,
      },
      scoring,
      seed: command.seed,
      createdBy: { role: command.by.role, id: command.by.id },
    }),
  );
}

/** Ids of the form `substitute-k` are the seating's own, for the seats it fills. */
const reserved = (playerId: string) =>
  isSubstitute(playerId)
    ? reject('bad-player-id', RULES.players, `${playerId} is kept for substitutes`)
    : undefined;

function registerPlayer(command: RegisterPlayer, state: TournamentState): TournamentDecision {
  const bad = reserved(command.playerId);
  if (bad) return bad;
  if (playerOf(state, command.playerId) !== undefined)
    return reject('player-exists', RULES.players, `${command.playerId} is registered`);
  return one(event('PlayerRegistered', { playerId: command.playerId, name: command.name }));
}

function withdrawPlayer(command: WithdrawPlayer, state: TournamentState): TournamentDecision {
  const player = playerOf(state, command.playerId);
  if (player === undefined) return reject('unknown-player', RULES.players, `no player ${command.playerId}`);
  if (player.status !== 'active')
    return reject('player-withdrawn', RULES.withdrawn, `${command.playerId} is ${player.status}`);
  return one(event('PlayerWithdrawn', { playerId: command.playerId, reason: command.reason }));
}

/** A withdrawn player may be replaced later; an active one is withdrawn by the replacement. */
function replacePlayer(command: ReplacePlayer, state: TournamentState): TournamentDecision {
  const player = playerOf(state, command.playerId);
  if (player === undefined) return reject('unknown-player', RULES.players, `no player ${command.playerId}`);
  if (player.status === 'replaced')
    return reject(
      'player-withdrawn',
      RULES.withdrawn,
      `${command.playerId} was replaced by ${player.replacedBy}`,
    );
  const bad = reserved(command.replacement.playerId);
  if (bad) return bad;
  if (playerOf(state, command.replacement.playerId) !== undefined)
    return reject('player-exists', RULES.players, `${command.replacement.playerId} is registered`);
  return one(
    event('PlayerReplaced', {
      playerId: command.playerId,
      replacement: { playerId: command.replacement.playerId, name: command.replacement.name },
      reason: command.reason,
    }),
  );
}

function scheduleRound(command: ScheduleRound, state: TournamentState): TournamentDecision {
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
function known(state: TournamentState, round: number): Round | { rejection: TournamentRejection } {
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

function seat(command: SeatRound, state: TournamentState): TournamentDecision {
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
  const history = state.rounds
    .filter((r) => r.round < round.round)
    .map((r) => ({ tables: r.tables.map((t) => t.seats) }));
  let seating: Seating;
  try {
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
  return one(
    event('RoundSeated', {
      round: round.round,
      method: round.method,
      seed,
      tables,
      substitutes: [...seating.substitutes],
      cost: { ...seating.cost },
    }),
  );
}

function startRound(command: StartRound, state: TournamentState): TournamentDecision {
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
function playingTable(
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

function extendTableTime(command: ExtendTableTime, state: TournamentState): TournamentDecision {
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

function recordTableFinished(command: RecordTableFinished, state: TournamentState): TournamentDecision {
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

function closeRound(command: CloseRound, state: TournamentState): TournamentDecision {
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

function penaltyProblem(
  state: TournamentState,
  penaltyId: string,
  playerId: string,
  points: number,
): { rejection: TournamentRejection } | undefined {
  if (playerOf(state, playerId) === undefined)
    return reject('unknown-player', RULES.players, `no player ${playerId}`);
  if (state.penalties[penaltyId] !== undefined)
    return reject('penalty-exists', RULES.penalties, `penalty ${penaltyId} exists`);
  if (!Number.isInteger(points) || points <= 0)
    return reject('bad-penalty', RULES.penalties, `a penalty of ${points} points`);
  return undefined;
}

function penalise(command: PenalisePlayer, state: TournamentState): TournamentDecision {
  const problem = penaltyProblem(state, command.penaltyId, command.playerId, command.points);
  if (problem) return problem;
  if (command.round !== undefined && roundOf(state, command.round) === undefined)
    return reject('round-not-scheduled', RULES.lifecycle, `no round ${command.round}`);
  return one(
    event('PlayerPenalised', {
      penaltyId: command.penaltyId,
      playerId: command.playerId,
      points: command.points,
      reason: command.reason,
      ...(command.round === undefined ? {} : { round: command.round }),
      ...(command.gameId === undefined ? {} : { gameId: command.gameId }),
      ...(command.hand === undefined ? {} : { hand: command.hand }),
    }),
  );
}

function cancelPenalty(command: CancelPenalty, state: TournamentState): TournamentDecision {
  const penalty = state.penalties[command.penaltyId];
  if (penalty === undefined)
    return reject('unknown-penalty', RULES.penalties, `no penalty ${command.penaltyId}`);
  if (penalty.status === 'cancelled')
    return reject('penalty-cancelled', RULES.penalties, `penalty ${command.penaltyId} is cancelled`);
  return one(event('PenaltyCancelled', { penaltyId: command.penaltyId, reason: command.reason }));
}

/** The round whose table plays this game, if any. */
const roundOfGame = (state: TournamentState, gameId: string): Round | undefined =>
  state.rounds.find((r) => r.tables.some((t) => t.gameId === gameId));

function openDispute(command: OpenDispute, state: TournamentState): TournamentDecision {
  if (roundOfGame(state, command.gameId) === undefined)
    return reject('unknown-game', RULES.disputes, `no table of this tournament plays ${command.gameId}`);
  if (state.disputes[command.disputeId] !== undefined)
    return reject('dispute-exists', RULES.disputes, `dispute ${command.disputeId} exists`);
  return one(
    event('DisputeOpened', {
      disputeId: command.disputeId,
      gameId: command.gameId,
      hand: command.hand,
      reason: command.reason,
    }),
  );
}

/** A penalty ruling is also a PlayerPenalised of the same id, so penalties are read from one event type. */
function ruleDispute(command: RuleDispute, state: TournamentState): TournamentDecision {
  const dispute = state.disputes[command.disputeId];
  if (dispute === undefined)
    return reject('unknown-dispute', RULES.disputes, `no dispute ${command.disputeId}`);
  if (dispute.status !== 'open')
    return reject('dispute-closed', RULES.disputes, `dispute ${command.disputeId} is ruled`);
  const given = command.ruling;
  let ruling: Ruling;
  switch (given.kind) {
    case 'penalty': {
      const problem = penaltyProblem(state, given.penaltyId, given.playerId, given.points);
      if (problem) return problem;
      ruling = {
        kind: 'penalty',
        penaltyId: given.penaltyId,
        playerId: given.playerId,
        points: given.points,
      };
      break;
    }
    case 'correction':
      ruling = { kind: 'correction', wrong: given.wrong, transfers: given.transfers.map((t) => ({ ...t })) };
      break;
    case 'void-and-redeal':
    case 'no-change':
      ruling = { kind: given.kind };
      break;
  }
  const ruled = event('DisputeRuled', { disputeId: command.disputeId, ruling, reason: command.reason });
  if (ruling.kind !== 'penalty') return one(ruled);
  const round = roundOfGame(state, dispute.gameId)!.round;
  return {
    events: [
      ruled,
      event('PlayerPenalised', {
        penaltyId: ruling.penaltyId,
        playerId: ruling.playerId,
        points: ruling.points,
        reason: command.reason,
        round,
        gameId: dispute.gameId,
        hand: dispute.hand,
      }),
    ],
  };
}

function finish(state: TournamentState): TournamentDecision {
  const open = state.rounds.find((r) => r.phase === 'started');
  if (open !== undefined) return reject('round-open', RULES.finish, `round ${open.round} is not closed`);
  const dispute = Object.values(state.disputes).find((d) => d.status === 'open');
  if (dispute !== undefined)
    return reject('dispute-open', RULES.finish, `dispute ${dispute.disputeId} is not ruled`);
  return one(event('TournamentFinished', {}));
}
