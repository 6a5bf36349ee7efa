// Before timing: run both libraries once over the same hands and report where they disagree, so a ratio is
// never quoted for work that differs. Differences are printed, never hidden or asserted.
import Majiang from '@kobalab/majiang-core';
import { addMeldTiles, decompose, isComplete, waits } from '../../domain/hand/index.ts';
import { HU_MAHJONG_TABLE } from '../../domain/rules/patterns/hu-mahjong.ts';
import { scoreHand } from '../../domain/rules/patterns/score.ts';
import { formatCounts, formatTiles, parseTiles } from '../../domain/tiles/index.ts';
import type { ShapeCase, WinningCase } from './inputs.ts';
import { peerPai } from './majiang-input.ts';

const EXAMPLES = 3;

function describe(c: WinningCase): string {
  const melds =
    c.melds.length > 0 ? ` melds ${c.melds.map((m) => `${m.kind}@${formatTiles([m.tile])}`).join(' ')}` : '';
  return `${c.source}: ${formatCounts(c.counts13)}${melds} + ${formatTiles([c.winningTile])} (${c.winType}) = peer "${c.peerWinString}"${c.peerRongpai ? ` + ${c.peerRongpai}` : ''}`;
}

class Tally {
  readonly counts = new Map<string, number>();
  readonly examples = new Map<string, string[]>();
  add(label: string, example?: string): void {
    this.counts.set(label, (this.counts.get(label) ?? 0) + 1);
    if (example === undefined) return;
    const list = this.examples.get(label) ?? [];
    if (list.length < EXAMPLES) list.push(example);
    this.examples.set(label, list);
  }
  print(title: string): void {
    console.log(`  ${title}`);
    for (const [label, n] of [...this.counts].sort((a, b) => b[1] - a[1])) {
      console.log(`    ${n.toLocaleString('en-US').padStart(6)}  ${label}`);
      for (const example of this.examples.get(label) ?? []) console.log(`              e.g. ${example}`);
    }
  }
}

export function verifyDecomposition(cases: readonly WinningCase[]): void {
  const tally = new Tally();
  for (const c of cases) {
    const ours = decompose(c.counts14, c.melds, c.winningTile).length;
    const peer = Majiang.Util.hule_mianzi(c.peerWin, c.peerRongpai).length;
    if (ours === 0 && peer === 0) tally.add('MISMATCH? neither finds a decomposition', describe(c));
    else if (ours === 0) tally.add('MISMATCH: only majiang-core finds a decomposition', describe(c));
    else if (peer === 0) tally.add('MISMATCH: only ours finds a decomposition', describe(c));
    else if (ours === peer) tally.add('both decompose, same number of readings');
    else tally.add(`both decompose, ours ${ours} readings vs majiang-core ${peer}`, describe(c));
  }
  tally.print('decomposition (winning hands):');
}

export function verifyComplete(cases: readonly ShapeCase[]): void {
  const tally = new Tally();
  for (const c of cases) {
    const ours = isComplete(c.counts, c.meldCount);
    const peer = Majiang.Util.xiangting(c.peer) === -1;
    const label =
      ours === peer
        ? `agree: ${ours ? 'complete' : 'not complete'}`
        : `MISMATCH: ours ${ours}, majiang-core ${peer}`;
    tally.add(
      ours === c.complete ? label : `${label}; file says ${c.complete}`,
      ours === peer ? undefined : c.tiles,
    );
  }
  tally.print('complete-shape check (hand shapes):');
}

export function verifyWaits(cases: readonly WinningCase[]): void {
  const tally = new Tally();
  for (const c of cases) {
    const ours = waits(c.counts13, c.melds).map(peerPai);
    const peer = Majiang.Util.tingpai(c.peerReady) ?? [];
    if (!ours.includes(peerPai(c.winningTile)))
      tally.add('MISMATCH: our waits miss the winning tile', describe(c));
    if (ours.join(' ') === peer.join(' ')) {
      tally.add('same waits');
      continue;
    }
    // Ours drops a kind the player holds all four of, melds included; tingpai looks at the hand only.
    const held = Uint8Array.from(c.counts13);
    addMeldTiles(held, c.melds);
    const oursOnly = ours.filter((p) => !peer.includes(p));
    const peerOnly = peer.filter((p) => !ours.includes(p));
    const fifthTileOnly =
      oursOnly.length === 0 && peerOnly.every((p) => held[parseTiles(`${p[1]}${p[0]}`)[0]!] === 4);
    tally.add(
      fifthTileOnly
        ? 'MISMATCH (rule difference): majiang-core also lists a kind whose four tiles the player holds, one or more in melds'
        : 'MISMATCH: different waits',
      `${describe(c)}: ours [${ours.join(' ')}] vs majiang-core [${peer.join(' ')}] (ours only: ${oursOnly.join(' ') || '-'}; majiang-core only: ${peerOnly.join(' ') || '-'})`,
    );
  }
  tally.print('waits (winning hands less the winning tile):');
}

export function verifyScoring(cases: readonly WinningCase[], param: Majiang.HuleParam): void {
  const tally = new Tally();
  for (const c of cases) {
    const ours = scoreHand(HU_MAHJONG_TABLE, c.hand);
    const decomposable = decompose(c.counts14, c.melds, c.winningTile).length > 0;
    const peer = Majiang.Util.hule(c.peerWin, c.peerRongpai, param);
    const oursLabel = ours.win ? 'ours: win' : `ours: not a win (${ours.reason})`;
    const peerLabel =
      peer === undefined
        ? 'majiang-core: undefined'
        : peer.defen > 0
          ? 'majiang-core: win'
          : 'majiang-core: no yaku (defen 0)';
    tally.add(`${oursLabel}; ${peerLabel}`);
    if (decomposable && peer === undefined)
      tally.add('MISMATCH: our decompose non-empty but hule undefined', describe(c));
    if (!decomposable && peer !== undefined)
      tally.add('MISMATCH: hule scored but our decompose is empty', describe(c));
    if (!ours.win && ours.reason !== 'no-pattern')
      tally.add(`MISMATCH: ours rejects the tiles (${ours.reason})`, describe(c));
  }
  tally.print('scoring (winning hands; different rules, so only "is it scored" is compared):');
}
