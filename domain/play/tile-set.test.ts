// Which tiles each preset plays with: 144 where flowers are in play, 136 otherwise.
import { describe, expect, it } from 'vitest';
import { PRESET_IDS, rulesetOf } from '../rules/rulesets/index.ts';
import { flowersInPlay, tileSetOf } from './tile-set.ts';

describe('the tile set of a preset', () => {
  it('plays hu-mahjong with flowers unless the option turns them off (seed 003)', () => {
    expect(tileSetOf(rulesetOf('hu-mahjong'))).toHaveLength(144);
    expect(tileSetOf(rulesetOf('hu-mahjong', { flowers: false }))).toHaveLength(136);
  });

  it('plays table-law with flowers, and the presets whose texts name none without', () => {
    const sizes = Object.fromEntries(PRESET_IDS.map((p) => [p, tileSetOf(rulesetOf(p)).length]));
    expect(sizes).toEqual({
      'hu-mahjong': 144,
      'four-seas': 136,
      'chinese-classical': 136,
      'mahjong-house': 136,
      'table-law': 144,
    });
    expect(flowersInPlay(rulesetOf('table-law'))).toBe(true);
  });
});
