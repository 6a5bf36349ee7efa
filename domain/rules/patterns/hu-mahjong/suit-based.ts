// Hu Mahjong, Suit-based (seed 003, 003_cfd8ab0b6123cd10.txt).
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { isNineGates, oneSuit, p, yes } from './predicates.ts';

export const SUIT_BASED: readonly Pattern<HuCategory>[] = [
  p({
    id: 'all-types',
    name: 'All Types',
    chinese: '五门齐',
    category: 'suit-based',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.AllTypes,
    count: (f) => yes(f.groupsUsed === 31),
  }),
  p({
    id: 'half-flush',
    name: 'Half Flush',
    chinese: '混一色',
    category: 'suit-based',
    points: 3000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.OneSuit | Needs.WithHonors,
    count: (f) => yes(oneSuit(f.groupsUsed) && (f.groupsUsed & 24) !== 0),
  }),
  p({
    id: 'full-flush',
    name: 'Full Flush',
    chinese: '清一色',
    category: 'suit-based',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['half-flush'],
    requires: Needs.OneSuit | Needs.WithoutHonors,
    count: (f) => yes(oneSuit(f.groupsUsed) && (f.groupsUsed & 24) === 0),
  }),
  p({
    id: 'all-green',
    name: 'All Green',
    chinese: '绿一色',
    category: 'suit-based',
    points: 12000,
    limit: 2,
    qualifiesWin: true,
    supersedes: ['half-flush', 'full-flush'],
    requires: Needs.AllGreen,
    count: (f) => yes(f.allGreen),
  }),
  p({
    id: 'nine-gates',
    name: 'Nine Gates',
    chinese: '九莲宝灯',
    category: 'suit-based',
    points: 16000,
    limit: 3,
    qualifiesWin: true,
    supersedes: ['full-flush'],
    requires: Needs.OneSuit | Needs.WithoutHonors | Needs.NoMelds,
    count: (f) => yes(isNineGates(f)),
  }),
];
