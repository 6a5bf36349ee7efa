// Per-kind property bits, so that what a whole hand is made of (all terminals? one suit? all green?) is an
// OR and an AND over the kinds it holds.
import { GREEN, TILE_KINDS } from './tile.ts';

export const TileFlag = {
  Terminal: 1,
  Honor: 2,
  /** Seed 003, All Green: 2, 3, 4, 6, 8 of bamboos and the Green dragon. */
  Green: 4,
  TerminalOrHonor: 8,
} as const;

/** Bits GROUP_SHIFT.. of a flag word: characters, circles, bamboos, winds, dragons. */
export const GROUP_SHIFT = 4;

export const TILE_FLAGS: Int32Array = Int32Array.from({ length: TILE_KINDS }, (_, t) => {
  const rank = t % 9;
  let flags = 0;
  if (t < 27 && (rank === 0 || rank === 8)) flags |= TileFlag.Terminal | TileFlag.TerminalOrHonor;
  if (t >= 27) flags |= TileFlag.Honor | TileFlag.TerminalOrHonor;
  if (t === GREEN || t === 19 || t === 20 || t === 21 || t === 23 || t === 25) flags |= TileFlag.Green;
  const group = t < 27 ? (t / 9) | 0 : t < 31 ? 3 : 4;
  return flags | (1 << (GROUP_SHIFT + group));
});
