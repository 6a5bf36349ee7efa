// Hu Mahjong payout scheme, seed 003: the parts the score contract does not reach (the draw, penalties,
// starting points).
import { describe, expect, it } from 'vitest';
import { deltasOf } from '../seats.ts';
import {
  HU_MAHJONG_STARTING_POINTS,
  huMahjongDrawPatternTransfers,
  huMahjongDrawTransfers,
  huMahjongPenaltyTransfers,
} from './hu-mahjong.ts';

describe('ready hand at exhaustive draw: 1000 from each player without a ready hand', () => {
  it('given S and W ready at a four-player table, then E and N each pay 1000 to each of them', () => {
    const transfers = huMahjongDrawTransfers(4, ['S', 'W'], 1000);
    expect(deltasOf(transfers, 4)).toEqual({ E: -2000, S: 2000, W: 2000, N: -2000 });
    expect(transfers).toHaveLength(4);
  });

  it('given one ready player of three, then the two others pay 1000 each', () => {
    expect(deltasOf(huMahjongDrawTransfers(3, ['E'], 1000), 3)).toEqual({ E: 2000, S: -1000, W: -1000 });
  });

  it('moves nothing when everyone or no one is ready', () => {
    expect(huMahjongDrawTransfers(4, [], 1000)).toEqual([]);
    expect(huMahjongDrawTransfers(2, ['E', 'S'], 1000)).toEqual([]);
  });
});

describe('a pattern reached at exhaustive draw, paid as a self-draw ("×1 base points from other player(s)")', () => {
  it('given S shows All Terminal and Honor Discards at a four-player table, then E, W and N each pay S 4000', () => {
    const transfers = huMahjongDrawPatternTransfers(4, [
      { seat: 'S', name: 'All Terminal and Honor Discards', points: 4000 },
    ]);
    expect(deltasOf(transfers, 4)).toEqual({ E: -4000, S: 12000, W: -4000, N: -4000 });
    expect(transfers[0]).toEqual({
      from: 'E',
      to: 'S',
      points: 4000,
      reason: 'All Terminal and Honor Discards at exhaustive draw: paid as a self-draw',
    });
  });

  it('given two holders at a three-player table, then each is paid by both others, by the other holder too', () => {
    const pattern = { name: 'All Terminal and Honor Discards', points: 4000 };
    const transfers = huMahjongDrawPatternTransfers(3, [
      { seat: 'E', ...pattern },
      { seat: 'W', ...pattern },
    ]);
    expect(deltasOf(transfers, 3)).toEqual({ E: 4000, S: -8000, W: 4000 });
    expect(transfers).toHaveLength(4);
  });
});

describe('heavy penalty: 4000 to the other players', () => {
  it.each([
    [4, { E: -12000, S: 4000, W: 4000, N: 4000 }],
    [3, { E: -8000, S: 4000, W: 4000 }],
    [2, { E: -4000, S: 4000 }],
  ] as const)('with %i players, each other player receives 4000', (players, deltas) => {
    expect(deltasOf(huMahjongPenaltyTransfers(players, 'E', 4000), players)).toEqual(deltas);
  });
});

describe('setup', () => {
  it('starts at 30000 / 35000 / 40000 points for 4 / 3 / 2 players', () => {
    expect(HU_MAHJONG_STARTING_POINTS).toEqual({ 4: 30000, 3: 35000, 2: 40000 });
  });
});
