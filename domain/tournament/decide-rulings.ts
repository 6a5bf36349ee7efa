// Deciding what referees rule: penalties and their cancellation, disputes on a hand and their rulings; the finish.
import type { CancelPenalty, OpenDispute, PenalisePlayer, RuleDispute } from './commands.ts';
import { event, one, type TournamentDecision } from './decide-shared.ts';
import type { Ruling } from './events.ts';
import {
  TOURNAMENT_RULES as RULES,
  rejectTournament as reject,
  type TournamentRejection,
} from './rejection.ts';
import { playerOf, playersAt, type Round, roundOf, type TournamentState } from './state.ts';

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

/**
 * A penalty or ruling names only what is this tournament's: the game one of its tables (so a referee of
 * another tournament cannot reach into it by id), of the round named, with the player seated at it.
 */
function gameProblem(
  state: TournamentState,
  gameId: string,
  playerId: string,
  round: number | undefined,
): { rejection: TournamentRejection } | undefined {
  const played = roundOfGame(state, gameId);
  const table = played?.tables.find((t) => t.gameId === gameId);
  if (played === undefined || table === undefined)
    return reject('unknown-game', RULES.penaltyScope, `no table of this tournament plays ${gameId}`);
  if (round !== undefined && played.round !== round)
    return reject(
      'unknown-game',
      RULES.penaltyScope,
      `${gameId} is played in round ${played.round}, not ${round}`,
    );
  if (!playersAt(table).includes(playerId))
    return reject('unknown-player', RULES.penaltyScope, `player ${playerId} does not sit at ${gameId}`);
  return undefined;
}

export function penalise(command: PenalisePlayer, state: TournamentState): TournamentDecision {
  const problem = penaltyProblem(state, command.penaltyId, command.playerId, command.points);
  if (problem) return problem;
  if (command.round !== undefined && roundOf(state, command.round) === undefined)
    return reject('round-not-scheduled', RULES.lifecycle, `no round ${command.round}`);
  if (command.hand !== undefined && command.gameId === undefined)
    return reject('bad-penalty', RULES.penaltyScope, `hand ${command.hand} of which game? name its gameId`);
  if (command.gameId !== undefined) {
    const outside = gameProblem(state, command.gameId, command.playerId, command.round);
    if (outside) return outside;
  }
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

export function cancelPenalty(command: CancelPenalty, state: TournamentState): TournamentDecision {
  const penalty = state.penalties[command.penaltyId];
  if (penalty === undefined)
    return reject('unknown-penalty', RULES.penalties, `no penalty ${command.penaltyId}`);
  if (penalty.status === 'cancelled')
    return reject('penalty-cancelled', RULES.penalties, `penalty ${command.penaltyId} is cancelled`);
  return one(
    event('PenaltyCancelled', {
      penaltyId: command.penaltyId,
      reason: command.reason,
      playerId: penalty.playerId,
      points: penalty.points,
      ...(penalty.gameId === undefined ? {} : { gameId: penalty.gameId }),
    }),
  );
}

/** The round whose table plays this game, if any. */
const roundOfGame = (state: TournamentState, gameId: string): Round | undefined =>
  state.rounds.find((r) => r.tables.some((t) => t.gameId === gameId));

export function openDispute(command: OpenDispute, state: TournamentState): TournamentDecision {
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
export function ruleDispute(command: RuleDispute, state: TournamentState): TournamentDecision {
  const dispute = state.disputes[command.disputeId];
  if (dispute === undefined)
    return reject('unknown-dispute', RULES.disputes, `no dispute ${command.disputeId}`);
  if (dispute.status !== 'open')
    return reject('dispute-closed', RULES.disputes, `dispute ${command.disputeId} is ruled`);
  const given = command.ruling;
  let ruling: Ruling;
  switch (given.kind) {
    case 'penalty': {
      const problem =
        penaltyProblem(state, given.penaltyId, given.playerId, given.points) ??
        gameProblem(state, dispute.gameId, given.playerId, undefined);
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
      ruling = {
        kind: 'correction',
        mode: given.mode,
        wrong: given.wrong,
        transfers: given.transfers.map((t) => ({ ...t })),
      };
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

export function finish(state: TournamentState): TournamentDecision {
  const open = state.rounds.find((r) => r.phase === 'started');
  if (open !== undefined) return reject('round-open', RULES.finish, `round ${open.round} is not closed`);
  const dispute = Object.values(state.disputes).find((d) => d.status === 'open');
  if (dispute !== undefined)
    return reject('dispute-open', RULES.finish, `dispute ${dispute.disputeId} is not ruled`);
  return one(event('TournamentFinished', {}));
}
