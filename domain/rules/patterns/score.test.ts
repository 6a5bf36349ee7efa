// The scorer's shortcuts must never change a score: Pattern.requires only spares work, and a win's pattern
// list and decomposition, worked out when first read, are the same whenever they are read.
import { describe, expect, it } from 'vitest';
import { type WinSpec, winningHand } from '../../../test/support/hand.ts';
import { readJsonLines, sharedFile } from '../../../test/support/shared-data.ts';
import { HU_MAHJONG_TABLE } from './hu-mahjong.ts';
import type { PatternTable } from './pattern.ts';
import { scoreHand, type WinningHand } from './score.ts';

/** The same table without any requires: every pattern counted on every hand. */
const EXHAUSTIVE: PatternTable = {
  patterns: HU_MAHJONG_TABLE.patterns.map(({ requires: _, ...pattern }) => pattern),
  limitPoints: HU_MAHJONG_TABLE.limitPoints,
};

const verdict = (table: PatternTable, hand: WinningHand) => {
  const score = scoreHand(table, hand);
  return score.win
    ? { points: score.points, patterns: score.patterns.map((p) => `${p.name} ${p.points}`) }
    : score.reason;
};

/**
 * The points a pattern list adds up to. The points come from the search's tally, the list from what the
 * win kept of it (its own limit and capping rules, listTally): the two must agree.
 */
const pointsOfList = (table: PatternTable, hand: WinningHand): number | undefined => {
  const score = scoreHand(table, hand);
  if (!score.win) return undefined;
  const sum = score.patterns.reduce((total, p) => total + p.points, 0);
  return score.patterns.length === 1 && sum > table.limitPoints ? sum : Math.min(sum, table.limitPoints);
};

// Situations that switch each Needs bit on: win types, flowers, luck.
const SITUATIONS: WinSpec[] = [
  {},
  { winType: 'self-draw' },
  { winType: 'robbing-kong' },
  { flowers: '1234f' },
  { flowers: '12345678f' },
  { winType: 'self-draw', luck: { afterKong: 1, afterFlower: 1 } },
  { luck: { lastTile: true } },
  { seat: 'E', winType: 'self-draw', luck: { heaven: true } },
];

const winningPath = sharedFile('data/kobalab/winning-hands.jsonl');

describe.skipIf(winningPath === undefined)('Pattern.requires', () => {
  it('never changes a verdict on the 10,000 kobalab winning hands in eight situations', () => {
    const rows = readJsonLines<{
      hand: string;
      melds: { tiles: string; concealed: boolean }[];
      winningTile: string;
    }>(winningPath!);
    expect(rows).toHaveLength(10_000);
    let compared = 0;
    let wins = 0;
    const differences: string[] = [];
    for (const row of rows) {
      for (const spec of SITUATIONS) {
        const melds = row.melds.map((m) => (m.concealed ? `+${m.tiles}` : m.tiles));
        const hand = winningHand(`${row.hand} ${row.winningTile}`, { ...spec, melds, win: row.winningTile });
        const fast = verdict(HU_MAHJONG_TABLE, hand);
        const slow = verdict(EXHAUSTIVE, hand);
        compared++;
        if (typeof fast !== 'string') {
          wins++;
          if (pointsOfList(HU_MAHJONG_TABLE, hand) !== fast.points)
            differences.push(`${row.hand}: list ≠ points`);
        }
        if (JSON.stringify(fast) !== JSON.stringify(slow))
          differences.push(`${row.hand}+${row.winningTile}: ${JSON.stringify(spec)}`);
      }
    }
    expect(differences).toEqual([]);
    expect(compared).toBe(80_000);
    expect(wins).toBeGreaterThan(70_000);
  });
});

describe('details read later', () => {
  it('given two hands scored in turn, when the first one’s patterns are read last, then they are its own', () => {
    const first = scoreHand(HU_MAHJONG_TABLE, winningHand('🀐🀑🀒 🀍🀎🀏 🀙🀚🀛 🀡🀡🀡 🀇🀇'));
    const second = scoreHand(HU_MAHJONG_TABLE, winningHand('🀄🀄🀄 🀅🀅🀅 🀆🀆🀆 234p 55s'));
    expect(second).toMatchObject({ win: true, points: 8000 });
    expect(first.win && first.patterns.map((p) => p.name)).toEqual(['Fully Outside Hand']);
    // 789m 11m, then 123p 999p, then 123s: sets formed in hand come suit by suit.
    expect(first.win && first.decomposition?.sets.map((s) => s.kind)).toEqual([
      'chow',
      'pair',
      'chow',
      'pung',
      'chow',
    ]);
  });

  it('lists more patterns than a win packs in its fields, and counts too large to pack, in table order', () => {
    // Ten patterns: a win packs eight, and keeps more in an array.
    const many = scoreHand(
      HU_MAHJONG_TABLE,
      winningHand('123m 123m 456m 789m 55m', {
        winType: 'self-draw',
        flowers: '12345f',
        luck: { afterKong: 1, afterFlower: 1, lastTile: true },
      }),
    );
    expect(many.win && many.patterns.map((p) => `${p.id} ×${p.count}`)).toEqual([
      'all-sequences ×1',
      'fully-concealed-hand ×1',
      'two-pure-sequences ×1',
      'pure-straight ×1',
      'full-flush ×1',
      'after-a-kong ×1',
      'after-a-flower ×1',
      'last-tile ×1',
      'flower-tile ×1',
      'flower-set ×1',
    ]);
    expect(many).toMatchObject({ points: 8000, capped: true });
    // After a Kong 300 times: a count packs in seven bits.
    const often = scoreHand(
      HU_MAHJONG_TABLE,
      winningHand('234m 234m 567p 678s 55s', { luck: { afterKong: 300 } }),
    );
    expect(often.win && often.patterns.map((p) => `${p.id} ×${p.count} ${p.points}`)).toEqual([
      'all-sequences ×1 500',
      'all-simples ×1 500',
      'two-pure-sequences ×1 500',
      'after-a-kong ×300 300000',
    ]);
    expect(often).toMatchObject({ points: 8000, capped: true });
  });

  it('reads a win’s pattern list once, its patterns shared by every win that scores them, and frozen', () => {
    const first = scoreHand(HU_MAHJONG_TABLE, winningHand('🀋🀌🀍 🀙🀚🀛 🀒🀓🀔 🀖🀗🀘 🀂🀂'));
    const second = scoreHand(HU_MAHJONG_TABLE, winningHand('🀈🀉🀊 🀙🀚🀛 🀒🀓🀔 🀖🀗🀘 🀂🀂'));
    if (!first.win || !second.win) throw new Error('expected two wins');
    expect(first.patterns).toBe(first.patterns);
    expect(second.patterns[0]).toBe(first.patterns[0]);
    expect(Object.isFrozen(first.patterns[0])).toBe(true);
    expect(first.patterns).not.toBe(second.patterns);
  });

  it('serialises a win with its details', () => {
    const score = scoreHand(HU_MAHJONG_TABLE, winningHand('🀋🀌🀍 🀙🀚🀛 🀒🀓🀔 🀖🀗🀘 🀂🀂'));
    expect(JSON.parse(JSON.stringify(score))).toMatchObject({
      win: true,
      points: 500,
      patterns: [{ name: 'All Sequences' }],
    });
  });
});
