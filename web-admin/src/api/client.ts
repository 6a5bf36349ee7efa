// The web app's way to the API: openapi-fetch typed by the server's own OpenAPI document (schema.d.ts, written
// by `npm run api:types` from the routes' zod schemas), so a path, parameter, body or reply the server does
// not have in that shape fails to compile. Every request carries the session's token once it is set.
import createClient, { type Client, type Middleware } from 'openapi-fetch';
import type { components, paths } from './schema.d.ts';

/** The API's named schemas: `Schemas['Standings']`, `Schemas['Problem']`… */
export type Schemas = components['schemas'];
export type { paths };

let token: string | undefined;

/** The bearer token sent with every request from now on; undefined sends none (signed out). */
export function setToken(next: string | undefined): void {
  token = next;
}

const bearer: Middleware = {
  onRequest({ request }) {
    if (token !== undefined) request.headers.set('Authorization', `Bearer ${token}`);
    return request;
  },
};

/** A client of the API at `baseUrl` ('' in the app: the server that served it), sending the token. */
export function createApiClient(baseUrl = ''): Client<paths> {
  const client = createClient<paths>({ baseUrl });
  client.use(bearer);
  return client;
}

export const api = createApiClient();
