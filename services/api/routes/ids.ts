// Ids the routes take or make: URL-safe, since they end up in paths, stream names and game ids.
import { randomBytes } from 'node:crypto';
import { z } from '../zod.ts';

const ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
const ID_MESSAGE = '1 to 64 of A-Z a-z 0-9 _ . -, starting with a letter or digit';

export const idField = (description: string) =>
  z.string().regex(ID, ID_MESSAGE).openapi({ description, example: 'spring-open' });

/** A readable id from a name: `Spring Open 2026` → `spring-open-2026`. */
export function slugOf(name: string, fallback: string): string {
  const slug = name
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48)
    .replace(/-+$/, '');
  return slug === '' ? fallback : slug;
}

/** A slug with a random suffix: unguessable enough that two tournaments of one name do not collide. */
export const generatedId = (name: string, fallback: string): string =>
  `${slugOf(name, fallback)}-${randomBytes(3).toString('hex')}`;

/** The slug of the name, made unique among the ids taken (`-2`, `-3`…). */
export function uniqueSlug(name: string, fallback: string, taken: ReadonlySet<string>): string {
  const base = slugOf(name, fallback);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
