// The tables board keeps one document per tournament; the API reads it whole.
import type { ReadModels } from '../runtime/db.ts';
import type { Projection } from '../runtime/projection.ts';
import { loadDoc } from '../runtime/store.ts';
import { type BoardDoc, boardKeys, evolveBoard, initialBoard } from './evolve.ts';

export const boardProjection: Projection<BoardDoc> = {
  name: 'board',
  // 2: points follow HandResultCorrected and TableResultCorrected (read before as unknown types).
  version: 2,
  async migrate() {},
  keysOf: boardKeys,
  initial: initialBoard,
  evolve: evolveBoard,
};

/** The current round's tables, or undefined for a tournament the board has not seen. */
export async function boardOf(db: ReadModels, tournamentId: string): Promise<BoardDoc | undefined> {
  return (await loadDoc(db, 'board', tournamentId)) as BoardDoc | undefined;
}
