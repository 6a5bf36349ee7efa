// A turn's events: draws (live or replacement), flowers set aside, discards, and the melds a hand shows or
// declares, with the kong that is robbed and goes back.
import { z } from 'zod';
import { eventSchema, flower, playTile, seat, tile } from './fields.ts';

export const TileDrawn = eventSchema(
  'TileDrawn',
  1,
  z.strictObject({
    seat,
    /** May be a flower, which its holder then declares. */
    tile,
    /** From the front of the wall, or from the back after a kong or a flower. */
    source: z.enum(['live', 'replacement']),
  }),
);
export type TileDrawn = z.infer<typeof TileDrawn>;

/** A flower or season set aside; the replacement follows as a TileDrawn from the back. */
export const FlowerDeclared = eventSchema('FlowerDeclared', 1, z.strictObject({ seat, flower }));
export type FlowerDeclared = z.infer<typeof FlowerDeclared>;

export const TileDiscarded = eventSchema('TileDiscarded', 1, z.strictObject({ seat, tile: playTile }));
export type TileDiscarded = z.infer<typeof TileDiscarded>;

/**
 * Seed 004, the dealer streak: East places or turns the die on the flower wall after the deal, before
 * discarding the first tile; `count` is the streak it shows (one or more).
 */
export const StreakDiePlaced = eventSchema(
  'StreakDiePlaced',
  1,
  z.strictObject({ seat: z.literal('E'), count: z.int().positive() }),
);
export type StreakDiePlaced = z.infer<typeof StreakDiePlaced>;

const notFromSelf = (meld: { seat: string; from: string }) => meld.seat !== meld.from;
const fromSomeoneElse = { message: 'a meld is claimed from another seat', path: ['from'] };

/**
 * A meld shown or declared. `tile` is the meld's lowest tile (the Meld record's); a claimed meld says whose
 * discard it took, a chow also which of its tiles that was.
 */
export const MeldDeclared = eventSchema(
  'MeldDeclared',
  1,
  z.discriminatedUnion('kind', [
    z
      .strictObject({ kind: z.literal('chow'), seat, tile: playTile, claimed: playTile, from: seat })
      .refine(notFromSelf, fromSomeoneElse)
      .refine((m) => m.tile < 27 && m.tile % 9 <= 6, {
        message: 'a chow starts at a suited tile of rank 1 to 7',
        path: ['tile'],
      })
      .refine((m) => m.claimed >= m.tile && m.claimed <= m.tile + 2, {
        message: 'the claimed tile is one of the chow’s three',
        path: ['claimed'],
      }),
    z
      .strictObject({ kind: z.literal('pong'), seat, tile: playTile, from: seat })
      .refine(notFromSelf, fromSomeoneElse),
    /** Claimed from a discard with three in hand. */
    z
      .strictObject({ kind: z.literal('exposed-kong'), seat, tile: playTile, from: seat })
      .refine(notFromSelf, fromSomeoneElse),
    /** Four in hand, declared on the holder's turn. */
    z.strictObject({ kind: z.literal('concealed-kong'), seat, tile: playTile }),
    /** The fourth tile added to the holder's exposed pong, on their turn: it may be robbed. */
    z.strictObject({ kind: z.literal('added-kong'), seat, tile: playTile }),
  ]),
);
export type MeldDeclared = z.infer<typeof MeldDeclared>;

/**
 * Seed 001: a win on the tile of a kong. The kong's player pays as the discarder; an added kong goes back to
 * the exposed pong, a concealed kong to three tiles in hand.
 */
export const KongRobbed = eventSchema(
  'KongRobbed',
  1,
  z
    .strictObject({
      seat,
      tile: playTile,
      robbers: z.array(seat).min(1).max(3),
      revertsTo: z.enum(['pong', 'concealed-triplet']),
    })
    .refine((data) => !data.robbers.includes(data.seat), {
      message: 'a player does not rob their own kong',
      path: ['robbers'],
    }),
);
export type KongRobbed = z.infer<typeof KongRobbed>;
