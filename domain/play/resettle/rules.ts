// Which amended rulesets a finished hand can be settled under: its own preset at its own table. An amendment
// re-settles; it never replays, so options that change play (amendable from the next hand) are not applied to
// the recorded course of play, and only a table of another size cannot be settled at all.
import type { PresetId, Ruleset } from '../../rules/rulesets/index.ts';
import type { PlayerCount } from '../../rules/seats.ts';

/** Why the hand, played as `preset` at `players` seats, cannot be settled under `ruleset`; undefined if it can. */
export function mismatch(
  preset: PresetId | undefined,
  players: PlayerCount,
  ruleset: Ruleset,
): string | undefined {
  if (preset !== ruleset.preset)
    return `the hand was played as ${String(preset)}: an amendment of ${ruleset.preset} does not settle it`;
  const seated = ruleset.preset === 'hu-mahjong' ? (ruleset.options as { players: PlayerCount }).players : 4;
  return seated === players
    ? undefined
    : `the hand was played by ${players} players: a ruleset for ${seated} does not settle it`;
}

/** The amended rules put in the hand's state: the options every later step reads, the reference it records. */
export const frameOf = ({ preset, version, hash, options }: Ruleset) => ({
  options: options as Readonly<Record<string, unknown>>,
  rulesetRef: { preset, version, hash },
});
