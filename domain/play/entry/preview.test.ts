// The preview a scorer reads before committing: per-seat and per-player deltas, the transfers with their
// reasons, the patterns; and what the commit then settles is the same.
import { describe, expect, it } from 'vitest';
import { deltasOf } from '../../rules/seats.ts';
import { decideEntry } from './decide.ts';
import { previewEntry } from './preview.ts';
import { entry, eventsOf, fold, only, SEED_003_CLAIM } from './spec.ts';

function previewOf(command: Parameters<typeof previewEntry>[0]) {
  const answer = previewEntry(command);
  if ('rejection' in answer) throw new Error(answer.rejection.message);
  return answer.preview;
}

describe('previewing an entry', () => {
  it('given seed 003’s example won on N’s discard, then S +18300 (bo), N −18300 (di), and the patterns', () => {
    const preview = previewOf(
      entry('hu-mahjong', { kind: 'win', by: 'discard', from: 'N', claims: [SEED_003_CLAIM] }),
    );
    expect(preview.outcome).toBe('won');
    expect(preview.seatDeltas).toEqual({ E: 0, S: 18300, W: 0, N: -18300 });
    expect(preview.playerDeltas).toEqual({ ana: 0, bo: 18300, cy: 0, di: -18300 });
    expect(preview.transfers).toEqual([{ from: 'N', to: 'S', points: 18300, reason: 'discard win' }]);
    expect(preview.winners[0]?.patterns?.map((p) => [p.name, p.points])).toEqual([
      ['Fully Outside Hand', 4000],
      ['Three-color Sequences', 2000],
      ['Flower Tile', 100],
    ]);
  });

  it.each([
    [
      'a hu-mahjong self-draw',
      entry('hu-mahjong', { kind: 'win', by: 'self-draw', claims: [SEED_003_CLAIM] }),
    ],
    [
      'a four-seas double win',
      entry('four-seas', {
        kind: 'win',
        by: 'discard',
        from: 'N',
        claims: [
          { seat: 'E', handScore: 30 },
          { seat: 'S', handScore: 45 },
        ],
      }),
    ],
    ['a hu-mahjong draw', entry('hu-mahjong', { kind: 'drawn', ready: ['W'] })],
  ])('given %s, then the commit settles exactly the transfers previewed', (_, command) => {
    const preview = previewOf(command);
    const events = eventsOf(decideEntry(command, fold([])));
    const settled = only(events, 'HandSettled').data;
    expect(settled.transfers).toEqual(preview.transfers);
    expect(deltasOf(settled.transfers, 4)).toEqual(preview.seatDeltas);
    expect(settled.winners.map((w) => w.seat)).toEqual(preview.winners.map((w) => w.seat));
    expect(only(events, 'HandResultEntered').data.request).toEqual(preview.request);
  });

  it('given a void, then every seat and player shows 0 and nothing moves', () => {
    const preview = previewOf(
      entry('table-law', { kind: 'voided', cause: 'misdeal', explanation: 'short wall' }),
    );
    expect(preview.outcome).toBe('voided');
    expect(preview.transfers).toEqual([]);
    expect(preview.playerDeltas).toEqual({ ana: 0, bo: 0, cy: 0, di: 0 });
  });
});
