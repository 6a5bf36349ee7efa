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

type Transfers = { from: string; to: string; points: number; reason: string }[];
const RULESET_REF = { preset: RULESET.preset, version: RULESET.version, hash: RULESET.hash };

/** Seats named as winners of a settlement (their scores do not matter to the read models). */
export const winning = (...seats: string[]) =>
  seats.map((seat) => ({ seat, handScore: 8, effectiveScore: 8 }));

/** A HandSettled of the hand spec's mahjong-house hand with these transfers (and winners). */
export const settled = (transfers: Transfers, winners: ReturnType<typeof winning> = []): Fact => ({
  type: 'HandSettled',
  schemaVersion: 2,
  data: { ruleset: RULESET_REF, winners, lapsed: [], transfers },
});

/** A SettlementCorrected (version 2) of hand-g1-1 by referee r1: `more` adds or overrides its fields. */
export const corrected = (
  mode: 'adjustment' | 'replacement',
  transfers: Transfers,
  more: Record<string, unknown> = {},
): Fact => ({
  type: 'SettlementCorrected',
  schemaVersion: 2,
  data: {
    corrects: 'hand-g1-1:2',
    mode,
    correctedBy: { role: 'referee', id: 'r1' },
    wrong: 'fan miscounted',
    reason: 'recount',
    ruleset: RULESET_REF,
    winners: [],
    lapsed: [],
    transfers,
    ...more,
  },
});

/** A SettlementCorrected as version 1 stored it: no mode (a replacement), nothing of what it replaced. */
export const correctedV1 = (transfers: Transfers): Fact => ({
  type: 'SettlementCorrected',
  schemaVersion: 1,
  data: {
    corrects: 'hand-g1-1:2',
    correctedBy: { role: 'referee', id: 'r1' },
    wrong: 'fan miscounted',
    reason: 'recount',
    ruleset: RULESET_REF,
    winners: [],
    lapsed: [],
    transfers,
  },
});

type Scores = { playerId: string; points: number }[];

/** g1's game stream: started with `startingPoints` each (ana E, bo S, cy W, di N), one hand to play. */
export const gameStarted = (startingPoints = 0): Fact => ({
  type: 'GameStarted',
  data: {
    gameId: 'g1',
    tournamentId: 't',
    ruleset: RULESET,
    players: ['ana', 'bo', 'cy', 'di'].map((playerId, i) => ({ playerId, seat: 'ESWN'[i] })),
    startingPoints,
    end: { kind: 'hands', count: 1 },
  },
});

export const gameFinished = (scores: Scores): Fact => ({
  type: 'GameFinished',
  data: { reason: 'hand-limit', hands: 1, scores },
});

/** The game's count of a correction of hand `hand` of g1: its deltas per seat and every score after. */
export const handResultCorrected = (hand: number, deltas: Record<string, number>, scores: Scores): Fact => ({
  type: 'HandResultCorrected',
  data: { hand, correction: `hand-g1-${hand}:3`, seatWinds: SEATS_G1, deltas, scores },
});

export const tableFinished = (scores: Scores): Fact => ({
  type: 'TableFinished',
  data: { round: 1, table: 1, gameId: 'g1', scores },
});

export const tableResultCorrected = (hand: number, previous: Scores, scores: Scores): Fact => ({
  type: 'TableResultCorrected',
  data: { round: 1, table: 1, gameId: 'g1', hand, correction: `hand-g1-${hand}:3`, previous, scores },
});
