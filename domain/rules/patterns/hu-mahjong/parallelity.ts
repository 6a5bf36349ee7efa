// Hu Mahjong, Parallelity or two colors (seed 003, 003_cfd8ab0b6123cd10.txt).
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { p, parallelTwice, yes } from './predicates.ts';

export const PARALLELITY: readonly Pattern<HuCategory>[] = [
  p({
    id: 'parallel-sequences-twice',
    name: 'Parallel Sequences Twice',
    chinese: '双喜临门',
    category: 'parallelity',
    points: 2000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.FourChows,
    count: (f) => yes(parallelTwice(f.chows, f.chowCount)),
  }),
  p({
    id: 'parallel-triplets-twice',
    name: 'Parallel Triplets Twice',
    chinese: '两双同刻',
    category: 'parallelity',
    points: 4000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.FourPungs,
    count: (f) => yes(parallelTwice(f.pungs, f.pungCount)),
  }),
];
