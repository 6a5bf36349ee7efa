// Hand replays: one document per hand stream.
import { handStream } from '../../domain/play/metadata.ts';
import type { ReadModels } from '../runtime/db.ts';
import type { Projection } from '../runtime/projection.ts';
import { loadDoc } from '../runtime/store.ts';
import {
  evolveReplay,
  initialReplay,
  type Replay,
  type ReplayDoc,
  replayKeys,
  replayOfDoc,
} from './evolve.ts';

export const replayProjection: Projection<ReplayDoc> = {
  name: 'replay',
  async migrate() {},
  keysOf: replayKeys,
  initial: initialReplay,
  evolve: evolveReplay,
};

export async function replayOf(db: ReadModels, gameId: string, hand: number): Promise<Replay | undefined> {
  const doc = (await loadDoc(db, 'replay', handStream(gameId, hand))) as ReplayDoc | undefined;
  return doc === undefined ? undefined : replayOfDoc(doc);
}
