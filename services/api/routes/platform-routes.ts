// Every route module of the platform's API in one list, so the server and the tests that stand the whole
// API up mount the same routes. The queries need the read models; without them the list is the commands'.
import type { ReadModels } from '../../../projections/index.ts';
import type { Amendments } from '../../amendments/service.ts';
import type { Platform } from '../../platform.ts';
import type { Route } from '../route.ts';
import { amendmentRoutes } from './amendments.ts';
import { entryRoutes } from './entry.ts';
import { presetRoutes } from './presets.ts';
import { type BoardFeed, queryRoutes } from './queries.ts';
import { roundRoutes } from './rounds.ts';
import { rulingRoutes } from './rulings.ts';
import { seatStreamRoutes } from './seat-stream.ts';
import { tableRoutes } from './tables.ts';
import { tokenRoutes } from './tokens.ts';
import { tournamentFinishRoutes } from './tournament-finish.ts';
import { tournamentRoutes } from './tournaments.ts';

export interface QuerySources {
  readonly readModels: ReadModels;
  readonly feed: BoardFeed;
  /** Brings the read models up to the store's head: a preview reads the standings as they stand now. */
  readonly catchUp?: () => Promise<unknown>;
  /** Resolves once the read models hold what this process appended before the call (queryRoutes). */
  readonly settled?: () => Promise<void>;
}

export function platformRoutes(
  platform: Platform,
  queries?: QuerySources,
  amendments?: Amendments,
): Route[][] {
  return [
    ...(amendments === undefined ? [] : [amendmentRoutes(platform, amendments, queries)]),
    presetRoutes(),
    tournamentRoutes(platform),
    tournamentFinishRoutes(platform),
    roundRoutes(platform),
    tokenRoutes(platform),
    rulingRoutes(platform, queries),
    entryRoutes(platform),
    tableRoutes(platform),
    seatStreamRoutes(platform),
    ...(queries === undefined
      ? []
      : [queryRoutes(platform, queries.readModels, queries.feed, queries.settled)]),
  ];
}
