// Who could claim a tile from their hand (seed 001, "The priority order"): win, kong on three, pong on two, and
// chow only for the discarder's next player. A robbed concealed kong needs thirteen orphans.
import {
  addMeldTiles,
  concealedSizeFor,
  isComplete,
  isThirteenOrphans,
  type Meld,
} from '../../hand/index.ts';
import { formatTiles, TILE_KINDS, type Tile } from '../../tiles/index.ts';
import { ruleInputError } from '../errors.ts';
import type { PlayerCount, Seat } from '../seats.ts';
import { chowSeatAfter, chowShapes } from './chow.ts';
import type { ChowTiles, Eligibility, OfferKind } from './claim.ts';
import { checkPlayers, checkSeat, checkTile, show } from './seat-checks.ts';

/** A hand the offered tile completes, for the caller's own test (a pattern minimum, a faan floor). */
export interface WinCandidate {
  /** The concealed tiles with the offered tile among them. */
  readonly concealed: Uint8Array;
  readonly melds: readonly Meld[];
  readonly tile: Tile;
  readonly kind: OfferKind;
  readonly seat: Seat;
  readonly from: Seat;
}

export interface EligibilityOptions {
  /** Default 'discard'. */
  readonly kind?: OfferKind;
  /** Whether a complete hand may win; by default every complete shape may. */
  readonly qualifies?: (candidate: WinCandidate) => boolean;
}

/** What the hand of `seat` could claim of `tile` offered by `from`; an error names a hand that cannot be. */
export function eligibleClaims(
  concealed: ArrayLike<number>,
  melds: readonly Meld[],
  tile: Tile,
  seat: Seat,
  from: Seat,
  players: PlayerCount,
  options: EligibilityOptions = {},
): Eligibility {
  checkPlayers(players, 'players');
  checkSeat(seat, players, 'seat');
  checkSeat(from, players, 'from');
  checkTile(tile, 'tile');
  if (seat === from) ruleInputError('seat', `${seat} offered the tile and cannot claim it`);
  checkHand(concealed, melds, tile);
  const kind = options.kind ?? 'discard';

  const withTile = new Uint8Array(TILE_KINDS);
  for (let t = 0; t < TILE_KINDS; t++) withTile[t] = concealed[t]!;
  withTile[tile]!++;
  const thirteenOrphans = melds.length === 0 && isThirteenOrphans(withTile);
  const complete = kind === 'concealed-kong' ? thirteenOrphans : isComplete(withTile, melds.length);
  const win =
    complete && (options.qualifies?.({ concealed: withTile, melds, tile, kind, seat, from }) ?? true);
  if (kind !== 'discard')
    return { win, thirteenOrphans: win && thirteenOrphans, kong: false, pong: false, chows: [] };

  const held = concealed[tile]!;
  const chows: ChowTiles[] =
    seat === chowSeatAfter(from, players)
      ? chowShapes(tile).filter(([a, b]) => concealed[a]! > 0 && concealed[b]! > 0)
      : [];
  return { win, thirteenOrphans: win && thirteenOrphans, kong: held >= 3, pong: held >= 2, chows };
}

// A hand waiting for a tile holds 13 tiles less 3 per meld, and no kind more than four times with the tile.
function checkHand(concealed: ArrayLike<number>, melds: readonly Meld[], tile: Tile): void {
  const counts = new Uint8Array(TILE_KINDS);
  let size = 0;
  for (let t = 0; t < TILE_KINDS; t++) {
    const n = concealed[t] ?? 0;
    if (!Number.isInteger(n) || n < 0)
      ruleInputError('concealed', `count ${String(n)} of tile ${t} is not a count`);
    counts[t] = n;
    size += n;
  }
  const expected = concealedSizeFor(melds.length) - 1;
  if (size !== expected)
    ruleInputError(
      'concealed',
      `a hand with ${melds.length} melds waits with ${expected} concealed tiles, not ${size}`,
    );
  addMeldTiles(counts, melds);
  counts[tile]!++;
  for (let t = 0; t < TILE_KINDS; t++)
    if (counts[t]! > 4)
      ruleInputError(
        'concealed',
        `${counts[t]} of ${formatTiles([t])} with the offered ${show(tile)}: there are four of each tile`,
      );
}
