import { describe, expect, it } from 'vitest';
import { arranged, given, startWith } from '../../domain/play/hand/spec.ts';
import { facts, foldAll } from '../test-support/facts.ts';
import {
  corrected,
  correctedV1,
  created,
  G1,
  gameFinished,
  gameStarted,
  handResultCorrected,
  settled,
  tableFinished,
  tableResultCorrected,
  winning,
} from '../test-support/tournament-facts.ts';
import { evolveStandings, initialStandings, standingRows, tablePointsOf } from './evolve.ts';

const PONG_HANDS = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};

const { events: start } = given([startWith('mahjong-house', arranged(PONG_HANDS))]);
const evolve = (doc: ReturnType<typeof initialStandings>, e: Parameters<typeof evolveStandings>[1]) =>
  evolveStandings(doc, e, e.meta.stream.startsWith('tournament-') ? undefined : G1);

const pointsOf = (doc: ReturnType<typeof initialStandings>) =>
  Object.fromEntries(standingRows(doc).map((r) => [r.playerId, r.points]));

describe('standings', () => {
  it('given a settlement, then each player’s points are the transfers mapped from seats to players', () => {
    const doc = foldAll(evolve, initialStandings('t'), [
      ...facts('tournament-t', created()),
      ...facts('hand-g1-1', [...start, settled([{ from: 'S', to: 'E', points: 24, reason: 'discard win' }])]),
    ]);
    const rows = standingRows(doc);
    expect(rows.map((r) => [r.playerId, r.points, r.place])).toEqual([
      ['ana', 24, 1],
      ['cy', 0, 2],
      ['di', 0, 2],
      ['bo', -24, 4],
    ]);
  });

  it('given an adjustment, then its transfers add to the settlement; given a replacement, then it restates it', () => {
    const settlement = [
      ...start,
      settled([{ from: 'S', to: 'E', points: 24, reason: 'discard win' }], winning('E')),
    ];
    const adjusted = foldAll(evolve, initialStandings('t'), [
      ...facts('tournament-t', created()),
      ...facts('hand-g1-1', [
        ...settlement,
        corrected('adjustment', [{ from: 'N', to: 'E', points: 8, reason: 'a flower unpaid' }], {
          winners: winning('E'),
        }),
      ]),
    ]);
    expect(pointsOf(adjusted)).toEqual({ ana: 32, bo: -24, cy: 0, di: -8 });
    const replaced = foldAll(
      evolve,
      adjusted,
      facts('hand-g1-1', [corrected('replacement', [{ from: 'W', to: 'E', points: 16, reason: 'W paid' }])], {
        revision: settlement.length + 1,
      }),
    );
    expect(pointsOf(replaced)).toEqual({ ana: 16, bo: 0, cy: -16, di: 0 });
  });

  it('given a version 1 correction, then it replaces the settlement (v1 had no mode)', () => {
    const doc = foldAll(evolve, initialStandings('t'), [
      ...facts('tournament-t', created()),
      ...facts('hand-g1-1', [
        ...start,
        settled([{ from: 'S', to: 'E', points: 24, reason: 'discard win' }]),
        correctedV1([{ from: 'S', to: 'E', points: 16, reason: 'discard win' }]),
      ]),
    ]);
    expect(pointsOf(doc)).toEqual({ ana: 16, bo: -16, cy: 0, di: 0 });
  });

  it('given a ruling’s correction, then only the SettlementCorrected the service wrote for it counts, once', () => {
    const ruling = {
      kind: 'correction',
      mode: 'adjustment',
      wrong: 'a flower unpaid',
      transfers: [{ from: 'W', to: 'E', points: 8, reason: 'ruled' }],
    };
    const doc = foldAll(evolve, initialStandings('t'), [
      ...facts('tournament-t', [
        ...created(),
        { type: 'DisputeOpened', data: { disputeId: 'd1', gameId: 'g1', hand: 1, reason: 'asked' } },
      ]),
      ...facts('hand-g1-1', [...start, settled([{ from: 'S', to: 'E', points: 24, reason: 'discard win' }])]),
      ...facts('tournament-t', [{ type: 'DisputeRuled', data: { disputeId: 'd1', ruling, reason: 'W' } }], {
        revision: 10,
      }),
    ]);
    // The ruling on record, not yet carried out: nothing moves.
    expect(pointsOf(doc)).toEqual({ ana: 24, bo: -24, cy: 0, di: 0 });
    const carried = foldAll(
      evolve,
      doc,
      facts('hand-g1-1', [corrected('adjustment', ruling.transfers)], { revision: start.length + 1 }),
    );
    expect(pointsOf(carried)).toEqual({ ana: 32, bo: -24, cy: -8, di: 0 });
  });

  it('given a hand corrected after the game finished, then the table’s final result and table points follow it', () => {
    const before = [
      { playerId: 'ana', points: 24 },
      { playerId: 'cy', points: 0 },
      { playerId: 'di', points: 0 },
      { playerId: 'bo', points: -24 },
    ];
    const after = [
      { playerId: 'ana', points: 24 },
      { playerId: 'bo', points: 0 },
      { playerId: 'di', points: 0 },
      { playerId: 'cy', points: -24 },
    ];
    const played = foldAll(evolve, initialStandings('t'), [
      ...facts('tournament-t', created({ kind: 'table-points', values: [4, 2, 1, 0] })),
      ...facts('game-g1', [gameStarted(), gameFinished(before)]),
    ]);
    const tablePoints = (doc: typeof played) =>
      Object.fromEntries(standingRows(doc).map((r) => [r.playerId, r.tablePoints]));
    expect(tablePoints(played)).toEqual({ ana: 4, bo: 0, cy: 1.5, di: 1.5 });
    // The tournament's record lags: the game's own count of the correction moves the final result.
    const lagging = foldAll(
      evolve,
      played,
      facts('game-g1', [handResultCorrected(1, { S: 24, W: -24 }, after)], { revision: 2 }),
    );
    expect(lagging.games.g1?.final).toEqual(after);
    expect(tablePoints(lagging)).toEqual({ ana: 4, bo: 1.5, cy: 0, di: 1.5 });
    // Recorded, then corrected again at the table: the tournament's record stands over the game's.
    const recorded = foldAll(
      evolve,
      played,
      facts('tournament-t', [tableFinished(before), tableResultCorrected(1, before, after)], {
        revision: 10,
      }),
    );
    expect(recorded.games.g1).toMatchObject({ final: after, recorded: true });
    expect(tablePoints(recorded)).toEqual({ ana: 4, bo: 1.5, cy: 0, di: 1.5 });
    const late = foldAll(
      evolve,
      recorded,
      facts('game-g1', [handResultCorrected(1, { S: -24, W: 24 }, before)], { revision: 3 }),
    );
    expect(late.games.g1?.final).toEqual(after);
  });

  it('given a hand corrected while the game plays, then no final result is made of it', () => {
    const doc = foldAll(evolve, initialStandings('t'), [
      ...facts('tournament-t', created()),
      ...facts('game-g1', [
        gameStarted(),
        handResultCorrected(1, { S: 24, W: -24 }, [
          { playerId: 'bo', points: 24 },
          { playerId: 'ana', points: 0 },
          { playerId: 'di', points: 0 },
          { playerId: 'cy', points: -24 },
        ]),
      ]),
    ]);
    expect(doc.games.g1?.final).toBeNull();
    expect(standingRows(doc).every((r) => r.games === 0)).toBe(true);
  });

  it('given penalties, then a cancelled one no longer counts and a ruling’s penalty is the same penalty', () => {
    const doc = foldAll(
      evolve,
      initialStandings('t'),
      facts('tournament-t', [
        ...created(),
        { type: 'PlayerPenalised', data: { penaltyId: 'p1', playerId: 'bo', points: 10, reason: 'slow' } },
        { type: 'PlayerPenalised', data: { penaltyId: 'p2', playerId: 'cy', points: 5, reason: 'noise' } },
        { type: 'PenaltyCancelled', data: { penaltyId: 'p2', reason: 'misheard' } },
        { type: 'DisputeOpened', data: { disputeId: 'd1', gameId: 'g1', hand: 1, reason: 'asked' } },
        {
          type: 'DisputeRuled',
          data: {
            disputeId: 'd1',
            ruling: { kind: 'penalty', penaltyId: 'p3', playerId: 'di', points: 7 },
            reason: 'false call',
          },
        },
        {
          type: 'PlayerPenalised',
          data: { penaltyId: 'p3', playerId: 'di', points: 7, reason: 'false call' },
        },
      ]),
    );
    const points = Object.fromEntries(standingRows(doc).map((r) => [r.playerId, r.points]));
    expect(points).toEqual({ ana: 0, bo: -10, cy: 0, di: -7 });
  });

  it('table points: tied places share the sum of their values equally', () => {
    expect(
      tablePointsOf(
        [
          { playerId: 'a', points: 100 },
          { playerId: 'b', points: 50 },
          { playerId: 'c', points: 50 },
          { playerId: 'd', points: -200 },
        ],
        [4, 2, 1, 0],
      ),
    ).toEqual({ a: 4, b: 1.5, c: 1.5, d: 0 });
  });

  it('table points of any sign (uma 15, 5, -5, -15): ties share the sum, a table of three takes the first three', () => {
    const uma = [15, 5, -5, -15];
    const scores = (...points: number[]) => points.map((p, i) => ({ playerId: 'abcd'[i]!, points: p }));
    expect(tablePointsOf(scores(100, 50, 0, -150), uma)).toEqual({ a: 15, b: 5, c: -5, d: -15 });
    expect(tablePointsOf(scores(100, 50, -75, -75), uma)).toEqual({ a: 15, b: 5, c: -10, d: -10 });
    expect(tablePointsOf(scores(100, 0, 0, -100), uma)).toEqual({ a: 15, b: 0, c: 0, d: -15 });
    expect(tablePointsOf(scores(60, 0, -60), uma)).toEqual({ a: 15, b: 5, c: -5 });
  });

  it('given negative table points, then they rank below a player who has none yet, and points break ties', () => {
    const table = (round: number, gameId: string, points: Record<string, number>) => ({
      type: 'TableFinished',
      data: {
        round,
        table: 1,
        gameId,
        scores: Object.entries(points).map(([playerId, p]) => ({ playerId, points: p })),
      },
    });
    const doc = foldAll(
      evolve,
      initialStandings('t'),
      facts('tournament-t', [
        ...created({ kind: 'table-points', values: [15, 5, -5, -15] }),
        { type: 'PlayerRegistered', data: { playerId: 'ed', name: 'ED' } },
        table(1, 'g1', { ana: 40, bo: 10, cy: -25, di: -25 }),
        table(2, 'g2', { ana: -50, bo: 30, cy: 10, di: 10 }),
        { type: 'PlayerPenalised', data: { penaltyId: 'p1', playerId: 'cy', points: 3, reason: 'late' } },
      ]),
    );
    expect(standingRows(doc).map((r) => [r.playerId, r.tablePoints, r.points, r.place])).toEqual([
      ['bo', 20, 0, 1],
      ['ana', 0, 0, 2],
      ['ed', 0, 0, 2],
      ['di', -10, 0, 4],
      ['cy', -10, -3, 5],
    ]);
  });

  it('given table-points scoring, then table points rank first, points break ties, substitutes are not listed', () => {
    const doc = foldAll(
      evolve,
      initialStandings('t'),
      facts('tournament-t', [
        ...created({ kind: 'table-points', values: [4, 2, 1, 0] }),
        {
          type: 'TableFinished',
          data: {
            round: 1,
            table: 1,
            gameId: 'g1',
            scores: [
              { playerId: 'ana', points: 40 },
              { playerId: 'bo', points: 10 },
              { playerId: 'substitute-1', points: 10 },
              { playerId: 'di', points: -60 },
            ],
          },
        },
        { type: 'PlayerPenalised', data: { penaltyId: 'p1', playerId: 'ana', points: 100, reason: 'late' } },
      ]),
    );
    const rows = standingRows(doc);
    expect(rows.map((r) => [r.playerId, r.tablePoints, r.points, r.place])).toEqual([
      ['ana', 4, -100, 1],
      ['bo', 1.5, 0, 2],
      ['cy', 0, 0, 3],
      ['di', 0, 0, 3],
    ]);
    expect(rows.find((r) => r.playerId === 'bo')?.games).toBe(1);
  });
});
