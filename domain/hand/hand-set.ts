// The sets a decomposition is made of, and their compact integer codes used on the hot path.
import type { Tile } from '../tiles/index.ts';
import type { Meld } from './meld.ts';

export type SetKind = 'pair' | 'chow' | 'pung' | 'kong' | 'single';

export interface HandSet {
  readonly kind: SetKind;
  /** The lowest tile of the set. */
  readonly tile: Tile;
  /** Held concealed: in the hand, or a concealed kong. */
  readonly concealed: boolean;
  /** Declared on the table before the win (a meld), as opposed to formed in hand. */
  readonly declared: boolean;
}

// A set code is tile | kind << 6 | flags. Integers keep the scorer free of allocation.
export const KIND_PAIR = 0;
export const KIND_CHOW = 1;
export const KIND_PUNG = 2;
export const KIND_KONG = 3;
export const KIND_SINGLE = 4;
export const FLAG_CONCEALED = 1 << 9;
export const FLAG_DECLARED = 1 << 10;

const KIND_NAMES: readonly SetKind[] = ['pair', 'chow', 'pung', 'kong', 'single'];

export const codeTile = (code: number): Tile => code & 63;
export const codeKind = (code: number): number => (code >> 6) & 7;
export const isConcealedCode = (code: number): boolean => (code & FLAG_CONCEALED) !== 0;

export function meldCode(meld: Meld): number {
  const kind = meld.kind === 'chow' ? KIND_CHOW : meld.kind === 'pung' ? KIND_PUNG : KIND_KONG;
  return meld.tile | (kind << 6) | FLAG_DECLARED | (meld.concealed ? FLAG_CONCEALED : 0);
}

export function concealedCode(kind: number, tile: Tile): number {
  return tile | (kind << 6) | FLAG_CONCEALED;
}

export function setOfCode(code: number): HandSet {
  return {
    kind: KIND_NAMES[codeKind(code)]!,
    tile: codeTile(code),
    concealed: (code & FLAG_CONCEALED) !== 0,
    declared: (code & FLAG_DECLARED) !== 0,
  };
}

export function setContains(code: number, tile: Tile): boolean {
  const first = codeTile(code);
  return codeKind(code) === KIND_CHOW ? tile >= first && tile <= first + 2 : tile === first;
}

/** The tiles of a set or a meld. */
export function setTiles(set: { readonly kind: SetKind; readonly tile: Tile }): Tile[] {
  switch (set.kind) {
    case 'chow':
      return [set.tile, set.tile + 1, set.tile + 2];
    case 'pung':
      return [set.tile, set.tile, set.tile];
    case 'kong':
      return [set.tile, set.tile, set.tile, set.tile];
    case 'pair':
      return [set.tile, set.tile];
    case 'single':
      return [set.tile];
  }
}
