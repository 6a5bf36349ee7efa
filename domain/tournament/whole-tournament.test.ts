// A whole small tournament through the decider: 8 players, 2 rounds, seated by upload, then at random and by
// swiss standings; the state after each step is what the projections and services read.
import { describe, expect, it } from 'vitest';
import { rulesetOf } from '../rules/rulesets/index.ts';
import type { TournamentCommand } from './commands.ts';
import type { RoundSeated, TournamentEvent } from './events.ts';
import {
  command,
  create,
  finishTable,
  ORGANIZER,
  PLAYERS,
  REFEREE,
  register,
  run,
  schedule,
  upload,
} from './spec.ts';
import { activePlayers, playersAt, type TournamentState, tableEndsAt } from './state.ts';

const start = (round: number, minutes: number) => command('StartRound', { round }, ORGANIZER, minutes);
const close = (round: number, minutes: number) => command('CloseRound', { round }, ORGANIZER, minutes);
const seatedEvent = (events: readonly TournamentEvent[], round: number): RoundSeated => {
  const e = events.find((x) => x.type === 'RoundSeated' && x.data.round === round);
  if (e?.type !== 'RoundSeated') throw new Error(`round ${round} was not seated`);
  return e;
};
const everyoneOnce = (state: TournamentState, round: number) =>
  state.rounds[round - 1]!.tables.flatMap((t) => playersAt(t)).sort();

/** Each table of a round finishes with made-up scores, first seat first. */
const finishAll = (state: TournamentState, round: number, minutes: number): TournamentCommand[] =>
  state.rounds[round - 1]!.tables.map((t) =>
    finishTable(
      round,
      t.table,
      playersAt(t).map((p, i) => [p, 36000 - 4000 * i] as [string, number]),
      minutes,
    ),
  );

describe('a whole tournament, seated by upload', () => {
  it('registers, plays two rounds, withdraws and replaces a player, penalises, and finishes', () => {
    let { state, events } = run([
      create('hu-mahjong', { scoring: { kind: 'table-points' } }),
      ...register(...PLAYERS),
      schedule(1),
      upload(1, [
        ['ana', 'bo', 'cy', 'di'],
        ['ed', 'fa', 'gu', 'hu'],
      ]),
      start(1, 0),
      command('ExtendTableTime', { round: 1, table: 2, minutes: 10, reason: 'a long dispute' }, REFEREE, 80),
    ]);
    expect(state.rounds[0]).toMatchObject({ phase: 'started', endsAt: '2026-03-01T10:30:00.000Z' });
    expect(tableEndsAt(state.rounds[0]!, state.rounds[0]!.tables[1]!)).toBe('2026-03-01T10:40:00.000Z');
    expect(tableEndsAt(state.rounds[0]!, state.rounds[0]!.tables[0]!)).toBe('2026-03-01T10:30:00.000Z');

    ({ state, events } = run(
      [
        ...finishAll(state, 1, 85),
        close(1, 100),
        command('ReplacePlayer', {
          playerId: 'hu',
          replacement: { playerId: 'ivy', name: 'Ivy' },
          reason: 'hu went home',
        }),
        command(
          'PenalisePlayer',
          { penaltyId: 'p1', playerId: 'cy', points: 1000, reason: 'slow play', round: 1 },
          REFEREE,
        ),
        schedule(2),
        upload(2, [
          ['ana', 'ed', 'cy', 'ivy'],
          ['fa', 'bo', 'gu', 'di'],
        ]),
        start(2, 110),
      ],
      state,
    ));
    expect(state.rounds[0]).toMatchObject({ phase: 'closed', unfinished: [] });
    expect(state.rounds[0]?.tables.every((t) => t.finished)).toBe(true);
    expect(activePlayers(state)).toContain('ivy');
    expect(activePlayers(state)).not.toContain('hu');
    expect(seatedEvent(events, 2).data.tables.map((t) => t.gameId)).toEqual(['spring-r2-t1', 'spring-r2-t2']);
    // The uploaded round 2 seats ana–cy, bo–di and fa–gu together again: the cost counts them.
    expect(seatedEvent(events, 2).data.cost).toMatchObject({ repeatPairs: 3, consecutiveRepeats: 3 });

    const rest = run(
      [...finishAll(state, 2, 200), close(2, 210), command('FinishTournament', {}, ORGANIZER, 220)],
      state,
    );
    expect(rest.state.status).toBe('finished');
    expect(rest.state.rounds.map((r) => r.phase)).toEqual(['closed', 'closed']);
    expect(rest.state.penalties.p1).toMatchObject({ playerId: 'cy', points: 1000, status: 'active' });
  });
});

describe('a whole tournament, seated at random', () => {
  const randomRound = (round: number): TournamentCommand =>
    command('SeatRound', { round, method: { kind: 'random' } });

  const roundOne = () =>
    run([create('hu-mahjong'), ...register(...PLAYERS), schedule(1, 'random'), randomRound(1), start(1, 0)]);

  it('seats every active player once, from the round’s recorded seed, the same every time', () => {
    const { state, events } = roundOne();
    expect(everyoneOnce(state, 1)).toEqual([...PLAYERS].sort());
    const seated = seatedEvent(events, 1);
    expect(seated.data).toMatchObject({ method: 'random', seed: 'spring-seed:round-1', substitutes: [] });
    expect(seatedEvent(roundOne().events, 1)).toStrictEqual(seated);
    expect(
      seated.data.tables.every((t) => t.ruleset.hash === rulesetOf('hu-mahjong', { players: 4 }).hash),
    ).toBe(true);
  });

  it('round 2 knows round 1: two tables of 4 cannot do better than 4 repeated pairs', () => {
    const one = roundOne();
    const two = run(
      [...finishAll(one.state, 1, 80), close(1, 90), schedule(2, 'random'), randomRound(2), start(2, 100)],
      one.state,
    );
    const seated = seatedEvent(two.events, 2);
    expect(seated.data.seed).toBe('spring-seed:round-2');
    expect(seated.data.cost).toMatchObject({ repeatPairs: 4, consecutiveRepeats: 4 });
    expect(everyoneOnce(two.state, 2)).toEqual([...PLAYERS].sort());
  });

  it('a withdrawn player sits out the next round; the replacement sits in', () => {
    const one = roundOne();
    const two = run(
      [
        ...finishAll(one.state, 1, 80),
        close(1, 90),
        command('WithdrawPlayer', { playerId: 'ana', reason: 'ill' }),
        command('ReplacePlayer', {
          playerId: 'bo',
          replacement: { playerId: 'zoe', name: 'Zoe' },
          reason: 'left',
        }),
        schedule(2, 'random'),
        randomRound(2),
      ],
      one.state,
    );
    const round2 = everyoneOnce(two.state, 2);
    expect(round2).toEqual(['cy', 'di', 'ed', 'fa', 'gu', 'hu', 'zoe']);
    // hu-mahjong seats 7 at a table of 4 and a table of 3, whose ruleset says 3 players.
    expect(two.state.rounds[1]?.tables.map((t) => t.ruleset.options.players)).toEqual([4, 3]);
  });

  it('table law seats only 4: a substitute fills the last table, and finishes with it', () => {
    const { state, events } = run([
      create('table-law'),
      ...register(...PLAYERS.slice(0, 7)),
      schedule(1, 'random'),
      randomRound(1),
      start(1, 0),
    ]);
    const seated = seatedEvent(events, 1);
    expect(seated.data.substitutes).toEqual(['substitute-1']);
    expect(seated.data.tables.map((t) => Object.keys(t.seats).length)).toEqual([4, 4]);
    expect(seated.data.tables[0]?.ruleset.hash).toBe(rulesetOf('table-law').hash);
    const done = run(finishAll(state, 1, 80), state).state;
    expect(done.rounds[0]?.tables.every((t) => t.finished)).toBe(true);
  });

  it('a swiss round takes the standings, best first, and seats everyone', () => {
    const one = roundOne();
    const standings = ['hu', 'gu', 'fa', 'ed', 'di', 'cy', 'bo', 'ana'];
    const two = run(
      [
        ...finishAll(one.state, 1, 80),
        close(1, 90),
        schedule(2, 'swiss'),
        command('SeatRound', { round: 2, method: { kind: 'swiss', standings } }),
      ],
      one.state,
    );
    expect(seatedEvent(two.events, 2).data.method).toBe('swiss');
    expect(everyoneOnce(two.state, 2)).toEqual([...PLAYERS].sort());
    expect(playersAt(two.state.rounds[1]!.tables[0]!)).toContain('hu');
  });
});
