// The scorer's whole output, held to a digest taken before its hot path was reworked (issue 13, item 5):
// every field of every verdict (points, the pattern list, capped, the decomposition and which set the tile
// completed, or the reason for no win) on the kobalab winning hands and on generated hands that reach the
// rarer patterns, under four tables. A change here is a change of the score contract's output: make it
// only on purpose, and say so where the digest is updated.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type WinSpec, winningHand } from '../../../test/support/hand.ts';
import { readJsonLines, sharedFile } from '../../../test/support/shared-data.ts';
import { concealedSizeFor, type Meld } from '../../hand/index.ts';
import type { Tile } from '../../tiles/index.ts';
import { NO_LUCK, type WinSituation, type WinType } from './facts.ts';
import { HU_MAHJONG_PATTERNS, HU_MAHJONG_TABLE, huMahjongTable } from './hu-mahjong.ts';
import type { PatternTable } from './pattern.ts';
import { scoreHand, type WinningHand } from './score.ts';

const TABLES: readonly PatternTable[] = [
  HU_MAHJONG_TABLE,
  huMahjongTable({ allSequencesConcealedOnly: false }),
  huMahjongTable({ allSequencesConcealedOnly: true, limit: 3000 }),
  // A limit worth nothing, a limit outbid, a pattern worth nothing, a pattern worth more.
  huMahjongTable({
    allSequencesConcealedOnly: true,
    patternPoints: { 'thirteen-orphans': 0, 'all-honors': 50000, 'all-simples': 0, 'half-flush': 1500 },
  }),
];

// Situations that switch each Needs bit on: win types, flowers, luck, seat and round winds.
const SITUATIONS: readonly WinSpec[] = [
  {},
  { winType: 'self-draw' },
  { winType: 'robbing-kong' },
  { flowers: '1234f' },
  { flowers: '12345678f' },
  { winType: 'self-draw', luck: { afterKong: 1, afterFlower: 2 } },
  { luck: { lastTile: true }, prevalent: 'S' },
  { seat: 'E', winType: 'self-draw', luck: { heaven: true } },
];

/** mulberry32: a small seeded generator, so the generated hands are the same on every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// Tile pools that steer the generated hands toward families of patterns.
const range = (from: number, to: number): Tile[] => Array.from({ length: to - from }, (_, i) => from + i);
const POOLS: readonly (readonly Tile[])[] = [
  range(0, 34),
  range(0, 34),
  range(0, 9),
  [...range(9, 18), ...range(27, 34)],
  range(27, 34),
  [0, 8, 9, 17, 18, 26, ...range(27, 34)],
  [0, 8, 9, 17, 18, 26],
  [19, 20, 21, 23, 25, 32],
  [1, 2, 3, 4, 5, 6, 7, 10, 11, 12, 13, 14, 15, 16, 19, 20, 21, 22, 23, 24, 25],
  [0, 1, 2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 14, 15, 18, 19, 20, 21, 22, 23, 24],
];

const LAST_AFTER_KONG = { ...NO_LUCK, lastTile: true, afterKong: 1 };
const EARTH = { ...NO_LUCK, earth: true };

/** A complete hand of four sets and a pair, some of them declared, or now and then seven pairs or orphans. */
function generatedHand(next: () => number): WinningHand | undefined {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  const pool = pick(POOLS);
  const counts = new Uint8Array(34);
  const concealed: Tile[] = [];
  const melds: Meld[] = [];
  const take = (t: Tile, n: number): boolean => {
    if (counts[t]! + n > 4) return false;
    counts[t]! += n;
    return true;
  };
  const roll = next();
  if (roll < 0.04) {
    // Seven pairs, sometimes consecutive.
    const start = next() < 0.5 ? pick([0, 1, 2, 9, 10, 11, 18, 19, 20]) : -1;
    for (let i = 0; i < 7; i++) {
      const t = start >= 0 ? start + i : pick(pool);
      if (counts[t] !== 0 || !take(t, 2)) return undefined;
      concealed.push(t, t);
    }
  } else if (roll < 0.06) {
    for (const t of [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]) take(t, 1);
    const extra = pick([0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33]);
    take(extra, 1);
    for (let t = 0; t < 34; t++) for (let n = 0; n < counts[t]!; n++) concealed.push(t);
  } else if (roll < 0.07) {
    // Nine Gates: 1112345678999 of one suit and any tile of it.
    const base = pick([0, 9, 18]);
    for (const [r, n] of [3, 1, 1, 1, 1, 1, 1, 1, 3].entries()) take(base + r, n);
    take(base + Math.floor(next() * 9), 1);
    for (let t = 0; t < 34; t++) for (let n = 0; n < counts[t]!; n++) concealed.push(t);
  } else {
    for (let set = 0; set < 4; set++) {
      const t = pick(pool);
      const r = next();
      const chow = r < 0.5 && t < 27 && t % 9 <= 6 && pool.includes(t + 1) && pool.includes(t + 2);
      const kind = chow ? 'chow' : r < 0.88 ? 'pung' : 'kong';
      if (kind === 'chow') {
        if (!take(t, 1) || !take(t + 1, 1) || !take(t + 2, 1)) return undefined;
      } else if (!take(t, kind === 'kong' ? 4 : 3)) return undefined;
      const declared = kind === 'kong' || next() < 0.25;
      if (declared) melds.push({ kind, tile: t, concealed: kind === 'kong' && next() < 0.4 });
      else if (kind === 'chow') concealed.push(t, t + 1, t + 2);
      else concealed.push(t, t, t);
    }
    const pair = pick(pool);
    if (!take(pair, 2)) return undefined;
    concealed.push(pair, pair);
  }
  if (concealed.length !== concealedSizeFor(melds.length)) return undefined;
  const winningTile = pick(concealed);
  concealed.splice(concealed.indexOf(winningTile), 1);
  const situation: WinSituation = {
    winType: pick<WinType>(['discard', 'discard', 'self-draw', 'robbing-kong']),
    seatWind: 27 + Math.floor(next() * 4),
    prevalentWind: 27 + Math.floor(next() * 4),
    dealer: next() < 0.25,
    flowers: next() < 0.3 ? range(34, 34 + 1 + Math.floor(next() * 8)) : [],
    luck: pick([NO_LUCK, NO_LUCK, NO_LUCK, NO_LUCK, NO_LUCK, LAST_AFTER_KONG, EARTH]),
  };
  const counts13 = new Uint8Array(34);
  for (const t of concealed) counts13[t]!++;
  return { concealed: counts13, melds, winningTile, situation };
}

const winningPath = sharedFile('data/kobalab/winning-hands.jsonl');

describe.skipIf(winningPath === undefined)('the scorer’s output', () => {
  it('is what it was before the hot path was reworked, on 229,500 verdicts', () => {
    const rows = readJsonLines<{
      hand: string;
      melds: { tiles: string; concealed: boolean }[];
      winningTile: string;
    }>(winningPath!);
    const hands: WinningHand[] = [];
    for (const row of rows) {
      for (const spec of SITUATIONS) {
        const melds = row.melds.map((m) => (m.concealed ? `+${m.tiles}` : m.tiles));
        hands.push(winningHand(`${row.hand} ${row.winningTile}`, { ...spec, melds, win: row.winningTile }));
      }
    }
    const next = random(13);
    while (hands.length < 100_000) {
      const generated = generatedHand(next);
      if (generated) hands.push(generated);
    }
    // Some no-wins: a tile moved off a generated hand (no complete shape, or a crowded kind), or taken away.
    for (let i = 0; i < 2000; i++) {
      const base = hands[80_000 + i]!;
      const concealed = Uint8Array.from(base.concealed);
      const from = concealed.findIndex((n) => n > 0);
      concealed[from]!--;
      if (i % 10 !== 0) concealed[(from + 1 + i) % 34]!++;
      hands.push({ ...base, concealed });
    }
    const hash = createHash('sha256');
    const seen = new Map<string, number>();
    // FINGERPRINT_DUMP=file writes every verdict, one a line, to compare two versions line by line.
    const dump: string[] | undefined = process.env.FINGERPRINT_DUMP ? [] : undefined;
    let verdicts = 0;
    for (let i = 0; i < hands.length; i++) {
      const hand = hands[i]!;
      const tables = i % 8 === 0 ? TABLES : [HU_MAHJONG_TABLE, TABLES[1 + (i % 3)]!];
      for (const table of tables) {
        const score = scoreHand(table, hand);
        const line = `${i} ${JSON.stringify(score)}\n`;
        hash.update(line);
        dump?.push(line);
        verdicts++;
        if (score.win) for (const p of score.patterns) seen.set(p.id, (seen.get(p.id) ?? 0) + 1);
        else seen.set(score.reason, (seen.get(score.reason) ?? 0) + 1);
      }
    }
    if (dump) writeFileSync(process.env.FINGERPRINT_DUMP!, dump.join(''));
    // The verdicts reach every pattern and every reason for no win.
    expect(HU_MAHJONG_PATTERNS.map((p) => p.id).filter((id) => !seen.has(id))).toEqual([]);
    expect(
      ['tile-count', 'too-many-of-a-tile', 'no-complete-shape', 'no-pattern'].filter((r) => !seen.has(r)),
    ).toEqual([]);
    expect(verdicts).toBe(229_500);
    expect(hash.digest('hex')).toBe('0b1a9234ba52f021040ef2e5ebd6f573aa5e31874f8bfba3dfe41630fc64744b');
  });
});
