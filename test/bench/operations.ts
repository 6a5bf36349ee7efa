// The timed operations: ours and majiang-core's counterpart, each a pass over the same inputs returning a
// checksum so that the work cannot be optimised away.
import Majiang from '@kobalab/majiang-core';
import { decompose, isComplete, waits } from '../../domain/hand/index.ts';
import { HU_MAHJONG_TABLE } from '../../domain/rules/patterns/hu-mahjong.ts';
import { scoreHand } from '../../domain/rules/patterns/score.ts';
import type { ShapeCase, WinningCase } from './inputs.ts';

type Pass = () => number;

interface Operation<Input> {
  readonly name: string;
  readonly input: 'winning' | 'shapes';
  /** What one input is, for the table: "winning hands", "ready hands". */
  readonly unit: string;
  readonly ours: (cases: readonly Input[]) => Pass;
  readonly peer: (cases: readonly Input[]) => Pass;
}

const PEER_PARAM = Majiang.Util.hule_param({ zhuangfeng: 0, menfeng: 1 }); // East round, seat South

const decomposition: Operation<WinningCase> = {
  name: 'decomposition',
  input: 'winning',
  unit: 'winning hands',
  ours: (cases) => () => {
    let sum = 0;
    for (const c of cases) sum += decompose(c.counts14, c.melds, c.winningTile).length;
    return sum;
  },
  peer: (cases) => () => {
    let sum = 0;
    for (const c of cases) sum += Majiang.Util.hule_mianzi(c.peerWin, c.peerRongpai).length;
    return sum;
  },
};

const completeShape: Operation<ShapeCase> = {
  name: 'complete-shape check',
  input: 'shapes',
  unit: 'hand shapes',
  ours: (cases) => () => {
    let sum = 0;
    for (const c of cases) if (isComplete(c.counts, c.meldCount)) sum++;
    return sum;
  },
  peer: (cases) => () => {
    let sum = 0;
    for (const c of cases) if (Majiang.Util.xiangting(c.peer) === -1) sum++;
    return sum;
  },
};

const waiting: Operation<WinningCase> = {
  name: 'waits',
  input: 'winning',
  unit: 'ready hands',
  ours: (cases) => () => {
    let sum = 0;
    for (const c of cases) sum += waits(c.counts13, c.melds).length;
    return sum;
  },
  peer: (cases) => () => {
    let sum = 0;
    for (const c of cases) sum += Majiang.Util.tingpai(c.peerReady)?.length ?? -1;
    return sum;
  },
};

const scoring: Operation<WinningCase> = {
  name: 'scoring',
  input: 'winning',
  unit: 'winning hands',
  ours: (cases) => () => {
    let sum = 0;
    for (const c of cases) {
      const score = scoreHand(HU_MAHJONG_TABLE, c.hand);
      sum += score.win ? score.points : 1;
    }
    return sum;
  },
  peer: (cases) => () => {
    let sum = 0;
    for (const c of cases) sum += Majiang.Util.hule(c.peerWin, c.peerRongpai, PEER_PARAM)?.defen ?? 1;
    return sum;
  },
};

/** Scoring with the pattern list read too: ours builds it only when asked, the peer always lists its yaku. */
const scoringWithPatterns: Operation<WinningCase> = {
  ...scoring,
  name: 'scoring with patterns',
  ours: (cases) => () => {
    let sum = 0;
    for (const c of cases) {
      const score = scoreHand(HU_MAHJONG_TABLE, c.hand);
      sum += score.win ? score.points + score.patterns.length : 1;
    }
    return sum;
  },
};

export type { Operation };

/** The table's rows, in order. */
export const TABLE_OPERATIONS: readonly Operation<never>[] = [
  decomposition,
  completeShape,
  waiting,
  scoring,
] as never;
/** Reported beside the scoring row. */
export const SCORING_WITH_PATTERNS: Operation<never> = scoringWithPatterns as never;
export const OPERATIONS: readonly Operation<never>[] = [...TABLE_OPERATIONS, SCORING_WITH_PATTERNS];
