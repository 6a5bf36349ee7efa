// One valid event of every type, from a hu-mahjong game at a four-player table: each valid alone, together
// no consistent hand. For tests and readers of the schemas; a new type without an example fails to compile.
import { rulesetOf } from '../rules/rulesets/index.ts';
import { parseTiles, type Tile } from '../tiles/index.ts';
import { rollDice, shuffleWall, WALL_ALGORITHM, wallHash } from '../tiles/wall.ts';
import type { PlayEventOf, PlayEventType } from './events.ts';
import type { EventMetadata } from './metadata.ts';

const tile = (text: string): Tile => parseTiles(text)[0]!;

const ruleset = rulesetOf('hu-mahjong');
const rulesetInPlay = {
  preset: ruleset.preset,
  version: ruleset.version,
  options: ruleset.options,
  hash: ruleset.hash,
};
const rulesetRef = { preset: ruleset.preset, version: ruleset.version, hash: ruleset.hash };
const seed = 'e3b98a4d-2f41-4c1e-9d7a-5b0f6c2e8a17';
const wall = shuffleWall(seed, true);

export const EXAMPLE_METADATA: EventMetadata = {
  actor: { role: 'player', seat: 'S', id: 'player-bo' },
  at: '2025-03-01T14:05:09.120Z',
  correlationId: 'cmd-0042',
  causationId: 'evt-0041',
};

/** Seed 003's scoring example (6100), as a table scorer enters it. */
const enteredClaim = {
  seat: 'S' as const,
  hand: '123s123p789p9p',
  melds: [{ tiles: '123m' }],
  winningTile: '9p',
  flowers: ['5f'],
};

type Examples = { readonly [T in PlayEventType]: PlayEventOf<T> };

export const EVENT_EXAMPLES: Examples = {
  GameStarted: {
    type: 'GameStarted',
    schemaVersion: 1,
    data: {
      gameId: 'g7',
      tournamentId: 'spring-open',
      ruleset: rulesetInPlay,
      players: [
        { playerId: 'player-ana', seat: 'E' },
        { playerId: 'player-bo', seat: 'S' },
        { playerId: 'player-cy', seat: 'W' },
        { playerId: 'player-di', seat: 'N' },
      ],
      startingPoints: 30000,
      end: { kind: 'rounds', last: 'S' },
    },
  },
  HandStarted: {
    type: 'HandStarted',
    schemaVersion: 1,
    data: {
      gameId: 'g7',
      hand: 1,
      ruleset: rulesetInPlay,
      prevalentWind: 'E',
      seatWinds: { E: 'player-ana', S: 'player-bo', W: 'player-cy', N: 'player-di' },
      dealer: 'player-ana',
      repeats: 0,
      dice: [...rollDice(seed)],
      withFlowers: true,
      wall: { source: 'seed', algorithm: WALL_ALGORITHM, seed, hash: wallHash(wall) },
    },
  },
  TilesDealt: {
    type: 'TilesDealt',
    schemaVersion: 1,
    data: {
      hands: {
        E: parseTiles('123m 456p 789s 11z 55z 1f'),
        S: parseTiles('1199m 2288p 33s 667z'),
        W: parseTiles('19m 19p 19s 1234567z'),
        N: parseTiles('2345678m 234p 55s 9p'),
      },
    },
  },
  TileDrawn: { type: 'TileDrawn', schemaVersion: 1, data: { seat: 'E', tile: tile('6z'), source: 'live' } },
  FlowerDeclared: { type: 'FlowerDeclared', schemaVersion: 1, data: { seat: 'E', flower: tile('1f') } },
  TileDiscarded: { type: 'TileDiscarded', schemaVersion: 1, data: { seat: 'E', tile: tile('9m') } },
  ClaimWindowOpened: {
    type: 'ClaimWindowOpened',
    schemaVersion: 1,
    data: {
      offer: { tile: tile('9m'), from: 'E', kind: 'discard' },
      seats: {
        S: { win: false, kong: false, pong: true, chows: [] },
        W: { win: true, kong: false, pong: false, chows: [] },
        N: { win: false, kong: false, pong: false, chows: [], barredFromWin: 'sacred-discard' },
      },
      deadline: '2025-03-01T14:05:14.120Z',
    },
  },
  ClaimMade: { type: 'ClaimMade', schemaVersion: 1, data: { seat: 'S', claim: { claim: 'pong' } } },
  ClaimPassed: { type: 'ClaimPassed', schemaVersion: 1, data: { seat: 'W' } },
  ClaimTimedOut: {
    type: 'ClaimTimedOut',
    schemaVersion: 1,
    data: { seat: 'N', late: { claim: 'chow', tiles: [tile('7m'), tile('8m')] } },
  },
  ClaimResolved: {
    type: 'ClaimResolved',
    schemaVersion: 1,
    data: {
      outcome: 'meld',
      seat: 'S',
      claim: 'pong',
      lapsed: [],
      lockedUntilDraw: [],
    },
  },
  MeldDeclared: {
    type: 'MeldDeclared',
    schemaVersion: 1,
    data: { kind: 'pong', seat: 'S', tile: tile('9m'), from: 'E' },
  },
  KongRobbed: {
    type: 'KongRobbed',
    schemaVersion: 1,
    data: { seat: 'S', tile: tile('9m'), robbers: ['W'], revertsTo: 'pong' },
  },
  WinDeclared: {
    type: 'WinDeclared',
    schemaVersion: 1,
    data: { seat: 'W', tile: tile('9m'), by: 'robbing-kong', from: 'S' },
  },
  FalseWinDeclared: {
    type: 'FalseWinDeclared',
    schemaVersion: 1,
    data: {
      seat: 'N',
      tile: tile('5s'),
      by: 'discard',
      from: 'W',
      reason: '2345678m 234p 555s is no complete hand: 2345678m leaves 2 tiles over',
    },
  },
  StreakDiePlaced: { type: 'StreakDiePlaced', schemaVersion: 1, data: { seat: 'E', count: 2 } },
  DeadHandDeclared: {
    type: 'DeadHandDeclared',
    schemaVersion: 1,
    data: { seat: 'N', held: 12, expected: 13 },
  },
  ScoresDeclared: { type: 'ScoresDeclared', schemaVersion: 1, data: { scores: { W: 6100 } } },
  PenaltyAssessed: {
    type: 'PenaltyAssessed',
    schemaVersion: 1,
    data: {
      seat: 'N',
      kind: 'heavy-penalty',
      points: 4000,
      reason: 'false win: declared on an incomplete hand',
      settled: 'now',
      transfers: [
        { from: 'N', to: 'E', points: 4000, reason: 'heavy penalty' },
        { from: 'N', to: 'S', points: 4000, reason: 'heavy penalty' },
        { from: 'N', to: 'W', points: 4000, reason: 'heavy penalty' },
      ],
    },
  },
  ImmediatePayment: {
    type: 'ImmediatePayment',
    schemaVersion: 1,
    data: {
      kind: 'dice-triple',
      settles: 'evt-hand-g7-1-0',
      transfers: [
        { from: 'S', to: 'E', points: 5, reason: 'dice triple 3-3-3 thrown by E' },
        { from: 'W', to: 'E', points: 5, reason: 'dice triple 3-3-3 thrown by E' },
        { from: 'N', to: 'E', points: 5, reason: 'dice triple 3-3-3 thrown by E' },
      ],
      withheld: [],
    },
  },
  HandSettled: {
    type: 'HandSettled',
    schemaVersion: 2,
    data: {
      ruleset: rulesetRef,
      winners: [{ seat: 'W', handScore: 6100, effectiveScore: 6100 }],
      lapsed: [],
      transfers: [{ from: 'S', to: 'W', points: 18300, reason: 'robbing the kong: S pays as the discarder' }],
    },
  },
  SettlementCorrected: {
    type: 'SettlementCorrected',
    schemaVersion: 2,
    data: {
      corrects: 'evt-hand-g7-1-57',
      mode: 'replacement',
      correctedBy: { role: 'referee', id: 'referee-kim' },
      wrong: 'All Sequences was scored although W had an exposed meld',
      reason: 'ruling R-12: allSequencesConcealedOnly holds at this tournament',
      ruleset: rulesetRef,
      winners: [{ seat: 'W', handScore: 5600, effectiveScore: 5600 }],
      lapsed: [],
      transfers: [{ from: 'S', to: 'W', points: 16800, reason: 'robbing the kong: S pays as the discarder' }],
      previous: [{ from: 'S', to: 'W', points: 18300, reason: 'robbing the kong: S pays as the discarder' }],
      deltas: { S: 1500, W: -1500 },
    },
  },
  HandDrawn: { type: 'HandDrawn', schemaVersion: 1, data: { reason: 'pond-full', seat: 'N', discards: 18 } },
  HandVoided: {
    type: 'HandVoided',
    schemaVersion: 1,
    data: { cause: 'false-win', explanation: 'seed 004: a false Mahjong voids the hand; E deals again' },
  },
  WallRevealed: { type: 'WallRevealed', schemaVersion: 1, data: { order: wall, hash: wallHash(wall) } },
  HandResultEntered: {
    type: 'HandResultEntered',
    schemaVersion: 1,
    data: {
      gameId: 'g7',
      hand: 2,
      ruleset: rulesetInPlay,
      prevalentWind: 'E',
      seatWinds: { E: 'player-ana', S: 'player-bo', W: 'player-cy', N: 'player-di' },
      repeats: 0,
      result: { kind: 'win', by: 'discard', from: 'N', claims: [enteredClaim] },
      request: {
        ruleset: 'hu-mahjong',
        options: ruleset.options,
        prevalentWind: 'E',
        dealerRepeats: 0,
        winType: 'discard',
        from: 'N',
        claims: [enteredClaim],
      },
      enteredBy: { role: 'scorer', id: 'scorer-lee' },
    },
  },
  GameFinished: {
    type: 'GameFinished',
    schemaVersion: 1,
    data: {
      reason: 'rounds-complete',
      hands: 9,
      scores: [
        { playerId: 'player-ana', points: 41200 },
        { playerId: 'player-bo', points: 18700 },
        { playerId: 'player-cy', points: 36100 },
        { playerId: 'player-di', points: 24000 },
      ],
    },
  },
};
