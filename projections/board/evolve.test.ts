import { describe, expect, it } from 'vitest';
import { arranged, at, given, startWith } from '../../domain/play/hand/spec.ts';
import { parseTiles } from '../../domain/tiles/index.ts';
import { facts, foldAll } from '../test-support/facts.ts';
import {
  created,
  gameStarted,
  handResultCorrected,
  tableFinished,
  tableResultCorrected,
} from '../test-support/tournament-facts.ts';
import { evolveBoard, initialBoard } from './evolve.ts';

const PONG_HANDS = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};

const seated = () => foldAll(evolveBoard, initialBoard('t'), facts('tournament-t', created()));

describe('tables board', () => {
  it('given a seated round, then each table is seated with its players and no clock yet', () => {
    const [table] = seated().tables;
    expect(table).toMatchObject({
      table: 1,
      gameId: 'g1',
      phase: 'seated',
      seats: { E: 'ana', N: 'di' },
      endsAt: null,
    });
  });

  it('given the round started and a table given 5 more minutes, then its clock is the round’s end plus 5', () => {
    const doc = foldAll(
      evolveBoard,
      seated(),
      facts(
        'tournament-t',
        [
          { type: 'RoundStarted', data: { round: 1, endsAt: '2026-03-01T11:30:00.000Z' } },
          { type: 'TableTimeExtended', data: { round: 1, table: 1, minutes: 5, reason: 'late start' } },
        ],
        { revision: 10 },
      ),
    );
    expect(doc.roundEndsAt).toBe('2026-03-01T11:30:00.000Z');
    expect(doc.tables[0]).toMatchObject({ extraMinutes: 5, endsAt: '2026-03-01T11:35:00.000Z' });
  });

  it('given a hand in play, then the hand, dealer, wall remaining and last action, never a hidden tile', () => {
    const { events } = given([
      startWith('mahjong-house', arranged(PONG_HANDS, '7p 8p')),
      { type: 'Discard', seat: 'E', tile: parseTiles('3m')[0]!, at: at(1000) },
    ]);
    const doc = foldAll(evolveBoard, seated(), facts('hand-g1-1', events));
    expect(doc.tables[0]).toMatchObject({
      phase: 'playing',
      hand: 1,
      prevalentWind: 'E',
      dealer: 'ana',
      wallRemaining: 136 - 53,
      lastAction: 'E discarded 3m',
    });
  });

  it('given a claim window, when the seats answer it, then the board does not change: no answer, no waiting seat shows', () => {
    const tile = (text: string) => parseTiles(text)[0]!;
    const { events } = given([
      startWith('mahjong-house', arranged(PONG_HANDS, '7p 8p')),
      { type: 'Discard', seat: 'E', tile: tile('3m'), at: at(1000) },
      { type: 'Pass', seat: 'S', at: at(1200) },
      { type: 'MakeClaim', seat: 'N', claim: { claim: 'pong' }, at: at(1400) },
    ]);
    const discarded = events.findIndex((e) => e.type === 'TileDiscarded');
    const resolved = events.findIndex((e) => e.type === 'ClaimResolved');
    const stored = facts('hand-g1-1', events);
    const atDiscard = foldAll(evolveBoard, seated(), stored.slice(0, discarded + 1));

    // The window opening and each answer (a pass, a claim) leave the board as the discard left it.
    for (let i = discarded + 1; i < resolved; i++)
      expect(foldAll(evolveBoard, seated(), stored.slice(0, i + 1))).toEqual(atDiscard);
    expect(events.slice(discarded + 1, resolved).map((e) => e.type)).toEqual([
      'ClaimWindowOpened',
      'ClaimPassed',
      'ClaimMade',
    ]);
    // The resolution is the table's: the pong is shown.
    expect(foldAll(evolveBoard, seated(), stored).tables[0]!.lastAction).toBe('N declared pong 3m');
  });

  it('given the game finished, then the table is finished with the final points', () => {
    const doc = foldAll(
      evolveBoard,
      seated(),
      facts(
        'tournament-t',
        [
          {
            type: 'TableFinished',
            data: {
              round: 1,
              table: 1,
              gameId: 'g1',
              scores: [
                { playerId: 'ana', points: 10 },
                { playerId: 'bo', points: -10 },
              ],
            },
          },
        ],
        { revision: 10 },
      ),
    );
    expect(doc.tables[0]).toMatchObject({ phase: 'finished', points: { ana: 10, bo: -10 } });
  });

  it('given a hand corrected while the game plays, then the table’s running points follow the game’s count', () => {
    const doc = foldAll(evolveBoard, seated(), [
      ...facts('game-g1', [
        gameStarted(100),
        handResultCorrected(1, { E: 8, N: -8 }, [
          { playerId: 'ana', points: 108 },
          { playerId: 'bo', points: 100 },
          { playerId: 'cy', points: 100 },
          { playerId: 'di', points: 92 },
        ]),
      ]),
    ]);
    expect(doc.tables[0]).toMatchObject({
      phase: 'playing',
      points: { ana: 108, bo: 100, cy: 100, di: 92 },
    });
  });

  it('given a finished table’s result corrected, then its final points are the corrected ones', () => {
    const before = [
      { playerId: 'ana', points: 10 },
      { playerId: 'bo', points: -10 },
    ];
    const after = [
      { playerId: 'ana', points: 4 },
      { playerId: 'bo', points: -4 },
    ];
    const doc = foldAll(
      evolveBoard,
      seated(),
      facts('tournament-t', [tableFinished(before), tableResultCorrected(1, before, after)], {
        revision: 10,
      }),
    );
    expect(doc.tables[0]).toMatchObject({ phase: 'finished', points: { ana: 4, bo: -4 } });
  });
});
