// The tiles, for any page: faces drawn by the app, the notation, and the picker a hand is entered with.

export { HandEditor } from './HandEditor.tsx';
export { HandGroups, HandTiles as HandTileRow } from './HandTiles.tsx';
export {
  type ClaimTiles,
  canPick,
  claimTilesOf,
  EMPTY_HAND,
  type HandTiles,
  type Meld,
  type MeldKind,
  pick,
  tilesInHand,
} from './hand-model.ts';
export { tileLabel, tileName, useTileLabel } from './names.ts';
export {
  FLOWER_TILES,
  formatTiles,
  isTile,
  NotationError,
  PLAYING_TILES,
  parseTiles,
  sortTiles,
  type Tile,
} from './notation.ts';
export { TileFace, type TileSize } from './TileFace.tsx';
export { TilePicker } from './TilePicker.tsx';
