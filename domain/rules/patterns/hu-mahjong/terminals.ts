// Hu Mahjong, Terminals (seed 003, 003_cfd8ab0b6123cd10.txt).
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { p, yes } from './predicates.ts';

export const TERMINALS: readonly Pattern<HuCategory>[] = [
  p({
    id: 'half-outside-hand',
    name: 'Half Outside Hand',
    chinese: '全带么',
    category: 'terminals',
    points: 3000,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.EveryGroupTerminalOrHonor,
    count: (f) => yes(f.everyGroupTerminalOrHonor),
  }),
  p({
    id: 'fully-outside-hand',
    name: 'Fully Outside Hand',
    chinese: '純全带么',
    category: 'terminals',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['half-outside-hand'],
    requires: Needs.EveryGroupTerminal,
    count: (f) => yes(f.everyGroupTerminal),
  }),
  p({
    id: 'all-terminals-and-honors',
    name: 'All Terminals and Honors',
    chinese: '混老头',
    category: 'terminals',
    points: 4000,
    qualifiesWin: true,
    supersedes: ['half-outside-hand'],
    requires: Needs.AllTerminalsOrHonors,
    count: (f) => yes(f.allTerminalsOrHonors && f.shape !== 'thirteen-orphans'),
  }),
  p({
    id: 'all-terminals',
    name: 'All Terminals',
    chinese: '清老头',
    category: 'terminals',
    points: 12000,
    limit: 2,
    qualifiesWin: true,
    supersedes: ['fully-outside-hand', 'all-terminals-and-honors'],
    requires: Needs.AllTerminals,
    count: (f) => yes(f.allTerminals),
  }),
];
