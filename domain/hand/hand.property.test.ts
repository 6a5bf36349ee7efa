// Property tests: the table-driven hand engine against the plain recursive oracle in test/oracles, on
// random hands. Uniformly random tiles are almost never complete or ready, so most generators build hands
// from random sets and a pair (often crowded into one suit, where arrangements multiply) and then take a
// tile away or swap one, which lands on the interesting boundary: complete, ready, or one tile off.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonical,
  type OracleSet,
  oracleDecompositions,
  oracleIsComplete,
  oracleReadings,
  oracleSetContains,
  oracleShapes,
  oracleStandardArrangements,
  oracleWaits,
} from '../../test/oracles/recursive-hand.ts';
import { formatSorted, formatTiles, ORPHANS, parseTiles, type Tile, toUnicode } from '../tiles/index.ts';
import {
  completeShapes,
  decompose,
  type HandSet,
  isComplete,
  type Meld,
  sacredDiscards,
  setOfCode,
  standardArrangements,
  waits,
} from './index.ts';

// Each property runs this many random hands; the file stays within a few seconds on two cores.
const RUNS = 5000;

interface Scenario {
  /** Counts of the 34 kinds held concealed. */
  readonly concealed: Uint8Array;
  readonly melds: readonly Meld[];
  /** A tile of the concealed hand, taken as the winning tile when the hand has 14 less 3 per meld. */
  readonly winningTile: Tile;
  /** How the hand was made, for the failure message. */
  readonly origin: string;
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

// Kinds a built hand draws its sets from. One suit crowds the tiles and multiplies arrangements.
// Five neighbouring kinds crowd it further, so that triplets also read as chows (111222333m).
const PALETTES: readonly (readonly Tile[])[] = [
  range(0, 5),
  range(11, 16),
  range(22, 27),
  range(0, 9),
  range(9, 18),
  range(18, 27),
  range(0, 18),
  [...range(18, 27), ...range(27, 34)],
  range(0, 34),
];

type Piece = { kind: 'chow' | 'pung' | 'kong' | 'pair'; tile: Tile; concealed: boolean };

const piecesOf = (piece: Piece): Tile[] =>
  piece.kind === 'chow'
    ? [piece.tile, piece.tile + 1, piece.tile + 2]
    : Array.from({ length: piece.kind === 'pair' ? 2 : piece.kind === 'pung' ? 3 : 4 }, () => piece.tile);

function candidates(kinds: readonly Piece['kind'][], palette: readonly Tile[]): Piece[] {
  const inPalette = new Set(palette);
  const out: Piece[] = [];
  for (const tile of palette) {
    for (const kind of kinds) {
      if (kind === 'chow') {
        if (tile < 27 && tile % 9 <= 6 && inPalette.has(tile + 1) && inPalette.has(tile + 2)) {
          out.push({ kind, tile, concealed: false });
        }
      } else if (kind === 'kong') {
        out.push({ kind, tile, concealed: false }, { kind, tile, concealed: true });
      } else out.push({ kind, tile, concealed: false });
    }
  }
  return out;
}

/** Picks the seed-th piece (cyclically) that still fits beside what is held; the whole set if none in the palette do. */
function pickPiece(
  kinds: readonly Piece['kind'][],
  palette: readonly Tile[],
  held: Uint8Array,
  seed: number,
): Piece {
  const fits = (p: Piece): boolean => {
    const extra = new Uint8Array(34);
    for (const t of piecesOf(p)) extra[t]!++;
    return extra.every((n, t) => n === 0 || held[t]! + n <= 4);
  };
  let options = candidates(kinds, palette).filter(fits);
  if (options.length === 0) options = candidates(kinds, range(0, 34)).filter(fits);
  return options[seed % options.length]!;
}

/** The tile at position `seed` (cyclically) of the concealed hand, in tile order. */
function nthTile(counts: Uint8Array, seed: number): Tile {
  const tiles: Tile[] = [];
  counts.forEach((n, t) => {
    for (let i = 0; i < n; i++) tiles.push(t);
  });
  return tiles[seed % tiles.length]!;
}

function heldWithMelds(concealed: Uint8Array, melds: readonly Meld[]): Uint8Array {
  const held = Uint8Array.from(concealed);
  for (const m of melds) for (const t of piecesOf({ ...m })) held[t]!++;
  return held;
}

type Variant = 'complete' | 'ready' | 'swapped';

/**
 * Given melds and sets drawn from a palette, then a pair: a complete hand. 'ready' takes one concealed tile
 * away; 'swapped' also adds another kind from the palette, mostly leaving a hand one tile off complete.
 */
const builtHand = (variant: Variant): fc.Arbitrary<Scenario> =>
  fc
    .record({
      palette: fc.constantFrom(...PALETTES),
      meldCount: fc.integer({ min: 0, max: 4 }),
      seeds: fc.array(fc.nat(), { minLength: 8, maxLength: 8 }),
    })
    .map(({ palette, meldCount, seeds }) => {
      const held = new Uint8Array(34);
      const concealed = new Uint8Array(34);
      const melds: Meld[] = [];
      const seed = (i: number): number => seeds[i]!;
      for (let i = 0; i < 4; i++) {
        const asMeld = i < meldCount;
        const piece = pickPiece(asMeld ? ['chow', 'pung', 'kong'] : ['chow', 'pung'], palette, held, seed(i));
        for (const t of piecesOf(piece)) {
          held[t]!++;
          if (!asMeld) concealed[t]!++;
        }
        if (asMeld)
          melds.push({ kind: piece.kind as Meld['kind'], tile: piece.tile, concealed: piece.concealed });
      }
      const pair = pickPiece(['pair'], palette, held, seed(4));
      for (const t of piecesOf(pair)) {
        held[t]!++;
        concealed[t]!++;
      }
      if (variant !== 'complete') {
        const out = nthTile(concealed, seed(5));
        concealed[out]!--;
        held[out]!--;
      }
      if (variant === 'swapped') {
        const fitting = palette.filter((t) => held[t]! < 4);
        const added = fitting[seed(6) % fitting.length]!;
        concealed[added]!++;
      }
      return {
        concealed,
        melds,
        winningTile: nthTile(concealed, seed(7)),
        origin: `built ${variant}`,
      };
    });

/** Seven kinds as pairs; a kind drawn twice becomes four of a kind, which is not two pairs. */
const sevenPairsHand = (variant: Variant): fc.Arbitrary<Scenario> =>
  fc
    .record({
      palette: fc.constantFrom(...PALETTES),
      kinds: fc.array(fc.nat(), { minLength: 7, maxLength: 7 }),
      seeds: fc.array(fc.nat(), { minLength: 3, maxLength: 3 }),
    })
    .map(({ palette, kinds, seeds }) => {
      const concealed = new Uint8Array(34);
      for (const k of kinds) {
        const fitting = palette.filter((t) => concealed[t]! <= 2);
        concealed[fitting[k % fitting.length]!]! += 2;
      }
      if (variant !== 'complete') concealed[nthTile(concealed, seeds[0]!)]!--;
      if (variant === 'swapped') {
        const fitting = palette.filter((t) => concealed[t]! < 4);
        concealed[fitting[seeds[1]! % fitting.length]!]!++;
      }
      return {
        concealed,
        melds: [],
        winningTile: nthTile(concealed, seeds[2]!),
        origin: `seven pairs ${variant}`,
      };
    });

/** The thirteen orphans and a second of one; 'ready' may leave the 13-sided wait or a single wait. */
const orphansHand = (variant: Variant): fc.Arbitrary<Scenario> =>
  fc.array(fc.nat(), { minLength: 4, maxLength: 4 }).map((seeds) => {
    const concealed = new Uint8Array(34);
    for (const t of ORPHANS) concealed[t] = 1;
    concealed[ORPHANS[seeds[0]! % ORPHANS.length]!]!++;
    if (variant !== 'complete') concealed[nthTile(concealed, seeds[1]!)]!--;
    if (variant === 'swapped') {
      const fitting = range(0, 34).filter((t) => concealed[t]! < 4);
      concealed[fitting[seeds[2]! % fitting.length]!]!++;
    }
    return { concealed, melds: [], winningTile: nthTile(concealed, seeds[3]!), origin: `orphans ${variant}` };
  });

/** Uniformly random melds and concealed tiles, at most four of a kind counting the melds. */
const randomHand = (size: 'complete' | 'ready' | 'any'): fc.Arbitrary<Scenario> =>
  fc
    .record({
      meldCount: fc.integer({ min: 0, max: 4 }),
      meldSeeds: fc.array(fc.nat(), { minLength: 4, maxLength: 4 }),
      tiles: fc.array(fc.integer({ min: 0, max: 33 }), { minLength: 14, maxLength: 14 }),
      length: fc.integer({ min: 0, max: 14 }),
      seed: fc.nat(),
    })
    .map(({ meldCount, meldSeeds, tiles, length, seed }) => {
      const held = new Uint8Array(34);
      const melds: Meld[] = [];
      for (let i = 0; i < meldCount; i++) {
        const piece = pickPiece(['chow', 'pung', 'kong'], range(0, 34), held, meldSeeds[i]!);
        for (const t of piecesOf(piece)) held[t]!++;
        melds.push({ kind: piece.kind as Meld['kind'], tile: piece.tile, concealed: piece.concealed });
      }
      const wanted =
        size === 'complete' ? 14 - 3 * meldCount : size === 'ready' ? 13 - 3 * meldCount : length;
      const concealed = new Uint8Array(34);
      for (const drawn of tiles.slice(0, wanted)) {
        // A kind already at four moves on to the next kind that has room.
        let t = drawn;
        while (held[t]! >= 4) t = (t + 1) % 34;
        held[t]!++;
        concealed[t]!++;
      }
      const winningTile = concealed.some((n) => n > 0) ? nthTile(concealed, seed) : -1;
      return { concealed, melds, winningTile, origin: `random ${size}` };
    });

/** Hands of 14 tiles less 3 per meld: the size a complete hand has. */
const fullHands: fc.Arbitrary<Scenario> = fc.oneof(
  { weight: 5, arbitrary: builtHand('complete') },
  { weight: 4, arbitrary: builtHand('swapped') },
  { weight: 1, arbitrary: sevenPairsHand('complete') },
  { weight: 1, arbitrary: sevenPairsHand('swapped') },
  { weight: 1, arbitrary: orphansHand('complete') },
  { weight: 1, arbitrary: orphansHand('swapped') },
  { weight: 2, arbitrary: randomHand('complete') },
);

/** Hands of 13 tiles less 3 per meld: the size a ready hand has. */
const shortHands: fc.Arbitrary<Scenario> = fc.oneof(
  { weight: 6, arbitrary: builtHand('ready') },
  { weight: 2, arbitrary: sevenPairsHand('ready') },
  { weight: 1, arbitrary: orphansHand('ready') },
  { weight: 2, arbitrary: randomHand('ready') },
);

const show = (s: Scenario): string => {
  const tiles: Tile[] = [];
  s.concealed.forEach((n, t) => {
    for (let i = 0; i < n; i++) tiles.push(t);
  });
  const melds = s.melds.map((m) => `${m.concealed ? 'concealed ' : ''}${m.kind} ${formatTiles([m.tile])}`);
  return `${s.origin}: ${formatTiles(tiles)} [${melds.join(', ')}]`;
};

const asOracleSet = (set: HandSet): OracleSet => ({ kind: set.kind, tile: set.tile });
const label = (set: OracleSet): string => `${set.kind}:${formatTiles([set.tile])}`;

describe('hand engine against the recursive oracle', () => {
  it('(a) decompose lists exactly the readings the oracle finds, each once per distinct winning set', () => {
    let complete = 0;
    let ambiguous = 0;
    fc.assert(
      fc.property(fullHands, (s) => {
        // Given a hand with the winning tile among its concealed tiles
        const expected = oracleDecompositions(s.concealed, s.melds.length);
        // When it is decomposed with and without naming the winning tile
        const named = decompose(s.concealed, s.melds, s.winningTile);
        const unnamed = decompose(s.concealed, s.melds);

        // Then without a winning tile there is one decomposition per reading, the declared melds first
        const declared = s.melds.map((m) => ({
          kind: m.kind,
          tile: m.tile,
          concealed: m.concealed,
          declared: true,
        }));
        for (const d of [...named, ...unnamed]) {
          expect(d.sets.slice(0, s.melds.length), show(s)).toEqual(declared);
          for (const set of d.sets.slice(s.melds.length)) {
            expect(set.concealed && !set.declared, show(s)).toBe(true);
          }
        }
        const readingOf = (d: (typeof named)[number]): string =>
          canonical(d.shape, d.sets.slice(s.melds.length).map(asOracleSet));
        expect(unnamed.map(readingOf).sort(), show(s)).toEqual(oracleReadings(s.concealed, s.melds.length));
        expect(
          unnamed.every((d) => d.winningSet === -1),
          show(s),
        ).toBe(true);

        // And with the winning tile, each reading appears once per distinct in-hand set holding that tile
        const wanted = expected.flatMap((r) => {
          const labels = new Set(r.sets.filter((set) => oracleSetContains(set, s.winningTile)).map(label));
          return [...labels].map((l) => `${canonical(r.shape, r.sets)} | won on ${l}`);
        });
        const got = named.map((d) => {
          expect(d.winningSet, show(s)).toBeGreaterThanOrEqual(s.melds.length);
          const set = d.sets[d.winningSet]!;
          return `${readingOf(d)} | won on ${label(asOracleSet(set))}`;
        });
        expect(got.sort(), show(s)).toEqual(wanted.sort());

        if (expected.length > 0) complete++;
        if (expected.length > 1) ambiguous++;
      }),
      { numRuns: RUNS },
    );
    // The generators must reach the cases that matter, or the property proves little.
    expect(complete).toBeGreaterThan(RUNS / 4);
    expect(ambiguous).toBeGreaterThan(RUNS / 50);
  });

  it('(a) standardArrangements equals the oracle search, with no arrangement twice', () => {
    fc.assert(
      fc.property(fc.oneof(fullHands, shortHands), (s) => {
        // Given concealed tiles, when their standard arrangements are listed
        const got = standardArrangements(s.concealed).map((codes) =>
          canonical('standard', codes.map(setOfCode).map(asOracleSet)),
        );
        // Then they are the oracle's, multiplicity included
        const wanted = oracleStandardArrangements(s.concealed).map((sets) => canonical('standard', sets));
        expect(got.sort(), show(s)).toEqual(wanted.sort());
      }),
      { numRuns: RUNS },
    );
  });

  it('(b) isComplete and completeShapes agree with the oracle', () => {
    const shapesSeen = new Set<string>();
    fc.assert(
      fc.property(fc.oneof(fullHands, shortHands, randomHand('any')), (s) => {
        // Given any hand, when its completeness is asked, then the oracle's answer comes back
        const shapes = oracleShapes(s.concealed, s.melds.length);
        expect(isComplete(s.concealed, s.melds.length), show(s)).toBe(
          oracleIsComplete(s.concealed, s.melds.length),
        );
        expect(completeShapes(s.concealed, s.melds.length), show(s)).toEqual(shapes);
        for (const shape of shapes) shapesSeen.add(shape);
      }),
      { numRuns: RUNS },
    );
    expect([...shapesSeen].sort()).toEqual(['seven-pairs', 'standard', 'thirteen-orphans']);
  });

  it('(c) waits equal the brute force over all 34 kinds, and sacred discards are the discarded waits', () => {
    let ready = 0;
    let blockedByFour = 0;
    fc.assert(
      fc.property(shortHands, fc.array(fc.integer({ min: 0, max: 33 }), { maxLength: 12 }), (s, discards) => {
        // Given a hand one tile short of complete, when its waits are asked
        const expected = oracleWaits(s.concealed, s.melds);
        // Then they are exactly the kinds that complete it and still have a tile left
        expect(waits(s.concealed, s.melds), show(s)).toEqual(expected);
        // And a player who discarded any of them is barred from winning on a discard
        const barred = [...new Set(discards.filter((t) => expected.includes(t)))];
        expect(sacredDiscards(s.concealed, s.melds, discards), show(s)).toEqual(barred);

        if (expected.length > 0) ready++;
        const held = heldWithMelds(s.concealed, s.melds);
        const completesButNoTile = range(0, 34).some((t) => {
          if (held[t]! < 4) return false;
          const grown = Uint8Array.from(s.concealed);
          grown[t]!++;
          return oracleIsComplete(grown, s.melds.length);
        });
        if (completesButNoTile) blockedByFour++;
      }),
      { numRuns: RUNS },
    );
    expect(ready).toBeGreaterThan(RUNS / 2);
    // Hands whose fifth tile would complete them occur, so the "held four times" rule is exercised.
    expect(blockedByFour).toBeGreaterThan(0);
  });
});

// Tiles including flowers (34..41), in any order.
const tileLists = fc.array(fc.integer({ min: 0, max: 41 }), { maxLength: 30 });

/** The same tiles spelled loosely: letters repeated or shared, Unicode mixed in, spaces anywhere. */
const looseSpelling = tileLists.chain((tiles) =>
  fc
    .array(
      fc.record({
        style: fc.constantFrom('compact', 'joined', 'unicode', 'unicode+vs'),
        space: fc.boolean(),
      }),
      {
        minLength: tiles.length,
        maxLength: tiles.length,
      },
    )
    .map((styles) => {
      let text = '';
      let pending = '';
      const letter = (t: Tile): string => formatTiles([t]).slice(-1);
      tiles.forEach((t, i) => {
        const { style, space } = styles[i]!;
        if (style === 'joined' && pending === letter(t)) {
          text += formatTiles([t]).slice(0, -1);
        } else if (style === 'compact' || style === 'joined') {
          text += pending;
          text += formatTiles([t]).slice(0, -1);
          pending = letter(t);
        } else {
          text += pending + toUnicode([t]) + (style === 'unicode+vs' ? '\uFE0E' : '');
          pending = '';
        }
        if (space) text += ' ';
      });
      return { tiles, text: text + pending };
    }),
);

describe('tile notation round trips', () => {
  it('(d) compact and Unicode spellings read back as the same tiles', () => {
    fc.assert(
      fc.property(tileLists, (tiles) => {
        // Given tiles, when written compactly or in Unicode and read back, then nothing changes
        expect(parseTiles(formatTiles(tiles))).toEqual(tiles);
        expect(parseTiles(toUnicode(tiles))).toEqual(tiles);
        // And the sorted form reads back as the sorted tiles
        expect(parseTiles(formatSorted(tiles))).toEqual([...tiles].sort((a, b) => a - b));
      }),
      { numRuns: RUNS },
    );
  });

  it('(d) any loose spelling formats to the one canonical compact form', () => {
    fc.assert(
      fc.property(looseSpelling, ({ tiles, text }) => {
        // Given a loose spelling of tiles, when it is read
        const read = parseTiles(text);
        // Then it holds the tiles, and formats to digit runs each closed by one letter, no letter twice in a row
        expect(read, JSON.stringify(text)).toEqual(tiles);
        const formatted = formatTiles(read);
        expect(formatted).toMatch(/^(?:[1-9]+[mpszf])*$/);
        const letters = formatted.replace(/[0-9]/g, '');
        expect(letters).not.toMatch(/(.)\1/);
        // And the canonical form is a fixed point
        expect(formatTiles(parseTiles(formatted))).toBe(formatted);
      }),
      { numRuns: RUNS },
    );
  });
});
