import { describe, expect, it } from 'vitest';
import { arranged, given, startWith } from '../../domain/play/hand/spec.ts';
import { facts, foldAll } from '../test-support/facts.ts';
import { created, G1, RULESET, settled } from '../test-support/tournament-facts.ts';
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

  it('given a correction, then it stands in place of the settlement; a ruling’s correction in place of both', () => {
    const hand = [
      ...start,
      settled([{ from: 'S', to: 'E', points: 24, reason: 'discard win' }]),
      {
        type: 'SettlementCorrected',
        data: {
          corrects: 'hand-g1-1:2',
          correctedBy: { role: 'referee', id: 'r1' },
          wrong: 'fan miscounted',
          reason: 'recount',
          ruleset: { preset: RULESET.preset, version: RULESET.version, hash: RULESET.hash },
          winners: [],
          lapsed: [],
          transfers: [{ from: 'S', to: 'E', points: 16, reason: 'discard win' }],
        },
      },
    ];
    const corrected = foldAll(evolve, initialStandings('t'), [
      ...facts('tournament-t', created()),
      ...facts('hand-g1-1', hand),
    ]);
    expect(standingRows(corrected).find((r) => r.playerId === 'ana')?.points).toBe(16);
    const ruled = foldAll(
      evolve,
      corrected,
      facts(
        'tournament-t',
        [
          { type: 'DisputeOpened', data: { disputeId: 'd1', gameId: 'g1', hand: 1, reason: 'asked' } },
          {
            type: 'DisputeRuled',
            data: {
              disputeId: 'd1',
              ruling: {
                kind: 'correction',
                wrong: 'paid by the wrong seat',
                transfers: [{ from: 'W', to: 'E', points: 16, reason: 'ruled' }],
              },
              reason: 'W discarded it',
            },
          },
        ],
        { revision: 10 },
      ),
    );
    const points = Object.fromEntries(standingRows(ruled).map((r) => [r.playerId, r.points]));
    expect(points).toEqual({ ana: 16, bo: 0, cy: -16, di: 0 });
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
