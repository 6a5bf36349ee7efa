// Penalties and rulings reach only what is the tournament's own: a game of another tournament (or of another
// round), a hand without its game, or a player not seated at the game named is refused, and nothing is decided.
import { describe, expect, it } from 'vitest';
import type { TournamentCommand } from './commands.ts';
import { TOURNAMENT_RULES } from './rejection.ts';
import {
  command,
  create,
  decided,
  given,
  PLAYERS,
  REFEREE,
  register,
  schedule,
  upload,
  when,
} from './spec.ts';

const TABLES = [
  ['ana', 'bo', 'cy', 'di'],
  ['ed', 'fa', 'gu', 'hu'],
];
const started = () =>
  given(create(), register(...PLAYERS), schedule(1), upload(1, TABLES), command('StartRound', { round: 1 }));

const penalise = (fields: Partial<Extract<TournamentCommand, { type: 'PenalisePlayer' }>>) =>
  command(
    'PenalisePlayer',
    { penaltyId: 'p1', playerId: 'bo', points: 500, reason: 'slow play', ...fields },
    REFEREE,
  );

const refusal = (c: TournamentCommand, state = started()) => {
  const decision = when(state, c);
  if (!('rejection' in decision)) throw new Error(`expected ${c.type} to be refused`);
  return decision.rejection;
};

describe('a penalty naming a game', () => {
  it('given a game of this tournament with the player at it, then the penalty is decided', () => {
    const [event] = decided(started(), penalise({ round: 1, gameId: 'spring-r1-t1', hand: 2 }));
    expect(event).toMatchObject({ type: 'PlayerPenalised', data: { gameId: 'spring-r1-t1', hand: 2 } });
  });

  it("given another tournament's game id, then unknown-game under the scope rule", () => {
    expect(refusal(penalise({ gameId: 'autumn-r1-t1' }))).toEqual({
      code: 'unknown-game',
      rule: TOURNAMENT_RULES.penaltyScope,
      message: 'no table of this tournament plays autumn-r1-t1',
    });
  });

  it('given a game of this tournament but another round than the one named, then unknown-game', () => {
    const two = given(
      create(),
      register(...PLAYERS),
      schedule(1),
      upload(1, TABLES),
      command('StartRound', { round: 1 }),
      command('CloseRound', { round: 1, force: true }),
      schedule(2),
    );
    expect(refusal(penalise({ round: 2, gameId: 'spring-r1-t1' }), two)).toMatchObject({
      code: 'unknown-game',
      message: 'spring-r1-t1 is played in round 1, not 2',
    });
  });

  it('given a player of the tournament who does not sit at the game, then unknown-player', () => {
    expect(refusal(penalise({ playerId: 'ed', gameId: 'spring-r1-t1' }))).toMatchObject({
      code: 'unknown-player',
      message: 'player ed does not sit at spring-r1-t1',
    });
  });

  it('given a hand without its game, then bad-penalty', () => {
    expect(refusal(penalise({ hand: 3 }))).toMatchObject({ code: 'bad-penalty' });
  });
});

describe('a penalty ruling on a dispute', () => {
  const disputed = () =>
    given(
      create(),
      register(...PLAYERS),
      schedule(1),
      upload(1, TABLES),
      command('StartRound', { round: 1 }),
      command('OpenDispute', { disputeId: 'd1', gameId: 'spring-r1-t1', hand: 1, reason: 'x' }, REFEREE),
    );
  const rule = (playerId: string) =>
    command(
      'RuleDispute',
      { disputeId: 'd1', ruling: { kind: 'penalty', penaltyId: 'p9', playerId, points: 100 }, reason: 'y' },
      REFEREE,
    );

  it('given a player of another table, then unknown-player and the dispute stays open', () => {
    const state = disputed();
    expect(refusal(rule('fa'), state)).toMatchObject({
      code: 'unknown-player',
      message: 'player fa does not sit at spring-r1-t1',
    });
    expect(state.disputes.d1?.status).toBe('open');
    expect(decided(state, rule('cy')).map((e) => e.type)).toEqual(['DisputeRuled', 'PlayerPenalised']);
  });
});
