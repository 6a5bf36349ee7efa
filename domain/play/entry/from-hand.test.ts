// handResultOf on an entered hand: winners, self-draw, the dealer's readiness and a void, as the game records
// them, and the game accepts each.
import { describe, expect, it } from 'vitest';
import { handResultOf } from '../game/from-hand.ts';
import { lastRecorded, run, startGame } from '../game/spec.ts';
import type { EnterHandResult } from './commands.ts';
import { decideEntry } from './decide.ts';
import { entry, eventsOf, fold, SEED_003_CLAIM } from './spec.ts';

const AT = '2026-03-01T11:00:00.000Z';
const recorded = (command: EnterHandResult) => handResultOf(1, eventsOf(decideEntry(command, fold([]))), AT)!;

describe('an entered hand read as the game counts it', () => {
  it('given a discard win, then the winner, no self-draw and the settlement’s deltas', () => {
    const command = recorded(
      entry('hu-mahjong', { kind: 'win', by: 'discard', from: 'N', claims: [SEED_003_CLAIM] }),
    );
    expect(command.result).toEqual({ kind: 'won', winners: ['S'], selfDraw: false });
    expect(command.deltas).toEqual({ E: 0, S: 18300, W: 0, N: -18300 });
    const game = run([startGame('hu-mahjong'), command]);
    expect(game.state.scores).toMatchObject({ bo: 48300, di: 11700 });
  });

  it('given a self-draw, then selfDraw', () => {
    const command = recorded(entry('hu-mahjong', { kind: 'win', by: 'self-draw', claims: [SEED_003_CLAIM] }));
    expect(command.result).toEqual({ kind: 'won', winners: ['S'], selfDraw: true });
  });

  it('given two claims under head-bump, then only the contract’s winner is recorded', () => {
    const command = recorded(
      entry(
        'table-law',
        {
          kind: 'win',
          by: 'discard',
          from: 'S',
          claims: [
            { seat: 'N', handScore: 16 },
            { seat: 'W', handScore: 8 },
          ],
        },
        { options: { multipleWinners: 'head-bump' } },
      ),
    );
    expect(command.result).toMatchObject({ kind: 'won', winners: ['W'] });
  });

  it.each([
    [['E', 'S'], true, 'ana'],
    [['S'], false, 'bo'],
  ] as const)(
    'given a draw with %j ready, then dealerReady is %s and %s deals next',
    (ready, dealerReady, dealer) => {
      const command = recorded(entry('hu-mahjong', { kind: 'drawn', ready: [...ready] }));
      expect(command.result).toEqual({ kind: 'drawn', dealerReady });
      const game = run([startGame('hu-mahjong'), command]);
      expect(lastRecorded(game.events).data.next?.dealer).toBe(dealer);
    },
  );

  it('given a draw outside hu-mahjong, then zero deltas for every seat', () => {
    const command = recorded(entry('four-seas', { kind: 'drawn', ready: [] }));
    expect(command.deltas).toEqual({ E: 0, S: 0, W: 0, N: 0 });
  });

  it('given a void, then voided, and the game deals again with the same dealer', () => {
    const command = recorded(
      entry('hu-mahjong', { kind: 'voided', cause: 'misdeal', explanation: 'short wall' }),
    );
    expect(command.result).toEqual({ kind: 'voided' });
    const game = run([startGame('hu-mahjong'), command]);
    expect(lastRecorded(game.events).data.next).toMatchObject({ dealer: 'ana', repeats: 0, rotated: false });
  });
});
