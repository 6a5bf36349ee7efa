// The platform's OpenAPI document from its route list alone, with no store, read model or server behind it:
// what `npm run api:types` types the web app from, and what the lint test checks. The routes are built to be
// described, never run: a route module that touched its platform while being declared would say so here.
import { openApiDocument } from './openapi.ts';
import type { Route } from './route.ts';
import { healthRoutes } from './routes/health.ts';
import { platformRoutes } from './routes/platform-routes.ts';
import { BoardFeed } from './routes/queries.ts';
import { scoreRoutes } from './routes/score.ts';

/** Stands in for a dependency the routes close over but never use while being declared. */
function described<T extends object>(name: string): T {
  return new Proxy({} as T, {
    get(_target, key) {
      throw new Error(`${name}.${String(key)}: the routes are only described here, never run`);
    },
  });
}

/** Every route the platform server mounts: the app's own (health, score) and the platform's. */
export function platformRouteList(): Route[] {
  const routes = platformRoutes(
    described('platform'),
    { readModels: described('readModels'), feed: new BoardFeed() },
    described('amendments'),
  );
  return [...healthRoutes(), ...scoreRoutes(), ...routes.flat()];
}

export const platformOpenApiDocument = () => openApiDocument(platformRouteList());
