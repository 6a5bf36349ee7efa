// Given a pasted seating and the registered players, then the preview reads the tables line by line and
// names each problem the server would refuse: unknown or inactive players, a player twice, a table of 5, the
// active players left out.
import { describe, expect, it } from 'vitest';
import type { ViewPlayer } from './tournament-view.ts';
import { previewUploaded } from './uploaded-tables.ts';

const players: ViewPlayer[] = [
  ...['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((id) => ({
    playerId: id,
    name: id.toUpperCase(),
    status: 'active' as const,
  })),
  { playerId: 'w', name: 'W', status: 'withdrawn' },
];

describe('uploaded seating preview', () => {
  it('reads tables from spaces, tabs and commas, skipping blank and # lines', () => {
    const preview = previewUploaded('# round 3\na b c d\n\ne\tf, g;h\n', players);
    expect(preview.tables).toEqual([
      { line: 2, ids: ['a', 'b', 'c', 'd'] },
      { line: 4, ids: ['e', 'f', 'g', 'h'] },
    ]);
    expect(preview.problems).toEqual([]);
  });

  it('names unknown, inactive and repeated players, odd table sizes and who is left out', () => {
    const preview = previewUploaded('a b c x w\na d\n', players);
    expect(preview.problems).toEqual([
      { kind: 'table-size', line: 1, size: 5 },
      { kind: 'unknown-player', line: 1, id: 'x' },
      { kind: 'not-active', line: 1, id: 'w' },
      { kind: 'seated-twice', id: 'a', lines: [1, 2] },
      { kind: 'left-out', ids: ['e', 'f', 'g', 'h'] },
    ]);
  });

  it('has nothing to say about an empty paste', () => {
    expect(previewUploaded('  \n', players)).toEqual({ tables: [], problems: [] });
  });
});
