// Deciding the tournament's creation and its players: registration, withdrawal, replacement.
import type {
  CreateTournament,
  RegisterPlayer,
  RegisterPlayers,
  ReplacePlayer,
  WithdrawPlayer,
} from './commands.ts';
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
    const problem = tablePointsProblem(values);
    if (problem !== undefined)
      return reject('bad-scoring', RULES.scoring, `table points ${values.join(', ')}: ${problem}`);
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

/**
 * What is wrong with table points, if anything: whole numbers of any sign (uma such as 15, 5, -5, -15), one per
 * place from first, 2 to 4 of them; a worse place never earns more than a better one.
 */
export function tablePointsProblem(values: readonly number[]): string | undefined {
  if (values.length < 2 || values.length > 4) return 'one value per place, 2 to 4 of them';
  const bad = values.findIndex((v) => !Number.isSafeInteger(v));
  if (bad !== -1) return `place ${bad + 1}: a whole number`;
  const rising = values.findIndex((v, i) => i > 0 && v > values[i - 1]!);
  if (rising !== -1) return `place ${rising + 1} earns more than place ${rising}`;
  return undefined;
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
  return one(event('PlayerRegistered', registration(command)));
}

const registration = (player: RegisterPlayers['players'][number]) => ({
  playerId: player.playerId,
  name: player.name,
  ...(player.club === undefined ? {} : { club: player.club }),
});

/**
 * A list of players registered in one decision, so an import lands whole or not at all: each is checked as
 * RegisterPlayer would be, and against the others of the list. Names are not checked: two people may share
 * one (the API flags it, and never renames anyone).
 */
export function registerPlayers(command: RegisterPlayers, state: TournamentState): TournamentDecision {
  if (command.players.length === 0) return reject('bad-player-id', RULES.players, 'a list of no players');
  const seen = new Set<string>();
  for (const player of command.players) {
    const bad = reserved(player.playerId);
    if (bad) return bad;
    if (playerOf(state, player.playerId) !== undefined)
      return reject('player-exists', RULES.players, `${player.playerId} is registered`);
    if (seen.has(player.playerId))
      return reject('player-exists', RULES.players, `${player.playerId} is in the list twice`);
    seen.add(player.playerId);
  }
  return { events: command.players.map((player) => event('PlayerRegistered', registration(player))) };
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
      replacement: registration(command.replacement),
      reason: command.reason,
    }),
  );
}
