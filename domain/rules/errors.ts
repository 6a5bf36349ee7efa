// Input a rule cannot apply to: an unknown seat, a chow by a player who is not next, a negative score. The
// field says where, the message says why; the CLI answers exit 2 and the API 400 with both.
export class RuleInputError extends Error {
  override readonly name = 'RuleInputError';
  constructor(
    readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

export const ruleInputError = (field: string, message: string): never => {
  throw new RuleInputError(field, message);
};
