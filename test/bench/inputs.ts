// Reads the kobalab corpus (../shared/data/kobalab) and converts every hand, before any timing, into both
// our inputs (count arrays, melds, WinningHand) and majiang-core's (Shoupai objects, discard strings).
import Majiang from '@kobalab/majiang-core';
import { type Meld, meldFromTiles } from '../../domain/hand/index.ts';
import { NO_LUCK, type WinSituation } from '../../domain/rules/patterns/facts.ts';
import type { WinningHand } from '../../domain/rules/patterns/score.ts';
import { countsOf, EAST, parseTiles, SOUTH, type Tile } from '../../domain/tiles/index.ts';
import { readJsonLines, sharedFile } from '../support/shared-data.ts';
import { peerRongpai, peerShoupaiString } from './majiang-input.ts';

interface WinningRecord {
  readonly hand: string;
  readonly melds: readonly { readonly tiles: string; readonly concealed: boolean }[];
  readonly winningTile: string;
  readonly winType: 'discard' | 'self-draw';
  readonly source: string;
}

interface ShapeRecord {
  readonly tiles: string;
  readonly complete: boolean;
  readonly source: string;
}

export interface WinningCase {
  readonly source: string;
  readonly winType: 'discard' | 'self-draw';
  /** Concealed tiles without the winning tile (13 less 3 per meld). */
  readonly counts13: Uint8Array;
  /** The same with the winning tile. */
  readonly counts14: Uint8Array;
  readonly melds: readonly Meld[];
  readonly winningTile: Tile;
  readonly hand: WinningHand;
  /** Peer: the hand before the winning tile (no drawn tile), for tingpai. */
  readonly peerReady: Majiang.Shoupai;
  /** Peer: the hand hule() takes — with the drawn tile for self-draw, without it for a discard. */
  readonly peerWin: Majiang.Shoupai;
  /** Peer: the discard ('m5=') for a discard win, null for self-draw. */
  readonly peerRongpai: string | null;
  /** Peer strings, for reports. */
  readonly peerReadyString: string;
  readonly peerWinString: string;
}

export interface ShapeCase {
  readonly source: string;
  readonly tiles: string;
  readonly counts: Uint8Array;
  readonly meldCount: number;
  readonly complete: boolean;
  readonly peer: Majiang.Shoupai;
}

/** Seat South in an East round, not the dealer, no flowers, no luck (the brief's situation). */
export function situationFor(winType: 'discard' | 'self-draw'): WinSituation {
  return { winType, seatWind: SOUTH, prevalentWind: EAST, dealer: false, flowers: [], luck: NO_LUCK };
}

const FILES = {
  winning: 'data/kobalab/winning-hands.jsonl',
  shapes: 'data/kobalab/hand-shapes.jsonl',
};

/**
 * The winning hands, or undefined (with the reason printed by sharedFile) when the file is missing. Each
 * library's inputs are built in a pass of their own, so that each lies together in memory as a caller's
 * freshly read hands would, rather than interleaved with the other library's.
 */
export function loadWinningCases(): WinningCase[] | undefined {
  const path = sharedFile(FILES.winning);
  if (path === undefined) return undefined;
  const parsed = readJsonLines<WinningRecord>(path).map((record) => {
    const concealed = parseTiles(record.hand);
    const [winningTile, ...rest] = parseTiles(record.winningTile);
    if (winningTile === undefined || rest.length > 0) {
      throw new Error(`${record.source}: winningTile "${record.winningTile}" is not one tile`);
    }
    const meldTiles = record.melds.map((m) => ({ tiles: parseTiles(m.tiles), concealed: m.concealed }));
    return { record, concealed, winningTile, meldTiles };
  });
  const ours = parsed.map(({ record, concealed, winningTile, meldTiles }) => {
    const melds = meldTiles.map((m) => meldFromTiles(m.tiles, m.concealed));
    const counts13 = countsOf(concealed);
    const counts14 = countsOf([...concealed, winningTile]);
    const hand: WinningHand = {
      concealed: counts13,
      melds,
      winningTile,
      situation: situationFor(record.winType),
    };
    return { counts13, counts14, melds, hand };
  });
  const peers = parsed.map(({ record, concealed, winningTile, meldTiles }) => {
    const selfDraw = record.winType === 'self-draw';
    const peerReadyString = peerShoupaiString(concealed, meldTiles);
    const peerWinString = selfDraw ? peerShoupaiString(concealed, meldTiles, winningTile) : peerReadyString;
    return {
      peerReady: Majiang.Shoupai.fromString(peerReadyString),
      peerWin: Majiang.Shoupai.fromString(peerWinString),
      peerRongpai: selfDraw ? null : peerRongpai(winningTile),
      peerReadyString,
      peerWinString,
    };
  });
  return parsed.map(({ record, winningTile }, i) => ({
    source: record.source,
    winType: record.winType,
    winningTile,
    ...ours[i]!,
    ...peers[i]!,
  }));
}

/** The fourteen-tile concealed hands, or undefined when the file is missing. */
export function loadShapeCases(): ShapeCase[] | undefined {
  const path = sharedFile(FILES.shapes);
  if (path === undefined) return undefined;
  const records = readJsonLines<ShapeRecord>(path);
  const tiles = records.map((record) => parseTiles(record.tiles));
  const ours = tiles.map((t) => countsOf(t));
  const peers = tiles.map((t) => Majiang.Shoupai.fromString(peerShoupaiString(t, [])));
  return records.map((record, i) => ({
    source: record.source,
    tiles: record.tiles,
    counts: ours[i]!,
    meldCount: 0,
    complete: record.complete,
    peer: peers[i]!,
  }));
}
