import { describe, expect, it } from 'vitest';
import type { PlayEvent } from '../events.ts';
import { decide } from '../hand/decide.ts';
import { arranged, eventsOf, fold, given, at as handAt, startWith } from '../hand/spec.ts';
import { type HandState, initialHandState } from '../hand/state.ts';
import { handResultOf } from './from-hand.ts';
import { at, lastRecorded, run, startGame } from './spec.ts';

const HANDS = {
  E: '123456789m 234p 55p',
  S: '34567z 19m 1p 9p 1s 9s 2s 8s',
  W: '34567z 258m 7p 3s 6s 77s',
  N: '11z 22z 1s 2s 3s 4s 5s 6s 7s 8s 9s',
};

describe('a hand stream read as the game counts it', () => {
  it('given a dealer’s self-drawn win (Heaven), the game records it and East deals again', () => {
    const { events, state } = given([startWith('hu-mahjong', arranged(HANDS))]);
    const win = decide({ type: 'DeclareSelfDraw', seat: 'E', at: handAt(500) }, state);
    if ('rejection' in win) throw new Error(win.rejection.message);
    const command = handResultOf(1, [...events, ...win.events], at(5));
    expect(command?.result).toEqual({ kind: 'won', winners: ['E'], selfDraw: true });
    const deltas = Object.values(command?.deltas ?? {});
    expect(deltas.reduce((a, b) => a + (b ?? 0), 0)).toBe(0);
    expect(command?.deltas.E).toBeGreaterThan(0);
    const game = run([startGame('hu-mahjong'), command!]);
    expect(lastRecorded(game.events).data.next).toMatchObject({ dealer: 'ana', repeats: 1 });
    expect(game.state.scores.ana).toBe(30000 + command!.deltas.E!);
  });

  it('given an exhaustive draw, whether East was ready decides the deal as seed 003 says', () => {
    for (const seed of ['draw-a', 'draw-b', 'draw-c', 'draw-d']) {
      // Every seat throws what it drew; windows close unanswered; 2 players draw at 22 discards.
      let state: HandState = initialHandState;
      const events: PlayEvent[] = [];
      const apply = (evs: PlayEvent[]) => {
        events.push(...evs);
        state = fold(evs, state);
      };
      apply(eventsOf(decide(startWith('hu-mahjong', { source: 'seed', seed }, { players: 2 }, 2), state)));
      for (let ms = 1000; state.phase.kind !== 'ended'; ms += 10_000) {
        const { phase } = state;
        if (phase.kind === 'turn') {
          const tile = phase.drawn ?? state.seats[phase.seat]!.concealed.findIndex((n) => n > 0);
          apply(eventsOf(decide({ type: 'Discard', seat: phase.seat, tile, at: handAt(ms) }, state)));
        } else if (phase.kind === 'claim-window')
          apply(eventsOf(decide({ type: 'CloseWindow', at: handAt(ms) }, state)));
        else throw new Error(`stuck in ${phase.kind}`);
      }
      const command = handResultOf(1, events, at(30))!;
      expect(command.result.kind).toBe('drawn');
      const ready = command.result.kind === 'drawn' && command.result.dealerReady === true;
      // The ready-hand payment moves only between a ready and an unready seat: it agrees when it moves.
      if (command.deltas.E !== 0) expect(command.deltas.E! > 0).toBe(ready);
      const game = run([startGame('hu-mahjong', 2), command]);
      expect(lastRecorded(game.events).data.next?.dealer).toBe(ready ? 'ana' : 'bo');
    }
  });

  it('a hand still in play gives nothing to record', () => {
    const { events } = given([startWith('hu-mahjong', arranged(HANDS))]);
    expect(handResultOf(1, events, at())).toBeUndefined();
  });
});
