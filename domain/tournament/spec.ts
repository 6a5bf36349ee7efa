// Given/when/then for the tournament decider (DESIGN.md "Style"). Test support, kept beside the aggregate it
// serves.
import { type PresetId, rulesetOf } from '../rules/rulesets/index.ts';
import type { By, CreateTournament, TournamentCommand } from './commands.ts';
import { decideTournament, type TournamentDecision } from './decide.ts';
import { TournamentEvent } from './events.ts';
import { evolveTournament } from './evolve.ts';
import { initialTournamentState, type TournamentState } from './state.ts';

export const ORGANIZER: By = { role: 'organizer', id: 'org-mei' };
export const REFEREE: By = { role: 'referee', id: 'ref-kai' };
export const SYSTEM: By = { role: 'system', id: 'game-worker' };

export const TOURNAMENT = 'spring';
export const PLAYERS = ['ana', 'bo', 'cy', 'di', 'ed', 'fa', 'gu', 'hu'] as const;

export const at = (minutes = 0): string =>
  new Date(Date.parse('2026-03-01T09:00:00Z') + minutes * 60_000).toISOString();

type Fields<T extends TournamentCommand['type']> = Omit<
  Extract<TournamentCommand, { type: T }>,
  'type' | 'at' | 'by'
>;

/** A command of this type by the organizer (or `by`) at the start of the day (or `minutes` later). */
export function command<T extends TournamentCommand['type']>(
  type: T,
  fields: Fields<T>,
  by: By = ORGANIZER,
  minutes = 0,
): Extract<TournamentCommand, { type: T }> {
  return { type, ...fields, by, at: at(minutes) } as unknown as Extract<TournamentCommand, { type: T }>;
}

export const create = (
  preset: PresetId = 'hu-mahjong',
  extra: Partial<Fields<'CreateTournament'>> = {},
): CreateTournament =>
  command('CreateTournament', {
    tournamentId: TOURNAMENT,
    name: 'Spring Open',
    ruleset: rulesetOf(preset),
    seed: 'spring-seed',
    ...extra,
  });

export const register = (...players: readonly string[]): TournamentCommand[] =>
  players.map((playerId) => command('RegisterPlayer', { playerId, name: playerId.toUpperCase() }));

export const fold = (
  events: readonly TournamentEvent[],
  state: TournamentState = initialTournamentState,
): TournamentState => events.reduce(evolveTournament, state);

/** Runs each command on the state so far; a rejection fails the test, and every event must parse. */
export function run(commands: readonly TournamentCommand[], state: TournamentState = initialTournamentState) {
  const events: TournamentEvent[] = [];
  for (const c of commands) {
    const decision = decideTournament(c, state);
    if ('rejection' in decision) throw new Error(`${c.type} refused: ${decision.rejection.message}`);
    for (const e of decision.events) TournamentEvent.parse(e);
    events.push(...decision.events);
    state = fold(decision.events, state);
  }
  return { state, events };
}

export const given = (...commands: readonly (TournamentCommand | readonly TournamentCommand[])[]) =>
  run(commands.flat()).state;

export const when = (state: TournamentState, c: TournamentCommand): TournamentDecision =>
  decideTournament(c, state);

/** The events a command decides: a rejection fails the test. */
export function decided(state: TournamentState, c: TournamentCommand): TournamentEvent[] {
  return run([c], state).events;
}

export const schedule = (
  round: number,
  method: 'random' | 'swiss' | 'uploaded' = 'uploaded',
  minutes = 90,
): TournamentCommand =>
  command('ScheduleRound', { round, method, end: { kind: 'rounds', last: 'S' }, minutes });

export const upload = (round: number, tables: readonly (readonly string[])[]): TournamentCommand =>
  command('SeatRound', { round, method: { kind: 'uploaded', tables } });

export const finishTable = (
  round: number,
  table: number,
  scores: readonly [string, number][],
  minutes = 60,
): TournamentCommand =>
  command(
    'RecordTableFinished',
    {
      round,
      table,
      gameId: `${TOURNAMENT}-r${round}-t${table}`,
      scores: scores.map(([playerId, points]) => ({ playerId, points })),
    },
    SYSTEM,
    minutes,
  );
