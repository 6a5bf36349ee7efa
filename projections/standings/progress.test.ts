// Given hands' settlements in force, payments made at once and penalties, then each player's running points
// step by step, the last equal to the standings' points.
import { describe, expect, it } from 'vitest';
import { arranged, given, startWith } from '../../domain/play/hand/spec.ts';
import type { GameRef } from '../runtime/projection.ts';
import { facts, foldAll } from '../test-support/facts.ts';
import {
  corrected,
  created,
  G1,
  RULESET,
  SEATS_G1,
  settled,
  winning,
} from '../test-support/tournament-facts.ts';
import { evolveStandings, initialStandings, standingRows } from './evolve.ts';
import { standingsProgress } from './progress.ts';

const HANDS = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};
const { events: start } = given([startWith('mahjong-house', arranged(HANDS))]);
const G2: GameRef = { gameId: 'g2', tournamentId: 't', round: 2, table: 1 };
const evolve = (doc: ReturnType<typeof initialStandings>, e: Parameters<typeof evolveStandings>[1]) =>
  evolveStandings(
    doc,
    e,
    e.meta.stream.startsWith('tournament-') ? undefined : e.meta.stream.includes('g2') ? G2 : G1,
  );

const roundTwo = [
  {
    type: 'RoundScheduled',
    data: { round: 2, method: 'random', end: { kind: 'hands', count: 4 }, minutes: 90 },
  },
  {
    type: 'RoundSeated',
    data: {
      round: 2,
      method: 'random',
      seed: 's:round-2',
      tables: [{ table: 1, gameId: 'g2', seats: SEATS_G1, ruleset: RULESET }],
      substitutes: [],
      cost: { repeatPairs: 0, consecutiveRepeats: 0, windImbalance: 0 },
    },
  },
];
const penalty = (penaltyId: string, playerId: string, points: number, where: object = {}) => ({
  type: 'PlayerPenalised',
  data: { penaltyId, playerId, points, reason: 'slow play', ...where },
});
const pay = (from: string, to: string, points: number) => [{ from, to, points, reason: 'win' }];

describe('standings progress', () => {
  it('given two rounds of hands, a corrected settlement and penalties, then running totals per (round, hand)', () => {
    const doc = foldAll(evolve, initialStandings('t'), [
      ...facts('tournament-t', [...created(), ...roundTwo]),
      // Round 1, hand 1: S pays E 100, later replaced by S pays E 60.
      ...facts('hand-g1-1', [
        ...start,
        settled(pay('S', 'E', 100), winning('E')),
        corrected('replacement', pay('S', 'E', 60)),
      ]),
      ...facts('hand-g1-2', [...start, settled(pay('E', 'W', 30), winning('W'))]),
      ...facts('hand-g2-1', [...start, settled(pay('N', 'S', 10), winning('S'))]),
      ...facts('tournament-t', [
        penalty('p1', 'di', 20, { round: 1 }),
        penalty('p2', 'bo', 5, { round: 2, gameId: 'g2', hand: 1 }),
        penalty('p3', 'ana', 999, { round: 1, gameId: 'g1', hand: 1 }),
        { type: 'PenaltyCancelled', data: { penaltyId: 'p3', reason: 'overturned' } },
        penalty('p4', 'cy', 7),
      ]),
    ]);

    const progress = standingsProgress(doc);

    expect(progress.steps).toEqual([
      { round: 1, hand: 1 },
      { round: 1, hand: 2 },
      { round: 2, hand: 1 },
    ]);
    // ana: +60, −30, 0; bo: −60, 0, +10 − 5; cy: 0, +30, −7 (no place: the last step); di: 0, −20 (end of
    // round 1), −10.
    expect(Object.fromEntries(progress.players.map((p) => [p.playerId, p.totals]))).toEqual({
      ana: [60, 30, 30],
      bo: [-60, -60, -55],
      cy: [0, 30, 23],
      di: [0, -20, -30],
    });
    for (const row of standingRows(doc))
      expect(progress.players.find((p) => p.playerId === row.playerId)?.totals.at(-1)).toBe(row.points);
    // Listed as the standings list them, best first.
    expect(progress.players.map((p) => p.playerId)).toEqual(standingRows(doc).map((r) => r.playerId));
  });

  it('given a penalty before any hand, then one step (0, 0) holds it', () => {
    const doc = foldAll(evolve, initialStandings('t'), [
      ...facts('tournament-t', [...created(), penalty('p1', 'bo', 15, { round: 1 })]),
    ]);
    const progress = standingsProgress(doc);
    expect(progress.steps).toEqual([{ round: 0, hand: 0 }]);
    expect(progress.players.find((p) => p.playerId === 'bo')?.totals).toEqual([-15]);
  });

  it('given no hand and no penalty, then no step', () => {
    const doc = foldAll(evolve, initialStandings('t'), facts('tournament-t', created()));
    expect(standingsProgress(doc)).toEqual({
      steps: [],
      players: ['ana', 'bo', 'cy', 'di'].map((playerId) => ({ playerId, totals: [] })),
    });
  });
});
