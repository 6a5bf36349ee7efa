// `export`: what an organizer takes away from a tournament — the standings as CSV, every hand's replay as
// JSON, and the audit log with the hash chain of every stream it cites, verified, so a reader can check
// that nothing on record was altered.
import { z } from 'zod';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { auditOf, type ReadModels, replayFromEvents, standingsOf } from '../../projections/index.ts';
import { verifyChain } from '../eventstore/hash-chain.ts';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import { GAME_AGGREGATE, load } from '../play/table.ts';
import { TOURNAMENT_AGGREGATE } from '../tournament/service.ts';

export const EXPORT_KINDS = ['standings', 'replays', 'audit'] as const;
export const ExportArguments = z.strictObject({
  tournament: z.string().min(1, 'a tournament id'),
  what: z.enum(EXPORT_KINDS, { message: `one of ${EXPORT_KINDS.join(', ')}` }),
});
export type ExportArguments = z.infer<typeof ExportArguments>;

export class UnknownTournament extends Error {
  override readonly name = 'UnknownTournament';
}

const csvCell = (value: string | number | boolean): string => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export async function exportStandings(
  store: EventStore,
  readModels: ReadModels,
  tournamentId: string,
): Promise<string> {
  // The read model has no rows for an unknown id either: ask the store whether the tournament exists.
  await gamesOf(store, tournamentId);
  const rows = await standingsOf(readModels, tournamentId);
  const header = ['place', 'playerId', 'name', 'points', 'tablePoints', 'games', 'withdrawn'];
  const lines = rows.map((r) =>
    [r.place, r.playerId, r.name, r.points, r.tablePoints, r.games, r.withdrawn].map(csvCell).join(','),
  );
  return `${[header.join(','), ...lines].join('\n')}\n`;
}

/** The games of a tournament, in round and table order. */
async function gamesOf(store: EventStore, tournamentId: string): Promise<string[]> {
  const { state, revision } = await load(store, tournamentStream(tournamentId), TOURNAMENT_AGGREGATE);
  if (revision === -1) throw new UnknownTournament(`no tournament ${tournamentId} in this store`);
  return state.rounds.flatMap((round) => round.tables.map((table) => table.gameId));
}

/** Each hand stream of each game: the games' recorded hands and the one being played, if any. */
async function handStreamsOf(store: EventStore, gameId: string): Promise<StoredEvent[][]> {
  const game = await load(store, gameStream(gameId), GAME_AGGREGATE);
  const hands: StoredEvent[][] = [];
  for (let n = 1; n <= game.state.hands + 1; n++) {
    const events = await store.readStream(handStream(gameId, n));
    if (events.length > 0) hands.push(events);
  }
  return hands;
}

export async function exportReplays(store: EventStore, tournamentId: string): Promise<string> {
  const replays = [];
  for (const gameId of await gamesOf(store, tournamentId))
    for (const events of await handStreamsOf(store, gameId)) replays.push(replayFromEvents(events));
  return `${JSON.stringify({ tournamentId, replays }, null, 2)}\n`;
}

export async function exportAudit(
  store: EventStore,
  readModels: ReadModels,
  tournamentId: string,
): Promise<string> {
  const games = await gamesOf(store, tournamentId);
  const entries = await auditOf(readModels, tournamentId);
  const streams = [tournamentStream(tournamentId), ...games.map(gameStream)];
  for (const entry of entries) if (!streams.includes(entry.event.stream)) streams.push(entry.event.stream);
  const chains = [];
  for (const stream of streams) {
    const events = await store.readStream(stream);
    const problems = verifyChain(events);
    chains.push({
      stream,
      events: events.length,
      head: events.at(-1)?.hash ?? null,
      verified: problems.length === 0,
      problems,
      links: events.map((e) => ({
        revision: e.revision,
        type: e.type,
        id: e.id,
        previousHash: e.previousHash,
        hash: e.hash,
      })),
    });
  }
  return `${JSON.stringify({ tournamentId, entries, chains }, null, 2)}\n`;
}
