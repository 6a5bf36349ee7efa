// Hu Mahjong, Basic patterns (seed 003, 003_cfd8ab0b6123cd10.txt). All Sequences asks for a concealed hand:
// the seed's scoring example, an opened hand, totals 6100, which its payouts confirm, though the terms it
// lists (All Sequences among them) add up to 6600.
import { Needs } from '../facts.ts';
import type { Pattern } from '../pattern.ts';
import type { HuCategory } from './category.ts';
import { p, yes } from './predicates.ts';

export const BASIC: readonly Pattern<HuCategory>[] = [
  p({
    id: 'all-sequences',
    name: 'All Sequences',
    chinese: '平和',
    category: 'basic',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.FourChows | Needs.ConcealedHand,
    count: (f) => yes(f.shape === 'standard' && f.chowCount === 4 && f.concealedHand),
  }),
  p({
    id: 'all-simples',
    name: 'All Simples',
    chinese: '断么',
    category: 'basic',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.AllSimples,
    count: (f) => yes(f.allSimples),
  }),
  p({
    id: 'fully-concealed-hand',
    name: 'Fully Concealed Hand',
    chinese: '门清',
    category: 'basic',
    points: 500,
    qualifiesWin: true,
    supersedes: [],
    requires: Needs.SelfDraw | Needs.ConcealedHand,
    count: (f) => yes(f.concealedHand && f.situation.winType === 'self-draw'),
  }),
];
