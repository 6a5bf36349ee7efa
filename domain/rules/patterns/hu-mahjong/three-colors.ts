// Hu Mahjong, Three colors (seed 003, 003_cfd8ab0b6123cd10.txt).
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { inThreeSuits, p, yes } from './predicates.ts';

export const THREE_COLORS: readonly Pattern<HuCategory>[] = [
  p({
    id: 'three-color-sequences',
    name: 'Three-color Sequences',
    chinese: '三色三同顺',
    category: 'three-colors',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreeChows,
    count: (f) => yes(inThreeSuits(f.chowRanks)),
  }),
  p({
    id: 'three-color-triplets',
    name: 'Three-color Triplets',
    chinese: '三同刻',
    category: 'three-colors',
    points: 4000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreePungs,
    count: (f) => yes(inThreeSuits(f.pungRanks)),
  }),
];
