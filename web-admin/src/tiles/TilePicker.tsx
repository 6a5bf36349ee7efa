// Every tile as a pressable cell of one grid (react-aria's GridList in grid layout): arrow keys move across
// and between suits, Enter or a tap adds the tile, typing "5p" jumps to it. A tile that cannot be added now
// (four in the hand, no room left) is disabled; the count in the hand shows on each face.
import { GridList, GridListItem } from 'react-aria-components';
import { useTileLabel, useTileWords } from './names.ts';
import { FLOWER_TILES, PLAYING_TILES, rankOf, type Tile } from './notation.ts';
import { TileFace } from './TileFace.tsx';
import './tiles.css';

export interface TilePickerProps {
  /** The eight flowers and seasons after the 34 tiles, where the ruleset plays them. */
  readonly flowers: boolean;
  readonly canPick: (tile: Tile) => boolean;
  /** How many of each tile the hand holds already. */
  readonly counts: ReadonlyMap<Tile, number>;
  readonly onPick: (tile: Tile) => void;
  readonly label?: string;
}

export function TilePicker({ flowers, canPick, counts, onPick, label }: TilePickerProps) {
  const { t } = useTileWords();
  const labelOf = useTileLabel();
  const tiles = [...PLAYING_TILES, ...(flowers ? FLOWER_TILES : [])];
  const nameOf = (tile: Tile) => {
    const count = counts.get(tile) ?? 0;
    return [labelOf(tile), ...(count > 0 ? [t('picker.inHand', { count })] : [])].join(', ');
  };
  return (
    <div className="tiles-picker-frame">
      <GridList
        aria-label={label ?? t('picker.label')}
        layout="grid"
        className="tiles-picker"
        disabledKeys={tiles.filter((tile) => !canPick(tile))}
        onAction={(key) => onPick(key as Tile)}
      >
        {tiles.map((tile) => {
          const count = counts.get(tile) ?? 0;
          return (
            <GridListItem
              key={tile}
              id={tile}
              textValue={nameOf(tile)}
              aria-label={nameOf(tile)}
              className={`tiles-picker__cell${rankOf(tile) === 1 || tile === '5f' ? ' tiles-picker__cell--first' : ''}`}
            >
              <TileFace tile={tile} decorative className="tiles-picker__face" />
              {count > 0 && (
                <span className="tiles-picker__count" aria-hidden="true">
                  {count}
                </span>
              )}
            </GridListItem>
          );
        })}
      </GridList>
    </div>
  );
}
