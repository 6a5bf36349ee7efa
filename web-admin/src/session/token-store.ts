// Where the signed-in token is kept: this browser's localStorage, so a scorer's tablet stays signed in across
// a reload or a flat battery; sign-out forgets it. Tokens arrive pasted, or in a link's fragment
// (/sign-in#token=…), which browsers never send to a server, so it stays out of every log.
const TOKEN_KEY = 'mahjong-ledger.token';

export const storedToken = (): string | undefined => globalThis.localStorage?.getItem(TOKEN_KEY) ?? undefined;

export function storeToken(token: string | undefined): void {
  if (token === undefined) globalThis.localStorage?.removeItem(TOKEN_KEY);
  else globalThis.localStorage?.setItem(TOKEN_KEY, token);
}

/**
 * The token a sign-in link carries in its fragment (#token=…&next=/path), if any, and the page it opens
 * next: a path of this app only (never another origin: `//host` or `https:` is dropped).
 */
export function linkInFragment(hash: string): { token: string; next: string | undefined } | undefined {
  const fields = new URLSearchParams(hash.replace(/^#/, ''));
  const token = fields.get('token')?.trim();
  if (token === undefined || token === '') return undefined;
  const next = fields.get('next') ?? undefined;
  return { token, next: next !== undefined && /^\/(?![/\\])/.test(next) ? next : undefined };
}
