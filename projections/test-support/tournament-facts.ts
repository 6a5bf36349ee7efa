// A small tournament's stream for evolve tests: four players (ana, bo, cy, di, as the hand spec seats them)
// at one table whose game is g1 (the hand spec's game id). Test support.
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import type { GameRef } from '../runtime/projection.ts';
import type { Fact } from './facts.ts';

export const RULESET = rulesetOf('mahjong-house');
export const G1: GameRef = { gameId: 'g1', tournamentId: 't', round: 1, table: 1 };
export const SEATS_G1 = { E: 'ana', S: 'bo', W: 'cy', N: 'di' };

export function created(scoring: unknown = { kind: 'points' }): Fact[] {
  return [
    {
      type: 'TournamentCreated',
      data: {
        tournamentId: 't',
        name: 'Test open',
        ruleset: RULESET,
        scoring,
        seed: 's',
        createdBy: { role: 'organizer', id: 'o1' },
      },
    },
    ...['ana', 'bo', 'cy', 'di'].map((p) => ({
      type: 'PlayerRegistered',
      data: { playerId: p, name: p.toUpperCase() },
    })),
    {
      type: 'RoundScheduled',
      data: { round: 1, method: 'random', end: { kind: 'hands', count: 4 }, minutes: 90 },
    },
    {
      type: 'RoundSeated',
      data: {
        round: 1,
        method: 'random',
        seed: 's:round-1',
        tables: [{ table: 1, gameId: 'g1', seats: SEATS_G1, ruleset: RULESET }],
        substitutes: [],
        cost: { repeatPairs: 0, consecutiveRepeats: 0, windImbalance: 0 },
      },
    },
  ];
}

/** A HandSettled of the hand spec's mahjong-house hand with these transfers. */
export const settled = (transfers: { from: string; to: string; points: number; reason: string }[]): Fact => ({
  type: 'HandSettled',
  schemaVersion: 2,
  data: {
    ruleset: { preset: RULESET.preset, version: RULESET.version, hash: RULESET.hash },
    winners: [],
    lapsed: [],
    transfers,
  },
});
