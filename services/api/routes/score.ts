// POST /api/score: the score contract over HTTP (spec/score-contract.md "Errors"). Invalid input is 400
// `invalid-input` with the field as the command line names it, a claim that is no win is 422 `not-a-win` with
// the seat; the request is validated by the contract itself, not by the route, so both report alike.
import { evaluateScoreRequest } from '../../../domain/rules/contract/index.ts';
import { ScoreRequestSchema } from '../../../domain/rules/contract/schema.ts';
import { SEATS } from '../../../domain/rules/seats.ts';
import { ProblemError } from '../problem.ts';
import { defineRoute, type Route } from '../route.ts';
import { z } from '../zod.ts';

const seat = z.enum(SEATS);

export const ScoreOutputSchema = z
  .object({
    winners: z.array(
      z.object({
        seat,
        handScore: z.number(),
        effectiveScore: z.number(),
        patterns: z.array(z.object({ name: z.string(), chinese: z.string(), points: z.number() })).optional(),
        bonuses: z.array(z.object({ name: z.string(), points: z.number() })).optional(),
        sets: z.array(z.string()).optional(),
      }),
    ),
    lapsed: z.array(z.object({ seat, reason: z.string() })),
    transfers: z.array(z.object({ from: seat, to: seat, points: z.number(), reason: z.string() })),
    deltas: z.partialRecord(seat, z.number()),
    ruleset: z.object({ preset: z.string(), version: z.number(), hash: z.string() }).optional(),
  })
  .openapi('ScoreOutput');

/** The score contract's request, as the OpenAPI document names it; the contract validates it itself. */
// Wrapped, not extended: the domain's schema may be built before zod-to-openapi's extension is in place.
export const ScoreRequest = z.lazy(() => ScoreRequestSchema).openapi('ScoreRequest');

export function scoreRoutes(): Route[] {
  return [
    defineRoute({
      method: 'post',
      path: '/api/score',
      summary: 'Score one hand (the score contract)',
      description:
        'spec/score-contract.md: 400 invalid-input names the field as the command line does (`field`); ' +
        '422 not-a-win names the seat whose claim is no win.',
      tags: ['calculator'],
      bodyDocumented: ScoreRequest,
      responses: {
        200: { description: 'The resolution and payments', schema: ScoreOutputSchema },
        422: { description: 'A claim is not a winning hand (not-a-win, with `seat`)' },
      },
      handler: ({ body }) => {
        const outcome = evaluateScoreRequest(body);
        switch (outcome.kind) {
          case 'scored':
            return { body: outcome.output };
          case 'invalid':
            throw new ProblemError(400, 'invalid-input', `${outcome.field}: ${outcome.message}`, {
              field: outcome.field,
              errors: [{ path: outcome.field, message: outcome.message }],
            });
          case 'not-a-win':
            throw new ProblemError(422, 'not-a-win', outcome.message, { seat: outcome.seat });
        }
      },
    }),
  ];
}
