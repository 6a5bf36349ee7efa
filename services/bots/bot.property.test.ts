// Bots on random legal hands: every decision is one the rules allow, none sets the hand back, and a seed
// replays. Uniform tiles are far from complete, so most hands crowd into one or two suits, where pairs,
// runs and ready hands are common.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addMeldTiles, isComplete, type Meld, shanten } from '../../domain/hand/index.ts';
import { eligibleClaims } from '../../domain/rules/claims/index.ts';
import { SEATS, type Seat } from '../../domain/rules/seats.ts';
import { formatCounts, TILE_KINDS, type Tile } from '../../domain/tiles/index.ts';
import { createBot } from './index.ts';
import type { ClaimView, PlayerView } from './view.ts';

const RUNS = 400;

const range = (from: number, to: number): Tile[] => Array.from({ length: to - from }, (_, i) => from + i);
const fourOf = (kinds: readonly Tile[]): Tile[] => kinds.flatMap((t) => [t, t, t, t]);

const PALETTES: readonly (readonly Tile[])[] = [
  fourOf(range(0, 9)),
  fourOf(range(9, 18)),
  fourOf([...range(18, 27), ...range(27, 34)]),
  fourOf(range(0, 18)),
  fourOf(range(0, 34)),
];

const arbMeld: fc.Arbitrary<Meld> = fc.oneof(
  fc.integer({ min: 0, max: 33 }).map((tile): Meld => ({ kind: 'pung', tile, concealed: false })),
  fc
    .integer({ min: 0, max: 26 })
    .filter((t) => t % 9 <= 6)
    .map((tile): Meld => ({ kind: 'chow', tile, concealed: false })),
  fc.integer({ min: 0, max: 33 }).map((tile): Meld => ({ kind: 'kong', tile, concealed: true })),
);

interface Table {
  readonly concealed: Uint8Array;
  readonly melds: readonly Meld[];
  /** Tiles of the palette left over: offered tiles come from here. */
  readonly rest: readonly Tile[];
  readonly pond: readonly Tile[];
  readonly seat: Seat;
  readonly prevalent: Seat;
  readonly seed: string;
}

/** A legal table: `size(melds)` concealed tiles beside 0..4 melds, no kind more than four times in all. */
const arbTable = (size: (meldCount: number) => number): fc.Arbitrary<Table> =>
  fc
    .record({
      palette: fc.constantFrom(...PALETTES),
      melds: fc.array(arbMeld, { maxLength: 4 }),
      seat: fc.constantFrom(...SEATS),
      prevalent: fc.constantFrom(...SEATS),
      seed: fc.string({ maxLength: 8 }),
    })
    .chain(({ palette, melds, seat, prevalent, seed }) =>
      fc
        .record({
          tiles: fc.shuffledSubarray([...palette], {
            minLength: size(melds.length) + 1,
            maxLength: size(melds.length) + 1,
          }),
          pond: fc.array(fc.constantFrom(...palette), { maxLength: 20 }),
        })
        .map(({ tiles, pond }) => {
          const concealed = new Uint8Array(TILE_KINDS);
          for (const t of tiles.slice(1)) concealed[t]!++;
          return { concealed, melds, rest: tiles.slice(0, 1), pond, seat, prevalent, seed };
        }),
    )
    .filter(({ concealed, melds, rest }) => {
      const all = Uint8Array.from(concealed);
      addMeldTiles(all, melds);
      all[rest[0]!]!++;
      return all.every((n) => n <= 4);
    });

const turnSize = (meldCount: number): number => 14 - 3 * meldCount;

function viewOf(table: Table, wallRemaining = 40): PlayerView {
  const others = SEATS.filter((s) => s !== table.seat);
  return {
    seat: table.seat,
    players: 4,
    prevalent: table.prevalent,
    concealed: table.concealed,
    melds: table.melds,
    flowers: [],
    ponds: { [others[0]!]: table.pond },
    exposed: { [table.seat]: table.melds },
    wallRemaining,
  };
}

function discardShanten(counts: Uint8Array, meldCount: number): Map<Tile, number> {
  const after = new Map<Tile, number>();
  for (let t = 0; t < TILE_KINDS; t++) {
    if (counts[t] === 0) continue;
    counts[t]!--;
    after.set(t, shanten(counts, meldCount));
    counts[t]!++;
  }
  return after;
}

const less = (counts: Uint8Array, tiles: readonly Tile[]): Uint8Array => {
  const rest = Uint8Array.from(counts);
  for (const t of tiles) rest[t]!--;
  return rest;
};

describe('a bot on its turn', () => {
  it('discards a tile it holds, at the least shanten any discard reaches', () => {
    fc.assert(
      fc.property(arbTable(turnSize), (table) => {
        const { tile } = createBot(table.seed).chooseDiscard(viewOf(table));
        const after = discardShanten(table.concealed, table.melds.length);
        expect(table.concealed[tile], formatCounts(table.concealed)).toBeGreaterThan(0);
        expect(after.get(tile)).toBe(Math.min(...after.values()));
      }),
      { numRuns: RUNS },
    );
  });

  it('declares exactly the complete hands, and kongs only what it holds without raising shanten', () => {
    fc.assert(
      fc.property(arbTable(turnSize), (table) => {
        const bot = createBot(table.seed, { claimRate: 1 });
        const view = viewOf(table);
        const complete = isComplete(table.concealed, table.melds.length);
        expect(bot.chooseSelfDraw(view)).toBe(complete ? 'win' : 'continue');
        const kong = bot.chooseKong(view);
        if (kong === 'pass') return;
        expect(complete).toBe(false);
        const best = Math.min(...discardShanten(table.concealed, table.melds.length).values());
        const { tile } = kong;
        if (kong.kong === 'concealed') {
          expect(table.concealed[tile]).toBe(4);
          expect(
            shanten(less(table.concealed, [tile, tile, tile, tile]), table.melds.length + 1),
          ).toBeLessThanOrEqual(best);
        } else {
          expect(table.melds.some((m) => m.kind === 'pung' && m.tile === tile)).toBe(true);
          expect(shanten(less(table.concealed, [tile]), table.melds.length)).toBeLessThanOrEqual(best);
        }
      }),
      { numRuns: RUNS },
    );
  });
});

describe('a bot offered a discard', () => {
  it('claims every open win and only melds it may make, never raising shanten', () => {
    fc.assert(
      fc.property(
        arbTable((m) => turnSize(m) - 1),
        fc.constantFrom(...SEATS),
        (table, from) => {
          fc.pre(from !== table.seat);
          const offered = table.rest[0]!;
          const eligibility = eligibleClaims(table.concealed, table.melds, offered, table.seat, from, 4);
          const view: ClaimView = { ...viewOf(table), offer: { tile: offered, kind: 'discard', from } };
          const decision = createBot(table.seed, { claimRate: 1 }).chooseClaim(view, eligibility);
          if (eligibility.win) {
            expect(decision).toEqual({ claim: 'win' });
            return;
          }
          if (decision === 'pass' || decision === 'timeout') return;
          const m = table.melds.length;
          const now = shanten(table.concealed, m);
          switch (decision.claim) {
            case 'win':
              throw new Error('a win claimed where none is open');
            case 'kong':
              expect(eligibility.kong).toBe(true);
              expect(shanten(less(table.concealed, [offered, offered, offered]), m + 1)).toBeLessThanOrEqual(
                now,
              );
              return;
            case 'pong': {
              expect(eligibility.pong).toBe(true);
              const after = discardShanten(less(table.concealed, [offered, offered]), m + 1);
              expect(Math.min(...after.values())).toBeLessThanOrEqual(now);
              return;
            }
            case 'chow': {
              expect(eligibility.chows).toContainEqual(decision.tiles);
              const after = discardShanten(less(table.concealed, decision.tiles), m + 1);
              expect(Math.min(...after.values())).toBeLessThanOrEqual(now);
              return;
            }
          }
        },
      ),
      { numRuns: RUNS },
    );
  });
});

describe('a seed', () => {
  it('replays: the same seed and the same views give the same decisions', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.array(arbTable(turnSize), { minLength: 1, maxLength: 8 }),
        (seed, tables) => {
          const play = () => {
            const bot = createBot(seed);
            return tables.map((table) => {
              const view = viewOf(table);
              return [bot.chooseDiscard(view).tile, bot.chooseKong(view)];
            });
          };
          expect(play()).toEqual(play());
        },
      ),
      { numRuns: 100 },
    );
  });
});
