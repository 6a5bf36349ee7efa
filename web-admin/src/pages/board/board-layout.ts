// How the tables fill the screen: every table of the round on one screen when they fit at a size the back
// of the room can read (UI.md: a projector at 1920×1080, read from 10 m), else pages of tables shown in
// turn. The grid is the one that gives each card the most room for its shape.

export interface Area {
  readonly width: number;
  readonly height: number;
}

export interface BoardLayout {
  readonly columns: number;
  readonly rows: number;
  /** Tables on one page (the last page may hold fewer). */
  readonly perPage: number;
  readonly pages: number;
}

/** A card is read well at about this shape (width over height): a header and four seat lines. */
export const CARD_ASPECT = 1.9;
/** Below this a card's names fall under ~26 px, too small for the back of a room. */
export const MIN_CARD: Area = { width: 440, height: 220 };

/** The grid for `count` tables in `area` (cards `gap` apart), paged when they do not all fit. */
export function boardLayout(count: number, area: Area, gap = 16, min: Area = MIN_CARD): BoardLayout {
  const n = Math.max(count, 1);
  const maxColumns = Math.max(1, Math.floor((area.width + gap) / (min.width + gap)));
  const maxRows = Math.max(1, Math.floor((area.height + gap) / (min.height + gap)));
  const capacity = maxColumns * maxRows;
  const pages = Math.ceil(n / capacity);
  // Pages share the tables evenly (13 tables over 2 pages: 7 and 6, not 12 and 1).
  const perPage = Math.ceil(n / pages);
  const { columns, rows } = bestGrid(perPage, area, gap, maxColumns, maxRows);
  return { columns, rows, perPage, pages };
}

/** The grid within the limits whose cards, kept at CARD_ASPECT, come out largest. */
function bestGrid(
  count: number,
  area: Area,
  gap: number,
  maxColumns: number,
  maxRows: number,
): { columns: number; rows: number } {
  let best = { columns: 1, rows: count, scale: -1 };
  for (let columns = 1; columns <= Math.min(count, maxColumns); columns++) {
    const rows = Math.ceil(count / columns);
    if (rows > maxRows) continue;
    const width = (area.width - gap * (columns - 1)) / columns;
    const height = (area.height - gap * (rows - 1)) / rows;
    // The card's size as it can be drawn at its shape: limited by the narrower of the two.
    const scale = Math.min(width / CARD_ASPECT, height);
    if (scale > best.scale) best = { columns, rows, scale };
  }
  return { columns: best.columns, rows: best.rows };
}

/** The tables on page `page` (0-based) of a layout. */
export function pageOf<T>(items: readonly T[], layout: BoardLayout, page: number): readonly T[] {
  const start = (page % layout.pages) * layout.perPage;
  return items.slice(start, start + layout.perPage);
}
