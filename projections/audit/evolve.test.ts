import { describe, expect, it } from 'vitest';
import { arranged, given, startWith } from '../../domain/play/hand/spec.ts';
import { facts, foldAll } from '../test-support/facts.ts';
import { created, RULESET, settled } from '../test-support/tournament-facts.ts';
import { evolveAudit, initialAudit } from './evolve.ts';

const PONG_HANDS = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};
const { events: start } = given([startWith('mahjong-house', arranged(PONG_HANDS))]);
const referee = { role: 'referee', id: 'r1' };

describe('audit log', () => {
  it('given a penalty at the table, then who, when, why and the offender’s points before and after', () => {
    const doc = foldAll(evolveAudit, initialAudit('t'), [
      ...facts('tournament-t', created()),
      ...facts('hand-g1-1', start),
      ...facts(
        'hand-g1-1',
        [
          {
            type: 'PenaltyAssessed',
            data: {
              seat: 'S',
              kind: 'heavy-penalty',
              points: 30,
              reason: 'exposed a tile',
              settled: 'now',
              transfers: [
                { from: 'S', to: 'E', points: 10, reason: 'penalty' },
                { from: 'S', to: 'W', points: 10, reason: 'penalty' },
                { from: 'S', to: 'N', points: 10, reason: 'penalty' },
              ],
            },
          },
        ],
        { actor: referee, at: '2026-03-01T10:05:00.000Z', revision: 2 },
      ),
    ]);
    expect(doc.entries).toHaveLength(1);
    expect(doc.entries[0]).toMatchObject({
      kind: 'penalty',
      who: referee,
      at: '2026-03-01T10:05:00.000Z',
      why: 'exposed a tile',
      event: { id: 'hand-g1-1:2', stream: 'hand-g1-1', revision: 2 },
      before: { ana: 0, bo: 0, cy: 0, di: 0 },
      after: { ana: 10, bo: -30, cy: 10, di: 10 },
    });
    expect(doc.entries[0]?.event.hash).toMatch(/^sha256:/);
  });

  it('given a corrected settlement, then the settlement before and after per player', () => {
    const doc = foldAll(evolveAudit, initialAudit('t'), [
      ...facts('tournament-t', created()),
      ...facts('hand-g1-1', [
        ...start,
        settled([{ from: 'S', to: 'E', points: 24, reason: 'discard win' }]),
        {
          type: 'SettlementCorrected',
          data: {
            corrects: 'hand-g1-1:2',
            correctedBy: referee,
            wrong: 'paid by the wrong seat',
            reason: 'W discarded it',
            ruleset: { preset: RULESET.preset, version: RULESET.version, hash: RULESET.hash },
            winners: [],
            lapsed: [],
            transfers: [{ from: 'W', to: 'E', points: 24, reason: 'discard win' }],
          },
        },
      ]),
    ]);
    const [entry] = doc.entries;
    expect(entry).toMatchObject({
      kind: 'correction',
      settlementBefore: { ana: 24, bo: -24 },
      settlementAfter: { ana: 24, cy: -24 },
      before: { bo: -24, cy: 0 },
      after: { bo: 0, cy: -24 },
    });
  });

  it('given a penalty cancelled, then the entry shows the points given back', () => {
    const doc = foldAll(
      evolveAudit,
      initialAudit('t'),
      facts('tournament-t', [
        ...created(),
        { type: 'PlayerPenalised', data: { penaltyId: 'p1', playerId: 'bo', points: 10, reason: 'slow' } },
        { type: 'PenaltyCancelled', data: { penaltyId: 'p1', reason: 'misheard' } },
      ]),
    );
    expect(doc.entries.map((e) => [e.kind, e.before, e.after])).toEqual([
      ['penalty', { bo: 0 }, { bo: -10 }],
      ['penalty-cancelled', { bo: -10 }, { bo: 0 }],
    ]);
  });
});
