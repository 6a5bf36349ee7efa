// Hu Mahjong, Irregular hands (seed 003, 003_cfd8ab0b6123cd10.txt).
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { p, yes } from './predicates.ts';

export const IRREGULAR: readonly Pattern<HuCategory>[] = [
  p({
    id: 'seven-pairs',
    name: 'Seven Pairs',
    chinese: '七对',
    category: 'irregular',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.SevenPairs,
    count: (f) => yes(f.shape === 'seven-pairs'),
  }),
  p({
    id: 'seven-consecutive-pairs',
    name: 'Seven Consecutive Pairs',
    chinese: '连七对',
    category: 'irregular',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: ['seven-pairs'],
    requires: Needs.SevenPairs,
    count: (f) => yes(f.consecutivePairs),
  }),
  p({
    id: 'thirteen-orphans',
    name: 'Thirteen Orphans',
    chinese: '十三么',
    category: 'irregular',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.Orphans,
    count: (f) => yes(f.shape === 'thirteen-orphans'),
  }),
  p({
    id: 'eight-immortals',
    name: 'Eight Immortals',
    chinese: '八仙过海',
    category: 'irregular',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.Flowers,
    count: (f) => yes(f.flowerSets === 2),
  }),
];
