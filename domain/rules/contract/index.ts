// The score contract (spec/score-contract.md): one hand's facts in, its resolution and payments out.
import { scoreDeclared } from './declared.ts';
import { scoreHuMahjong } from './hu-mahjong.ts';
import { InvalidInput, type ScoreOutcome } from './outcome.ts';
import { fieldName, type Preset, ScoreRequestSchema } from './schema.ts';
import { scoreTableLaw } from './table-law.ts';

export type { ScoreOutcome, ScoreOutput, WinnerOutput } from './outcome.ts';
export { PRESETS, type Preset, type ScoreRequest } from './schema.ts';

/** Evaluates a request already read from JSON. Never throws for bad input: it answers 'invalid'. */
export function evaluateScoreRequest(input: unknown): ScoreOutcome {
  const parsed = ScoreRequestSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { kind: 'invalid', field: fieldName(issue.path), message: issue.message };
  }
  const request = parsed.data;
  try {
    return scoreFor(request.ruleset)(request);
  } catch (error) {
    if (error instanceof InvalidInput) return { kind: 'invalid', field: error.field, message: error.message };
    throw error;
  }
}

function scoreFor(preset: Preset): typeof scoreHuMahjong {
  switch (preset) {
    case 'hu-mahjong':
      return scoreHuMahjong;
    case 'four-seas':
    case 'chinese-classical':
    case 'mahjong-house':
      return (request) => scoreDeclared(preset, request);
    case 'table-law':
      return scoreTableLaw;
  }
}
