// Planned seating in the tournament aggregate (issue 11 item 7): PlanSeating records the plan, a random round
// follows it, swiss and uploaded rounds do not, and a withdrawal or a replacement changes only the seats it
// must before the next round is seated.
import { describe, expect, it } from 'vitest';
import type { TournamentCommand } from './commands.ts';
import type { RoundSeated, SeatingPlanned, SeatingPlanRepaired, TournamentEvent } from './events.ts';
import { seatingCost, seatRound } from './seating/index.ts';
import { command, create, decided, given, REFEREE, register, run, schedule, when } from './spec.ts';
import type { TournamentState } from './state.ts';

const PLAYERS = Array.from({ length: 32 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
const plan = (rounds: number, by = undefined as typeof REFEREE | undefined) =>
  command('PlanSeating', { rounds }, by);
const seat = (round: number, reseat?: boolean) =>
  command('SeatRound', { round, method: { kind: 'random' }, ...(reseat === undefined ? {} : { reseat }) });
const start = (round: number) => command('StartRound', { round });
const close = (round: number) => command('CloseRound', { round, force: true }, undefined, 120);
/** Four-seas seats 4 at a table, substitutes filling; hu-mahjong seats 4, 3 or 2. */
const planning = (
  preset: 'four-seas' | 'hu-mahjong' = 'four-seas',
  players: readonly string[] = PLAYERS,
  rounds = 8,
): TournamentCommand[] => [create(preset), ...register(...players), plan(rounds)];
const planned = (...args: Parameters<typeof planning>) => given(planning(...args));
const seatsOf = (e: TournamentEvent | undefined) => (e as RoundSeated).data.tables.map((t) => t.seats);
const rejected = (state: TournamentState, c: TournamentCommand) => {
  const decision = when(state, c);
  return 'rejection' in decision ? decision.rejection.code : 'accepted';
};

/** Rounds 1 … n scheduled, seated at random, started and closed. */
function playRounds(state: TournamentState, n: number) {
  const events: TournamentEvent[] = [];
  for (let r = 1; r <= n; r++) {
    const played = run([schedule(r, 'random'), seat(r), start(r), close(r)], state);
    events.push(...played.events);
    state = played.state;
  }
  return { state, events };
}

describe('PlanSeating', () => {
  it('given 32 players, when 8 rounds are planned, then SeatingPlanned holds 8 rounds from round 1 without a repeat pair', () => {
    const [e] = decided(given(create('four-seas'), register(...PLAYERS)), plan(8));
    const data = (e as SeatingPlanned).data;
    expect(e!.type).toBe('SeatingPlanned');
    expect(data.rounds.map((r) => r.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    expect(data).toMatchObject({
      players: PLAYERS,
      seed: 'spring-seed:plan-1',
      source: 'schedule',
      cost: { repeatPairs: 0, consecutiveRepeats: 0, windImbalance: 0 },
    });
  });

  it('plans from the first round not yet seated, the rounds seated before taken as history', () => {
    const players = Array.from({ length: 36 }, (_, i) => `p${String(i + 1).padStart(2, '0')}`);
    const { state } = playRounds(given(create('four-seas'), register(...players)), 2);
    const [e] = decided(state, plan(6));
    const data = (e as SeatingPlanned).data;
    expect(data.rounds.map((r) => r.round)).toEqual([3, 4, 5, 6, 7, 8]);
    expect(data.seed).toBe('spring-seed:plan-3');
    const history = state.rounds.map((r) => ({ tables: r.tables.map((t) => t.seats) }));
    const ahead = data.rounds.map((r) => ({ tables: r.tables.map((t) => t.seats) }));
    expect(seatingCost([...history, ...ahead]).repeatPairs).toBe(0);
  });

  it('refuses 0 or 31 rounds, a referee, and too few players', () => {
    const state = given(create('four-seas'), register(...PLAYERS));
    expect(rejected(state, plan(0))).toBe('bad-seating');
    expect(rejected(state, plan(31))).toBe('bad-seating');
    expect(rejected(state, plan(4, REFEREE))).toBe('not-allowed');
    expect(rejected(given(create('four-seas'), register('ana', 'bo', 'cy')), plan(2))).toBe(
      'too-few-players',
    );
  });
});

describe('SeatRound with a plan', () => {
  it('given a plan, when every round is seated at random, then each follows the plan: no repeat, each wind twice', () => {
    const state = planned();
    const { events } = playRounds(state, 8);
    const seated = events.filter((e): e is RoundSeated => e.type === 'RoundSeated');
    expect(seated.map((e) => e.data.tables.map((t) => t.seats))).toEqual(
      state.plan!.rounds.map((r) => r.tables.map((t) => t.seats)),
    );
    expect(events.some((e) => e.type === 'SeatingPlanRepaired')).toBe(false);
    expect(seated.at(-1)!.data.cost).toEqual({ repeatPairs: 0, consecutiveRepeats: 0, windImbalance: 0 });
  });

  it('without a plan a random round is seated as before (seatRound with the round’s seed)', () => {
    const state = given(create('four-seas'), register(...PLAYERS), schedule(1, 'random'));
    const [e] = decided(state, seat(1));
    const expected = seatRound({
      players: PLAYERS,
      allowedSizes: [4],
      history: [],
      method: { kind: 'random' },
      seed: 'spring-seed:round-1',
    });
    expect(seatsOf(e)).toEqual(expected.tables);
  });

  it('an uploaded round ignores the plan; the next random round follows it', () => {
    const state = planned('four-seas', PLAYERS.slice(0, 8), 3);
    const tables = [PLAYERS.slice(0, 4), PLAYERS.slice(4, 8)];
    const { state: after, events } = run(
      [
        schedule(1),
        command('SeatRound', { round: 1, method: { kind: 'uploaded', tables } }),
        start(1),
        close(1),
      ],
      state,
    );
    expect(seatsOf(events[1])).toEqual(tables.map(([E, S, W, N]) => ({ E, S, W, N })));
    const [seated2] = decided(run([schedule(2, 'random')], after).state, seat(2));
    expect(seatsOf(seated2)).toEqual(state.plan!.rounds[1]!.tables.map((t) => t.seats));
  });
});

describe('withdrawal and replacement keep the rest of the plan', () => {
  it('given round 1 seated from the plan, when p07 withdraws and round 1 is seated again, then a substitute takes the seat and no other seat changes', () => {
    const state = given(planning(), schedule(1, 'random'), seat(1));
    const before = state.rounds[0]!.tables.map((t) => t.seats);
    const withdrawn = run([command('WithdrawPlayer', { playerId: 'p07', reason: 'ill' })], state).state;
    const events = decided(withdrawn, seat(1, true));
    expect(events.map((e) => e.type)).toEqual(['SeatingPlanRepaired', 'RoundSeated']);
    const repair = (events[0] as SeatingPlanRepaired).data;
    expect(repair).toMatchObject({ changes: [], repeatsCaused: 0 });
    expect(repair.rounds.map((r) => r.round)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const after = seatsOf(events[1]);
    const swapped = (seats: Record<string, string | undefined>) =>
      Object.fromEntries(Object.entries(seats).map(([w, id]) => [w, id === 'p07' ? 'substitute-1' : id]));
    expect(after).toEqual(before.map(swapped));
    // Every later round: p07's seat to a substitute, everything else as planned.
    repair.rounds.slice(1).forEach((r, i) => {
      expect(r.tables.map((t) => t.seats)).toEqual(
        state.plan!.rounds[i + 1]!.tables.map((t) => swapped(t.seats)),
      );
      expect(r.substitutes).toEqual(['substitute-1']);
    });
  });

  it('given p07 replaced by zed after round 1, when round 2 is seated, then zed sits where p07 was planned', () => {
    const { state } = playRounds(planned(), 1);
    const replaced = run(
      [
        command('ReplacePlayer', {
          playerId: 'p07',
          replacement: { playerId: 'zed', name: 'Zed' },
          reason: 'left',
        }),
      ],
      state,
    ).state;
    const [repair, seated] = decided(run([schedule(2, 'random')], replaced).state, seat(2));
    expect(repair!.type).toBe('SeatingPlanRepaired');
    const table = state.plan!.rounds[1]!.tables.findIndex((t) => Object.values(t.seats).includes('p07'));
    expect((repair as SeatingPlanRepaired).data.changes).toEqual(
      expect.arrayContaining([{ round: 2, playerId: 'zed', to: table + 1, replaces: 'p07' }]),
    );
    const planned2 = state.plan!.rounds[1]!.tables.map((t) => t.seats);
    expect(seatsOf(seated)).toEqual(
      planned2.map((seats) =>
        Object.fromEntries(Object.entries(seats).map(([w, id]) => [w, id === 'p07' ? 'zed' : id])),
      ),
    );
    expect((repair as SeatingPlanRepaired).data.repeatsCaused).toBe(0);
  });

  it('at hu-mahjong a withdrawal turns that table into a table of 3 with its own rules; the other tables stay', () => {
    const state = given(
      planning('hu-mahjong'),
      schedule(1, 'random'),
      command('WithdrawPlayer', { playerId: 'p07', reason: 'ill' }),
    );
    const [, seated] = decided(state, seat(1));
    const tables = (seated as RoundSeated).data.tables;
    const plannedTables = state.plan!.rounds[0]!.tables;
    const at = plannedTables.findIndex((t) => Object.values(t.seats).includes('p07'));
    tables.forEach((table, t) => {
      if (t === at) {
        expect(Object.keys(table.seats).sort()).toEqual(['E', 'S', 'W']);
        expect(table.ruleset.options.players).toBe(3);
        expect(Object.values(table.seats).sort()).toEqual(
          Object.values(plannedTables[t]!.seats)
            .filter((id) => id !== 'p07')
            .sort(),
        );
      } else expect(table.seats).toEqual(plannedTables[t]!.seats);
    });
  });
});
