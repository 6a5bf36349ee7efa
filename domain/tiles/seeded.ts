// Randomness from a recorded seed, for everything the domain draws (walls, dice, seatings): sha256 of a label
// naming the purpose, a NUL byte and the seed's UTF-8; its first 16 bytes, as four big-endian 32-bit words,
// are the whole state of a xoroshiro128plus generator. The same label and seed always give the same draws.
import { sha256 } from '@noble/hashes/sha2.js';
import { utf8ToBytes } from '@noble/hashes/utils.js';
import { xoroshiro128plusFromState } from 'pure-rand/generator/xoroshiro128plus';

/** `label` names the purpose and its version, e.g. `mahjong-ledger/wall/1`: a new label, new draws. */
export function seededGenerator(label: string, seed: string) {
  const prefix = utf8ToBytes(`${label}\u0000`);
  const text = utf8ToBytes(seed);
  const input = new Uint8Array(prefix.length + text.length);
  input.set(prefix);
  input.set(text, prefix.length);
  const digest = sha256(input);
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const state = [0, 4, 8, 12].map((offset) => view.getInt32(offset, false));
  // xoroshiro128plus never leaves the all-zero state; sha256 will not give 128 zero bits, but be sure.
  if (!state.some((word) => word !== 0)) state[3] = 1;
  return xoroshiro128plusFromState(state);
}
