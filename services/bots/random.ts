// Seeded randomness for bots: a string seed, hashed, starts a xoroshiro128+ generator whose state the bot
// keeps, so the same seed and the same sequence of questions give the same answers.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { uniformFloat64 } from 'pure-rand/distribution/uniformFloat64';
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';
import type { RandomGenerator } from 'pure-rand/types/RandomGenerator';

export interface Random {
  /** An integer in 0..n-1. */
  below(n: number): number;
  /** True with probability p (never for 0, always for 1). */
  chance(p: number): boolean;
}

// pure-rand 8 has no root entry point: its generators and distributions are imported by subpath.
export function seededRandom(seed: string): Random {
  const digest = sha256(utf8ToBytes(seed));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const state: number[] = [0, 4, 8, 12].map((at) => view.getInt32(at));
  // xoroshiro128+ is stuck at an all-zero state; a digest that starts so is not worth a test, but costs a line.
  if (!state.some((word) => word !== 0)) state[0] = 1;
  const rng: RandomGenerator = xoroshiro128plusFromState(state);
  return {
    below: (n) => {
      if (!Number.isInteger(n) || n < 1)
        throw new RangeError(`below(${n}): a choice needs 1 or more options`);
      return n === 1 ? 0 : uniformInt(rng, 0, n - 1);
    },
    chance: (p) => (p <= 0 ? false : p >= 1 ? true : uniformFloat64(rng) < p),
  };
}
