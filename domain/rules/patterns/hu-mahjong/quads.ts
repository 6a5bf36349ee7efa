// Hu Mahjong, Quads (seed 003, 003_cfd8ab0b6123cd10.txt).
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { p, yes } from './predicates.ts';

export const QUADS: readonly Pattern<HuCategory>[] = [
  p({
    id: 'one-quad',
    name: 'One Quad',
    chinese: '一杠',
    category: 'quads',
    points: 500,
    qualifiesWin: false,
    supersedes: [],
    requires: Needs.Kong,
    count: (f) => yes(f.kongs >= 1),
  }),
  p({
    id: 'two-quads',
    name: 'Two Quads',
    chinese: '二杠',
    category: 'quads',
    points: 2000,
    qualifiesWin: true,
    supersedes: ['one-quad'],
    requires: Needs.TwoKongs,
    count: (f) => yes(f.kongs >= 2),
  }),
  p({
    id: 'three-quads',
    name: 'Three Quads',
    chinese: '三杠',
    category: 'quads',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['two-quads'],
    requires: Needs.ThreeKongs,
    count: (f) => yes(f.kongs >= 3),
  }),
  p({
    id: 'four-quads',
    name: 'Four Quads',
    chinese: '四杠',
    category: 'quads',
    points: 20000,
    limit: 4,
    qualifiesWin: true,
    supersedes: ['three-quads'],
    requires: Needs.ThreeKongs | Needs.FourPungs,
    count: (f) => yes(f.kongs === 4),
  }),
];
