// One evaluation behind both the preview and the commit, so that what the scorer sees is what is settled: the
// entry checked, the score contract asked for a win, seed 003's ready-hand payment and the patterns reached at
// exhaustive draw for a hu-mahjong draw.
import type { z } from 'zod';
import {
  evaluateScoreRequest,
  type ScoreOutcome,
  type ScoreOutput,
  type WinnerOutput,
} from '../../rules/contract/index.ts';
import type { ScoreRequestSchema } from '../../rules/contract/schema.ts';
import { RuleInputError } from '../../rules/errors.ts';
import { fieldName } from '../../rules/field-name.ts';
import { type DrawPattern, patternsScoredAtDraw } from '../../rules/patterns/hu-mahjong/at-draw.ts';
import { type PresetId, type PresetOptions, type Ruleset, rulesetOf } from '../../rules/rulesets/index.ts';
import { type Deltas, deltasOf, type PlayerCount, type Seat, type Transfer } from '../../rules/seats.ts';
import { huMahjongDrawPatternTransfers } from '../../rules/settlement/hu-mahjong.ts';
import { type EnteredResult, HandResultEntered } from '../entry-events.ts';
import { seatsOf, seatsProblem } from '../fields.ts';
import type { EnterHandResult } from './commands.ts';
import { readyHandTransfers } from './ready-hand.ts';
import { ENTRY_RULES, type EntryRejection } from './rejection.ts';

export type ScoreRequestAsGiven = z.input<typeof ScoreRequestSchema>;

/**
 * What the hand moves: the contract's answer for a win; for a hu-mahjong draw the ready-hand payment and the
 * patterns reached at the draw.
 */
export interface EntrySettlement {
  readonly ruleset: { readonly preset: PresetId; readonly version: number; readonly hash: string };
  /** Patterns, bonuses and sets included where the ruleset scored tiles (hu-mahjong). */
  readonly winners: readonly WinnerOutput[];
  /** A hu-mahjong draw's patterns as the ruleset prices them (none scored: empty; a win: empty). */
  readonly atDraw: readonly DrawPattern[];
  readonly lapsed: readonly { readonly seat: Seat; readonly reason: string }[];
  readonly transfers: readonly Transfer[];
  /** Every seat at the table; sums to zero. */
  readonly deltas: Deltas;
}

export interface EvaluatedEntry {
  readonly entered: HandResultEntered;
  /** null where nothing is settled: a void, or a draw outside hu-mahjong. */
  readonly settlement: EntrySettlement | null;
}

export type Evaluation = { readonly evaluated: EvaluatedEntry } | { readonly rejection: EntryRejection };

const invalidEntry = (field: string, message: string, contractField?: string): Evaluation => ({
  rejection: {
    code: 'invalid-entry',
    rule: contractField === undefined ? ENTRY_RULES.entry : ENTRY_RULES.contract,
    message,
    field,
    ...(contractField === undefined ? {} : { contractField }),
  },
});

export function evaluateEntry(command: EnterHandResult): Evaluation {
  const { context, result } = command;
  const ruleset = rulesetIn(command);
  if ('rejection' in ruleset) return ruleset;
  const seats = seatsOf(context.seatWinds);
  const players = ruleset.preset === 'hu-mahjong' ? (ruleset.options as { players: PlayerCount }).players : 4;
  const problem =
    seatsProblem(seats) ??
    (seats.length === players
      ? undefined
      : `${ruleset.preset} is set for ${players} players, not ${seats.length}`);
  if (problem !== undefined) return invalidEntry('context.seatWinds', problem);

  let request: ScoreRequestAsGiven | null = null;
  let settlement: EntrySettlement | null = null;
  if (result.kind === 'win') {
    request = requestOf(command);
    const settled = settleRequest(request, ruleset);
    if ('refused' in settled) {
      const outcome = settled.refused;
      if (outcome.kind === 'invalid')
        return invalidEntry(entryFieldOf(outcome.field), outcome.message, outcome.field);
      return {
        rejection: {
          code: 'not-a-win',
          rule: ENTRY_RULES.win,
          message: outcome.message,
          seat: outcome.seat,
        },
      };
    }
    settlement = settled.settlement;
  }

  const parsed = HandResultEntered.safeParse({
    type: 'HandResultEntered',
    schemaVersion: 1,
    data: {
      gameId: context.gameId,
      hand: command.hand,
      ruleset: context.ruleset,
      prevalentWind: context.prevalentWind,
      seatWinds: context.seatWinds,
      repeats: context.repeats,
      result,
      request,
      enteredBy: command.by,
    },
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return invalidEntry(commandFieldOf(issue.path), issue.message);
  }
  const entered = parsed.data;
  if (result.kind === 'drawn') settlement = drawnSettlement(ruleset, seats, result);
  return { evaluated: { entered, settlement } };
}

/**
 * An entered win's request settled by the score contract under `ruleset` (the entry's own; an amended one when
 * ../resettle settles the hand again), or the contract's refusal.
 */
export function settleRequest(
  request: ScoreRequestAsGiven,
  ruleset: Ruleset,
):
  | { readonly settlement: EntrySettlement }
  | { readonly refused: Exclude<ScoreOutcome, { kind: 'scored' }> } {
  const outcome = evaluateScoreRequest(request);
  return outcome.kind === 'scored'
    ? { settlement: settlementOf(outcome.output, ruleset) }
    : { refused: outcome };
}

/**
 * An entered exhaustive draw in hu-mahjong, settled as live play settles one (../hand/draw.ts): seed 003's
 * ready-hand payment first, then each pattern reached at the draw paid as a self-draw, priced by `ruleset`
 * (the entry's own, or an amended one when ../resettle settles the hand again). Nothing elsewhere (null).
 */
export function drawnSettlement(
  ruleset: Ruleset,
  seats: readonly Seat[],
  result: Pick<Extract<EnteredResult, { kind: 'drawn' }>, 'ready' | 'patterns'>,
): EntrySettlement | null {
  if (ruleset.preset !== 'hu-mahjong') return null;
  const options = ruleset.options as PresetOptions['hu-mahjong'];
  const { readyHandPayment, players } = options;
  const atDraw = patternsScoredAtDraw(seats, result.patterns ?? [], options);
  const transfers = [
    ...readyHandTransfers(seats, result.ready, readyHandPayment),
    ...huMahjongDrawPatternTransfers(players, atDraw),
  ];
  return {
    ruleset: refOf(ruleset),
    winners: [],
    atDraw,
    lapsed: [],
    transfers,
    deltas: deltasOf(transfers, players),
  };
}

/** The rules in play with their defaults filled, or the option the preset refuses. */
function rulesetIn({ context }: EnterHandResult): Ruleset | { rejection: EntryRejection } {
  try {
    return rulesetOf(context.ruleset.preset as PresetId, context.ruleset.options);
  } catch (error) {
    if (!(error instanceof RuleInputError)) throw error;
    const field = error.field === 'ruleset' ? 'context.ruleset.preset' : `context.ruleset.${error.field}`;
    return invalidEntry(field, error.message) as { rejection: EntryRejection };
  }
}

/** The contract's request for an entered win: the hand's frame from the game, the rest as entered. */
export function requestOf(command: EnterHandResult): ScoreRequestAsGiven {
  const { context, result } = command;
  if (result.kind !== 'win') throw new Error(`a ${result.kind} hand asks no contract`);
  return {
    ruleset: context.ruleset.preset as ScoreRequestAsGiven['ruleset'],
    options: { ...context.ruleset.options },
    prevalentWind: context.prevalentWind,
    dealerRepeats: context.repeats,
    ...(result.dieForgotten === undefined ? {} : { dieForgotten: result.dieForgotten }),
    winType: result.by,
    ...(result.from === undefined ? {} : { from: result.from }),
    claims: result.claims,
    ...(result.loserScores === undefined ? {} : { loserScores: result.loserScores }),
    ...(result.penalties === undefined ? {} : { penalties: result.penalties }),
  };
}

function settlementOf(output: ScoreOutput, ruleset: Ruleset): EntrySettlement {
  return {
    ruleset: output.ruleset
      ? { preset: ruleset.preset, version: output.ruleset.version, hash: output.ruleset.hash }
      : refOf(ruleset),
    winners: output.winners,
    atDraw: [],
    lapsed: output.lapsed,
    transfers: output.transfers,
    deltas: output.deltas,
  };
}

const refOf = ({ preset, version, hash }: Ruleset): EntrySettlement['ruleset'] => ({ preset, version, hash });

/** Where the command holds what the contract calls `field`. */
function entryFieldOf(field: string): string {
  const head = /^[^.[]*/.exec(field)![0];
  const rest = field.slice(head.length);
  switch (head) {
    case 'ruleset':
      return 'context.ruleset.preset';
    case 'options':
      return `context.ruleset.options${rest}`;
    case 'prevalentWind':
      return 'context.prevalentWind';
    case 'dealerRepeats':
      return 'context.repeats';
    case 'winType':
      return 'result.by';
    default:
      return `result.${field}`;
  }
}

const CONTEXT_FIELDS: readonly PropertyKey[] = ['gameId', 'ruleset', 'prevalentWind', 'seatWinds', 'repeats'];

/** Where the command holds what the event's schema refused (a path under `data`). */
function commandFieldOf(path: readonly PropertyKey[]): string {
  const [, head, ...rest] = path;
  if (head === undefined) return fieldName(path);
  if (head === 'enteredBy') return fieldName(['by', ...rest]);
  return fieldName(CONTEXT_FIELDS.includes(head) ? ['context', head, ...rest] : [head, ...rest]);
}
