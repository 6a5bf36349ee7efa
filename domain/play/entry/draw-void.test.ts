// Entering an exhaustive draw (seed 003's ready-hand payment in hu-mahjong; nothing moves elsewhere) and a
// void (a misdeal, or a referee's ruling).
import { describe, expect, it } from 'vitest';
import { decideEntry } from './decide.ts';
import { entry, eventsOf, fold, only } from './spec.ts';

const empty = fold([]);

describe('an exhaustive draw', () => {
  it('given hu-mahjong with S and W ready, then E and N each pay 1000 to each of them (seed 003)', () => {
    const events = eventsOf(decideEntry(entry('hu-mahjong', { kind: 'drawn', ready: ['S', 'W'] }), empty));
    expect(events.map((e) => e.type)).toEqual(['HandResultEntered', 'HandSettled']);
    const settled = only(events, 'HandSettled').data;
    expect(settled.winners).toEqual([]);
    expect(settled.transfers.map((t) => `${t.from}→${t.to} ${t.points}`)).toEqual([
      'E→S 1000',
      'E→W 1000',
      'N→S 1000',
      'N→W 1000',
    ]);
    expect(settled.transfers.every((t) => t.reason === 'ready hand at exhaustive draw')).toBe(true);
    expect(only(events, 'HandResultEntered').data.request).toBeNull();
    expect(fold(events).phase).toEqual({ kind: 'ended', how: 'drawn' });
  });

  it('given hu-mahjong at three players with only E ready, then S and W pay E 1000 each', () => {
    const events = eventsOf(
      decideEntry(entry('hu-mahjong', { kind: 'drawn', ready: ['E'] }, { players: 3 }), empty),
    );
    expect(only(events, 'HandSettled').data.transfers.map((t) => [t.from, t.to, t.points])).toEqual([
      ['S', 'E', 1000],
      ['W', 'E', 1000],
    ]);
  });

  it('given every seat ready or none, then nothing is paid', () => {
    for (const ready of [[], ['E', 'S', 'W', 'N']] as const) {
      const events = eventsOf(decideEntry(entry('hu-mahjong', { kind: 'drawn', ready: [...ready] }), empty));
      expect(only(events, 'HandSettled').data.transfers).toEqual([]);
    }
  });

  it('given another preset, then the draw is recorded and no points move', () => {
    const events = eventsOf(decideEntry(entry('four-seas', { kind: 'drawn', ready: ['E'] }), empty));
    expect(events.map((e) => e.type)).toEqual(['HandResultEntered']);
  });
});

describe('a void', () => {
  it('given a misdeal, then the entry and HandVoided (misdeal) are recorded and nothing is settled', () => {
    const explanation = 'S was dealt 14 tiles';
    const events = eventsOf(
      decideEntry(entry('table-law', { kind: 'voided', cause: 'misdeal', explanation }), empty),
    );
    expect(events.map((e) => e.type)).toEqual(['HandResultEntered', 'HandVoided']);
    expect(only(events, 'HandVoided').data).toEqual({ cause: 'misdeal', explanation });
    expect(fold(events).phase).toEqual({ kind: 'ended', how: 'voided' });
  });

  it('given a referee’s ruling, then HandVoided says ruling', () => {
    const events = eventsOf(
      decideEntry(
        entry('hu-mahjong', { kind: 'voided', cause: 'ruling', explanation: 'the wall was knocked over' }),
        empty,
      ),
    );
    expect(only(events, 'HandVoided').data.cause).toBe('ruling');
  });
});
