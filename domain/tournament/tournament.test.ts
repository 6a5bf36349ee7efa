import { describe, expect, it } from 'vitest';
import { rulesetOf } from '../rules/rulesets/index.ts';
import type { TournamentCommand } from './commands.ts';
import { TournamentEvent } from './events.ts';
import { TOURNAMENT_RULES } from './rejection.ts';
import {
  at,
  command,
  create,
  decided,
  finishTable,
  given,
  ORGANIZER,
  PLAYERS,
  REFEREE,
  register,
  run,
  SYSTEM,
  schedule,
  upload,
  when,
} from './spec.ts';
import { activePlayers, initialTournamentState } from './state.ts';

const TABLES = [
  ['ana', 'bo', 'cy', 'di'],
  ['ed', 'fa', 'gu', 'hu'],
];
const start = (round: number, minutes = 0) => command('StartRound', { round }, ORGANIZER, minutes);
const close = (round: number, force?: boolean) =>
  command('CloseRound', force === undefined ? { round } : { round, force }, ORGANIZER, 120);

const created = () => given(create(), register(...PLAYERS));
const scheduled = () => given(create(), register(...PLAYERS), schedule(1));
const seated = () => given(create(), register(...PLAYERS), schedule(1), upload(1, TABLES));
const started = () => given(create(), register(...PLAYERS), schedule(1), upload(1, TABLES), start(1));
const rejected = (state: ReturnType<typeof given>, c: TournamentCommand) => {
  const decision = when(state, c);
  return 'rejection' in decision ? decision.rejection.code : 'accepted';
};

describe('CreateTournament', () => {
  it('records the ruleset, the scoring, the seed and who created it', () => {
    const [e] = decided(initialTournamentState, create('hu-mahjong'));
    expect(e).toMatchObject({
      type: 'TournamentCreated',
      data: {
        tournamentId: 'spring',
        ruleset: { preset: 'hu-mahjong', hash: rulesetOf('hu-mahjong').hash },
        scoring: { kind: 'points' },
        seed: 'spring-seed',
        createdBy: { role: 'organizer', id: 'org-mei' },
      },
    });
  });

  it('table points default to 4, 2, 1, 0; others are kept when whole, of any sign, none above a better place’s', () => {
    const [byDefault] = decided(
      initialTournamentState,
      create('hu-mahjong', { scoring: { kind: 'table-points' } }),
    );
    expect(byDefault?.data).toMatchObject({ scoring: { kind: 'table-points', values: [4, 2, 1, 0] } });
    const own = create('table-law', { scoring: { kind: 'table-points', values: [3, 1, 0, 0] } });
    expect(decided(initialTournamentState, own)[0]?.data).toMatchObject({
      scoring: { values: [3, 1, 0, 0] },
    });
    const uma = create('table-law', { scoring: { kind: 'table-points', values: [15, 5, -5, -15] } });
    expect(decided(initialTournamentState, uma)[0]?.data).toMatchObject({
      scoring: { values: [15, 5, -5, -15] },
    });
    expect(run([uma]).events[0]).toMatchObject({ data: { scoring: { values: [15, 5, -5, -15] } } });
    const scoring = (values: number[]) => create('table-law', { scoring: { kind: 'table-points', values } });
    for (const values of [
      [3, -1],
      [0, -1, -1],
    ])
      expect(rejected(initialTournamentState, scoring(values))).toBe('accepted');
    const refusal = (values: number[]) => {
      const decision = when(initialTournamentState, scoring(values));
      return 'rejection' in decision ? decision.rejection.message : 'accepted';
    };
    expect(refusal([-15, 15])).toBe('table points -15, 15: place 2 earns more than place 1');
    expect(refusal([15, 5, 1.5, -15])).toBe('table points 15, 5, 1.5, -15: place 3: a whole number');
    expect(refusal([1])).toBe('table points 1: one value per place, 2 to 4 of them');
    expect(refusal([4, 3, 2, 1, 0])).toContain('2 to 4');
  });

  it('an event recorded before negative values were allowed still decodes (values 0 or more, any order)', () => {
    const [e] = decided(initialTournamentState, create('hu-mahjong'));
    const old = { ...e!, data: { ...e!.data, scoring: { kind: 'table-points', values: [0, 1, 2, 4] } } };
    expect(TournamentEvent.safeParse(old).success).toBe(true);
  });

  it('is refused a second time, and to anyone but an organizer', () => {
    expect(rejected(created(), create())).toBe('tournament-exists');
    expect(rejected(initialTournamentState, { ...create(), by: REFEREE })).toBe('not-allowed');
  });

  it('comes first: any other command before it is refused', () => {
    expect(rejected(initialTournamentState, register('ana')[0]!)).toBe('not-created');
  });
});

describe('RegisterPlayer, WithdrawPlayer, ReplacePlayer', () => {
  it('registers each player once', () => {
    const state = created();
    expect(activePlayers(state)).toEqual([...PLAYERS]);
    expect(rejected(state, register('ana')[0]!)).toBe('player-exists');
    expect(rejected(state, register('substitute-1')[0]!)).toBe('bad-player-id');
    expect(rejected(state, { ...register('zoe')[0]!, by: REFEREE })).toBe('not-allowed');
  });

  it('keeps a club when one is given; a registration without one (as recorded before clubs) has none', () => {
    const state = run(
      [command('RegisterPlayer', { playerId: 'zoe', name: 'Zoe', club: 'Kowloon MC' })],
      created(),
    ).state;
    expect(state.players.find((p) => p.playerId === 'zoe')).toEqual({
      playerId: 'zoe',
      name: 'Zoe',
      club: 'Kowloon MC',
      status: 'active',
    });
    expect(state.players.find((p) => p.playerId === 'ana')).toEqual({
      playerId: 'ana',
      name: 'ANA',
      status: 'active',
    });
  });

  it('registers a list of players in one decision: all of them, or none', () => {
    const list = (...players: { playerId: string; name: string; club?: string }[]) =>
      command('RegisterPlayers', { players });
    const { events, state } = run(
      [list({ playerId: 'zoe', name: 'Zoe', club: 'North' }, { playerId: 'yan', name: 'ANA' })],
      created(),
    );
    expect(events.map((e) => [e.type, e.data])).toEqual([
      ['PlayerRegistered', { playerId: 'zoe', name: 'Zoe', club: 'North' }],
      // A name another player has is no refusal: two people may share one.
      ['PlayerRegistered', { playerId: 'yan', name: 'ANA' }],
    ]);
    expect(activePlayers(state)).toEqual([...PLAYERS, 'zoe', 'yan']);
    expect(
      rejected(created(), list({ playerId: 'zoe', name: 'Zoe' }, { playerId: 'ana', name: 'Ana' })),
    ).toBe('player-exists');
    expect(
      rejected(created(), list({ playerId: 'zoe', name: 'Zoe' }, { playerId: 'zoe', name: 'Zoe 2' })),
    ).toBe('player-exists');
    expect(rejected(created(), list({ playerId: 'substitute-3', name: 'S' }))).toBe('bad-player-id');
    expect(rejected(created(), list())).toBe('bad-player-id');
    expect(rejected(created(), { ...list({ playerId: 'zoe', name: 'Zoe' }), by: REFEREE })).toBe(
      'not-allowed',
    );
  });

  it('withdraws a player from later rounds, once', () => {
    const withdraw = command('WithdrawPlayer', { playerId: 'bo', reason: 'ill' });
    const state = run([withdraw], created()).state;
    expect(state.players.find((p) => p.playerId === 'bo')?.status).toBe('withdrawn');
    expect(activePlayers(state)).not.toContain('bo');
    expect(rejected(state, withdraw)).toBe('player-withdrawn');
    expect(rejected(created(), command('WithdrawPlayer', { playerId: 'zoe', reason: 'x' }))).toBe(
      'unknown-player',
    );
  });

  it('a replacement comes in for an active or withdrawn player, under a new id, once', () => {
    const replace = (playerId: string, replacement: string) =>
      command('ReplacePlayer', {
        playerId,
        replacement: { playerId: replacement, name: 'Zoe', club: 'South' },
        reason: 'left',
      });
    const state = run([replace('bo', 'zoe')], created()).state;
    expect(state.players.at(-1)).toEqual({
      playerId: 'zoe',
      name: 'Zoe',
      club: 'South',
      status: 'active',
      replaces: 'bo',
    });
    expect(state.players.find((p) => p.playerId === 'bo')).toMatchObject({
      status: 'replaced',
      replacedBy: 'zoe',
    });
    expect(activePlayers(state)).toEqual(['ana', 'cy', 'di', 'ed', 'fa', 'gu', 'hu', 'zoe']);
    expect(rejected(state, replace('bo', 'yan'))).toBe('player-withdrawn');
    expect(rejected(state, replace('cy', 'ana'))).toBe('player-exists');
    expect(rejected(state, replace('cy', 'substitute-2'))).toBe('bad-player-id');
    expect(rejected(state, replace('xi', 'yan'))).toBe('unknown-player');
    const afterWithdrawal = given(
      create(),
      register(...PLAYERS),
      command('WithdrawPlayer', { playerId: 'bo', reason: 'ill' }),
      replace('bo', 'zoe'),
    );
    expect(activePlayers(afterWithdrawal)).toContain('zoe');
  });

  it('in a round seated but not started, the replacement takes the seat; in a started one, not', () => {
    const replace = command('ReplacePlayer', {
      playerId: 'bo',
      replacement: { playerId: 'zoe', name: 'Zoe' },
      reason: 'left',
    });
    expect(run([replace], seated()).state.rounds[0]?.tables[0]?.seats).toEqual({
      E: 'ana',
      S: 'zoe',
      W: 'cy',
      N: 'di',
    });
    expect(run([replace], started()).state.rounds[0]?.tables[0]?.seats.S).toBe('bo');
  });
});

describe('ScheduleRound', () => {
  it('schedules rounds in order, and again until the round is seated', () => {
    const [e] = decided(created(), schedule(1, 'random', 75));
    expect(e).toMatchObject({
      type: 'RoundScheduled',
      data: { round: 1, method: 'random', minutes: 75, end: { kind: 'rounds', last: 'S' } },
    });
    expect(rejected(created(), schedule(2))).toBe('wrong-round');
    expect(rejected(scheduled(), schedule(1, 'random'))).toBe('accepted');
    expect(rejected(seated(), schedule(1, 'random'))).toBe('round-already-seated');
    expect(rejected(scheduled(), schedule(2))).toBe('accepted');
  });

  it('refuses a clock of no minutes, and anyone but the organizer', () => {
    expect(rejected(created(), schedule(1, 'uploaded', 0))).toBe('bad-minutes');
    expect(rejected(created(), { ...schedule(1), by: REFEREE })).toBe('not-allowed');
  });
});

describe('SeatRound', () => {
  it('records uploaded tables with their game ids, the round seed and each table’s ruleset', () => {
    const [e] = decided(scheduled(), upload(1, TABLES));
    const seatedEvent = TournamentEvent.parse(e);
    if (seatedEvent.type !== 'RoundSeated') throw new Error('expected RoundSeated');
    expect(seatedEvent.data).toMatchObject({ round: 1, method: 'uploaded', seed: 'spring-seed:round-1' });
    expect(seatedEvent.data.tables.map((t) => [t.table, t.gameId, t.seats])).toEqual([
      [1, 'spring-r1-t1', { E: 'ana', S: 'bo', W: 'cy', N: 'di' }],
      [2, 'spring-r1-t2', { E: 'ed', S: 'fa', W: 'gu', N: 'hu' }],
    ]);
    expect(seatedEvent.data.tables[0]?.ruleset.hash).toBe(rulesetOf('hu-mahjong', { players: 4 }).hash);
    expect(seatedEvent.data.substitutes).toEqual([]);
  });

  it('hu-mahjong seats 7 players at a 4 and a 3, the 3’s ruleset set to 3 players (another hash)', () => {
    const state = given(create(), register(...PLAYERS.slice(0, 7)), schedule(1));
    const [e] = decided(
      state,
      upload(1, [
        ['ana', 'bo', 'cy', 'di'],
        ['ed', 'fa', 'gu'],
      ]),
    );
    const tables = TournamentEvent.parse(e).data as {
      tables: { ruleset: { options: object; hash: string } }[];
    };
    expect(tables.tables[1]?.ruleset.options).toMatchObject({ players: 3 });
    expect(tables.tables[1]?.ruleset.hash).toBe(rulesetOf('hu-mahjong', { players: 3 }).hash);
    expect(tables.tables[1]?.ruleset.hash).not.toBe(tables.tables[0]?.ruleset.hash);
  });

  it('refuses a round not scheduled, seated twice, or by another method than scheduled', () => {
    expect(rejected(created(), upload(1, TABLES))).toBe('round-not-scheduled');
    expect(rejected(seated(), upload(1, TABLES))).toBe('round-already-seated');
    const random = command('SeatRound', { round: 1, method: { kind: 'random' } });
    expect(rejected(scheduled(), random)).toBe('wrong-method');
    expect(rejected(scheduled(), { ...upload(1, TABLES), by: REFEREE })).toBe('not-allowed');
  });

  it('seats round n only when round n − 1 is closed, and says which rule refused', () => {
    const state = run([schedule(2)], started()).state;
    expect(when(state, upload(2, TABLES))).toEqual({
      rejection: {
        code: 'previous-round-open',
        rule: TOURNAMENT_RULES.sequence,
        message: 'round 1 is started',
      },
    });
  });

  it('keeps the seating’s own complaint about uploaded tables', () => {
    const decision = when(
      scheduled(),
      upload(1, [
        ['ana', 'bo', 'cy', 'di'],
        ['ed', 'fa', 'gu', 'ana'],
      ]),
    );
    expect(decision).toMatchObject({ rejection: { code: 'bad-seating' } });
    if (!('rejection' in decision)) return;
    expect(decision.rejection.message.length).toBeGreaterThan(0);
  });

  it('seats no withdrawn player, and needs a table’s worth of players', () => {
    const state = given(
      create(),
      register(...PLAYERS),
      command('WithdrawPlayer', { playerId: 'hu', reason: 'ill' }),
      schedule(1),
    );
    expect(rejected(state, upload(1, TABLES))).toBe('bad-seating');
    const one = given(create(), register('ana'), schedule(1));
    expect(rejected(one, upload(1, [['ana']]))).toBe('too-few-players');
    const three = given(create('table-law'), register('ana', 'bo', 'cy'), schedule(1));
    expect(rejected(three, upload(1, [['ana', 'bo', 'cy']]))).toBe('too-few-players');
  });

  it('seats again a round not started when asked to', () => {
    const state = run([command('WithdrawPlayer', { playerId: 'hu', reason: 'ill' })], seated()).state;
    const again = command('SeatRound', {
      round: 1,
      method: {
        kind: 'uploaded',
        tables: [
          ['ana', 'bo', 'cy', 'di'],
          ['ed', 'fa', 'gu'],
        ],
      },
      reseat: true,
    });
    expect(run([again], state).state.rounds[0]?.tables[1]?.seats).toEqual({ E: 'ed', S: 'fa', W: 'gu' });
    expect(rejected(started(), again)).toBe('round-already-seated');
  });
});

describe('StartRound', () => {
  it('starts a seated round: the clock ends minutes after the start', () => {
    const [e] = decided(seated(), start(1, 5));
    expect(e).toEqual({ type: 'RoundStarted', schemaVersion: 1, data: { round: 1, endsAt: at(95) } });
  });

  it('refuses a round not seated, started twice, or before the last one closed', () => {
    expect(rejected(created(), start(1))).toBe('round-not-scheduled');
    expect(rejected(scheduled(), start(1))).toBe('round-not-seated');
    expect(rejected(started(), start(1))).toBe('round-already-started');
    expect(rejected(seated(), { ...start(1), by: REFEREE })).toBe('not-allowed');
  });

  it('refuses while a seated player has withdrawn: replace them or seat again', () => {
    const state = run([command('WithdrawPlayer', { playerId: 'cy', reason: 'ill' })], seated()).state;
    expect(rejected(state, start(1))).toBe('player-withdrawn');
  });
});

describe('ExtendTableTime', () => {
  const extend = (table: number, by = REFEREE, minutes = 10) =>
    command('ExtendTableTime', { round: 1, table, minutes, reason: 'dispute at the table' }, by);

  it('gives a playing table extra minutes: a referee or the organizer', () => {
    const state = run([extend(2), extend(2, ORGANIZER, 5)], started()).state;
    expect(state.rounds[0]?.tables[1]?.extraMinutes).toBe(15);
    expect(rejected(started(), extend(2, SYSTEM))).toBe('not-allowed');
  });

  it('refuses a round not started, a table not in the round or finished, no minutes, a closed round', () => {
    expect(rejected(seated(), extend(1))).toBe('round-not-started');
    expect(rejected(started(), extend(3))).toBe('unknown-table');
    expect(rejected(started(), extend(1, REFEREE, 0))).toBe('bad-minutes');
    const finished = run(
      [
        finishTable(1, 1, [
          ['ana', 10],
          ['bo', 0],
          ['cy', 0],
          ['di', -10],
        ]),
      ],
      started(),
    ).state;
    expect(rejected(finished, extend(1))).toBe('table-finished');
    expect(rejected(run([close(1, true)], started()).state, extend(1))).toBe('round-closed');
  });
});

describe('RecordTableFinished', () => {
  const scores: [string, number][] = [
    ['cy', 38000],
    ['ana', 31000],
    ['bo', 29000],
    ['di', 22000],
  ];

  it('records the game’s final scores at the table', () => {
    const [e] = decided(started(), finishTable(1, 1, scores));
    expect(e).toMatchObject({ type: 'TableFinished', data: { round: 1, table: 1, gameId: 'spring-r1-t1' } });
    const state = run([finishTable(1, 1, scores)], started()).state;
    expect(state.rounds[0]?.tables[0]?.finished).toBe(true);
    expect(state.rounds[0]?.tables[0]?.scores?.map((s) => s.points)).toEqual([38000, 31000, 29000, 22000]);
  });

  it('is the system’s: an organizer does not record it', () => {
    expect(rejected(started(), { ...finishTable(1, 1, scores), by: ORGANIZER })).toBe('not-allowed');
  });

  it('refuses another table’s game, other players, a table finished twice', () => {
    const wrongGame = { ...finishTable(1, 1, scores), gameId: 'spring-r1-t2' };
    expect(rejected(started(), wrongGame)).toBe('unknown-table');
    expect(rejected(started(), finishTable(1, 2, scores))).toBe('bad-scores');
    const once = run([finishTable(1, 1, scores)], started()).state;
    expect(rejected(once, finishTable(1, 1, scores))).toBe('table-finished');
    expect(rejected(seated(), finishTable(1, 1, scores))).toBe('round-not-started');
  });
});

describe('CloseRound', () => {
  const all = [
    finishTable(1, 1, [
      ['ana', 1],
      ['bo', 0],
      ['cy', 0],
      ['di', -1],
    ]),
    finishTable(1, 2, [
      ['ed', 1],
      ['fa', 0],
      ['gu', 0],
      ['hu', -1],
    ]),
  ];

  it('closes a round whose tables have all finished', () => {
    const [e] = decided(run(all, started()).state, close(1));
    expect(e).toEqual({ type: 'RoundClosed', schemaVersion: 1, data: { round: 1, unfinished: [] } });
  });

  it('refuses while a table plays, unless forced: the table is recorded unfinished', () => {
    const one = run(all.slice(0, 1), started()).state;
    expect(rejected(one, close(1))).toBe('tables-unfinished');
    expect(decided(one, close(1, true))[0]?.data).toEqual({ round: 1, unfinished: [2] });
  });

  it('refuses a round not started, closed twice, and anyone but the organizer', () => {
    expect(rejected(seated(), close(1))).toBe('round-not-started');
    expect(rejected(run([close(1, true)], started()).state, close(1))).toBe('round-closed');
    expect(rejected(started(), { ...close(1, true), by: REFEREE })).toBe('not-allowed');
  });
});

describe('PenalisePlayer, CancelPenalty', () => {
  const penalise = (penaltyId: string, playerId = 'bo', points = 1000, by = REFEREE) =>
    command(
      'PenalisePlayer',
      { penaltyId, playerId, points, reason: 'slow play', round: 1, gameId: 'spring-r1-t1', hand: 3 },
      by,
    );
  const cancel = (penaltyId: string, by = ORGANIZER) =>
    command('CancelPenalty', { penaltyId, reason: 'appeal upheld' }, by);

  it('a referee or the organizer deducts points from a player; a cancelled penalty stays on record', () => {
    const [e] = decided(started(), penalise('p1'));
    expect(e).toMatchObject({
      type: 'PlayerPenalised',
      data: { penaltyId: 'p1', playerId: 'bo', points: 1000, hand: 3 },
    });
    const state = run([penalise('p1'), cancel('p1')], started()).state;
    expect(state.penalties.p1).toMatchObject({ status: 'cancelled', points: 1000 });
    // The cancellation repeats what it undoes, so a player's history can undo it from this event alone.
    const [cancelled] = decided(run([penalise('p1')], started()).state, cancel('p1'));
    expect(cancelled).toMatchObject({
      type: 'PenaltyCancelled',
      data: { penaltyId: 'p1', playerId: 'bo', points: 1000, gameId: 'spring-r1-t1' },
    });
    expect(rejected(started(), penalise('p1', 'bo', 1000, SYSTEM))).toBe('not-allowed');
  });

  it('refuses an unknown player, a reused id, no points, an unknown round', () => {
    expect(rejected(started(), penalise('p1', 'zoe'))).toBe('unknown-player');
    expect(rejected(run([penalise('p1')], started()).state, penalise('p1', 'cy'))).toBe('penalty-exists');
    expect(rejected(started(), penalise('p1', 'bo', 0))).toBe('bad-penalty');
    expect(rejected(created(), penalise('p1'))).toBe('round-not-scheduled');
  });

  it('refuses to cancel an unknown penalty or one cancelled', () => {
    expect(rejected(started(), cancel('p9'))).toBe('unknown-penalty');
    expect(rejected(run([penalise('p1'), cancel('p1')], started()).state, cancel('p1'))).toBe(
      'penalty-cancelled',
    );
  });
});

describe('OpenDispute, RuleDispute', () => {
  const open = (disputeId = 'd1', gameId = 'spring-r1-t1') =>
    command('OpenDispute', { disputeId, gameId, hand: 4, reason: 'wrong fan count' }, REFEREE);
  const rule = (ruling: Extract<TournamentCommand, { type: 'RuleDispute' }>['ruling'], disputeId = 'd1') =>
    command('RuleDispute', { disputeId, ruling, reason: 'rule 12' }, REFEREE);
  const disputed = () => run([open()], started()).state;

  it('opens a dispute on a game of the tournament, once per id', () => {
    const [e] = decided(started(), open());
    expect(e).toMatchObject({
      type: 'DisputeOpened',
      data: { disputeId: 'd1', gameId: 'spring-r1-t1', hand: 4 },
    });
    expect(rejected(started(), open('d1', 'elsewhere-g1'))).toBe('unknown-game');
    expect(rejected(disputed(), open('d1'))).toBe('dispute-exists');
    expect(rejected(started(), { ...open(), by: SYSTEM })).toBe('not-allowed');
  });

  it('a penalty ruling is also the penalty itself, on the disputed game and hand', () => {
    const events = decided(
      disputed(),
      rule({ kind: 'penalty', penaltyId: 'p7', playerId: 'cy', points: 2000 }),
    );
    expect(events.map((e) => e.type)).toEqual(['DisputeRuled', 'PlayerPenalised']);
    expect(events[1]?.data).toEqual({
      penaltyId: 'p7',
      playerId: 'cy',
      points: 2000,
      reason: 'rule 12',
      round: 1,
      gameId: 'spring-r1-t1',
      hand: 4,
    });
    expect(
      rejected(disputed(), rule({ kind: 'penalty', penaltyId: 'p7', playerId: 'zoe', points: 2000 })),
    ).toBe('unknown-player');
  });

  it('a correction records what was wrong and the settlement that stands; others say what happens', () => {
    const correction = rule({
      kind: 'correction',
      mode: 'replacement',
      wrong: 'the self-draw was paid as a discard win',
      transfers: [{ from: 'S', to: 'E', points: 2000, reason: 'self-draw' }],
    });
    expect(decided(disputed(), correction)[0]).toMatchObject({
      type: 'DisputeRuled',
      data: {
        ruling: {
          kind: 'correction',
          mode: 'replacement',
          transfers: [{ from: 'S', to: 'E', points: 2000 }],
        },
      },
    });
    expect(decided(disputed(), rule({ kind: 'void-and-redeal' }))[0]?.data).toMatchObject({
      ruling: { kind: 'void-and-redeal' },
    });
    const state = run([rule({ kind: 'no-change' })], disputed()).state;
    expect(state.disputes.d1).toMatchObject({ status: 'ruled', ruling: { kind: 'no-change' } });
  });

  it('refuses an unknown dispute, or one already ruled', () => {
    expect(rejected(disputed(), rule({ kind: 'no-change' }, 'd9'))).toBe('unknown-dispute');
    expect(rejected(run([rule({ kind: 'no-change' })], disputed()).state, rule({ kind: 'no-change' }))).toBe(
      'dispute-closed',
    );
  });
});

describe('FinishTournament', () => {
  const finish = (by = ORGANIZER) => command('FinishTournament', {}, by, 300);

  it('finishes once every started round is closed and every dispute ruled; nothing follows', () => {
    const closed = run([close(1, true)], started()).state;
    expect(decided(closed, finish())).toEqual([{ type: 'TournamentFinished', schemaVersion: 1, data: {} }]);
    const over = run([finish()], closed).state;
    expect(over.status).toBe('finished');
    expect(rejected(over, register('zoe')[0]!)).toBe('tournament-finished');
  });

  it('refuses while a round plays or a dispute is open, and anyone but the organizer', () => {
    expect(rejected(started(), finish())).toBe('round-open');
    const disputed = run(
      [
        command('OpenDispute', { disputeId: 'd1', gameId: 'spring-r1-t1', hand: 1, reason: 'x' }, REFEREE),
        close(1, true),
      ],
      started(),
    ).state;
    expect(rejected(disputed, finish())).toBe('dispute-open');
    expect(rejected(seated(), finish(REFEREE))).toBe('not-allowed');
  });
});
