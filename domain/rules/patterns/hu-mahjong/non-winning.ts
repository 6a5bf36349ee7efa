// Hu Mahjong, Non-winning bonuses (seed 003, 003_cfd8ab0b6123cd10.txt). They add points but never make a hand eligible.
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { p } from './predicates.ts';

export const NON_WINNING: readonly Pattern<HuCategory>[] = [
  p({
    id: 'flower-tile',
    name: 'Flower Tile',
    chinese: '花牌',
    category: 'non-winning',
    points: 100,
    qualifiesWin: false,
    supersedes: [],
    // A flower inside a complete Flower Set is scored by the set, which implies it.
    requires: Needs.Flowers,
    count: (f) => f.flowerCount - 4 * f.flowerSets,
  }),
  p({
    id: 'flower-set',
    name: 'Flower Set',
    chinese: '花杠',
    category: 'non-winning',
    points: 1000,
    qualifiesWin: false,
    supersedes: [],
    requires: Needs.Flowers,
    count: (f) => f.flowerSets,
  }),
];
