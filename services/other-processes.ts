// A server beside other processes on one store (PostgreSQL): what it learns of their appends, and the tables
// it takes over from them. Every event the store delivers (read once the read models reflect it) reaches the
// live tables (a copy behind the store is read again; an owned table's new claim window is timed here), the
// seat streams of that game, and the board streams of its tournament. Leases are renewed while held; a lease
// another process took stops this one's clock for that table; and every half lease the expired leases (their
// holder died) are taken over, the tables moved on from their streams.

import { streamRef } from '../domain/play/metadata.ts';
import type { ReadModels } from '../projections/index.ts';
import { loadGame } from '../projections/runtime/store.ts';
import type { BoardFeed } from './api/routes/queries.ts';
import type { StoredEvent } from './eventstore/port.ts';
import type { Platform } from './platform.ts';
import type { TableLeases } from './tables/leases/port.ts';

export interface OtherProcesses {
  readonly observe: (event: StoredEvent) => void;
  stop(): void;
}

export function followOtherProcesses(
  platform: Platform,
  readModels: ReadModels,
  feed: BoardFeed,
  leases: TableLeases,
  onError: (error: unknown) => void,
): OtherProcesses {
  // A game's tournament, for its board's streams: from the board's own lookup, asked once per game.
  const tournamentOf = new Map<string, Promise<string | null>>();
  const boardOfGame = (gameId: string): void => {
    if (feed.tournamentsListened === 0) return;
    let found = tournamentOf.get(gameId);
    if (found === undefined) {
      found = loadGame(readModels, 'board', gameId).then(
        (ref) => ref?.tournamentId ?? null,
        () => null,
      );
      tournamentOf.set(gameId, found);
    }
    found.then((tournamentId) => {
      if (tournamentId === null) tournamentOf.delete(gameId);
      else feed.changed([tournamentId]);
    }, onError);
  };

  const observe = (event: StoredEvent): void => {
    platform.tables.observe(event);
    const ref = streamRef(event.stream);
    switch (ref.kind) {
      case 'tournament':
        if (feed.tournamentsListened > 0) feed.changed([ref.tournamentId]);
        return;
      case 'game':
      case 'hand':
        platform.changes.publish(ref.gameId);
        boardOfGame(ref.gameId);
        return;
      case 'other':
        return;
      default:
        ref satisfies never;
    }
  };

  leases.start((lost) => platform.tables.leasesLost(lost));
  let sweeping = false;
  const sweep = () => {
    if (sweeping) return;
    sweeping = true;
    platform.tables
      .takeOverExpired()
      .catch(onError)
      .finally(() => {
        sweeping = false;
      });
  };
  sweep();
  const timer = setInterval(sweep, Math.max(100, Math.floor(leases.leaseMs / 2)));
  timer.unref();
  return {
    observe,
    stop: () => clearInterval(timer),
  };
}
