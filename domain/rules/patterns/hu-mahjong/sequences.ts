// Hu Mahjong, Sequences (seed 003, 003_cfd8ab0b6123cd10.txt).
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { hasStraight, p, twoPairsOfIdenticalChows, yes } from './predicates.ts';

export const SEQUENCES: readonly Pattern<HuCategory>[] = [
  p({
    id: 'two-pure-sequences',
    name: 'Two Pure Sequences',
    chinese: '一般高',
    category: 'sequences',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.TwoChows,
    count: (f) => yes(f.identicalChows >= 2),
  }),
  p({
    id: 'three-pure-sequences',
    name: 'Three Pure Sequences',
    chinese: '一色三同顺',
    category: 'sequences',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['two-pure-sequences'],
    requires: Needs.ThreeChows,
    count: (f) => yes(f.identicalChows >= 3),
  }),
  p({
    id: 'four-pure-sequences',
    name: 'Four Pure Sequences',
    chinese: '一色四同顺',
    category: 'sequences',
    points: 20000,
    limit: 4,
    qualifiesWin: true,
    supersedes: ['three-pure-sequences', 'two-pure-sequences-twice'],
    requires: Needs.FourChows,
    count: (f) => yes(f.identicalChows === 4),
  }),
  p({
    id: 'pure-straight',
    name: 'Pure Straight',
    chinese: '一气通贯',
    category: 'sequences',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.ThreeChows,
    count: (f) => yes(hasStraight(f)),
  }),
  p({
    id: 'two-pure-sequences-twice',
    name: 'Two Pure Sequences Twice',
    chinese: '两般高',
    category: 'sequences',
    points: 3000,
    qualifiesWin: true,
    supersedes: ['two-pure-sequences'],
    requires: Needs.FourChows,
    count: (f) => yes(twoPairsOfIdenticalChows(f)),
  }),
];
