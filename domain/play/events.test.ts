// Every event of play: a valid example of each type parses, survives JSON, and is handled by an exhaustive
// switch, so that a type added to the union without handling fails to compile.
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Claim } from '../rules/claims/claim.ts';
import type { Transfer } from '../rules/seats.ts';
import type { ImmediateKind } from '../rules/settlement/table-law/immediate.ts';
import { EVENT_EXAMPLES, EXAMPLE_METADATA } from './event-examples.ts';
import type { claim, transfer } from './fields.ts';
import {
  currentVersion,
  EventMetadata,
  gameStream,
  handStream,
  type IMMEDIATE_KINDS,
  type PLAY_EVENT_SCHEMAS,
  PLAY_EVENT_TYPES,
  type PlayEvent,
  type PlayEventType,
  parseEvent,
  parseMetadata,
  STREAM_OF,
} from './index.ts';

/** One line per event, as a replay viewer might print it. The switch must name every type. */
function describeEvent(event: PlayEvent): string {
  switch (event.type) {
    case 'GameStarted':
      return `game ${event.data.gameId}: ${event.data.players.length} players, ${event.data.ruleset.preset}`;
    case 'HandStarted':
      return `hand ${event.data.hand}: ${event.data.dealer} deals, dice ${event.data.dice.join('-')}`;
    case 'TilesDealt':
      return `dealt to ${Object.keys(event.data.hands).join(', ')}`;
    case 'TileDrawn':
      return `${event.data.seat} draws (${event.data.source})`;
    case 'FlowerDeclared':
      return `${event.data.seat} declares flower ${event.data.flower}`;
    case 'TileDiscarded':
      return `${event.data.seat} discards ${event.data.tile}`;
    case 'ClaimWindowOpened':
      return `claims open on ${event.data.offer.tile} until ${event.data.deadline}`;
    case 'ClaimMade':
      return `${event.data.seat} claims ${event.data.claim.claim}`;
    case 'ClaimPassed':
      return `${event.data.seat} passes`;
    case 'ClaimTimedOut':
      return `${event.data.seat} timed out`;
    case 'ClaimResolved':
      return `claim resolved: ${event.data.outcome}`;
    case 'MeldDeclared':
      return `${event.data.seat} shows a ${event.data.kind}`;
    case 'KongRobbed':
      return `${event.data.robbers.join(', ')} rob ${event.data.seat}'s kong`;
    case 'WinDeclared':
      return `${event.data.seat} wins by ${event.data.by}`;
    case 'FalseWinDeclared':
      return `${event.data.seat} declares a false win`;
    case 'StreakDiePlaced':
      return `East's die shows ${event.data.count}`;
    case 'DeadHandDeclared':
      return `${event.data.seat}'s hand is dead`;
    case 'ScoresDeclared':
      return `scores declared for ${Object.keys(event.data.scores).join(', ')}`;
    case 'PenaltyAssessed':
      return `${event.data.seat} is penalised ${event.data.points}`;
    case 'ImmediatePayment':
      return `immediate payment: ${event.data.kind}`;
    case 'HandSettled':
      return `settled by ${event.data.ruleset.preset}: ${event.data.transfers.length} transfers`;
    case 'SettlementCorrected':
      return `settlement ${event.data.corrects} corrected by ${event.data.correctedBy.id}`;
    case 'HandDrawn':
      return `drawn: ${event.data.reason}`;
    case 'HandVoided':
      return `voided: ${event.data.cause}`;
    case 'WallRevealed':
      return `wall shown: ${event.data.order.length} tiles`;
    case 'HandResultEntered':
      return `hand ${event.data.hand} entered by ${event.data.enteredBy.role}: ${event.data.result.kind}`;
    case 'GameFinished':
      return `game over after ${event.data.hands} hands`;
    default: {
      const unhandled: never = event;
      throw new Error(`unhandled event ${JSON.stringify(unhandled)}`);
    }
  }
}

const examples = PLAY_EVENT_TYPES.map((type) => [type, EVENT_EXAMPLES[type]] as const);

describe('the event union', () => {
  it('holds every event type the issue names, and the ones added here', () => {
    expect([...PLAY_EVENT_TYPES].sort()).toEqual(
      [
        'GameStarted',
        'HandStarted',
        'TilesDealt',
        'TileDrawn',
        'FlowerDeclared',
        'TileDiscarded',
        'ClaimWindowOpened',
        'ClaimMade',
        'ClaimPassed',
        'ClaimTimedOut',
        'ClaimResolved',
        'MeldDeclared',
        'KongRobbed',
        'WinDeclared',
        'FalseWinDeclared',
        'DeadHandDeclared',
        'PenaltyAssessed',
        'ImmediatePayment',
        'HandSettled',
        'HandDrawn',
        'HandVoided',
        'GameFinished',
        // Added: the wall shown at the end, corrections, and scores a table counts itself
        'WallRevealed',
        'SettlementCorrected',
        'ScoresDeclared',
        // Seed 004: East's streak die placed or turned
        'StreakDiePlaced',
        // A physical table's result, entered by a scorer
        'HandResultEntered',
      ].sort(),
    );
    expect(new Set(PLAY_EVENT_TYPES).size).toBe(PLAY_EVENT_TYPES.length);
    expect(Object.keys(STREAM_OF).sort()).toEqual([...PLAY_EVENT_TYPES].sort());
  });

  it('describes every example through one exhaustive switch', () => {
    const lines = examples.map(([, event]) => describeEvent(event));
    expect(new Set(lines).size).toBe(PLAY_EVENT_TYPES.length);
  });

  it('places game events in game-{id} and the rest in hand-{gameId}-{n}', () => {
    expect(PLAY_EVENT_TYPES.filter((t) => STREAM_OF[t] === 'game')).toEqual(['GameStarted', 'GameFinished']);
    expect(gameStream('g7')).toBe('game-g7');
    expect(handStream('g7', 3)).toBe('hand-g7-3');
  });

  it('writes HandSettled and SettlementCorrected at version 2 and every other type at version 1', () => {
    const second = new Set(['HandSettled', 'SettlementCorrected']);
    for (const type of PLAY_EVENT_TYPES)
      expect([type, currentVersion(type)]).toEqual([type, second.has(type) ? 2 : 1]);
  });

  it('keeps event fields assignable to the rule types that read them', () => {
    expectTypeOf<z.output<typeof claim>>().toExtend<Claim>();
    expectTypeOf<z.output<typeof transfer>>().toExtend<Transfer>();
    expectTypeOf<(typeof IMMEDIATE_KINDS)[number]>().toEqualTypeOf<ImmediateKind>();
    expectTypeOf<PlayEventType>().toEqualTypeOf<keyof typeof PLAY_EVENT_SCHEMAS>();
  });
});

describe('a valid example of every type', () => {
  it.each(examples)('%s parses to itself', (_, event) => {
    expect(parseEvent(event)).toStrictEqual(event);
  });

  it.each(examples)('%s survives JSON both ways', (_, event) => {
    const stored = JSON.parse(JSON.stringify(event)) as unknown;
    const read = parseEvent(stored);
    expect(read).toStrictEqual(event);
    expect(JSON.parse(JSON.stringify(read))).toStrictEqual(stored);
  });

  it('reads an event as the store returns it, beside the store’s own fields', () => {
    const stored = {
      ...JSON.parse(JSON.stringify(EVENT_EXAMPLES.TileDiscarded)),
      id: 'evt-1',
      stream: handStream('g7', 1),
      revision: 12,
      metadata: EXAMPLE_METADATA,
    };
    expect(parseEvent(stored)).toStrictEqual(EVENT_EXAMPLES.TileDiscarded);
  });
});

describe('metadata', () => {
  it('carries who acted, when, and the correlation and causation ids, through JSON', () => {
    expect(parseMetadata(JSON.parse(JSON.stringify(EXAMPLE_METADATA)))).toStrictEqual(EXAMPLE_METADATA);
    const system = { actor: { role: 'system' }, at: '2025-03-01T14:05:09Z', correlationId: 'job-7' } as const;
    expect(EventMetadata.parse(system)).toStrictEqual(system);
  });
});
