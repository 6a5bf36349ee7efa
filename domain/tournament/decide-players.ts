// Deciding the tournament's creation and its players: registration, withdrawal, replacement.
import type { CreateTournament, RegisterPlayer, ReplacePlayer, WithdrawPlayer } from './commands.ts';
import { event, one, type TournamentDecision } from './decide-shared.ts';
import { DEFAULT_TABLE_POINTS, type TournamentCreated } from './events.ts';
import { TOURNAMENT_RULES as RULES, rejectTournament as reject } from './rejection.ts';
import { isSubstitute } from './seating/index.ts';
import { playerOf, type TournamentState } from './state.ts';

export function createTournament(command: CreateTournament, state: TournamentState): TournamentDecision {
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

export function registerPlayer(command: RegisterPlayer, state: TournamentState): TournamentDecision {
  const bad = reserved(command.playerId);
  if (bad) return bad;
  if (playerOf(state, command.playerId) !== undefined)
    return reject('player-exists', RULES.players, `${command.playerId} is registered`);
  return one(event('PlayerRegistered', { playerId: command.playerId, name: command.name }));
}

export function withdrawPlayer(command: WithdrawPlayer, state: TournamentState): TournamentDecision {
  const player = playerOf(state, command.playerId);
  if (player === undefined) return reject('unknown-player', RULES.players, `no player ${command.playerId}`);
  if (player.status !== 'active')
    return reject('player-withdrawn', RULES.withdrawn, `${command.playerId} is ${player.status}`);
  return one(event('PlayerWithdrawn', { playerId: command.playerId, reason: command.reason }));
}

/** A withdrawn player may be replaced later; an active one is withdrawn by the replacement. */
export function replacePlayer(command: ReplacePlayer, state: TournamentState): TournamentDecision {
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
