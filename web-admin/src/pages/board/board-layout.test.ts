// Given a number of tables and a screen, then every table fits at a readable size, or pages share them.
import { describe, expect, it } from 'vitest';
import { boardLayout, MIN_CARD, pageOf } from './board-layout.ts';

const PROJECTOR = { width: 1920 - 48, height: 1080 - 140 };

describe('board layout', () => {
  it('given 4 tables on a projector, then a 2×2 grid on one page', () => {
    expect(boardLayout(4, PROJECTOR)).toEqual({ columns: 2, rows: 2, perPage: 4, pages: 1 });
  });

  it('given 16 tables on a projector, then all on one page, four across', () => {
    const layout = boardLayout(16, PROJECTOR);
    expect(layout).toMatchObject({ pages: 1, perPage: 16, columns: 4, rows: 4 });
  });

  it('given a grid, then no card is below the readable size', () => {
    for (const count of [1, 3, 5, 8, 12, 16]) {
      const { columns, rows } = boardLayout(count, PROJECTOR);
      expect((PROJECTOR.width - 16 * (columns - 1)) / columns).toBeGreaterThanOrEqual(MIN_CARD.width);
      expect((PROJECTOR.height - 16 * (rows - 1)) / rows).toBeGreaterThanOrEqual(MIN_CARD.height);
      expect(columns * rows).toBeGreaterThanOrEqual(count);
    }
  });

  it('given more tables than fit, then pages share them evenly and every table is on one page', () => {
    const layout = boardLayout(25, PROJECTOR);
    expect(layout.pages).toBe(2);
    expect(layout.perPage).toBe(13);
    const tables = Array.from({ length: 25 }, (_, i) => i + 1);
    const shown = [0, 1].flatMap((page) => pageOf(tables, layout, page));
    expect(shown).toEqual(tables);
  });

  it('given a portrait tablet, then one column of tables', () => {
    expect(boardLayout(4, { width: 780, height: 1040 })).toMatchObject({ columns: 1, rows: 4, pages: 1 });
  });
});
