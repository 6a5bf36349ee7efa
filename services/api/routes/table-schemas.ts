// Tile fields of the table routes: a chow names the two tiles it takes from the hand.
import { parseTiles } from '../../../domain/tiles/index.ts';
import { z } from '../zod.ts';

const oneTile = z
  .string()
  .regex(/^[1-9][mps]$/, 'a suited tile in compact notation: 4p')
  .transform((text) => parseTiles(text)[0]!);

export const chowTilesSchema = z.tuple([oneTile, oneTile]);
