// Whole hands played by seeded bots (test/support/bot-hands.ts) through the decider: hu-mahjong at 4, 3 and 2
// players, mahjong-house, four-seas, chinese-classical (every loser's score with the win) and table-law (a
// referee now and then finds a dead hand, a player now and then declares a false Mahjong, self-drawn or claimed
// on a tile, a dead hand's too; the West exception holds the fourth West back, thrown on the next turn).
// Invariants: every tile accounted for at every step, every event valid by its schema, points that sum to zero,
// the same seed giving the same events, and the stored events folding to the state the live aggregate holds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HELD, type Played, playHand, TABLES } from '../../../test/support/bot-hands.ts';
import { PlayEvent } from '../events.ts';
import { falseWinOf } from './false-win.ts';
import { fold } from './spec.ts';

function checkInvariants({ events, state }: Played): void {
  for (const event of events) {
    const parsed = PlayEvent.safeParse(event);
    if (!parsed.success) throw new Error(`${event.type}: ${parsed.error.message}`);
  }
  const stored = JSON.parse(JSON.stringify(events)) as PlayEvent[];
  expect(fold(stored)).toEqual(state);
  const settled = events.filter((e) => e.type === 'HandSettled');
  const won = state.phase.kind === 'ended' && state.phase.how === 'settled';
  // A win is settled once; a drawn hu-mahjong hand too (the ready-hand payment), other drawn hands and voided
  // ones never.
  const voided = state.phase.kind === 'ended' && state.phase.how === 'voided';
  expect(settled.length).toBe(won || (state.preset === 'hu-mahjong' && !voided) ? 1 : 0);
  // Every payment sums to zero: the settlement, and the immediate ones and penalties of table law.
  const paid = events.flatMap((e) =>
    e.type === 'ImmediatePayment' || e.type === 'PenaltyAssessed' ? e.data.transfers : [],
  );
  const total = new Map<string, number>();
  for (const t of [...paid, ...settled.flatMap((s) => s.data.transfers)]) {
    total.set(t.from, (total.get(t.from) ?? 0) - t.points);
    total.set(t.to, (total.get(t.to) ?? 0) + t.points);
  }
  expect([...total.values()].reduce((a, b) => a + b, 0)).toBe(0);
  if (state.preset !== 'table-law') expect(events.filter((e) => e.type === 'ImmediatePayment')).toEqual([]);
  // A refused false win leaves no trace; a penalised one voids the hand, and nothing else does.
  if (falseWinOf(state) === 'reject') {
    expect(events.filter((e) => e.type === 'PenaltyAssessed')).toEqual([]);
    expect(voided).toBe(false);
  }
  // A voided hand (a penalised false win) has no settlement; its penalty is paid at once.
  if (voided) expect(events.filter((e) => e.type === 'PenaltyAssessed').length).toBe(1);
  for (const s of settled) {
    const net = new Map<string, number>();
    for (const t of s.data.transfers) {
      net.set(t.from, (net.get(t.from) ?? 0) - t.points);
      net.set(t.to, (net.get(t.to) ?? 0) + t.points);
    }
    expect([...net.values()].reduce((a, b) => a + b, 0)).toBe(0);
    // Four-seas' score priority keeps a second win that collects nothing (seed 000).
    for (const w of s.data.winners) if (w.effectiveScore > 0) expect(net.get(w.seat) ?? 0).toBeGreaterThan(0);
  }
  expect(events.at(-1)?.type).toBe('WallRevealed');
}

describe('bot-played hands', () => {
  for (const table of [...TABLES, ...HELD]) {
    const name = `${table.preset}, ${table.players} players ${JSON.stringify(table.options ?? {})}`;
    it(`keep the invariants: ${name}`, () => {
      fc.assert(
        fc.property(fc.string({ minLength: 1, maxLength: 16 }), (seed) => {
          checkInvariants(playHand(seed, table));
        }),
        { numRuns: 300 },
      );
    });
  }

  it('replay: the same seed gives the same events', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 16 }), fc.constantFrom(...TABLES), (seed, table) => {
        expect(playHand(seed, table).events).toEqual(playHand(seed, table).events);
      }),
      { numRuns: 20 },
    );
  });

  // Bots win most hands, so a wall run out is rare among them: draw.test.ts plays it on purpose.
  it('reach the endings: discard wins, self-draws, a full pond, and every kind of meld along the way', () => {
    const ends = new Set<string>();
    const kinds = new Set<string>();
    const paid = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const { events } = playHand(`ends-${i}`, TABLES[i % TABLES.length]!);
      const win = events.find((e) => e.type === 'WinDeclared');
      const falseWin = events.find((e) => e.type === 'FalseWinDeclared');
      if (falseWin?.type === 'FalseWinDeclared') paid.add(`false-${falseWin.data.by}`);
      const drawn = events.find((e) => e.type === 'HandDrawn');
      const voided = events.some((e) => e.type === 'HandVoided');
      ends.add(
        win?.type === 'WinDeclared'
          ? win.data.by
          : drawn?.type === 'HandDrawn'
            ? drawn.data.reason
            : voided
              ? 'voided'
              : '?',
      );
      for (const e of events) if (e.type === 'MeldDeclared') kinds.add(e.data.kind);
      for (const e of events) if (e.type === 'ImmediatePayment') paid.add(e.data.kind);
      for (const e of events) if (e.type === 'DeadHandDeclared') paid.add('dead-hand');
    }
    expect([...paid].sort()).toEqual(
      expect.arrayContaining(['chasing', 'dead-hand', 'false-discard', 'false-self-draw']),
    );
    expect([...ends].filter((end) => end !== 'wall-exhausted').sort()).toEqual([
      'discard',
      'pond-full',
      'self-draw',
      'voided',
    ]);
    expect([...kinds].sort()).toEqual(['added-kong', 'chow', 'concealed-kong', 'exposed-kong', 'pong']);
  });

  // The West exception is too rare among bots to wait for: presets.test.ts plays it on purpose.
  it('table-law hands reach dice triples, chasing and concealed gongs', () => {
    const paid = new Set<string>();
    for (let i = 0; i < 400 && paid.size < 3; i++) {
      const { events } = playHand(`table-${i}`, { preset: 'table-law', players: 4 });
      for (const e of events) if (e.type === 'ImmediatePayment') paid.add(e.data.kind);
    }
    expect([...paid].sort()).toEqual(['chasing', 'concealed-gong', 'dice-triple']);
  });
});
