// What the overview puts before the organizer: open disputes where they are, tables past their time, tables
// quiet for long, a round whose tables are all done, tables a closed round left unfinished, rounds waiting to
// be seated or started; and what stands in the way of finishing.
import { describe, expect, it } from 'vitest';
import {
  attentionOf,
  type Board,
  finishBlockers,
  QUIET_AFTER_MS,
  type TournamentView,
} from './tournament-view.ts';

const NOW = Date.parse('2026-05-01T12:00:00Z');
const RULESET = { preset: 'hu-mahjong' as const, version: 1, options: {}, hash: 'h' };
const table = (n: number, finished: boolean, endsAt: string | null) => ({
  table: n,
  gameId: `t-r1-t${n}`,
  seats: { E: `a${n}`, S: `b${n}`, W: `c${n}`, N: `d${n}` },
  ruleset: RULESET,
  finished,
  scores: null,
  extraMinutes: 0,
  endsAt,
});
const round = (
  n: number,
  phase: 'scheduled' | 'seated' | 'started' | 'closed',
  tables: ReturnType<typeof table>[],
  unfinished: number[] = [],
) => ({
  round: n,
  phase,
  method: 'random' as const,
  end: { kind: 'hands' as const, count: 4 },
  minutes: 60,
  recording: 'live' as const,
  endsAt: null,
  tables,
  substitutes: [],
  unfinished,
  cost: null,
});
const view = (
  rounds: ReturnType<typeof round>[],
  disputes: TournamentView['disputes'] = [],
): TournamentView => ({
  tournamentId: 't',
  status: 'open',
  name: 'T',
  ruleset: RULESET,
  scoring: { kind: 'points' },
  players: [],
  rounds,
  penalties: [],
  disputes,
  revision: 9,
});
const boardOf = (tables: { gameId: string; phase: 'seated' | 'playing' | 'finished' }[]): Board => ({
  tournamentId: 't',
  round: 1,
  minutes: {},
  roundEndsAt: null,
  tables: tables.map((t, i) => ({
    table: i + 1,
    gameId: t.gameId,
    seats: {},
    phase: t.phase,
    closed: false,
    hand: 2,
    prevalentWind: 'E',
    dealer: 'E',
    seatWinds: {},
    points: {},
    lastAction: 'E drew',
    wallRemaining: 50,
    extraMinutes: 0,
    endsAt: null,
  })),
});

describe('what needs a decision', () => {
  it('names an open dispute at its round and table, a table past its time, and a table quiet for long', () => {
    const tournament = view(
      [
        round(1, 'started', [
          table(1, false, '2026-05-01T11:45:00Z'),
          table(2, false, '2026-05-01T12:30:00Z'),
          table(3, true, null),
        ]),
      ],
      [{ disputeId: 'd1', gameId: 't-r1-t2', hand: 3, reason: 'wrong count', status: 'open' }],
    );
    const quiet = new Map([['t-r1-t2', NOW - QUIET_AFTER_MS - 60_000]]);
    const board = boardOf([
      { gameId: 't-r1-t1', phase: 'playing' },
      { gameId: 't-r1-t2', phase: 'playing' },
    ]);
    expect(attentionOf(tournament, board, NOW, quiet)).toEqual([
      { kind: 'dispute', dispute: tournament.disputes[0], round: 1, table: 2 },
      { kind: 'late', round: 1, table: 1, minutes: 15 },
      { kind: 'quiet', round: 1, table: 2, minutes: 11 },
    ]);
  });

  it('asks to close a round whose tables are all done, and lists what a closed round left unfinished', () => {
    const tournament = view([
      round(1, 'closed', [table(1, true, null), table(2, false, null)], [2]),
      round(2, 'started', [table(1, true, null), table(2, true, null)]),
      round(3, 'scheduled', []),
    ]);
    expect(attentionOf(tournament, undefined, NOW)).toEqual([
      { kind: 'unfinished', round: 1, tables: [2] },
      { kind: 'round-to-close', round: 2 },
      { kind: 'round-to-seat', round: 3 },
    ]);
    expect(attentionOf(view([round(1, 'seated', [table(1, false, null)])]), undefined, NOW)).toEqual([
      { kind: 'round-to-start', round: 1 },
    ]);
  });

  it('between rounds, names the next step: players enough for a table, then the next round', () => {
    const player = (n: number) => ({ playerId: `p${n}`, name: `P ${n}`, status: 'active' as const });
    const none = { ...view([]), ruleset: { ...RULESET, preset: 'four-seas' as const } };
    expect(attentionOf({ ...none, players: [1, 2, 3].map(player) }, undefined, NOW)).toEqual([
      { kind: 'players-to-register', active: 3 },
    ]);
    expect(attentionOf({ ...none, players: [1, 2, 3, 4].map(player) }, undefined, NOW)).toEqual([
      { kind: 'round-to-schedule', round: 1 },
    ]);
    // A preset with a players option seats tables of 2.
    const hu = { ...view([round(1, 'closed', [])]), ruleset: { ...RULESET, options: { players: 4 } } };
    expect(attentionOf({ ...hu, players: [1, 2].map(player) }, undefined, NOW)).toEqual([
      { kind: 'round-to-schedule', round: 2 },
    ]);
  });

  it('says nothing of a table on time and moving', () => {
    const tournament = view([round(1, 'started', [table(1, false, '2026-05-01T12:30:00Z')])]);
    const board = boardOf([{ gameId: 't-r1-t1', phase: 'playing' }]);
    expect(attentionOf(tournament, board, NOW, new Map([['t-r1-t1', NOW - 60_000]]))).toEqual([]);
  });
});

describe('finishing', () => {
  it('is blocked by a started round and an open dispute, as the API refuses it', () => {
    const tournament = view(
      [round(1, 'closed', []), round(2, 'started', [])],
      [
        { disputeId: 'd1', gameId: 'g', hand: 1, reason: 'r', status: 'ruled' },
        { disputeId: 'd2', gameId: 'g', hand: 2, reason: 'r', status: 'open' },
      ],
    );
    expect(finishBlockers(tournament)).toEqual({ openRounds: [2], openDisputes: ['d2'] });
  });
});
