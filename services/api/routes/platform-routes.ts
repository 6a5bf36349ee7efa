// Every route module of the platform's API in one list, so the server and the tests that stand the whole
// API up mount the same routes. The queries need the read models; without them the list is the commands'.
import type { ReadModels } from '../../../projections/index.ts';
import type { Platform } from '../../platform.ts';
import type { Route } from '../route.ts';
import { entryRoutes } from './entry.ts';
import { type BoardFeed, queryRoutes } from './queries.ts';
import { roundRoutes } from './rounds.ts';
import { rulingRoutes } from './rulings.ts';
import { tableRoutes } from './tables.ts';
import { tokenRoutes } from './tokens.ts';
import { tournamentRoutes } from './tournaments.ts';

export interface QuerySources {
  readonly readModels: ReadModels;
  readonly feed: BoardFeed;
}

export function platformRoutes(platform: Platform, queries?: QuerySources): Route[][] {
  return [
    tournamentRoutes(platform),
    roundRoutes(platform),
    tokenRoutes(platform),
    rulingRoutes(platform),
    entryRoutes(platform),
    tableRoutes(platform),
    ...(queries === undefined ? [] : [queryRoutes(platform, queries.readModels, queries.feed)]),
  ];
}
