// Our tiles (indices 0..33) in the string notation of @kobalab/majiang-core's Shoupai: suit letter first
// ('m123p456s789z11'), melds after commas (',m1-23' chow, ',p555=' pung, ',s5555=' open kong, ',z7777'
// concealed kong). Only the benchmark uses it.
import type { Tile } from '../../domain/tiles/index.ts';

export interface PeerMeld {
  readonly tiles: readonly Tile[];
  readonly concealed: boolean;
}

const LETTERS = ['m', 'p', 's', 'z'] as const;

const letterOf = (t: Tile): string => LETTERS[(t / 9) | 0]!;
const digitOf = (t: Tile): number => (t % 9) + 1;

/** One tile: 5m → 'm5'. */
export function peerPai(t: Tile): string {
  if (t < 0 || t >= 34) throw new Error(`tile ${t} has no majiang-core form`);
  return `${letterOf(t)}${digitOf(t)}`;
}

/** A discard claimed from the player opposite: 5m → 'm5='. hule() needs the direction mark. */
export function peerRongpai(t: Tile): string {
  return `${peerPai(t)}=`;
}

/** Concealed tiles grouped by suit in index order: [0,1,2,27,27] → 'm123z11'. */
export function peerBingpai(tiles: readonly Tile[]): string {
  const sorted = [...tiles].sort((a, b) => a - b);
  let out = '';
  let letter = '';
  for (const t of sorted) {
    const l = peerPai(t)[0]!;
    if (l !== letter) {
      out += l;
      letter = l;
    }
    out += digitOf(t);
  }
  return out;
}

/**
 * A declared set. A chow is taken from the player on the left ('-', the only seat one may chow from),
 * a pung or open kong from the player opposite ('='); a concealed kong carries no mark.
 */
export function peerMianzi(meld: PeerMeld): string {
  const sorted = [...meld.tiles].sort((a, b) => a - b);
  const first = sorted[0];
  if (first === undefined) throw new Error('a meld needs tiles');
  const l = letterOf(first);
  const digits = sorted.map(digitOf);
  if (sorted.length === 4) return `${l}${digits.join('')}${meld.concealed ? '' : '='}`;
  if (sorted[1] === first) return `${l}${digits.join('')}=`;
  return `${l}${digits[0]}-${digits[1]}${digits[2]}`;
}

/**
 * A Shoupai string: the concealed tiles, then the drawn tile as its own group (Shoupai.fromString takes the
 * last tile of a full hand as the drawn one), then the melds.
 */
export function peerShoupaiString(
  concealed: readonly Tile[],
  melds: readonly PeerMeld[],
  drawn?: Tile,
): string {
  let out = peerBingpai(concealed);
  if (drawn !== undefined) out += peerPai(drawn);
  for (const meld of melds) out += `,${peerMianzi(meld)}`;
  return out;
}
