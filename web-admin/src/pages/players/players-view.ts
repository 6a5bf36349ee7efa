// The players page's data: the tournament's players as GET /api/tournaments/:id lists them, the replies of
// registration and import (their names flagged as shared with other players), and the checks of its forms.
import { z } from 'zod';
import type { Schemas } from '../../api/client.ts';
import { newIdempotencyKey } from '../../api/idempotency-key.ts';

export type Player = Schemas['TournamentPlayer'];
export type TournamentPlayers = Schemas['Tournament'];
/** A name two or more players share: registered as given, flagged, never renamed. */
export type DuplicateName = Schemas['DuplicateNames'][number];
export type Registered = Schemas['PlayersRegistered'];
export type ImportReply = Schemas['PlayersImported'];

export const newKey = newIdempotencyKey;

/**
 * An Idempotency-Key per request: the same body again (a retry after a dropped connection) keeps its key, so
 * the API appends it once; another body gets a new one.
 */
export function keyFor(
  memory: { current: { body: string; key: string } | undefined },
  body: unknown,
): string {
  const text = JSON.stringify(body);
  if (memory.current?.body !== text) memory.current = { body: text, key: newKey() };
  return memory.current.key;
}

/** Names compared as a person reads them: case, spacing and Unicode forms aside (as the API compares them). */
export const nameKey = (name: string): string =>
  name.normalize('NFKC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/** The ids of players whose name another player of the tournament has too. */
export function sharedNames(players: readonly Player[]): ReadonlySet<string> {
  const byName = new Map<string, string[]>();
  for (const player of players)
    byName.set(nameKey(player.name), [...(byName.get(nameKey(player.name)) ?? []), player.playerId]);
  return new Set([...byName.values()].filter((ids) => ids.length > 1).flat());
}

export interface CheckWords {
  readonly name: string;
  readonly long: string;
  readonly id: string;
  readonly reason: string;
}

const ID = /^[A-Za-z0-9_.-]{1,64}$/;
const optionalId = (words: CheckWords) =>
  z
    .string()
    .trim()
    .refine((id) => id === '' || ID.test(id), words.id);
const name = (words: CheckWords) => z.string().trim().min(1, words.name).max(200, words.long);
const club = (words: CheckWords) => z.string().trim().max(200, words.long);
const reason = (words: CheckWords) => z.string().trim().min(1, words.reason).max(2000, words.long);

export const addSchema = (words: CheckWords) =>
  z.object({ name: name(words), playerId: optionalId(words), club: club(words) });
export type AddForm = z.infer<ReturnType<typeof addSchema>>;

export const withdrawSchema = (words: CheckWords) => z.object({ reason: reason(words) });
export type WithdrawForm = z.infer<ReturnType<typeof withdrawSchema>>;

export const replaceSchema = (words: CheckWords) =>
  z.object({ name: name(words), playerId: optionalId(words), club: club(words), reason: reason(words) });
export type ReplaceForm = z.infer<ReturnType<typeof replaceSchema>>;

/** The player as the API takes it: optional fields left out when empty. */
export const playerBody = (form: { name: string; playerId: string; club: string }) => ({
  name: form.name.trim(),
  ...(form.playerId.trim() === '' ? {} : { playerId: form.playerId.trim() }),
  ...(form.club.trim() === '' ? {} : { club: form.club.trim() }),
});

/** A 400's field errors of an import, by row: `body.csv.3.id` → row 3, field id. */
export function rowProblems(errors: readonly { readonly path: string; readonly message: string }[]) {
  return errors.flatMap((error) => {
    const match = /^body\.csv\.(\d+)\.(\w+)$/.exec(error.path);
    return match === null ? [] : [{ row: Number(match[1]), field: match[2]!, message: error.message }];
  });
}
