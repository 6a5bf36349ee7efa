// A hand recorded by a table scorer rather than played here (a physical table): the result as entered and the
// score contract's request as it was evaluated. Such a stream holds no HandStarted, so the entry carries the
// hand's frame (game, rules, seats) and the stream still replays on its own.
import { z } from 'zod';
import { ScoreRequestSchema } from '../rules/contract/schema.ts';
import { DRAW_PATTERN_IDS } from '../rules/patterns/hu-mahjong/at-draw.ts';
import { eventSchema, firstRepeat, id, reason, seat, seatsOf, seatsProblem } from './fields.ts';
import { handFrame } from './hand-events.ts';

/**
 * The contract's own schema checks the value, but the value is kept as given (tile strings, defaults not
 * filled): what the scorer typed is what the record shows, and it reads back unchanged.
 */
function asGiven<S extends z.ZodType>(schema: S) {
  return z.custom<z.input<S>>().superRefine((value, ctx) => {
    const parsed = schema.safeParse(value);
    if (!parsed.success)
      for (const issue of parsed.error.issues)
        ctx.addIssue({ code: 'custom', path: [...issue.path], message: issue.message });
  });
}

const contract = ScoreRequestSchema.shape;

/** A win, in the contract's terms: one claim per claimant (several on one discard where the ruleset allows). */
const enteredWin = z.strictObject({
  kind: z.literal('win'),
  by: z.enum(['self-draw', 'discard', 'robbing-kong']),
  /** The discarder, or the player whose kong was robbed; absent for self-draw. */
  from: seat.optional(),
  claims: z.array(asGiven(contract.claims.element)).min(1),
  loserScores: contract.loserScores,
  penalties: contract.penalties,
  /** table-law (seed 004): East forgot the streak die this hand. */
  dieForgotten: z.boolean().optional(),
});

/**
 * A pattern a seat reached at the exhaustive draw (hu-mahjong, seed 003: All Terminal and Honor Discards;
 * Eight Immortals with the eighth flower undrawn), as the scorer saw it at the table. The scorer records what
 * the seat shows; the ruleset in force prices it (patternsScoredAtDraw), so a retroactive patternPoints
 * prices it again.
 */
export const enteredDrawPattern = z.strictObject({ seat, pattern: z.enum(DRAW_PATTERN_IDS) });

/**
 * An exhaustive draw: the seats that were ready (seed 003 pays them; the other presets move nothing), and in
 * hu-mahjong the patterns reached at the draw. `patterns` is optional, so entries stored before it stay valid.
 */
const enteredDraw = z.strictObject({
  kind: z.literal('drawn'),
  ready: z.array(seat),
  patterns: z.array(enteredDrawPattern).optional(),
});

const enteredVoid = z.strictObject({
  kind: z.literal('voided'),
  cause: z.enum(['misdeal', 'ruling']),
  explanation: reason,
});

export const enteredResult = z.discriminatedUnion('kind', [enteredWin, enteredDraw, enteredVoid]);
export type EnteredResult = z.infer<typeof enteredResult>;

export const ENTRY_ROLES = ['referee', 'organizer', 'scorer'] as const;

export const HandResultEntered = eventSchema(
  'HandResultEntered',
  1,
  z
    .strictObject({
      ...handFrame,
      /** How many times the dealer has dealt again in a row (table law's streak count). */
      repeats: z.int().nonnegative(),
      result: enteredResult,
      /** The score contract's request exactly as it was evaluated; null where no contract is asked. */
      request: asGiven(ScoreRequestSchema).nullable(),
      enteredBy: z.strictObject({ role: z.enum(ENTRY_ROLES), id }),
    })
    .superRefine((data, ctx) => {
      const seats = seatsOf(data.seatWinds);
      const problem = seatsProblem(seats);
      if (problem) ctx.addIssue({ code: 'custom', path: ['seatWinds'], message: problem });
      const { result } = data;
      if ((result.kind === 'win') !== (data.request !== null))
        ctx.addIssue({
          code: 'custom',
          path: ['request'],
          message:
            result.kind === 'win'
              ? 'a win records the request evaluated'
              : `a ${result.kind} hand asks no contract`,
        });
      if (result.kind !== 'drawn') return;
      result.ready.forEach((s, i) => {
        if (data.seatWinds[s] === undefined)
          ctx.addIssue({ code: 'custom', path: ['result', 'ready', i], message: `no player sits at ${s}` });
      });
      const twice = firstRepeat(result.ready);
      if (twice !== undefined)
        ctx.addIssue({ code: 'custom', path: ['result', 'ready'], message: `${twice} is named twice` });
      drawPatternIssues(data.ruleset, data.seatWinds, result.patterns ?? []).forEach((issue) => {
        ctx.addIssue({ code: 'custom', ...issue });
      });
    }),
);
export type HandResultEntered = z.infer<typeof HandResultEntered>;

/**
 * What an entered draw's patterns cannot be: any outside hu-mahjong (no other seed scores a pattern at a
 * draw); a seat nobody sits at; the same pattern named twice for one seat; Eight Immortals for two seats (it
 * needs seven of the eight flowers and the eighth undrawn) or at a table playing without flowers. One seat
 * holding both patterns is taken as entered: it scores the limit alone, as live play scores it.
 */
function drawPatternIssues(
  ruleset: { readonly preset: string; readonly options: Readonly<Record<string, unknown>> },
  seatWinds: Partial<Record<string, string>>,
  patterns: readonly z.infer<typeof enteredDrawPattern>[],
): { path: (string | number)[]; message: string }[] {
  if (patterns.length === 0) return [];
  if (ruleset.preset !== 'hu-mahjong')
    return [
      {
        path: ['result', 'patterns'],
        message: `${ruleset.preset} scores no pattern at an exhaustive draw: only hu-mahjong (seed 003) does`,
      },
    ];
  const issues: { path: (string | number)[]; message: string }[] = [];
  patterns.forEach(({ seat: s, pattern }, i) => {
    const at = ['result', 'patterns', i];
    if (seatWinds[s] === undefined) issues.push({ path: [...at, 'seat'], message: `no player sits at ${s}` });
    else if (patterns.findIndex((p) => p.seat === s && p.pattern === pattern) !== i)
      issues.push({ path: [...at, 'seat'], message: `${s} is named twice for ${pattern}` });
    else if (pattern === 'eight-immortals' && ruleset.options.flowers === false)
      issues.push({
        path: [...at, 'pattern'],
        message: 'the table plays without flowers: no Eight Immortals',
      });
    else if (pattern === 'eight-immortals' && patterns.findIndex((p) => p.pattern === pattern) !== i)
      issues.push({
        path: [...at, 'seat'],
        message:
          'Eight Immortals for two seats: one seat holds seven of the eight flowers, the eighth undrawn',
      });
  });
  return issues;
}
