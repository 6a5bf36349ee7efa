// Declarations that end or mar a hand: a win, a false win (seed 004: false Mahjong), a dead hand, and the
// scores a table counts itself where the preset takes declared scores.
import { z } from 'zod';
import { eventSchema, points, reason, seat, seatsOf, tile } from './fields.ts';

const declaration = {
  seat,
  /** The winning tile: a flower when Eight Immortals wins on the eighth (seed 003). */
  tile,
  by: z.enum(['self-draw', 'discard', 'robbing-kong']),
  /** Whose tile it was: the discarder or the kong's player; absent for self-draw. */
  from: seat.optional(),
};

const fromMatchesBy = (
  d: { seat: string; by: string; from?: string | undefined },
  ctx: z.RefinementCtx,
): void => {
  if (d.by === 'self-draw' && d.from !== undefined)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'a self-drawn win takes no one’s tile' });
  if (d.by !== 'self-draw' && d.from === undefined)
    ctx.addIssue({ code: 'custom', path: ['from'], message: `a win by ${d.by} names whose tile it took` });
  if (d.from === d.seat)
    ctx.addIssue({ code: 'custom', path: ['from'], message: 'a player does not win on their own tile' });
};

/** A win the engine found valid. The hand it shows is the holder's, as the hand's events left it. */
export const WinDeclared = eventSchema(
  'WinDeclared',
  1,
  z.strictObject(declaration).superRefine(fromMatchesBy),
);
export type WinDeclared = z.infer<typeof WinDeclared>;

/**
 * A win declared on a hand that is none, where the ruleset penalises it rather than refusing the declaration.
 * The penalty and the hand's fate (voided, or play goes on) follow as their own events.
 */
export const FalseWinDeclared = eventSchema(
  'FalseWinDeclared',
  1,
  z.strictObject({ ...declaration, reason }).superRefine(fromMatchesBy),
);
export type FalseWinDeclared = z.infer<typeof FalseWinDeclared>;

/** Seed 004: too many or too few tiles. The holder plays and pays on, but never wins, claims or collects. */
export const DeadHandDeclared = eventSchema(
  'DeadHandDeclared',
  1,
  z
    .strictObject({ seat, held: z.int().nonnegative(), expected: z.int().positive() })
    .refine((d) => d.held !== d.expected, {
      message: 'a hand of the right size is not dead',
      path: ['held'],
    }),
);
export type DeadHandDeclared = z.infer<typeof DeadHandDeclared>;

/**
 * Hand scores the table counted, for presets that take declared scores (four-seas, chinese-classical,
 * mahjong-house, table-law): the winners', and in chinese-classical the losers' too.
 */
export const ScoresDeclared = eventSchema(
  'ScoresDeclared',
  1,
  z
    .strictObject({ scores: z.partialRecord(seat, points) })
    .refine((d) => seatsOf(d.scores).length > 0, { message: 'at least one score', path: ['scores'] }),
);
export type ScoresDeclared = z.infer<typeof ScoresDeclared>;
