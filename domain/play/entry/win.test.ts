// Entering a win at a physical table: seed 003's worked example by every discarder and by self-draw, the
// declared presets with the rule texts' own numbers, and several winners on one discard.
import { describe, expect, it } from 'vitest';
import { PlayEvent } from '../events.ts';
import type { EntryResult } from './commands.ts';
import { decideEntry } from './decide.ts';
import { entry, eventsOf, fold, only, SEED_003_CLAIM } from './spec.ts';

const empty = fold([]);

describe('seed 003’s scoring example (6100), entered by the table scorer', () => {
  it.each([
    [4, 'N', 18300],
    [4, 'W', 18300],
    [4, 'E', 18300],
    [3, 'W', 15250],
    [2, 'E', 12200],
  ] as const)(
    'given %i players and a discard from %s, then that seat alone pays S %i',
    (players, from, points) => {
      const events = eventsOf(
        decideEntry(
          entry('hu-mahjong', { kind: 'win', by: 'discard', from, claims: [SEED_003_CLAIM] }, { players }),
          empty,
        ),
      );
      expect(events.map((e) => e.type)).toEqual(['HandResultEntered', 'HandSettled']);
      const settled = only(events, 'HandSettled').data;
      expect(settled.winners).toEqual([{ seat: 'S', handScore: 6100, effectiveScore: 6100 }]);
      expect(settled.transfers).toEqual([{ from, to: 'S', points, reason: 'discard win' }]);
      expect(settled.ruleset.preset).toBe('hu-mahjong');
    },
  );

  it('given a self-draw, then S receives 6100 from each other seat', () => {
    const events = eventsOf(
      decideEntry(entry('hu-mahjong', { kind: 'win', by: 'self-draw', claims: [SEED_003_CLAIM] }), empty),
    );
    const { transfers } = only(events, 'HandSettled').data;
    expect(transfers.map((t) => [t.from, t.to, t.points])).toEqual([
      ['E', 'S', 6100],
      ['W', 'S', 6100],
      ['N', 'S', 6100],
    ]);
  });

  it('records the entry as given and the contract’s request as it was evaluated, and both read back', () => {
    const command = entry('hu-mahjong', { kind: 'win', by: 'discard', from: 'N', claims: [SEED_003_CLAIM] });
    const events = eventsOf(decideEntry(command, empty));
    const entered = only(events, 'HandResultEntered').data;
    expect(entered.result).toEqual(command.result);
    expect(entered.enteredBy).toEqual({ role: 'scorer', id: 'scorer-lee' });
    expect(entered.request).toEqual({
      ruleset: 'hu-mahjong',
      options: command.context.ruleset.options,
      prevalentWind: 'E',
      dealerRepeats: 0,
      winType: 'discard',
      from: 'N',
      claims: [SEED_003_CLAIM],
    });
    for (const event of events)
      expect(PlayEvent.parse(JSON.parse(JSON.stringify(event)))).toStrictEqual(event);
  });

  it('the stream it leaves is over: the hand folds to ended, with the game’s seats', () => {
    const state = fold(
      eventsOf(
        decideEntry(entry('hu-mahjong', { kind: 'win', by: 'self-draw', claims: [SEED_003_CLAIM] }), empty),
      ),
    );
    expect(state.phase).toEqual({ kind: 'ended', how: 'settled' });
    expect(Object.keys(state.seats)).toEqual(['E', 'S', 'W', 'N']);
    expect(state.stream).toBe('hand-g1-1');
  });
});

describe('declared scores, with the rule texts’ own numbers', () => {
  const settledDeltas = (events: readonly PlayEvent[]) => {
    const deltas: Record<string, number> = { E: 0, S: 0, W: 0, N: 0 };
    for (const t of only(events, 'HandSettled').data.transfers) {
      deltas[t.from]! -= t.points;
      deltas[t.to]! += t.points;
    }
    return deltas;
  };

  it('four-seas (seed 000): N discards, E claims 30 and S 45, score priority: E 120, S 60, W −45, N −135', () => {
    const command = entry('four-seas', {
      kind: 'win',
      by: 'discard',
      from: 'N',
      claims: [
        { seat: 'E', handScore: 30 },
        { seat: 'S', handScore: 45 },
      ],
    });
    expect(settledDeltas(eventsOf(decideEntry(command, empty)))).toEqual({ E: 120, S: 60, W: -45, N: -135 });
  });

  it('chinese-classical (seed 002): N wins with 192, losers E 2, S 46, W 12: E −492, S −70, W −206, N +768', () => {
    const result: EntryResult = {
      kind: 'win',
      by: 'discard',
      from: 'W',
      claims: [{ seat: 'N', handScore: 192 }],
    };
    const loserScores = { E: 2, S: 46, W: 12 };
    const plain = eventsOf(decideEntry(entry('chinese-classical', { ...result, loserScores }), empty));
    expect(settledDeltas(plain)).toEqual({ E: -492, S: -70, W: -206, N: 768 });
    // Seed 002: a faulty declaration by East worth 10 goes to the winner, not doubled.
    const penalties = [{ seat: 'E' as const, kind: 'faulty-declaration', points: 10 }];
    const penalised = eventsOf(
      decideEntry(entry('chinese-classical', { ...result, loserScores, penalties }), empty),
    );
    expect(settledDeltas(penalised)).toMatchObject({ E: -502, N: 778 });
  });

  it('table-law (seed 004): East wins 20 on South’s discard in a streak of 2: South pays 20 + (2n + 1) = 25', () => {
    const command = entry(
      'table-law',
      { kind: 'win', by: 'discard', from: 'S', claims: [{ seat: 'E', handScore: 20 }] },
      { repeats: 2 },
    );
    const events = eventsOf(decideEntry(command, empty));
    expect(settledDeltas(events)).toEqual({ E: 25, S: -25, W: 0, N: 0 });
    expect(only(events, 'HandResultEntered').data.request).toMatchObject({ dealerRepeats: 2 });
  });

  it('table-law (seed 004): a false Mahjong by West entered as a penalty pays 25 to each other player, 75 in all', () => {
    const command = entry('table-law', {
      kind: 'win',
      by: 'discard',
      from: 'N',
      claims: [{ seat: 'S', handScore: 20 }],
      penalties: [{ seat: 'W', kind: 'false-mahjong', points: 25 }],
    });
    expect(settledDeltas(eventsOf(decideEntry(command, empty)))).toEqual({ E: 25, S: 45, W: -75, N: 5 });
  });

  it('mahjong-house (seed 001): the discarder pays the winner the points declared', () => {
    const command = entry('mahjong-house', {
      kind: 'win',
      by: 'discard',
      from: 'W',
      claims: [{ seat: 'E', handScore: 16 }],
    });
    expect(settledDeltas(eventsOf(decideEntry(command, empty)))).toMatchObject({ E: 16, W: -16 });
  });
});

describe('several winners on one discard', () => {
  const twoClaims: EntryResult = {
    kind: 'win',
    by: 'discard',
    from: 'S',
    claims: [
      { seat: 'N', handScore: 16 },
      { seat: 'W', handScore: 8 },
    ],
  };

  it('table-law pays both by default (seed 004: East wins "alone or with other winners")', () => {
    const settled = only(eventsOf(decideEntry(entry('table-law', twoClaims), empty)), 'HandSettled').data;
    expect(settled.winners.map((w) => w.seat)).toEqual(['W', 'N']);
    expect(settled.lapsed).toEqual([]);
  });

  it('with head-bump, the first in turn order after the discarder wins and the other claim lapses', () => {
    const command = entry('table-law', twoClaims, { options: { multipleWinners: 'head-bump' } });
    const settled = only(eventsOf(decideEntry(command, empty)), 'HandSettled').data;
    expect(settled.winners.map((w) => w.seat)).toEqual(['W']);
    expect(settled.lapsed).toEqual([{ seat: 'N', reason: 'head-bump: W is first in turn order after S' }]);
  });
});
