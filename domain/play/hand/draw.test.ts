// Exhaustive draws: seed 003's pond length (18 / 20 / 22 discards in one pond for 4 / 3 / 2 players), and the
// wall running out under presets with no pond length. Every seat throws the tile it drew; nobody claims.
import { describe, expect, it } from 'vitest';
import type { PlayEvent } from '../events.ts';
import type { StartHand } from './commands.ts';
import { decide, POND_LENGTH } from './decide.ts';
import { at, eventsOf, fold, startWith, tilesAccountedFor } from './spec.ts';
import { type HandState, initialHandState } from './state.ts';

const types = (events: readonly PlayEvent[]) => events.map((e) => e.type);

function throwEverything(start: StartHand): { events: PlayEvent[]; state: HandState } {
  let state = initialHandState;
  const events: PlayEvent[] = [];
  const apply = (evs: PlayEvent[]) => {
    events.push(...evs);
    state = fold(evs, state);
  };
  apply(eventsOf(decide(start, state)));
  for (let ms = 1000; state.phase.kind !== 'ended'; ms += 1000) {
    const { phase } = state;
    if (phase.kind === 'turn') {
      const held = state.seats[phase.seat]!.concealed.findIndex((n) => n > 0);
      apply(
        eventsOf(decide({ type: 'Discard', seat: phase.seat, tile: phase.drawn ?? held, at: at(ms) }, state)),
      );
    } else if (phase.kind === 'claim-window') {
      ms += phase.window.deadlineMs;
      apply(eventsOf(decide({ type: 'CloseWindow', at: at(ms) }, state)));
    } else throw new Error(`stuck in ${phase.kind}`);
    expect(tilesAccountedFor(state)).toBe(state.wall.length);
  }
  return { events, state };
}

describe('an exhaustive draw', () => {
  for (const players of [4, 3, 2] as const) {
    it(`comes when one pond holds ${POND_LENGTH[players]} discards at a ${players}-player hu-mahjong table`, () => {
      const { events } = throwEverything(
        startWith('hu-mahjong', { source: 'seed', seed: `pond-${players}` }, { players }, players),
      );
      const drawn = events.find((e) => e.type === 'HandDrawn');
      expect(drawn?.data).toEqual({ reason: 'pond-full', seat: 'E', discards: POND_LENGTH[players] });
      expect(types(events).slice(-3)).toEqual(['HandDrawn', 'HandSettled', 'WallRevealed']);
      const settled = events.at(-2);
      if (settled?.type !== 'HandSettled') throw new Error('not settled');
      // Seed 003: the ready-hand payment, 1000 from each seat without a ready hand to each with one.
      expect(settled.data.winners).toEqual([]);
      for (const t of settled.data.transfers)
        expect(t).toMatchObject({ points: 1000, reason: 'ready hand at exhaustive draw' });
      expect(events.filter((e) => e.type === 'TileDiscarded' && e.data.seat === 'E')).toHaveLength(
        POND_LENGTH[players],
      );
    });
  }

  it('comes when the wall runs out where no pond length is played (mahjong-house)', () => {
    const { events, state } = throwEverything(
      startWith('mahjong-house', { source: 'seed', seed: 'wall-out' }),
    );
    expect(events.find((e) => e.type === 'HandDrawn')?.data).toEqual({ reason: 'wall-exhausted' });
    expect(types(events).slice(-2)).toEqual(['HandDrawn', 'WallRevealed']);
    expect(state.front).toBe(state.back + 1);
  });

  it('counts flowers among the tiles and still ends (hu-mahjong with flowers)', () => {
    const { state } = throwEverything(
      startWith('hu-mahjong', { source: 'seed', seed: 'flowers-out' }, { flowers: true }),
    );
    expect(state.phase).toEqual({ kind: 'ended', how: 'drawn' });
    expect(state.wall).toHaveLength(144);
  });
});
