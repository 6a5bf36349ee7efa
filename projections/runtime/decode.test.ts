import { describe, expect, it } from 'vitest';
import { EVENT_EXAMPLES } from '../../domain/play/event-examples.ts';
import { decode, streamRef } from './decode.ts';

const stored = (
  type: string,
  schemaVersion: number,
  data: unknown,
  metadata: Record<string, unknown> = {},
) => ({
  stream: 'hand-g1-1',
  revision: 3,
  position: 42n,
  type,
  schemaVersion,
  data,
  metadata,
  id: 'e-42',
  recordedAt: '2026-03-01T10:00:09.000Z',
  hash: 'sha256:abc',
});

describe('reading stored events for the projections', () => {
  it('skips a type no projection knows', () => {
    expect(decode(stored('SomethingElse', 1, {}))).toBeUndefined();
  });

  it('upcasts an old version with the domain’s parser (HandSettled v1 names its ruleset flatly)', () => {
    const v2 = EVENT_EXAMPLES.HandSettled;
    const { ruleset, ...rest } = v2.data as { ruleset: { preset: string; version: number; hash: string } };
    const v1 = { ...rest, rulesetId: `${ruleset.preset}@${ruleset.version}#${ruleset.hash}` };
    const decoded = decode(stored('HandSettled', 1, v1));
    expect(decoded?.event).toMatchObject({ type: 'HandSettled', schemaVersion: 2, data: { ruleset } });
  });

  it('reads SettlementCorrected v1 as the replacement it was, and the game’s HandResultCorrected by its schema', () => {
    const {
      mode: _mode,
      previous: _previous,
      deltas: _deltas,
      previousRuleset: _ruleset,
      ...v1
    } = EVENT_EXAMPLES.SettlementCorrected.data as Record<string, unknown>;
    expect(decode(stored('SettlementCorrected', 1, v1))?.event).toMatchObject({
      schemaVersion: 2,
      data: { mode: 'replacement' },
    });
    const corrected = {
      hand: 2,
      correction: 'e-41',
      seatWinds: { E: 'ana', S: 'bo', W: 'cy', N: 'di' },
      deltas: { E: 8, N: -8 },
      scores: [
        { playerId: 'ana', points: 8 },
        { playerId: 'bo', points: 0 },
        { playerId: 'cy', points: 0 },
        { playerId: 'di', points: -8 },
      ],
    };
    expect(decode(stored('HandResultCorrected', 1, corrected))?.event).toEqual({
      type: 'HandResultCorrected',
      schemaVersion: 1,
      data: corrected,
    });
    expect(() => decode(stored('HandResultCorrected', 1, { ...corrected, deltas: { E: 8 } }))).toThrow();
  });

  it('refuses a known type that does not parse, rather than leave a gap in a read model', () => {
    expect(() => decode(stored('TileDiscarded', 1, { seat: 'X', tile: 4 }))).toThrow();
  });

  it('takes the time from metadata.at, the store’s time when there is none', () => {
    const at = '2026-03-01T10:00:05.000Z';
    const actor = { role: 'player', seat: 'S' };
    expect(decode(stored('ClaimPassed', 1, { seat: 'S' }, { at, actor }))?.meta).toEqual({
      stream: 'hand-g1-1',
      revision: 3,
      position: '42',
      id: 'e-42',
      hash: 'sha256:abc',
      at,
      actor,
    });
    expect(decode(stored('ClaimPassed', 1, { seat: 'S' }))?.meta.at).toBe('2026-03-01T10:00:09.000Z');
  });

  it('reads a hand stream’s game and number from its name, game ids with dashes included', () => {
    expect(streamRef('hand-spring-r1-t2-11')).toEqual({ kind: 'hand', gameId: 'spring-r1-t2', hand: 11 });
    expect(streamRef('game-spring-r1-t2')).toEqual({ kind: 'game', gameId: 'spring-r1-t2' });
    expect(streamRef('tournament-spring')).toEqual({ kind: 'tournament', tournamentId: 'spring' });
  });
});
