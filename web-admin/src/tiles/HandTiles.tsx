// A row of a hand's tiles, each pressed (tap, Enter) to take it out again: react-aria's GridList, so arrow
// keys walk the row and the whole row is one tab stop.
import { GridList, GridListItem } from 'react-aria-components';
import { useTileLabel, useTileWords } from './names.ts';
import type { Tile } from './notation.ts';
import { TileFace } from './TileFace.tsx';
import './tiles.css';

export interface HandGroup {
  readonly id: string;
  readonly tiles: readonly Tile[];
  /** What pressing it does, as a screen reader says it ("Remove the pung 555p"). */
  readonly label: string;
  /** Marks the group (a concealed kong shows its outer tiles face down). */
  readonly concealed?: boolean;
}

/** Groups of tiles (melds), each removed as one. */
export function HandGroups({
  label,
  groups,
  onRemove,
}: {
  readonly label: string;
  readonly groups: readonly HandGroup[];
  readonly onRemove: (id: string) => void;
}) {
  const { t } = useTileWords();
  return (
    <GridList
      aria-label={label}
      layout="grid"
      className="tiles-hand"
      onAction={(key) => onRemove(String(key))}
      renderEmptyState={() => <span className="tiles-hand__empty">{t('hand.none')}</span>}
    >
      {groups.map((group) => (
        <GridListItem
          key={group.id}
          id={group.id}
          textValue={group.label}
          aria-label={group.label}
          className="tiles-hand__item"
        >
          <span className="tiles-hand__group">
            {group.tiles.map((tile, i) => (
              <TileFace
                // biome-ignore lint/suspicious/noArrayIndexKey: a meld repeats its tile; the place is its identity
                key={i}
                tile={group.concealed === true && (i === 0 || i === group.tiles.length - 1) ? 'back' : tile}
                decorative
                className="tiles-hand__face"
              />
            ))}
          </span>
        </GridListItem>
      ))}
    </GridList>
  );
}

/** Single tiles, each removed by itself. */
export function HandTiles({
  label,
  tiles,
  onRemove,
}: {
  readonly label: string;
  readonly tiles: readonly Tile[];
  readonly onRemove: (index: number) => void;
}) {
  const { t } = useTileWords();
  const labelOf = useTileLabel();
  return (
    <HandGroups
      label={label}
      groups={tiles.map((tile, i) => ({
        id: String(i),
        tiles: [tile],
        label: t('hand.remove', { tile: labelOf(tile) }),
      }))}
      onRemove={(id) => onRemove(Number(id))}
    />
  );
}
