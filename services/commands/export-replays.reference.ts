// The replay export as it was before it was streamed: every replay built in memory, then the whole document
// stringified at once. The reference of export-replays.test.ts for the bytes, and, run as a script under a
// small heap, what its bounded-memory test shows failing:
//   node --import tsx export-replays.reference.ts DATA_DIR TOURNAMENT OUT
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { replayFromEvents } from '../../projections/index.ts';
import { EVENTS_FILE } from '../eventstore/open.ts';
import type { EventStore } from '../eventstore/port.ts';
import { openSqliteEventStore } from '../eventstore/sqlite.ts';
import { GAME_AGGREGATE, load } from '../play/table.ts';
import { TOURNAMENT_AGGREGATE } from '../tournament/service.ts';

export async function wholeReplaysDocument(store: EventStore, tournamentId: string): Promise<string> {
  const { state } = await load(store, tournamentStream(tournamentId), TOURNAMENT_AGGREGATE);
  const replays = [];
  for (const gameId of state.rounds.flatMap((round) => round.tables.map((table) => table.gameId))) {
    const game = await load(store, gameStream(gameId), GAME_AGGREGATE);
    for (let n = 1; n <= game.state.hands + 1; n++) {
      const events = await store.readStream(handStream(gameId, n));
      if (events.length > 0) replays.push(replayFromEvents(events));
    }
  }
  return `${JSON.stringify({ tournamentId, replays }, null, 2)}\n`;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [dataDir, tournamentId, out] = process.argv.slice(2);
  const store = openSqliteEventStore(join(dataDir!, EVENTS_FILE), { readonly: true });
  writeFileSync(out!, await wholeReplaysDocument(store, tournamentId!));
  await store.close();
}
