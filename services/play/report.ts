// `play`'s output (docs/table-script.md "The output"): one JSON object a line. A hand script prints each event
// as the domain emitted it; a game script puts the event's stream first (`game-{id}`, `hand-{id}-{n}`), so
// that dropping `stream` (and `notation`) leaves the event. Then the rejection that stopped the script, if one
// did, and the one line standard error gets for it.
import { notationOf } from './notation.ts';
import type { PlayOutcome } from './outcome.ts';

export interface PlayReport {
  readonly stdout: readonly string[];
  /** The rejection in one line; undefined when every step was accepted. */
  readonly stderr: string | undefined;
}

export function reportOf(
  outcome: Exclude<PlayOutcome, { kind: 'invalid' }>,
  withNotation: boolean,
): PlayReport {
  const line = (value: object) => JSON.stringify(value);
  const withTiles = <E extends { data: unknown }>(event: E) => {
    const notation = withNotation ? notationOf(event.data) : undefined;
    return notation === undefined ? event : { ...event, notation };
  };
  switch (outcome.kind) {
    case 'played': {
      const stdout = outcome.events.map((event) => line(withTiles(event)));
      const { rejection } = outcome;
      if (rejection === undefined) return { stdout, stderr: undefined };
      const { code, rule, message, step } = rejection;
      return {
        stdout: [...stdout, line({ rejection: { code, rule, message, step } })],
        stderr: `rejected at step ${step}: ${code}: ${message} (${rule})`,
      };
    }
    case 'played-game': {
      const stdout = outcome.lines.map(({ stream, event }) => line({ stream, ...withTiles(event) }));
      const { rejection } = outcome;
      if (rejection === undefined) return { stdout, stderr: undefined };
      const { code, rule, message, stream, hand, step, path } = rejection;
      return {
        stdout: [...stdout, line({ rejection: { code, rule, message, stream, hand, step, path } })],
        stderr: `rejected at hand ${hand}, step ${step} (${path}): ${code}: ${message} (${rule})`,
      };
    }
  }
}
