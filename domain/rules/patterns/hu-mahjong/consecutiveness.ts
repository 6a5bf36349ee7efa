// Hu Mahjong, Consecutiveness (seed 003, 003_cfd8ab0b6123cd10.txt).
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { consecutiveRanks, p, yes } from './predicates.ts';

export const CONSECUTIVENESS: readonly Pattern<HuCategory>[] = [
  p({
    id: 'three-consecutive-triplets',
    name: 'Three Consecutive Triplets',
    chinese: '三节高',
    category: 'consecutiveness',
    points: 4000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreePungs,
    count: (f) => yes(consecutiveRanks(f.pungRanks, 3)),
  }),
  p({
    id: 'four-consecutive-triplets',
    name: 'Four Consecutive Triplets',
    chinese: '四节高',
    category: 'consecutiveness',
    points: 8000,
    limit: 1,
    qualifiesWin: true,
    supersedes: ['three-consecutive-triplets'],
    requires: Needs.FourPungs,
    count: (f) => yes(consecutiveRanks(f.pungRanks, 4)),
  }),
];
