// The fields events share: seats, tiles, points, transfers, claims and rulesets, each validated where it is
// read, so that a refusal names the field.
import { z } from 'zod';
import { contentHash, PRESET_IDS, type PresetId } from '../rules/rulesets/index.ts';
import { SEATS, type Seat } from '../rules/seats.ts';

export const seat = z.enum(SEATS);
/** The prevalent wind of a round: the same four letters as seats. */
export const wind = seat;

/** Any tile: 0..33 suited and honours, 34..41 flowers and seasons. */
export const tile = z.int().min(0).max(41);
/** A tile that is discarded, claimed or melded: never a flower. */
export const playTile = z.int().min(0).max(33, 'a flower is never discarded, claimed or melded (0..33)');
export const flower = z.int().min(34, 'a flower or season is 34..41').max(41);

/** Whole points, 0 or more. */
export const points = z.int().nonnegative();
/** An id chosen by whoever records the event: of a game, a player, another event. */
export const id = z.string().min(1).max(200);
export const isoTime = z.iso.datetime({ offset: true });
export const sha256Hash = z.string().regex(/^sha256:[0-9a-f]{64}$/, 'a hash is "sha256:" and 64 hex digits');
export const reason = z.string().min(1);

export const transfer = z
  .strictObject({ from: seat, to: seat, points, reason })
  .refine((t) => t.from !== t.to, { message: 'a seat does not pay itself', path: ['to'] });

/** A payment a rule would make but may not (a dead hand collects nothing), and why. */
export const withheld = z.strictObject({ seat, reason });

export const claim = z.discriminatedUnion('claim', [
  z.strictObject({ claim: z.literal('win') }),
  z.strictObject({ claim: z.literal('kong') }),
  z.strictObject({ claim: z.literal('pong') }),
  z.strictObject({ claim: z.literal('chow'), tiles: z.tuple([playTile, playTile]) }),
]);

export const preset = z.enum(PRESET_IDS as [PresetId, ...PresetId[]]);

/** Which rules settled a hand: enough to name them, not to apply them. */
export const rulesetRef = z.strictObject({ preset, version: z.int().positive(), hash: sha256Hash });

/**
 * The rules a game or hand is played by, options and all, so that a hand stream replays on its own. The hash
 * must be the content hash of preset, version and options (as rulesetOf computes it): a changed option shows.
 */
export const rulesetInPlay = z
  .strictObject({
    preset,
    version: z.int().positive(),
    options: z.record(z.string(), z.unknown()),
    hash: sha256Hash,
  })
  .superRefine(({ preset, version, options, hash }, ctx) => {
    const expected = contentHash({ preset, version, options });
    if (hash !== expected)
      ctx.addIssue({
        code: 'custom',
        path: ['hash'],
        message: `${preset} v${version} with these options hashes to ${expected}, not ${hash}`,
      });
  });

/** Why these seats are not a table's (E and S, then W, then N, each once), or undefined. */
export function seatsProblem(seats: readonly Seat[]): string | undefined {
  if (seats.length < 2 || seats.length > 4) return `a table seats 2 to 4 players, not ${seats.length}`;
  const expected = SEATS.slice(0, seats.length);
  const sorted = [...seats].sort((a, b) => SEATS.indexOf(a) - SEATS.indexOf(b));
  if (sorted.some((s, i) => s !== expected[i]))
    return `${seats.length} players sit at ${expected.join(', ')}, not ${seats.join(', ')}`;
  return undefined;
}

/** The seats present in a partial record, in seat order. */
export function seatsOf(record: Partial<Record<Seat, unknown>>): Seat[] {
  return SEATS.filter((s) => record[s] !== undefined);
}

/** Names distinct within a list, for refinements: the first repeated one, or undefined. */
export function firstRepeat<T>(values: readonly T[]): T | undefined {
  return values.find((v, i) => values.indexOf(v) !== i);
}

/** An event as stored: its type, its schema version, and its payload. */
export function eventSchema<Type extends string, Version extends number, Data extends z.ZodType>(
  type: Type,
  schemaVersion: Version,
  data: Data,
) {
  return z.strictObject({ type: z.literal(type), schemaVersion: z.literal(schemaVersion), data });
}
