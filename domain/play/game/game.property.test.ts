// Issue 4's invariants for the game: over any sequence of hand results, points (the kitty included) sum to the
// starting total after every event, and each deal follows its preset's rotation rules.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { PRESET_IDS, type PresetId } from '../../rules/rulesets/index.ts';
import { SEATS, type Seat } from '../../rules/seats.ts';
import type { HandResult } from './commands.ts';
import { decideGame } from './decide.ts';
import { GameEvent } from './events.ts';
import { evolveGame } from './evolve.ts';
import { HU_MAHJONG_MAX_REPEATS } from './rotation.ts';
import { hand, run, startGame } from './spec.ts';

const handArb = (players: number) => {
  const seat = fc.constantFrom(...SEATS.slice(0, players));
  const result: fc.Arbitrary<HandResult> = fc.oneof(
    fc
      .record({
        kind: fc.constant('won' as const),
        winners: fc.uniqueArray(seat, { minLength: 1, maxLength: players - 1 }),
        selfDraw: fc.boolean(),
        kittyCollected: fc.boolean(),
      })
      .map((r) => (r.winners.length > 1 ? { ...r, selfDraw: false } : r)),
    fc.record({ kind: fc.constant('drawn' as const), dealerReady: fc.boolean() }),
    fc.constant({ kind: 'voided' as const }),
  );
  // Zero-sum deltas: each seat but the last gets a random amount, the last balances it.
  const deltas = fc.array(fc.integer({ min: -20000, max: 20000 }), {
    minLength: players - 1,
    maxLength: players - 1,
  });
  return fc.record({ result, deltas });
};

const gameArb = fc
  .record({
    preset: fc.constantFrom(...PRESET_IDS),
    players: fc.constantFrom(2 as const, 3 as const, 4 as const),
  })
  .chain(({ preset, players }) =>
    fc.record({
      preset: fc.constant<PresetId>(preset),
      players: fc.constant(players),
      hands: fc.array(handArb(players), { minLength: 1, maxLength: 80 }),
    }),
  );

describe('the game over random hand results', () => {
  it('points sum to the starting total and each deal follows the rules', () => {
    fc.assert(
      fc.property(gameArb, ({ preset, players, hands }) => {
        let { state } = run([startGame(preset, players)]);
        const total = state.startingPoints * players;
        for (const { result, deltas: amounts } of hands) {
          if (state.phase === 'finished') break;
          const deltas: Partial<Record<Seat, number>> = {};
          SEATS.slice(0, players).forEach((s, i) => {
            deltas[s] = amounts[i] ?? -amounts.reduce((a, b) => a + b, 0);
          });
          const before = state;
          const decision = decideGame(hand(state, result, deltas), state);
          if ('rejection' in decision) throw new Error(decision.rejection.message);
          for (const event of decision.events) {
            GameEvent.parse(event);
            state = evolveGame(state, event);
            const sum = Object.values(state.scores).reduce((a, b) => a + b, 0);
            expect(sum + state.kitty).toBe(total);
          }
          const recorded = decision.events[0];
          if (recorded?.type !== 'HandRecorded') throw new Error('no hand recorded');
          const last = decision.events[1];
          if (last?.type === 'GameFinished' && last.data.reason === 'rounds-complete') {
            // After the South round: the last dealer of the South round passed the deal (or, 2-player
            // hu-mahjong, won outright while dealing last).
            expect(before.deal).toMatchObject({ prevalentWind: 'S', dealer: players - 1 });
          }
          if (recorded.data.next === null) continue;
          expect(['E', 'S']).toContain(recorded.data.next.prevalentWind);
          const { next, seatWinds } = recorded.data;
          const dealerWon = result.kind === 'won' && result.winners.includes('E');
          const repeats = before.deal.repeats;
          const keeps =
            result.kind === 'voided'
              ? 'replay'
              : preset === 'hu-mahjong'
                ? (dealerWon || (result.kind === 'drawn' && result.dealerReady)) &&
                  repeats < HU_MAHJONG_MAX_REPEATS
                  ? 'repeat'
                  : 'rotate'
                : preset === 'table-law'
                  ? dealerWon
                    ? 'repeat'
                    : 'rotate'
                  : dealerWon || result.kind === 'drawn'
                    ? 'repeat'
                    : 'rotate';
          expect(next.dealer).toBe(keeps === 'rotate' ? seatWinds.S : seatWinds.E);
          expect(next.repeats).toBe(keeps === 'rotate' ? 0 : keeps === 'repeat' ? repeats + 1 : repeats);
          if (preset === 'table-law')
            expect(next.streak).toBe(
              keeps === 'rotate' ? 0 : keeps === 'repeat' ? before.deal.streak + 1 : before.deal.streak,
            );
          if (preset === 'hu-mahjong') expect(next.repeats).toBeLessThanOrEqual(HU_MAHJONG_MAX_REPEATS);
          const newRound = keeps === 'rotate' && next.dealer === before.players[0];
          const wind = SEATS[(SEATS.indexOf(before.deal.prevalentWind) + (newRound ? 1 : 0)) % 4];
          expect(next.prevalentWind).toBe(wind);
        }
      }),
      { numRuns: 500 },
    );
  });
});
