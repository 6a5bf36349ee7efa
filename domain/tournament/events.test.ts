// Every event of the tournament stream: a valid example of each type parses, survives JSON, and is handled by
// an exhaustive switch; the refinements refuse what the contract forbids.
import { describe, expect, it } from 'vitest';
import { rulesetOf } from '../rules/rulesets/index.ts';
import {
  RoundSeated,
  TOURNAMENT_EVENT_TYPES,
  TournamentEvent,
  type TournamentEventOf,
  type TournamentEventType,
  tournamentStream,
} from './events.ts';

const inPlay = (options: object = {}) => {
  const r = rulesetOf('hu-mahjong', options);
  return { preset: r.preset, version: r.version, options: { ...r.options }, hash: r.hash };
};

const EXAMPLES: { readonly [T in TournamentEventType]: TournamentEventOf<T> } = {
  TournamentCreated: {
    type: 'TournamentCreated',
    schemaVersion: 1,
    data: {
      tournamentId: 'spring',
      name: 'Spring Open',
      ruleset: inPlay(),
      scoring: { kind: 'table-points', values: [4, 2, 1, 0] },
      seed: 'spring-seed',
      createdBy: { role: 'organizer', id: 'org-mei' },
    },
  },
  PlayerRegistered: { type: 'PlayerRegistered', schemaVersion: 1, data: { playerId: 'ana', name: 'Ana' } },
  PlayerWithdrawn: { type: 'PlayerWithdrawn', schemaVersion: 1, data: { playerId: 'bo', reason: 'ill' } },
  PlayerReplaced: {
    type: 'PlayerReplaced',
    schemaVersion: 1,
    data: { playerId: 'bo', replacement: { playerId: 'zoe', name: 'Zoe' }, reason: 'bo left' },
  },
  RoundScheduled: {
    type: 'RoundScheduled',
    schemaVersion: 1,
    data: { round: 1, method: 'random', end: { kind: 'hands', count: 8 }, minutes: 90 },
  },
  RoundSeated: {
    type: 'RoundSeated',
    schemaVersion: 1,
    data: {
      round: 1,
      method: 'random',
      seed: 'spring-seed:round-1',
      tables: [
        {
          table: 1,
          gameId: 'spring-r1-t1',
          seats: { E: 'ana', S: 'zoe', W: 'cy', N: 'di' },
          ruleset: inPlay({ players: 4 }),
        },
        {
          table: 2,
          gameId: 'spring-r1-t2',
          seats: { E: 'ed', S: 'fa', W: 'gu' },
          ruleset: inPlay({ players: 3 }),
        },
      ],
      substitutes: [],
      cost: { repeatPairs: 0, consecutiveRepeats: 0, windImbalance: 7 },
    },
  },
  RoundStarted: {
    type: 'RoundStarted',
    schemaVersion: 1,
    data: { round: 1, endsAt: '2026-03-01T10:30:00.000Z' },
  },
  TableTimeExtended: {
    type: 'TableTimeExtended',
    schemaVersion: 1,
    data: { round: 1, table: 2, minutes: 10, reason: 'a dispute stopped play' },
  },
  TableFinished: {
    type: 'TableFinished',
    schemaVersion: 1,
    data: {
      round: 1,
      table: 2,
      gameId: 'spring-r1-t2',
      scores: [
        { playerId: 'fa', points: 41000 },
        { playerId: 'ed', points: 35000 },
        { playerId: 'gu', points: 29000 },
      ],
    },
  },
  RoundClosed: { type: 'RoundClosed', schemaVersion: 1, data: { round: 1, unfinished: [1] } },
  PlayerPenalised: {
    type: 'PlayerPenalised',
    schemaVersion: 1,
    data: {
      penaltyId: 'p1',
      playerId: 'cy',
      points: 1000,
      reason: 'slow play',
      round: 1,
      gameId: 'spring-r1-t1',
      hand: 3,
    },
  },
  PenaltyCancelled: {
    type: 'PenaltyCancelled',
    schemaVersion: 1,
    data: { penaltyId: 'p1', reason: 'appeal' },
  },
  DisputeOpened: {
    type: 'DisputeOpened',
    schemaVersion: 1,
    data: { disputeId: 'd1', gameId: 'spring-r1-t1', hand: 4, reason: 'the fan count' },
  },
  DisputeRuled: {
    type: 'DisputeRuled',
    schemaVersion: 1,
    data: {
      disputeId: 'd1',
      ruling: {
        kind: 'correction',
        wrong: 'paid as a discard win',
        transfers: [{ from: 'S', to: 'E', points: 2000, reason: 'self-draw' }],
      },
      reason: 'the tile came from the wall',
    },
  },
  TableResultCorrected: {
    type: 'TableResultCorrected',
    schemaVersion: 1,
    data: {
      round: 1,
      table: 1,
      gameId: 'spring-r1-t1',
      hand: 3,
      correction: 'evt-77',
      previous: [
        { playerId: 'ana', points: 40000 },
        { playerId: 'zoe', points: 30000 },
      ],
      scores: [
        { playerId: 'ana', points: 39700 },
        { playerId: 'zoe', points: 30300 },
      ],
    },
  },
  RulesetAmended: {
    type: 'RulesetAmended',
    schemaVersion: 1,
    data: {
      amendmentId: 'amend-1',
      changes: { limit: { from: 8000, to: 6000 } },
      scope: { kind: 'event' },
      reason: 'the organizers’ house limit',
      revision: 2,
      ruleset: inPlay({ limit: 6000 }),
      previous: { preset: 'hu-mahjong', version: 1, hash: inPlay().hash },
      recompute: true,
      amendedBy: { role: 'organizer', id: 'org-mei' },
    },
  },
  AmendmentApplied: {
    type: 'AmendmentApplied',
    schemaVersion: 1,
    data: { amendmentId: 'amend-1', hands: 40, corrected: 3, unchanged: 37, kept: 0, refused: 0 },
  },
  TournamentFinished: { type: 'TournamentFinished', schemaVersion: 1, data: {} },
  SeatingPlanned: {
    type: 'SeatingPlanned',
    schemaVersion: 1,
    data: {
      rounds: [
        {
          round: 1,
          tables: [
            { seats: { E: 'ana', S: 'bo', W: 'cy', N: 'di' } },
            { seats: { E: 'ed', S: 'fa', W: 'gu', N: 'hu' } },
          ],
          substitutes: [],
        },
        {
          round: 2,
          tables: [
            { seats: { E: 'ed', S: 'ana', W: 'hu', N: 'cy' } },
            { seats: { E: 'bo', S: 'gu', W: 'di', N: 'fa' } },
          ],
          substitutes: [],
        },
      ],
      players: ['ana', 'bo', 'cy', 'di', 'ed', 'fa', 'gu', 'hu'],
      seed: 'spring-seed:plan-1',
      algorithm: 'sha256-xoroshiro128plus-rtd-tabu-konig/1',
      source: 'search',
      cost: { repeatPairs: 0, consecutiveRepeats: 0, windImbalance: 0 },
    },
  },
  SeatingPlanRepaired: {
    type: 'SeatingPlanRepaired',
    schemaVersion: 1,
    data: {
      rounds: [
        {
          round: 2,
          tables: [
            { seats: { E: 'ed', S: 'ana', W: 'hu', N: 'cy' } },
            { seats: { E: 'zoe', S: 'gu', W: 'di', N: 'substitute-1' } },
          ],
          substitutes: ['substitute-1'],
        },
      ],
      players: ['ana', 'cy', 'di', 'ed', 'gu', 'hu', 'zoe'],
      changes: [{ round: 2, playerId: 'zoe', to: 2, replaces: 'bo' }],
      repeatsCaused: 0,
    },
  },
};

/** One line per event, as an audit log might print it. The switch must name every type. */
function describeEvent(event: TournamentEvent): string {
  switch (event.type) {
    case 'TournamentCreated':
      return `created ${event.data.name} (${event.data.ruleset.preset})`;
    case 'PlayerRegistered':
      return `registered ${event.data.playerId}`;
    case 'PlayerWithdrawn':
      return `${event.data.playerId} withdrew`;
    case 'PlayerReplaced':
      return `${event.data.replacement.playerId} replaces ${event.data.playerId}`;
    case 'RoundScheduled':
      return `round ${event.data.round} scheduled: ${event.data.method}`;
    case 'RoundSeated':
      return `round ${event.data.round} seated at ${event.data.tables.length} tables`;
    case 'RoundStarted':
      return `round ${event.data.round} ends at ${event.data.endsAt}`;
    case 'TableTimeExtended':
      return `table ${event.data.table}: ${event.data.minutes} more minutes`;
    case 'TableFinished':
      return `table ${event.data.table} finished`;
    case 'RoundClosed':
      return `round ${event.data.round} closed`;
    case 'PlayerPenalised':
      return `${event.data.playerId} loses ${event.data.points}`;
    case 'PenaltyCancelled':
      return `penalty ${event.data.penaltyId} cancelled`;
    case 'DisputeOpened':
      return `dispute ${event.data.disputeId} on ${event.data.gameId}`;
    case 'DisputeRuled':
      return `dispute ${event.data.disputeId} ruled: ${event.data.ruling.kind}`;
    case 'TableResultCorrected':
      return `table ${event.data.table} corrected by hand ${event.data.hand}`;
    case 'RulesetAmended':
      return `ruleset amended to revision ${event.data.revision}`;
    case 'AmendmentApplied':
      return `amendment ${event.data.amendmentId}: ${event.data.corrected} hands corrected`;
    case 'TournamentFinished':
      return 'tournament over';
    case 'SeatingPlanned':
      return `seating planned for rounds ${event.data.rounds[0]!.round} to ${event.data.rounds.at(-1)!.round}`;
    case 'SeatingPlanRepaired':
      return `seating plan repaired from round ${event.data.rounds[0]!.round}`;
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled event ${JSON.stringify(unhandled)}`);
    }
  }
}

const examples = TOURNAMENT_EVENT_TYPES.map((type) => [type, EXAMPLES[type]] as const);

describe('the tournament events', () => {
  it('are the twenty of the contract, each described by one exhaustive switch', () => {
    expect(TOURNAMENT_EVENT_TYPES).toHaveLength(20);
    expect(new Set(examples.map(([, e]) => describeEvent(e))).size).toBe(20);
    expect(tournamentStream('spring')).toBe('tournament-spring');
  });

  it.each(examples)('%s parses to itself and survives JSON', (_, event) => {
    expect(TournamentEvent.parse(event)).toStrictEqual(event);
    expect(TournamentEvent.parse(JSON.parse(JSON.stringify(event)))).toStrictEqual(event);
  });
});

describe('what the schemas refuse', () => {
  const seated = EXAMPLES.RoundSeated;
  const table1 = seated.data.tables[0]!;
  const table2 = seated.data.tables[1]!;
  const withTables = (tables: (typeof seated.data.tables)[number][]) => ({
    ...seated,
    data: { ...seated.data, tables },
  });

  it('a table whose ruleset seats another number of players, or whose hash does not match', () => {
    expect(RoundSeated.safeParse(withTables([{ ...table2, ruleset: inPlay({ players: 4 }) }])).success).toBe(
      false,
    );
    const tampered = {
      ...table1,
      ruleset: { ...table1.ruleset, options: { ...table1.ruleset.options, limit: 1 } },
    };
    expect(RoundSeated.safeParse(withTables([tampered])).success).toBe(false);
  });

  it('tables out of order, a player at two tables, seats that skip a wind', () => {
    expect(RoundSeated.safeParse(withTables([table2, table1])).success).toBe(false);
    const twice = { ...table2, seats: { E: 'ana', S: 'fa', W: 'gu' } };
    expect(RoundSeated.safeParse(withTables([table1, twice])).success).toBe(false);
    const gap = { ...table2, seats: { E: 'ed', S: 'fa', N: 'gu' } };
    expect(RoundSeated.safeParse(withTables([table1, gap])).success).toBe(false);
  });

  it('a penalty of no points, a replacement of oneself, a score twice, an unknown ruling', () => {
    const penalty = EXAMPLES.PlayerPenalised;
    expect(TournamentEvent.safeParse({ ...penalty, data: { ...penalty.data, points: 0 } }).success).toBe(
      false,
    );
    const replaced = EXAMPLES.PlayerReplaced;
    const self = { ...replaced, data: { ...replaced.data, replacement: { playerId: 'bo', name: 'Bo' } } };
    expect(TournamentEvent.safeParse(self).success).toBe(false);
    const finished = EXAMPLES.TableFinished;
    const scores = [finished.data.scores[0]!, finished.data.scores[0]!];
    expect(TournamentEvent.safeParse({ ...finished, data: { ...finished.data, scores } }).success).toBe(
      false,
    );
    const ruled = EXAMPLES.DisputeRuled;
    const ruling = { kind: 'overturn' };
    expect(TournamentEvent.safeParse({ ...ruled, data: { ...ruled.data, ruling } }).success).toBe(false);
  });
});
