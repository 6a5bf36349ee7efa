// Every event of play (DESIGN.md "Events"): one discriminated union over the current schema versions, the
// stream each belongs to, and the version each is written at.
import { z } from 'zod';
import { ClaimMade, ClaimPassed, ClaimResolved, ClaimTimedOut, ClaimWindowOpened } from './claim-events.ts';
import { HandResultEntered } from './entry-events.ts';
import { GameFinished, GameStarted } from './game-events.ts';
import { HandDrawn, HandStarted, HandVoided, TilesDealt, WallRevealed } from './hand-events.ts';
import { HandSettled, ImmediatePayment, PenaltyAssessed, SettlementCorrected } from './payment-events.ts';
import {
  FlowerDeclared,
  KongRobbed,
  MeldDeclared,
  StreakDiePlaced,
  TileDiscarded,
  TileDrawn,
} from './turn-events.ts';
import { DeadHandDeclared, FalseWinDeclared, ScoresDeclared, WinDeclared } from './win-events.ts';

/** Each event type's schema at its current version, in the order a hand meets them. */
const SCHEMAS = [
  GameStarted,
  HandStarted,
  TilesDealt,
  TileDrawn,
  FlowerDeclared,
  StreakDiePlaced,
  TileDiscarded,
  ClaimWindowOpened,
  ClaimMade,
  ClaimPassed,
  ClaimTimedOut,
  ClaimResolved,
  MeldDeclared,
  KongRobbed,
  WinDeclared,
  FalseWinDeclared,
  DeadHandDeclared,
  ScoresDeclared,
  PenaltyAssessed,
  ImmediatePayment,
  HandSettled,
  SettlementCorrected,
  HandDrawn,
  HandVoided,
  WallRevealed,
  HandResultEntered,
  GameFinished,
] as const;

export const PlayEvent = z.discriminatedUnion('type', SCHEMAS);
export type PlayEvent = z.infer<typeof PlayEvent>;
export type PlayEventType = PlayEvent['type'];
export type PlayEventOf<T extends PlayEventType> = Extract<PlayEvent, { type: T }>;

type Schema = (typeof SCHEMAS)[number];
export const PLAY_EVENT_SCHEMAS = Object.fromEntries(SCHEMAS.map((s) => [s.shape.type.value, s])) as {
  readonly [S in Schema as S['shape']['type']['value']]: S;
};

export const PLAY_EVENT_TYPES: readonly PlayEventType[] = SCHEMAS.map((s) => s.shape.type.value);

export function isPlayEventType(type: string): type is PlayEventType {
  return Object.hasOwn(PLAY_EVENT_SCHEMAS, type);
}

/** The schema version each type is written at now; older stored versions are upcast to it. */
export function currentVersion(type: PlayEventType): number {
  return PLAY_EVENT_SCHEMAS[type].shape.schemaVersion.value;
}

/** game-{id} holds a game's frame; hand-{gameId}-{n} everything of one hand, the unit of replay. */
export const STREAM_OF: { readonly [T in PlayEventType]: 'game' | 'hand' } = {
  GameStarted: 'game',
  HandStarted: 'hand',
  TilesDealt: 'hand',
  TileDrawn: 'hand',
  FlowerDeclared: 'hand',
  StreakDiePlaced: 'hand',
  TileDiscarded: 'hand',
  ClaimWindowOpened: 'hand',
  ClaimMade: 'hand',
  ClaimPassed: 'hand',
  ClaimTimedOut: 'hand',
  ClaimResolved: 'hand',
  MeldDeclared: 'hand',
  KongRobbed: 'hand',
  WinDeclared: 'hand',
  FalseWinDeclared: 'hand',
  DeadHandDeclared: 'hand',
  ScoresDeclared: 'hand',
  PenaltyAssessed: 'hand',
  ImmediatePayment: 'hand',
  HandSettled: 'hand',
  SettlementCorrected: 'hand',
  HandDrawn: 'hand',
  HandVoided: 'hand',
  WallRevealed: 'hand',
  HandResultEntered: 'hand',
  GameFinished: 'game',
};
