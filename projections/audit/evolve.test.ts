import { describe, expect, it } from 'vitest';
import { arranged, given, startWith } from '../../domain/play/hand/spec.ts';
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { facts, foldAll } from '../test-support/facts.ts';
import {
  corrected,
  correctedV1,
  created,
  RULESET,
  settled,
  tableResultCorrected,
} from '../test-support/tournament-facts.ts';
import { evolveAudit, initialAudit } from './evolve.ts';

const PONG_HANDS = {
  E: '3m 11z 22z 34567z 1s 9s 9p 9m',
  S: '12m 456p 789p 234s 56s',
  W: '469m 1p 1s 2s 8s 9s 34567z',
  N: '33m 5m 7m 1p 2p 6s 8s 34567z',
};
const { events: start } = given([startWith('mahjong-house', arranged(PONG_HANDS))]);
const referee = { role: 'referee', id: 'r1' };
const AMENDED = rulesetOf('mahjong-house', { multipleWinners: 'multiple' });

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

  it('given a replacement, then the settlement before and after per player and per seat, who, when and why', () => {
    const doc = foldAll(evolveAudit, initialAudit('t'), [
      ...facts('tournament-t', created()),
      ...facts('hand-g1-1', [...start, settled([{ from: 'S', to: 'E', points: 24, reason: 'discard win' }])]),
      ...facts(
        'hand-g1-1',
        [
          corrected('replacement', [{ from: 'W', to: 'E', points: 24, reason: 'discard win' }], {
            wrong: 'paid by the wrong seat',
            reason: 'W discarded it',
          }),
        ],
        { actor: referee, at: '2026-03-01T10:07:00.000Z', revision: start.length + 1 },
      ),
    ]);
    const [entry] = doc.entries;
    expect(entry).toMatchObject({
      kind: 'correction',
      who: referee,
      at: '2026-03-01T10:07:00.000Z',
      why: 'W discarded it',
      settlementBefore: { ana: 24, bo: -24 },
      settlementAfter: { ana: 24, cy: -24 },
      before: { bo: -24, cy: 0 },
      after: { bo: 0, cy: -24 },
      correction: {
        mode: 'replacement',
        correctedBy: referee,
        wrong: 'paid by the wrong seat',
        seatsBefore: { E: 24, S: -24 },
        seatsAfter: { E: 24, W: -24 },
        deltas: { S: 24, W: -24 },
      },
    });
    expect(entry?.detail).toContain('replacement');
  });

  it('given a ruling carried out as an adjustment, then the correction’s entry shows the true before and after', () => {
    const ruling = {
      kind: 'correction',
      mode: 'adjustment',
      wrong: 'a flower unpaid',
      transfers: [{ from: 'N', to: 'E', points: 8, reason: 'flower' }],
    };
    const doc = foldAll(evolveAudit, initialAudit('t'), [
      ...facts('tournament-t', [
        ...created(),
        { type: 'DisputeOpened', data: { disputeId: 'd1', gameId: 'g1', hand: 1, reason: 'asked' } },
      ]),
      ...facts('hand-g1-1', [...start, settled([{ from: 'S', to: 'E', points: 24, reason: 'discard win' }])]),
      ...facts(
        'tournament-t',
        [{ type: 'DisputeRuled', data: { disputeId: 'd1', ruling, reason: 'seen' } }],
        {
          actor: referee,
          revision: 10,
        },
      ),
      ...facts(
        'hand-g1-1',
        [corrected('adjustment', ruling.transfers, { amendmentId: 'am-0', reason: 'seen' })],
        { actor: referee, revision: start.length + 1 },
      ),
    ]);
    const [, ruled, correction] = doc.entries;
    expect(ruled).toMatchObject({ kind: 'ruling', before: {}, after: {} });
    expect(ruled?.detail).toContain('adjustment');
    expect(correction).toMatchObject({
      kind: 'correction',
      settlementBefore: { ana: 24, bo: -24 },
      settlementAfter: { ana: 32, bo: -24, di: -8 },
      before: { ana: 24, di: 0 },
      after: { ana: 32, di: -8 },
      correction: {
        mode: 'adjustment',
        amendmentId: 'am-0',
        seatsBefore: { E: 24, S: -24 },
        seatsAfter: { E: 32, S: -24, N: -8 },
        deltas: { E: 8, N: -8 },
      },
    });
  });

  it('given a version 1 correction, then it is shown as the replacement it was', () => {
    const doc = foldAll(evolveAudit, initialAudit('t'), [
      ...facts('tournament-t', created()),
      ...facts('hand-g1-1', [
        ...start,
        settled([{ from: 'S', to: 'E', points: 24, reason: 'discard win' }]),
        correctedV1([{ from: 'S', to: 'E', points: 16, reason: 'discard win' }]),
      ]),
    ]);
    expect(doc.entries[0]?.correction).toMatchObject({
      mode: 'replacement',
      seatsBefore: { E: 24, S: -24 },
      seatsAfter: { E: 16, S: -16 },
      deltas: { E: -8, S: 8 },
    });
  });

  it('given a table’s result corrected, an amendment and its recompute, then each has an entry', () => {
    const previous = [
      { playerId: 'ana', points: 24 },
      { playerId: 'bo', points: -24 },
    ];
    const scores = [
      { playerId: 'ana', points: 32 },
      { playerId: 'bo', points: -32 },
    ];
    const doc = foldAll(
      evolveAudit,
      initialAudit('t'),
      facts('tournament-t', [
        ...created(),
        tableResultCorrected(1, previous, scores),
        {
          type: 'RulesetAmended',
          data: {
            amendmentId: 'am-1',
            changes: { multipleWinners: { from: 'head-bump', to: 'multiple' } },
            scope: { kind: 'round', round: 1 },
            reason: 'the notice allowed several winners',
            revision: 2,
            ruleset: AMENDED,
            previous: { preset: RULESET.preset, version: RULESET.version, hash: RULESET.hash },
            recompute: true,
            amendedBy: { role: 'organizer', id: 'o1' },
          },
        },
        {
          type: 'AmendmentApplied',
          data: { amendmentId: 'am-1', hands: 12, corrected: 3, unchanged: 7, kept: 1, refused: 1 },
        },
      ]),
    );
    const [table, amended, applied] = doc.entries;
    expect(table).toMatchObject({
      kind: 'table-corrected',
      table: {
        round: 1,
        table: 1,
        gameId: 'g1',
        hand: 1,
        before: { ana: 24, bo: -24 },
        after: { ana: 32, bo: -32 },
      },
    });
    expect(table?.detail).toBe('round 1 table 1 (g1): ana 24 → 32, bo -24 → -32');
    expect(amended).toMatchObject({
      kind: 'amendment',
      why: 'the notice allowed several winners',
      amendment: {
        amendmentId: 'am-1',
        changes: { multipleWinners: { from: 'head-bump', to: 'multiple' } },
        scope: { kind: 'round', round: 1 },
        revision: 2,
        hash: AMENDED.hash,
        previousHash: RULESET.hash,
        amendedBy: { role: 'organizer', id: 'o1' },
      },
    });
    expect(amended?.detail).toContain('multipleWinners "head-bump" → "multiple"');
    expect(applied).toMatchObject({
      kind: 'amendment-applied',
      applied: { amendmentId: 'am-1', hands: 12, corrected: 3, unchanged: 7, kept: 1, refused: 1 },
    });
    expect(applied?.detail).toBe(
      'am-1: 12 hands in scope, 3 corrected, 7 unchanged, 1 kept as an official restated them, 1 refused',
    );
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
