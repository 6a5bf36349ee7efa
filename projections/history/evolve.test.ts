import { describe, expect, it } from 'vitest';
import { EVENT_EXAMPLES } from '../../domain/play/event-examples.ts';
import { arranged, given, startWith } from '../../domain/play/hand/spec.ts';
import { facts, foldAll } from '../test-support/facts.ts';
import {
  corrected,
  G1,
  gameFinished,
  gameStarted,
  handResultCorrected,
  RULESET,
  SEATS_G1,
  settled,
  winning,
} from '../test-support/tournament-facts.ts';
import { evolveHistory, historyRows, initialHistory } from './evolve.ts';

// The hand spec's deal (seed 001's pong hands); the win and the penalty are given as facts.
const PONG_HANDS = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};
const { events: start } = given([startWith('mahjong-house', arranged(PONG_HANDS))]);
const evolve = (doc: ReturnType<typeof initialHistory>, e: Parameters<typeof evolveHistory>[1]) =>
  evolveHistory(doc, e, G1);

describe('player history', () => {
  it('given a finished game, then each player’s seat, points, shared place, hands won and penalties', () => {
    const players = ['ana', 'bo', 'cy', 'di'].map((playerId, i) => ({ playerId, seat: 'ESWN'[i] }));
    const doc = foldAll(evolve, initialHistory('g1'), [
      ...facts('game-g1', [
        {
          type: 'GameStarted',
          data: {
            gameId: 'g1',
            tournamentId: 't',
            ruleset: RULESET,
            players,
            startingPoints: 0,
            end: { kind: 'hands', count: 1 },
          },
        },
      ]),
      ...facts('hand-g1-1', [
        ...start,
        { type: 'WinDeclared', data: { seat: 'W', tile: 5, by: 'discard', from: 'S' } },
        settled([{ from: 'S', to: 'W', points: 30, reason: 'discard win' }], winning('W')),
        {
          type: 'PenaltyAssessed',
          data: { seat: 'S', kind: 'false-win', points: 5, reason: 'x', settled: 'with-hand', transfers: [] },
        },
      ]),
      ...facts(
        'game-g1',
        [
          {
            type: 'GameFinished',
            data: {
              reason: 'hand-limit',
              hands: 1,
              scores: [
                { playerId: 'cy', points: 30 },
                { playerId: 'ana', points: 0 },
                { playerId: 'di', points: 0 },
                { playerId: 'bo', points: -30 },
              ],
            },
          },
        ],
        { revision: 1 },
      ),
    ]);
    const rows = historyRows(doc);
    expect(rows.map((r) => [r.playerId, r.seat, r.points, r.place, r.handsWon, r.penalties])).toEqual([
      ['ana', 'E', 0, 2, 0, 0],
      ['bo', 'S', -30, 4, 0, 1],
      ['cy', 'W', 30, 1, 1, 0],
      ['di', 'N', 0, 2, 0, 0],
    ]);
    expect(rows[0]).toMatchObject({ tournamentId: 't', round: 1, table: 1, finished: true });
  });

  it('given a tournament penalty at the table, when it is cancelled, then the player’s history no longer counts it', () => {
    const players = ['ana', 'bo', 'cy', 'di'].map((playerId, i) => ({ playerId, seat: 'ESWN'[i] }));
    const penalty = { penaltyId: 'p1', playerId: 'bo', points: 1000, reason: 'slow play', gameId: 'g1' };
    const opened = foldAll(evolve, initialHistory('g1'), [
      ...facts('game-g1', [
        {
          type: 'GameStarted',
          data: {
            gameId: 'g1',
            tournamentId: 't',
            ruleset: RULESET,
            players,
            startingPoints: 0,
            end: { kind: 'hands', count: 1 },
          },
        },
      ]),
      ...facts('tournament-t', [{ type: 'PlayerPenalised', data: penalty }]),
    ]);
    expect(historyRows(opened).find((r) => r.playerId === 'bo')).toMatchObject({
      penalties: 1,
      penaltyPoints: 1000,
    });
    const cancelled = foldAll(evolve, opened, [
      ...facts(
        'tournament-t',
        [
          {
            type: 'PenaltyCancelled',
            data: { penaltyId: 'p1', reason: 'appeal upheld', playerId: 'bo', points: 1000, gameId: 'g1' },
          },
        ],
        { revision: 1 },
      ),
    ]);
    expect(historyRows(cancelled).find((r) => r.playerId === 'bo')).toMatchObject({
      penalties: 0,
      penaltyPoints: 0,
    });
  });

  it('given a correction that names another winner, then the hand counts as won by the winner in force', () => {
    const hand = [
      ...start,
      { type: 'WinDeclared', data: { seat: 'W', tile: 5, by: 'discard', from: 'S' } },
      settled([{ from: 'S', to: 'W', points: 30, reason: 'discard win' }], winning('W')),
    ];
    const won = (doc: ReturnType<typeof initialHistory>) =>
      Object.fromEntries(historyRows(doc).map((r) => [r.playerId, r.handsWon]));
    const settledDoc = foldAll(evolve, initialHistory('g1'), [
      ...facts('game-g1', [gameStarted()]),
      ...facts('hand-g1-1', hand),
    ]);
    expect(won(settledDoc)).toEqual({ ana: 0, bo: 0, cy: 1, di: 0 });
    // An adjustment that keeps the winner in force leaves the count alone.
    const adjusted = foldAll(
      evolve,
      settledDoc,
      facts(
        'hand-g1-1',
        [
          corrected('adjustment', [{ from: 'N', to: 'W', points: 2, reason: 'flower' }], {
            winners: winning('W'),
          }),
        ],
        {
          revision: hand.length,
        },
      ),
    );
    expect(won(adjusted)).toEqual({ ana: 0, bo: 0, cy: 1, di: 0 });
    // Ruled: the win was S's (score priority, say): the WinDeclared stays on record, the win moves.
    const ruled = foldAll(
      evolve,
      adjusted,
      facts(
        'hand-g1-1',
        [
          corrected('replacement', [{ from: 'W', to: 'S', points: 30, reason: 'S won' }], {
            winners: winning('S'),
          }),
        ],
        { revision: hand.length + 1 },
      ),
    );
    expect(won(ruled)).toEqual({ ana: 0, bo: 1, cy: 0, di: 0 });
  });

  it('given an entered hand, then its settlement’s winner counts as a hand won (no WinDeclared is written)', () => {
    const entered = EVENT_EXAMPLES.HandResultEntered;
    const doc = foldAll(evolve, initialHistory('g1'), [
      ...facts('game-g1', [gameStarted()]),
      ...facts('hand-g1-1', [
        { ...entered, data: { ...entered.data, gameId: 'g1', hand: 1, seatWinds: SEATS_G1 } },
        settled([{ from: 'N', to: 'E', points: 24, reason: 'discard win' }], winning('E')),
      ]),
    ]);
    expect(historyRows(doc).find((r) => r.playerId === 'ana')?.handsWon).toBe(1);
  });

  it('given a hand corrected after the game finished, then points and place follow the corrected final scores', () => {
    const before = [
      { playerId: 'cy', points: 30 },
      { playerId: 'ana', points: 0 },
      { playerId: 'di', points: 0 },
      { playerId: 'bo', points: -30 },
    ];
    const after = [
      { playerId: 'bo', points: 30 },
      { playerId: 'ana', points: 0 },
      { playerId: 'di', points: 0 },
      { playerId: 'cy', points: -30 },
    ];
    const doc = foldAll(evolve, initialHistory('g1'), [
      ...facts('game-g1', [
        gameStarted(),
        gameFinished(before),
        handResultCorrected(1, { S: 60, W: -60 }, after),
      ]),
    ]);
    expect(historyRows(doc).map((r) => [r.playerId, r.points, r.place])).toEqual([
      ['ana', 0, 2],
      ['bo', 30, 1],
      ['cy', -30, 4],
      ['di', 0, 2],
    ]);
  });
});
