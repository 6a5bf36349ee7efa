// Hu Mahjong, Triplets (seed 003, 003_cfd8ab0b6123cd10.txt).
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { p, yes } from './predicates.ts';

export const TRIPLETS: readonly Pattern<HuCategory>[] = [
  p({
    id: 'all-triplets',
    name: 'All Triplets',
    chinese: '对对和',
    category: 'triplets',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.FourPungs,
    count: (f) => yes(f.shape === 'standard' && f.pungCount === 4),
  }),
  p({
    id: 'three-concealed-triplets',
    name: 'Three Concealed Triplets',
    chinese: '三暗刻',
    category: 'triplets',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreePungs,
    count: (f) => yes(f.concealedPungs >= 3),
  }),
  p({
    id: 'four-concealed-triplets',
    name: 'Four Concealed Triplets',
    chinese: '四暗刻',
    category: 'triplets',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: ['three-concealed-triplets', 'all-triplets'],
    requires: Needs.FourPungs,
    count: (f) => yes(f.concealedPungs === 4),
  }),
];
