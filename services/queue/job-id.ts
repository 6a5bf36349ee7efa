// BullMQ refuses custom job ids that look like integers ('42': they would clash with its own counter ids)
// or contain ':' (its key separator). Amendment ids ('amend-3f9a…') pass unchanged, so the dashboard shows
// them as they are; any other id is stored as '~' and its base64url, which has neither, and read back.

const PLAIN = /^[A-Za-z0-9._-]+$/;
const ENCODED = '~';

/** The BullMQ job id for a port id: the id itself when BullMQ takes it, else an encoding it takes. */
export function toBullId(id: string): string {
  if (id === '') throw new Error('a job id must not be empty');
  const integerLike = `${Number.parseInt(id, 10)}` === id;
  if (PLAIN.test(id) && !integerLike) return id;
  return ENCODED + Buffer.from(id, 'utf8').toString('base64url');
}

/** The port id of a BullMQ job id made by toBullId ('~' never occurs in a plain one). */
export function fromBullId(bullId: string): string {
  if (!bullId.startsWith(ENCODED)) return bullId;
  return Buffer.from(bullId.slice(ENCODED.length), 'base64url').toString('utf8');
}
