// The wall (DESIGN.md "The domain"): the tile set of a hand, shuffled from a recorded seed so that a hand
// replays identically, and hashed so that the order is committed to when the hand starts, shown at its end.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { formatSorted } from './notation.ts';
import { seededGenerator } from './seeded.ts';
import { ALL_TILE_KINDS, FIRST_FLOWER, TILE_KINDS, type Tile } from './tile.ts';

/**
 * Names the derivation below. A recorded seed must give the same wall forever, so a new derivation gets a new
 * name and the old one stays, rather than changing this one.
 */
export const WALL_ALGORITHM = 'sha256-xoroshiro128plus-fisher-yates/1';

export const STANDARD_WALL_SIZE = TILE_KINDS * 4;
export const FLOWER_WALL_SIZE = STANDARD_WALL_SIZE + (ALL_TILE_KINDS - FIRST_FLOWER);

/** Four of each of the 34 kinds (136), then each flower and season once (144), in index order. */
export function tileSet(withFlowers: boolean): Tile[] {
  const tiles: Tile[] = [];
  for (let t = 0; t < TILE_KINDS; t++) tiles.push(t, t, t, t);
  if (withFlowers) for (let t = FIRST_FLOWER; t < ALL_TILE_KINDS; t++) tiles.push(t);
  return tiles;
}

/**
 * The tile set in the order tiles leave the wall: the deal and live draws from the front, replacement draws
 * (after a kong or a flower) from the back. The dice are recorded beside it, but do not move the break: the
 * shuffle is uniform already, so cutting it elsewhere would add nothing.
 *
 * Derivation (WALL_ALGORITHM): sha256 of "mahjong-ledger/wall/1", a NUL byte and the seed's UTF-8; its
 * first 16 bytes, read as four big-endian 32-bit words, are the whole 128-bit state of pure-rand's
 * xoroshiro128plus; a Fisher–Yates shuffle from the last place down draws each index with pure-rand's
 * unbiased uniformInt.
 * Seeding the whole state (not a 32-bit number) keeps walls of different seeds apart, and keeps a wall from
 * being found by trying every 32-bit seed against the public hash. The seed reveals the wall to whoever
 * holds it: it must be unguessable (128 random bits or more) and withheld from players until the hand ends.
 */
export function shuffleWall(seed: string, withFlowers: boolean): Tile[] {
  const rng = generatorFor('wall', seed);
  const wall = tileSet(withFlowers);
  for (let i = wall.length - 1; i > 0; i--) {
    const j = uniformInt(rng, 0, i);
    const held = wall[i]!;
    wall[i] = wall[j]!;
    wall[j] = held;
  }
  return wall;
}

export type Dice = readonly [number, number, number];

/** Three dice from a seed, drawn as the wall is but labelled "mahjong-ledger/dice/1": other numbers. */
export function rollDice(seed: string): Dice {
  const rng = generatorFor('dice', seed);
  return [uniformInt(rng, 1, 6), uniformInt(rng, 1, 6), uniformInt(rng, 1, 6)];
}

/** "sha256:" and the hex sha256 of the wall's tile indices, one byte each, in wall order. */
export function wallHash(wall: readonly Tile[]): string {
  return `sha256:${bytesToHex(sha256(Uint8Array.from(wall)))}`;
}

/** Why `order` is not the tile set in some order (the kinds missing or extra), or undefined if it is. */
export function wallProblem(order: readonly Tile[], withFlowers: boolean): string | undefined {
  const counts = new Map<Tile, number>();
  for (const t of tileSet(withFlowers)) counts.set(t, (counts.get(t) ?? 0) + 1);
  const extra: Tile[] = [];
  for (const t of order) {
    const left = counts.get(t) ?? 0;
    if (left === 0) extra.push(t);
    else counts.set(t, left - 1);
  }
  const missing = [...counts].flatMap(([t, n]) => Array<Tile>(n).fill(t));
  if (extra.length === 0 && missing.length === 0) return undefined;
  const size = withFlowers ? FLOWER_WALL_SIZE : STANDARD_WALL_SIZE;
  const parts = [`a wall of ${size} tiles${withFlowers ? ' with flowers' : ''} holds ${order.length}`];
  if (missing.length > 0) parts.push(`missing ${show(missing)}`);
  if (extra.length > 0) parts.push(`extra ${show(extra)}`);
  return parts.join('; ');
}

function show(tiles: readonly Tile[]): string {
  return tiles.every((t) => Number.isInteger(t) && t >= 0 && t < ALL_TILE_KINDS)
    ? formatSorted(tiles)
    : tiles.join(', ');
}

const generatorFor = (purpose: 'wall' | 'dice', seed: string) =>
  seededGenerator(`mahjong-ledger/${purpose}/1`, seed);
