// Which tiles a preset plays with: 136, or 144 with the eight flowers and seasons. Kept here, not in tiles/,
// because it reads rulesets, and tiles/ reads nothing above it.
import type { Ruleset } from '../rules/rulesets/index.ts';
import type { Tile } from '../tiles/index.ts';
import { tileSet } from '../tiles/wall.ts';

/**
 * hu-mahjong: its `flowers` option (seed 003: optional, recommended). table-law: always (seed 004 pays
 * bouquets and flower money from a flower wall). four-seas, chinese-classical, mahjong-house: their rule
 * texts name no flowers, so none.
 */
export function flowersInPlay(ruleset: Ruleset): boolean {
  switch (ruleset.preset) {
    case 'hu-mahjong':
      return (ruleset as Ruleset<'hu-mahjong'>).options.flowers;
    case 'table-law':
      return true;
    case 'four-seas':
    case 'chinese-classical':
    case 'mahjong-house':
      return false;
  }
}

export function tileSetOf(ruleset: Ruleset): Tile[] {
  return tileSet(flowersInPlay(ruleset));
}
