// A wrong event is refused, and the refusal names the field: what a referee or a developer reads first.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { rulesetOf } from '../rules/rulesets/index.ts';
import { parseTiles } from '../tiles/index.ts';
import { shuffleWall, wallHash } from '../tiles/wall.ts';
import { EVENT_EXAMPLES, EXAMPLE_METADATA } from './event-examples.ts';
import { EventParseError, type PlayEventOf, type PlayEventType, parseEvent, parseMetadata } from './index.ts';

const tile = (text: string): number => parseTiles(text)[0]!;

/** The example of `type` with its payload changed. */
function withData<T extends PlayEventType>(type: T, change: (data: PlayEventOf<T>['data']) => unknown) {
  const example = structuredClone(EVENT_EXAMPLES[type]);
  return { ...example, data: change(example.data as PlayEventOf<T>['data']) };
}

function refusal(raw: unknown, read: (raw: unknown) => unknown = parseEvent): EventParseError {
  try {
    read(raw);
  } catch (error) {
    if (error instanceof EventParseError) return error;
    throw error;
  }
  throw new Error(`${JSON.stringify(raw).slice(0, 200)} was read without error`);
}

describe('the envelope', () => {
  it('refuses an unknown type, naming type', () => {
    const error = refusal({ type: 'TileThrown', schemaVersion: 1, data: {} });
    expect(error.field).toBe('type');
    expect(error.message).toContain('"TileThrown"');
  });

  it('refuses a missing or future schema version, naming schemaVersion', () => {
    const { schemaVersion: _, ...unversioned } = EVENT_EXAMPLES.TileDiscarded;
    expect(refusal(unversioned).field).toBe('schemaVersion');
    const future = refusal({ ...EVENT_EXAMPLES.TileDiscarded, schemaVersion: 2 });
    expect(future.field).toBe('schemaVersion');
    expect(future.message).toContain('TileDiscarded has schema versions 1 to 1, not 2');
    expect(refusal({ ...EVENT_EXAMPLES.HandSettled, schemaVersion: 0 }).field).toBe('schemaVersion');
  });

  it('refuses a payload that is no object', () => {
    expect(refusal({ type: 'ClaimPassed', schemaVersion: 1 }).field).toBe('data');
    expect(refusal('TileDiscarded').field).toBe('(input)');
  });
});

describe('a wrong field is refused by name', () => {
  const cases: [string, unknown, string, RegExp?][] = [
    ['a flower discarded', withData('TileDiscarded', (d) => ({ ...d, tile: 34 })), 'data.tile', /flower/],
    ['a tile past 41', withData('TileDrawn', (d) => ({ ...d, tile: 42 })), 'data.tile'],
    ['a tile that is no integer', withData('TileDrawn', (d) => ({ ...d, tile: 1.5 })), 'data.tile'],
    ['no seat', withData('TileDiscarded', (d) => ({ ...d, seat: 'X' })), 'data.seat'],
    ['an unknown field', withData('TileDiscarded', (d) => ({ ...d, tiles: [1] })), 'data.tiles'],
    ['a suited tile as a flower', withData('FlowerDeclared', (d) => ({ ...d, flower: 3 })), 'data.flower'],
    ['a draw from nowhere', withData('TileDrawn', (d) => ({ ...d, source: 'kitty' })), 'data.source'],
    [
      'a chow from 8m',
      withData('MeldDeclared', () => ({
        kind: 'chow',
        seat: 'S',
        tile: tile('8m'),
        claimed: tile('8m'),
        from: 'E',
      })),
      'data.tile',
      /rank 1 to 7/,
    ],
    [
      'a chow claiming a tile outside it',
      withData('MeldDeclared', () => ({
        kind: 'chow',
        seat: 'S',
        tile: tile('3p'),
        claimed: tile('6p'),
        from: 'E',
      })),
      'data.claimed',
    ],
    ['a pong of one’s own discard', withData('MeldDeclared', (d) => ({ ...d, from: 'S' })), 'data.from'],
    ['an unknown meld', withData('MeldDeclared', (d) => ({ ...d, kind: 'pung' })), 'data.kind'],
    ['a robber of their own kong', withData('KongRobbed', (d) => ({ ...d, robbers: ['S'] })), 'data.robbers'],
    [
      'a discard win naming no discarder',
      withData('WinDeclared', ({ from: _, ...d }) => ({ ...d, by: 'discard' })),
      'data.from',
    ],
    [
      'a self-drawn win naming a discarder',
      withData('WinDeclared', (d) => ({ ...d, by: 'self-draw' })),
      'data.from',
    ],
    ['a dead hand of the right size', withData('DeadHandDeclared', (d) => ({ ...d, held: 13 })), 'data.held'],
    [
      'negative points in a transfer',
      withData('HandSettled', (d) => ({
        ...d,
        transfers: [{ from: 'S', to: 'W', points: -5, reason: 'x' }],
      })),
      'data.transfers[0].points',
    ],
    [
      'a seat paying itself',
      withData('ImmediatePayment', (d) => ({
        ...d,
        transfers: [{ from: 'E', to: 'E', points: 5, reason: 'x' }],
      })),
      'data.transfers[0].to',
    ],
    [
      'a penalty paid by someone else',
      withData('PenaltyAssessed', (d) => ({
        ...d,
        transfers: [{ from: 'E', to: 'S', points: 4000, reason: 'heavy penalty' }],
      })),
      'data.transfers[0].from',
    ],
    [
      'a penalty settled with the hand that moves points now',
      withData('PenaltyAssessed', (d) => ({ ...d, settled: 'with-hand' })),
      'data.transfers',
    ],
    [
      'an immediate payment of no kind',
      withData('ImmediatePayment', (d) => ({ ...d, kind: 'bonus' })),
      'data.kind',
    ],
    [
      'a claim window the discarder may claim in',
      withData('ClaimWindowOpened', (d) => ({
        ...d,
        seats: { ...d.seats, E: { win: true, kong: false, pong: false, chows: [] } },
      })),
      'data.seats.E',
    ],
    [
      'a chow that makes no run with the offered tile',
      withData('ClaimWindowOpened', (d) => ({
        ...d,
        seats: { S: { win: false, kong: false, pong: false, chows: [[tile('7m'), tile('1p')]] } },
      })),
      'data.seats.S.chows[0]',
    ],
    [
      'a pong offered on a kong’s tile',
      withData('ClaimWindowOpened', (d) => ({ ...d, offer: { ...d.offer, kind: 'added-kong' } })),
      'data.seats.S',
    ],
    [
      'a seat listed with nothing to claim',
      withData('ClaimWindowOpened', (d) => ({
        ...d,
        seats: { S: { win: false, kong: false, pong: false, chows: [] } },
      })),
      'data.seats.S',
    ],
    [
      'a deadline that is no time',
      withData('ClaimWindowOpened', (d) => ({ ...d, deadline: 'soon' })),
      'data.deadline',
    ],
    [
      'a chow claim of one tile',
      withData('ClaimMade', (d) => ({ ...d, claim: { claim: 'chow', tiles: [tile('7m')] } })),
      'data.claim.tiles',
    ],
    [
      'a winner who is also the payer',
      withData('ClaimResolved', (d) => ({
        outcome: 'win',
        winners: ['S'],
        payer: 'S',
        robbedKong: null,
        lapsed: d.lapsed,
        lockedUntilDraw: [],
      })),
      'data.payer',
    ],
    [
      'a pond draw without its seat',
      withData('HandDrawn', () => ({ reason: 'pond-full', discards: 18 })),
      'data.seat',
    ],
    [
      'a hand drawn for no known reason',
      withData('HandDrawn', () => ({ reason: 'four-winds' })),
      'data.reason',
    ],
    [
      'two players in one seat',
      withData('GameStarted', (d) => ({
        ...d,
        players: d.players.map((p, i) => ({ ...p, seat: i === 2 ? 'S' : p.seat })),
      })),
      'data.players',
      /sit at E, S, W, N/,
    ],
    [
      'one player in two seats',
      withData('GameStarted', (d) => ({
        ...d,
        players: d.players.map((p, i) => (i === 3 ? { ...p, playerId: 'player-ana' } : p)),
      })),
      'data.players',
      /player-ana has two seats/,
    ],
    [
      'a table the ruleset does not seat',
      withData('GameStarted', (d) => ({ ...d, players: d.players.slice(0, 3) })),
      'data.players',
      /seats 4 players, not 3/,
    ],
    [
      'two players with one final score',
      withData('GameFinished', (d) => ({ ...d, scores: [d.scores[0], d.scores[0]] })),
      'data.scores',
    ],
    ['no scores declared', withData('ScoresDeclared', () => ({ scores: {} })), 'data.scores'],
    [
      'a correction by nobody',
      withData('SettlementCorrected', ({ correctedBy: _, ...d }) => d),
      'data.correctedBy',
    ],
  ];

  it.each(cases)('%s', (_, raw, field, message) => {
    const error = refusal(raw);
    expect(error.field).toBe(field);
    expect(error.message).toContain(field);
    if (message) expect(error.message).toMatch(message);
  });

  it('accepts every seat and play tile in a discard, and refuses every flower', () => {
    fc.assert(
      fc.property(fc.constantFrom('E', 'S', 'W', 'N'), fc.integer({ min: -3, max: 45 }), (seat, t) => {
        const raw = { type: 'TileDiscarded', schemaVersion: 1, data: { seat, tile: t } };
        if (t >= 0 && t <= 33) expect(parseEvent(raw)).toEqual(raw);
        else expect(refusal(raw).field).toBe('data.tile');
      }),
    );
  });
});

describe('the start of a hand commits to its wall', () => {
  it('refuses a seed whose wall does not hash to the committed hash', () => {
    const raw = withData('HandStarted', (d) => ({ ...d, wall: { ...d.wall, seed: 'another seed' } }));
    expect(refusal(raw).field).toBe('data.wall.hash');
  });

  it('refuses the same seed read with the other tile set', () => {
    expect(refusal(withData('HandStarted', (d) => ({ ...d, withFlowers: false }))).field).toBe(
      'data.wall.hash',
    );
  });

  it('refuses a seed shuffled by an algorithm it does not know', () => {
    const raw = withData('HandStarted', (d) => ({ ...d, wall: { ...d.wall, algorithm: 'mersenne/1' } }));
    expect(refusal(raw).field).toBe('data.wall.algorithm');
  });

  it('takes a wall a referee arranged, when it is the whole tile set and hashes as committed', () => {
    const order = shuffleWall('arranged by the referee', false);
    const arranged = withData('HandStarted', (d) => ({
      ...d,
      withFlowers: false,
      wall: { source: 'arranged', order, hash: wallHash(order) },
    }));
    expect(parseEvent(arranged)).toStrictEqual(arranged);
    const short = order.slice(1);
    const wrong = withData('HandStarted', (d) => ({
      ...d,
      withFlowers: false,
      wall: { source: 'arranged', order: short, hash: wallHash(short) },
    }));
    const error = refusal(wrong);
    expect(error.field).toBe('data.wall.order');
    expect(error.message).toMatch(/holds 135; missing/);
  });

  it('refuses a dealer who is not East’s player, and seats that are no table', () => {
    expect(refusal(withData('HandStarted', (d) => ({ ...d, dealer: 'player-bo' }))).field).toBe(
      'data.dealer',
    );
    const noWest = withData('HandStarted', (d) => ({ ...d, seatWinds: { ...d.seatWinds, W: undefined } }));
    expect(refusal(JSON.parse(JSON.stringify(noWest))).message).toMatch(
      /3 players sit at E, S, W, not E, S, N/,
    );
    const twice = withData('HandStarted', (d) => ({ ...d, seatWinds: { ...d.seatWinds, N: 'player-ana' } }));
    expect(refusal(twice).field).toBe('data.seatWinds');
  });

  it('refuses a ruleset whose options no longer match its hash', () => {
    const raw = withData('HandStarted', (d) => ({
      ...d,
      ruleset: { ...d.ruleset, options: { ...d.ruleset.options, limit: 16000 } },
    }));
    const error = refusal(raw);
    expect(error.field).toBe('data.ruleset.hash');
    expect(error.message).toContain(rulesetOf('hu-mahjong', { limit: 16000 }).hash);
  });

  it('refuses a revealed wall that is not the one hashed', () => {
    const raw = withData('WallRevealed', (d) => ({ ...d, order: [...d.order].reverse() }));
    expect(refusal(raw).field).toBe('data.hash');
    expect(refusal(withData('WallRevealed', (d) => ({ ...d, order: d.order.slice(2) }))).field).toBe(
      'data.order',
    );
  });

  it('reveals at the end the wall the start committed to', () => {
    expect(EVENT_EXAMPLES.WallRevealed.data.hash).toBe(
      (EVENT_EXAMPLES.HandStarted.data.wall as { hash: string }).hash,
    );
  });
});

describe('metadata is refused by name', () => {
  it.each([
    ['a player without a seat', { ...EXAMPLE_METADATA, actor: { role: 'player' } }, 'metadata.actor.seat'],
    ['an unknown role', { ...EXAMPLE_METADATA, actor: { role: 'spectator' } }, 'metadata.actor.role'],
    ['a time without a zone', { ...EXAMPLE_METADATA, at: '2025-03-01 14:05' }, 'metadata.at'],
    ['no correlation id', { ...EXAMPLE_METADATA, correlationId: '' }, 'metadata.correlationId'],
    ['an unknown field', { ...EXAMPLE_METADATA, user: 'x' }, 'metadata.user'],
  ])('%s', (_, raw, field) => {
    expect(refusal(raw, parseMetadata).field).toBe(field);
  });
});
