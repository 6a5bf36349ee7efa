// One test per pattern of seed 003 (003_cfd8ab0b6123cd10.txt), built from the seed's own example tiles
// (completed to fourteen where the seed shows only the sets that matter), each asserting the exact points.
import { describe, expect, it } from 'vitest';
import { hand, type WinSpec, winningHand } from '../../../test/support/hand.ts';
import {
  ALL_TERMINAL_HONOR_DISCARDS,
  HU_MAHJONG_PATTERNS,
  HU_MAHJONG_TABLE,
  huMahjongTable,
} from './hu-mahjong.ts';
import { supersessionClosure } from './pattern.ts';
import { scoreHand } from './score.ts';

function scored(tiles: string, spec: WinSpec = {}) {
  const result = scoreHand(HU_MAHJONG_TABLE, winningHand(tiles, spec));
  if (!result.win) throw new Error(`expected a win, got ${result.reason}: ${result.message}`);
  return {
    total: result.points,
    patterns: result.patterns.map((p) => `${p.name} ${p.points}`).sort(),
    capped: result.capped,
  };
}

const expectScore = (tiles: string, spec: WinSpec, patterns: string[], total: number): void => {
  const result = scored(tiles, spec);
  expect(result.patterns).toEqual([...patterns].sort());
  expect(result.total).toBe(total);
};

describe('Hu Mahjong basic patterns', () => {
  it('All Sequences: 500', () => {
    expectScore('🀋🀌🀍 🀙🀚🀛 🀒🀓🀔 🀖🀗🀘 🀂🀂', {}, ['All Sequences 500'], 500);
  });
  it('All Simples: 500', () => {
    expectScore('🀈🀉🀊 🀠🀠🀠 🀛🀜🀝 🀕🀖🀗 🀚🀚', {}, ['All Simples 500'], 500);
  });
  it('Fully Concealed Hand: 500, only when won by self-draw', () => {
    const tiles = '🀋🀌🀍 🀙🀚🀛 🀒🀓🀔 🀖🀗🀘 🀂🀂';
    expectScore(tiles, { winType: 'self-draw' }, ['All Sequences 500', 'Fully Concealed Hand 500'], 1000);
    expect(scored(tiles, { winType: 'discard' }).patterns).not.toContain('Fully Concealed Hand 500');
  });
  it('Fully Concealed Hand: concealed quads are allowed', () => {
    expectScore(
      '234m 678s 345s 99m',
      { melds: ['+5555p'], winType: 'self-draw' },
      ['Fully Concealed Hand 500', 'One Quad 500'],
      1000,
    );
  });
});

describe('Hu Mahjong sequences', () => {
  it('Two Pure Sequences: 500', () => {
    expectScore('🀇🀈🀉 🀇🀈🀉 345p 678s 99p', {}, ['Two Pure Sequences 500', 'All Sequences 500'], 1000);
  });
  it('Three Pure Sequences: 4000, superseding Two Pure Sequences, read as chows because that scores more', () => {
    // Read as 111m 222m 333m (the 1m from the discard) the hand makes Three Consecutive Triplets, 4000: less than 4500.
    expectScore(
      '🀇🀈🀉 🀇🀈🀉 🀇🀈🀉 456p 99s',
      { win: '1m' },
      ['Three Pure Sequences 4000', 'All Sequences 500'],
      4500,
    );
  });
  it('Four Pure Sequences: 20000, quadruple limit', () => {
    expectScore('🀇🀈🀉 🀇🀈🀉 🀇🀈🀉 🀇🀈🀉 99s', {}, ['Four Pure Sequences 20000'], 20000);
  });
  it('Pure Straight: 2000', () => {
    expectScore('🀇🀈🀉 🀊🀋🀌 🀍🀎🀏 456p 99s', {}, ['Pure Straight 2000', 'All Sequences 500'], 2500);
  });
  it('Two Pure Sequences Twice: 3000, stacking with All Sequences and superseding Two Pure Sequences', () => {
    // Also seven pairs (11 22 33m 55 66 77p 99s), which scores only 2000.
    expectScore('🀇🀈🀉 🀇🀈🀉 🀝🀞🀟 🀝🀞🀟 99s', {}, ['Two Pure Sequences Twice 3000', 'All Sequences 500'], 3500);
  });
});

describe('Hu Mahjong triplets', () => {
  it('All Triplets: 2000', () => {
    // South's seat-wind triplet and the White dragons are Value Triplets.
    expectScore('🀁🀁🀁 🀆🀆🀆 🀒🀒', { melds: ['🀈🀈🀈', '🀕🀕🀕'] }, ['All Triplets 2000', 'Value Triplet 1000'], 3000);
  });
  it('Three Concealed Triplets: 2000', () => {
    expectScore(
      '222m 444p 666s 88m',
      { melds: ['345s'] },
      ['Three Concealed Triplets 2000', 'All Simples 500'],
      2500,
    );
  });
  it('a triplet completed by a discard is not concealed', () => {
    expectScore('222m 444p 666s 88m', { melds: ['345s'], win: '6s' }, ['All Simples 500'], 500);
  });
  it('Four Concealed Triplets: 8000, limit', () => {
    expectScore('222m 444p 666s 888s 55p', { winType: 'self-draw' }, ['Four Concealed Triplets 8000'], 8000);
  });
});

describe('Hu Mahjong quads', () => {
  it('One Quad: 500', () => {
    expectScore('456s 88p', { melds: ['🀑🀑🀑🀑', '678m', '345p'] }, ['All Simples 500', 'One Quad 500'], 1000);
  });
  it('One Quad is not a valid winning pattern on its own', () => {
    const result = scoreHand(HU_MAHJONG_TABLE, winningHand('789s 11z', { melds: ['🀑🀑🀑🀑', '678m', '345p'] }));
    expect(result).toMatchObject({ win: false, reason: 'no-pattern' });
  });
  it('Two Quads: 2000', () => {
    expectScore('678p 44p', { melds: ['🀑🀑🀑🀑', '🀔🀔🀔🀔', '345m'] }, ['Two Quads 2000', 'All Simples 500'], 2500);
  });
  it('Three Quads: 4000', () => {
    expectScore(
      '345p 66p',
      { melds: ['🀑🀑🀑🀑', '🀔🀔🀔🀔', '🀍🀍🀍🀍'] },
      ['Three Quads 4000', 'All Simples 500'],
      4500,
    );
  });
  it('Four Quads: 20000, quadruple limit', () => {
    expectScore('33m', { melds: ['🀑🀑🀑🀑', '🀔🀔🀔🀔', '🀍🀍🀍🀍', '🀅🀅🀅🀅'] }, ['Four Quads 20000'], 20000);
  });
});

describe('Hu Mahjong honors', () => {
  const eastTriplet = '🀀🀀🀀 123m 456p 789s 55s';
  it('Value Triplet: 500 for the prevalent wind', () => {
    expectScore(eastTriplet, { seat: 'S', prevalent: 'E' }, ['Value Triplet 500'], 500);
  });
  it('Value Triplet stacks with itself when prevalent wind and seat wind coincide', () => {
    expectScore(eastTriplet, { seat: 'E', prevalent: 'E' }, ['Value Triplet 1000'], 1000);
  });
  it('Little Three Dragons: 3000, stacking with the two Value Triplets', () => {
    expectScore('🀄︎🀄︎🀄︎ 🀆🀆🀆 234p 678s 🀅🀅', {}, ['Little Three Dragons 3000', 'Value Triplet 1000'], 4000);
  });
  it('Big Three Dragons: 8000, limit', () => {
    expectScore('🀄︎🀄︎🀄︎ 🀅🀅🀅 🀆🀆🀆 234p 55s', {}, ['Big Three Dragons 8000'], 8000);
  });
  it('Little Four Winds: 12000, double limit', () => {
    expectScore('🀀🀀🀀 🀁🀁🀁 🀂🀂🀂 234p 🀃🀃', {}, ['Little Four Winds 12000'], 12000);
  });
  it('Big Four Winds: 16000, triple limit', () => {
    expectScore('🀀🀀🀀 🀁🀁🀁 🀂🀂🀂 🀃🀃🀃 22p', {}, ['Big Four Winds 16000'], 16000);
  });
  it('All Honors: 12000, double limit', () => {
    expectScore('🀀🀀🀀 🀂🀂🀂 🀃🀃🀃 🀅🀅🀅 🀄︎🀄︎', {}, ['All Honors 12000'], 12000);
  });
});

describe('Hu Mahjong terminals', () => {
  it('Half Outside Hand: 3000', () => {
    expectScore('🀐🀑🀒 🀍🀎🀏 🀀🀀🀀 🀅🀅🀅 🀇🀇', {}, ['Half Outside Hand 3000', 'Value Triplet 1000'], 4000);
  });
  it('Fully Outside Hand: 4000, superseding Half Outside Hand', () => {
    expectScore('🀐🀑🀒 🀍🀎🀏 🀙🀚🀛 🀡🀡🀡 🀇🀇', {}, ['Fully Outside Hand 4000'], 4000);
  });
  it('All Terminals and Honors: 4000', () => {
    expectScore(
      '🀘🀘🀘 🀃🀃🀃 🀄︎🀄︎',
      { melds: ['🀇🀇🀇', '🀏🀏🀏'] },
      ['All Terminals and Honors 4000', 'All Triplets 2000'],
      6000,
    );
  });
  it('All Terminals: 12000, double limit', () => {
    expectScore('🀇🀇🀇 🀏🀏🀏 🀐🀐🀐 🀘🀘🀘 🀙🀙', {}, ['All Terminals 12000'], 12000);
  });
});

describe('Hu Mahjong suit-based patterns', () => {
  it('All Types: 500', () => {
    expectScore('🀛🀜🀝 🀍🀍🀍 🀔🀕🀖 🀀🀀🀀 🀅🀅', {}, ['All Types 500', 'Value Triplet 500'], 1000);
  });
  it('Half Flush: 3000', () => {
    expectScore('🀐🀐🀐 🀒🀓🀔 🀓🀔🀕 🀃🀃🀃 🀄︎🀄︎', {}, ['Half Flush 3000'], 3000);
  });
  it('Full Flush: 4000', () => {
    expectScore('🀐🀐🀐 🀒🀓🀔 🀓🀔🀕 🀖🀖🀖 🀗🀗', {}, ['Full Flush 4000'], 4000);
  });
  it('All Green: 12000, double limit', () => {
    expectScore('🀑🀒🀓 🀓🀓🀓 🀕🀕🀕 🀗🀗🀗 🀅🀅', {}, ['All Green 12000'], 12000);
  });
  it('Nine Gates: 16000, triple limit, with any tile of the suit', () => {
    for (const extra of ['🀇', '🀋', '🀏']) {
      expectScore(`🀇🀇🀇🀈🀉🀊🀋🀌🀍🀎🀏🀏🀏 ${extra}`, {}, ['Nine Gates 16000'], 16000);
    }
  });
  it('Nine Gates is concealed only', () => {
    // 111m declared: the same tiles make Full Flush and Pure Straight, no Nine Gates.
    expect(scored('2345678999m 5m', { melds: ['111m'] }).patterns).not.toContain('Nine Gates 16000');
  });
});

describe('Hu Mahjong consecutiveness, parallelity and three colors', () => {
  it('Three Consecutive Triplets: 4000, read as triplets because that scores more than three pure sequences', () => {
    expectScore(
      '🀝🀝🀝 🀞🀞🀞 🀟🀟🀟 123m 99s',
      {},
      ['Three Consecutive Triplets 4000', 'Three Concealed Triplets 2000'],
      6000,
    );
  });
  it('Four Consecutive Triplets: 8000, limit', () => {
    expectScore('🀝🀝🀝 🀞🀞🀞 🀟🀟🀟 🀠🀠🀠 99s', { win: '8p' }, ['Four Consecutive Triplets 8000'], 8000);
  });
  it('Parallel Sequences Twice: 2000', () => {
    expectScore('🀇🀈🀉 🀐🀑🀒 🀋🀌🀍 🀔🀕🀖 99p', {}, ['Parallel Sequences Twice 2000', 'All Sequences 500'], 2500);
  });
  it('Parallel Triplets Twice: 4000', () => {
    expectScore(
      '🀚🀚🀚 🀝🀝🀝 88s',
      { melds: ['🀈🀈🀈', '🀋🀋🀋'] },
      ['Parallel Triplets Twice 4000', 'All Triplets 2000', 'All Simples 500'],
      6500,
    );
  });
  it('Three-color Sequences: 2000', () => {
    expectScore(
      '🀋🀌🀍 🀔🀕🀖 🀝🀞🀟 234m 88p',
      {},
      ['Three-color Sequences 2000', 'All Sequences 500', 'All Simples 500'],
      3000,
    );
  });
  it('Three-color Triplets: 4000', () => {
    expectScore(
      '🀍🀍🀍 🀖🀖🀖 🀟🀟🀟 234m 55p',
      {},
      ['Three-color Triplets 4000', 'Three Concealed Triplets 2000', 'All Simples 500'],
      6500,
    );
  });
});

describe('Hu Mahjong irregular hands', () => {
  it('Seven Pairs: 2000', () => {
    expectScore('🀕🀕 🀘🀘 🀈🀈 🀝🀝 🀟🀟 🀅🀅 🀆🀆', {}, ['Seven Pairs 2000'], 2000);
  });
  it('Seven Pairs must be seven unique pairs', () => {
    const result = scoreHand(HU_MAHJONG_TABLE, winningHand('🀕🀕🀕🀕 🀈🀈 🀝🀝 🀟🀟 🀅🀅 🀆🀆'));
    expect(result).toMatchObject({ win: false, reason: 'no-complete-shape' });
  });
  it('Seven Consecutive Pairs: 8000, limit (more than its reading as 123p 123p 456p 456p 77p)', () => {
    expectScore('🀙🀙 🀚🀚 🀛🀛 🀜🀜 🀝🀝 🀞🀞 🀟🀟', {}, ['Seven Consecutive Pairs 8000'], 8000);
  });
  it('Thirteen Orphans: 8000, limit', () => {
    expectScore('🀇🀇🀏🀐🀘🀙🀡🀀🀁🀂🀃🀄︎🀅🀆', {}, ['Thirteen Orphans 8000'], 8000);
  });
  it('Eight Immortals: 8000, limit, on eight declared flowers', () => {
    expectScore(
      '123s123p789p9p 9p',
      { melds: ['123m'], flowers: '🀢🀣🀤🀥 🀦🀧🀨🀩' },
      ['Eight Immortals 8000'],
      8000,
    );
  });
  it('Eight Immortals wins on the eighth flower whatever the hand', () => {
    const won = winningHand('159m 159p 159s 1234z 8f', { flowers: '1234567f' });
    const result = scoreHand(HU_MAHJONG_TABLE, {
      ...won,
      situation: { ...won.situation, flowers: [...won.situation.flowers, won.winningTile] },
    });
    expect(result).toMatchObject({ win: true, points: 8000, decomposition: null });
  });
  it('All Terminal and Honor Discards: 4000, scored at exhaustive draw, not as a winning pattern', () => {
    expect(ALL_TERMINAL_HONOR_DISCARDS.points).toBe(4000);
    expect(HU_MAHJONG_PATTERNS.map((p) => p.id)).not.toContain(ALL_TERMINAL_HONOR_DISCARDS.id);
  });
});

describe('Hu Mahjong luck-based bonuses qualify any hand', () => {
  // 678m 345p 2222s declared, 789s EE: no pattern of its own.
  const patternless = { tiles: '789s 11z', melds: ['678m', '345p', '2222s'] };
  it('the hand alone is no win', () => {
    expect(
      scoreHand(HU_MAHJONG_TABLE, winningHand(patternless.tiles, { melds: patternless.melds })),
    ).toMatchObject({
      win: false,
      reason: 'no-pattern',
    });
  });
  it('After a Kong: 1000', () => {
    expectScore(
      patternless.tiles,
      { melds: patternless.melds, winType: 'self-draw', luck: { afterKong: 1 } },
      ['After a Kong 1000', 'One Quad 500'],
      1500,
    );
  });
  it('After a Kong stacks with each consecutive instance, 500 after a flower', () => {
    expectScore(
      patternless.tiles,
      { melds: patternless.melds, winType: 'self-draw', luck: { afterKong: 2, afterFlower: 1 } },
      ['After a Kong 2000', 'After a Flower 500', 'One Quad 500'],
      3000,
    );
  });
  it('Robbing the Kong: 1000', () => {
    expectScore(
      '23s 11z 4s',
      { melds: ['678m', '345p', '789s'], winType: 'robbing-kong' },
      ['Robbing the Kong 1000'],
      1000,
    );
  });
  it('Winning on the Last Draw/Discard: 1000', () => {
    expectScore(
      '23s 11z 4s',
      { melds: ['678m', '345p', '789s'], luck: { lastTile: true } },
      ['Winning on the Last Draw/Discard 1000'],
      1000,
    );
  });
  it('Blessing of Heaven and Blessing of Earth: 8000, limit', () => {
    const tiles = '🀋🀌🀍 🀙🀚🀛 🀒🀓🀔 🀖🀗🀘 🀂🀂';
    expectScore(
      tiles,
      { seat: 'E', winType: 'self-draw', luck: { heaven: true } },
      ['Blessing of Heaven 8000'],
      8000,
    );
    expectScore(
      tiles,
      { seat: 'S', winType: 'self-draw', luck: { earth: true } },
      ['Blessing of Earth 8000'],
      8000,
    );
  });
});

describe('Hu Mahjong non-winning bonuses', () => {
  const simples = { tiles: '456s 88p', melds: ['2222s', '678m', '345p'] };
  it('Flower Tile: 100', () => {
    expectScore(
      simples.tiles,
      { melds: simples.melds, flowers: '🀢' },
      ['All Simples 500', 'One Quad 500', 'Flower Tile 100'],
      1100,
    );
  });
  it('Flower Set: 1000 for the four flowers, which it supersedes as single flowers', () => {
    expectScore(
      simples.tiles,
      { melds: simples.melds, flowers: '🀢🀣🀤🀥 🀦' },
      ['All Simples 500', 'One Quad 500', 'Flower Set 1000', 'Flower Tile 100'],
      2100,
    );
  });
  it('flowers never qualify a hand', () => {
    const result = scoreHand(
      HU_MAHJONG_TABLE,
      winningHand('789s 11z', { melds: ['678m', '345p', '789p'], flowers: '🀢🀣🀤🀥' }),
    );
    expect(result).toMatchObject({ win: false, reason: 'no-pattern' });
  });
});

describe('Hu Mahjong limits', () => {
  it('hand scores are limited to 8000 base points', () => {
    // Full Flush 4000 + Pure Straight 2000 + Two Pure Sequences, All Sequences, Fully Concealed 500 each + last tile 1000.
    const result = scored('123456789m 123m 55m', { winType: 'self-draw', luck: { lastTile: true } });
    expect(result).toMatchObject({ total: 8000, capped: true });
    expect(result.patterns).toContain('Full Flush 4000');
  });
  it('only the most valuable of several limit hands is scored', () => {
    // Big Three Dragons (8000), Four Concealed Triplets (8000) and All Honors (12000) together.
    expectScore('🀄︎🀄︎🀄︎ 🀅🀅🀅 🀆🀆🀆 🀀🀀🀀 🀃🀃', {}, ['All Honors 12000'], 12000);
  });
});

describe('Hu Mahjong options', () => {
  it('All Sequences on an opened hand when the organizer allows it', () => {
    const open = huMahjongTable({ allSequencesConcealedOnly: false });
    const result = scoreHand(open, winningHand('123s123p789p9p 9p', { melds: ['123m'], flowers: '5f' }));
    expect(result).toMatchObject({ win: true, points: 6600 });
  });
});

describe('the pattern table', () => {
  it('every pattern keeps its English and Chinese name and supersedes only within its category', () => {
    expect(() => supersessionClosure(HU_MAHJONG_PATTERNS)).not.toThrow();
    for (const pattern of HU_MAHJONG_PATTERNS) {
      expect(pattern.name).toMatch(/^[A-Z]/);
      expect(pattern.chinese).toMatch(/[\u4e00-\u9fff]/);
    }
    expect(new Set(HU_MAHJONG_PATTERNS.map((p) => p.id)).size).toBe(HU_MAHJONG_PATTERNS.length);
  });
  it('a winning tile on a hand that is not complete is no win', () => {
    expect(scoreHand(HU_MAHJONG_TABLE, winningHand('123m 456p 789s 124z 55z'))).toMatchObject({
      win: false,
      reason: 'no-complete-shape',
    });
  });
  it('a hand of the wrong size is no win', () => {
    expect(scoreHand(HU_MAHJONG_TABLE, winningHand('123m 456p 789s 55z'))).toMatchObject({
      win: false,
      reason: 'tile-count',
    });
  });
  it('more than four of a tile is no win, melds counted', () => {
    const fifth = {
      concealed: hand('1111m 23m 456p 789s 5s'),
      melds: [],
      winningTile: 0,
      situation: winningHand('11m').situation,
    };
    expect(scoreHand(HU_MAHJONG_TABLE, fifth)).toMatchObject({ win: false, reason: 'too-many-of-a-tile' });
    expect(
      scoreHand(HU_MAHJONG_TABLE, winningHand('11m 456p 789s 55s 1m', { melds: ['111m'] })),
    ).toMatchObject({
      win: false,
      reason: 'too-many-of-a-tile',
    });
  });
});
