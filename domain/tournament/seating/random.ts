// Seeded randomness for seating (DESIGN.md "The domain"): a string seed, hashed, starts pure-rand's
// xoroshiro128plus, as the wall is shuffled (domain/tiles/wall.ts), under its own label.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/**
 * Names the derivation and the search. A recorded seed must seat a round the same way for as long as the
 * round is checked again, so a changed search gets a new name rather than changing this one silently.
 */
export const SEATING_ALGORITHM = 'sha256-xoroshiro128plus-swap-search/1';

export interface Draw {
  /** An integer in 0 … n − 1 (n ≥ 1). */
  below(n: number): number;
}

/**
 * sha256 of "mahjong-ledger/seating/1", a NUL byte and the seed's UTF-8; its first 16 bytes, as four
 * big-endian 32-bit words, are the generator's whole state; uniformInt draws without bias.
 */
export function seatingDraw(seed: string): Draw {
  const label = utf8ToBytes('mahjong-ledger/seating/1\u0000');
  const text = utf8ToBytes(seed);
  const input = new Uint8Array(label.length + text.length);
  input.set(label);
  input.set(text, label.length);
  const digest = sha256(input);
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const state = [0, 4, 8, 12].map((offset) => view.getInt32(offset, false));
  // xoroshiro128plus never leaves the all-zero state; sha256 will not give 128 zero bits, but be sure.
  if (!state.some((word) => word !== 0)) state[3] = 1;
  const rng = xoroshiro128plusFromState(state);
  return { below: (n) => (n <= 1 ? 0 : uniformInt(rng, 0, n - 1)) };
}

/** A Fisher–Yates shuffle of a copy, from the last place down. */
export function shuffled<T>(items: readonly T[], draw: Draw): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = draw.below(i + 1);
    const held = out[i]!;
    out[i] = out[j]!;
    out[j] = held;
  }
  return out;
}
