// Seeded randomness for seating (DESIGN.md "The domain"): a string seed, hashed, starts pure-rand's
// xoroshiro128plus, as the wall is shuffled (domain/tiles/wall.ts), under its own label.
import { uniformInt } from 'pure-rand/distribution/uniformInt';
import { seededGenerator } from '../../tiles/seeded.ts';

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
 * sha256 of "mahjong-ledger/seating/1" (or another label: a plan of rounds draws under its own), a NUL byte and
 * the seed's UTF-8; its first 16 bytes, as four big-endian 32-bit words, are the generator's whole state;
 * uniformInt draws without bias.
 */
export function seatingDraw(seed: string, label = 'mahjong-ledger/seating/1'): Draw {
  const rng = seededGenerator(label, seed);
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
