// Deciding amendments of the ruleset and what they set in motion: the organizer's change of options, the
// corrected result of a finished table, and the end of an amendment's recompute.
import { RuleInputError } from '../rules/errors.ts';
import {
  amendabilityOf,
  canonicalJson,
  PRESET_DEFINITIONS,
  type PresetId,
  rulesetOf,
} from '../rules/rulesets/index.ts';
import { playedInScope, tableOfGame } from './amendments.ts';
import type { AmendRuleset, RecordAmendmentApplied, RecordTableCorrected } from './commands.ts';
import { event, one, type TournamentDecision } from './decide-shared.ts';
import { TOURNAMENT_RULES as RULES, rejectTournament as reject } from './rejection.ts';
import { playersAt, type TournamentState } from './state.ts';

/** Options no amendment changes: a table's size is set when its round is seated. */
const NOT_AMENDABLE: ReadonlySet<string> = new Set(['players']);

export function amendRuleset(command: AmendRuleset, state: TournamentState): TournamentDecision {
  if (state.amendments.some((a) => a.amendmentId === command.amendmentId))
    return reject('amendment-exists', RULES.amendments, `amendment ${command.amendmentId} exists`);
  const before = state.amended!;
  const preset = before.preset as PresetId;
  const names = Object.keys(command.changes);
  if (names.length === 0) return reject('amendment-changes-nothing', RULES.amendments, 'no option is named');
  const known = PRESET_DEFINITIONS[preset].options as Record<string, unknown>;
  const unknown = names.find((name) => !Object.hasOwn(known, name));
  if (unknown !== undefined)
    return reject(
      'unknown-option',
      RULES.amendments,
      `options.${unknown}: ${preset} has no option ${unknown}`,
    );
  const fixed = names.find((name) => NOT_AMENDABLE.has(name));
  if (fixed !== undefined)
    return reject(
      'option-not-amendable',
      RULES.amendments,
      `options.${fixed}: a table's size is set when its round is seated, not amended`,
    );
  let after: ReturnType<typeof rulesetOf>;
  try {
    after = rulesetOf(preset, { ...before.options, ...command.changes });
  } catch (error) {
    if (!(error instanceof RuleInputError)) throw error;
    return reject('bad-option-value', RULES.amendments, `${error.field}: ${error.message}`);
  }
  const options = after.options as Record<string, unknown>;
  const changed = names.filter((n) => canonicalJson(before.options[n]) !== canonicalJson(options[n]));
  if (changed.length === 0)
    return reject(
      'amendment-changes-nothing',
      RULES.amendments,
      `${names.join(', ')} already ${names.length === 1 ? 'has' : 'have'} that value`,
    );
  const played = playedInScope(state, command.scope);
  const play = changed.filter((n) => amendabilityOf(preset, n) === 'from-next-hand');
  if (play.length > 0 && played !== undefined)
    return reject(
      'amendment-not-retroactive',
      RULES.retroactive,
      `options.${play[0]}: ${play.join(', ')} ${play.length === 1 ? 'changes' : 'change'} play and cannot apply ` +
        `to hands already played (round ${played} has started); amend ${play.length === 1 ? 'it' : 'them'} ` +
        'from the next hand instead (scope next-hand)',
    );
  const retroactive = changed.filter((n) => amendabilityOf(preset, n) === 'retroactively');
  return one(
    event('RulesetAmended', {
      amendmentId: command.amendmentId,
      // An option with no value before (one without a default) is recorded as null: JSON keeps no undefined.
      changes: Object.fromEntries(
        changed.map((n) => [n, { from: before.options[n] ?? null, to: options[n] }]),
      ),
      scope: command.scope,
      reason: command.reason,
      revision: state.amendments.length + 2,
      ruleset: { preset, version: after.version, options: { ...options }, hash: after.hash },
      previous: { preset, version: before.version, hash: before.hash },
      recompute: retroactive.length > 0 && played !== undefined,
      amendedBy: { ...command.by },
    }),
  );
}

export function recordAmendmentApplied(
  command: RecordAmendmentApplied,
  state: TournamentState,
): TournamentDecision {
  const amendment = state.amendments.find((a) => a.amendmentId === command.result.amendmentId);
  if (amendment === undefined)
    return reject('unknown-amendment', RULES.amendments, `no amendment ${command.result.amendmentId}`);
  // Applied once: a retried job that finished twice records it the first time only.
  if (amendment.applied !== undefined) return { events: [] };
  return one(event('AmendmentApplied', { ...command.result }));
}

export function recordTableCorrected(
  command: RecordTableCorrected,
  state: TournamentState,
): TournamentDecision {
  const found = tableOfGame(state, command.gameId);
  if (found === undefined)
    return reject('unknown-game', RULES.corrected, `${command.gameId} is no game of this tournament`);
  const { round, table } = found;
  if (!table.finished || table.scores === undefined)
    return reject(
      'unknown-table',
      RULES.corrected,
      `table ${table.table} of round ${round.round} has not finished: its game counts the correction`,
    );
  const seated = [...playersAt(table)].sort().join();
  if (
    command.scores
      .map((s) => s.playerId)
      .sort()
      .join() !== seated
  )
    return reject('bad-scores', RULES.corrected, `table ${table.table} seats ${seated}`);
  const same = canonicalJson(table.scores) === canonicalJson(command.scores);
  // The table's result already says so (its TableFinished came after the correction): nothing to add.
  if (same) return { events: [] };
  return one(
    event('TableResultCorrected', {
      round: round.round,
      table: table.table,
      gameId: command.gameId,
      hand: command.hand,
      correction: command.correction,
      previous: table.scores.map((s) => ({ ...s })),
      scores: command.scores.map(({ playerId, points }) => ({ playerId, points })),
    }),
  );
}
