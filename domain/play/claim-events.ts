// A claim window (seed 001): the offered tile and who may claim what until when, each seat's answer, and how
// arbitration settled it, with why every other claim lapsed.
import { z } from 'zod';
import { isFlower } from '../tiles/index.ts';
import { claim, eventSchema, isoTime, playTile, reason, seat, seatsOf, tile } from './fields.ts';

/** What one seat may claim here, the rules applied (sacred discard, the chow seat, kong offers win-only). */
const openClaims = z
  .strictObject({
    win: z.boolean(),
    kong: z.boolean(),
    pong: z.boolean(),
    /** The pairs of held tiles that make a run with the offered tile. */
    chows: z.array(z.tuple([playTile, playTile])),
    /** Why a win this hand could make is not open to it. */
    barredFromWin: z.enum(['sacred-discard', 'pass-lock']).optional(),
  })
  .refine(
    (open) => open.win || open.kong || open.pong || open.chows.length > 0 || open.barredFromWin !== undefined,
    { message: 'a seat that may claim nothing is left out, unless it is listed to say why it may not win' },
  );

export const ClaimWindowOpened = eventSchema(
  'ClaimWindowOpened',
  1,
  z
    .strictObject({
      offer: z.strictObject({
        /** A playing tile; a flower only when the offer is one (kind `flower`). */
        tile,
        /** The discarder, the player making the kong, or the flower's declarer. */
        from: seat,
        /**
         * `flower`: a declared flower that completes another seat's eight (seed 003's Eight Immortals,
         * "considered as winning by discard"); only that win may take it.
         */
        kind: z.enum(['discard', 'added-kong', 'concealed-kong', 'flower']),
      }),
      seats: z.partialRecord(seat, openClaims),
      /** After this, a seat that has not answered has passed. */
      deadline: isoTime,
    })
    .superRefine(({ offer, seats }, ctx) => {
      if ((offer.kind === 'flower') !== isFlower(offer.tile))
        ctx.addIssue({
          code: 'custom',
          path: ['offer', 'tile'],
          message:
            offer.kind === 'flower'
              ? 'a flower offer offers a flower (34..41)'
              : 'a flower is never discarded, claimed or melded (0..33)',
        });
      if (seats[offer.from] !== undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['seats', offer.from],
          message: `${offer.from} offered the tile and cannot claim it`,
        });
      for (const s of seatsOf(seats)) {
        const open = seats[s]!;
        if (offer.kind !== 'discard' && (open.kong || open.pong || open.chows.length > 0))
          ctx.addIssue({
            code: 'custom',
            path: ['seats', s],
            message: 'only a win may be claimed on the tile of a kong or a flower',
          });
        open.chows.forEach((pair, i) => {
          const run = [...pair, offer.tile].sort((a, b) => a - b);
          const [low] = run;
          if (low === undefined || low >= 27 || low % 9 > 6 || run[1] !== low + 1 || run[2] !== low + 2)
            ctx.addIssue({
              code: 'custom',
              path: ['seats', s, 'chows', i],
              message: 'a chow is these two tiles and the offered one in a run of one suit',
            });
        });
      }
    }),
);
export type ClaimWindowOpened = z.infer<typeof ClaimWindowOpened>;

/** A claim that reached the table by the deadline. */
export const ClaimMade = eventSchema('ClaimMade', 1, z.strictObject({ seat, claim }));
export type ClaimMade = z.infer<typeof ClaimMade>;

export const ClaimPassed = eventSchema('ClaimPassed', 1, z.strictObject({ seat }));
export type ClaimPassed = z.infer<typeof ClaimPassed>;

/** No answer by the deadline: a pass (seed 001). An answer that came late is kept for the record. */
export const ClaimTimedOut = eventSchema(
  'ClaimTimedOut',
  1,
  z.strictObject({ seat, late: z.union([claim, z.literal('pass')]).optional() }),
);
export type ClaimTimedOut = z.infer<typeof ClaimTimedOut>;

const resolutionCommon = {
  /** Every claim that did not take the tile, and why (outranked, head-bump, a chow by the wrong seat...). */
  lapsed: z.array(z.strictObject({ seat, claim, reason })),
  /** 過水: seats that passed a win here and may not win on a discard until they draw. */
  lockedUntilDraw: z.array(seat),
};

export const ClaimResolved = eventSchema(
  'ClaimResolved',
  1,
  z.discriminatedUnion('outcome', [
    z
      .strictObject({
        outcome: z.literal('win'),
        /** In turn order after the offering seat. */
        winners: z.array(seat).min(1).max(3),
        /** The discarder, or the kong's player paying as the discarder. */
        payer: seat,
        robbedKong: z.strictObject({ seat, revertsTo: z.enum(['pong', 'concealed-triplet']) }).nullable(),
        ...resolutionCommon,
      })
      .refine((r) => !r.winners.includes(r.payer), {
        message: 'the payer is not a winner',
        path: ['payer'],
      }),
    z.strictObject({
      outcome: z.literal('meld'),
      seat,
      claim: z.enum(['pong', 'kong', 'chow']),
      ...resolutionCommon,
    }),
    z.strictObject({ outcome: z.literal('no-claim'), ...resolutionCommon }),
    /** Nobody robbed the kong: its player draws the replacement. */
    z.strictObject({ outcome: z.literal('kong-stands'), ...resolutionCommon }),
  ]),
);
export type ClaimResolved = z.infer<typeof ClaimResolved>;
