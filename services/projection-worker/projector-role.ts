// Which of several server processes on one PostgreSQL projects the events as they come: the one holding a
// session advisory lock. Every process follows the store (its live tables, seat and board streams learn of the
// others' appends from it), but only the holder's runner projects; the others hand each event on once the
// holder says the read models reach it (NOTIFY on a channel of its own). Before, every process projected every
// event: each batch was found cold (the other had moved the checkpoints), so it read its documents and lookup
// again, and the two processes' batches took turns at the same locks: at 25 tables, about 20 of the 38
// statements of an action.
//
// Nothing depends on there being one holder: the runner's batches are safe beside each other (a lock per
// projection, checkpoints committed with the rows). So a process that hears nothing for `deferMs` projects the
// event itself, and a holder whose connection dropped stops projecting first and asks for the lock again later:
// at worst two project for a while, as all did before.
import pg from 'pg';
import { Reach } from './reach.ts';

/** The lock's key and the channel the holder announces on: both scoped to the database by PostgreSQL. */
const LOCK_KEY = 'mahjong-ledger projector';
export const PROJECTED_CHANNEL = 'mahjong_ledger_projected';

export interface ProjectorRoleOptions {
  /** How often a process without the lock asks for it (and a dropped connection is opened again). */
  readonly retryMs?: number;
  /** How long an event waits for the holder's word before this process projects it itself. */
  readonly deferMs?: number;
}

export interface ProjectorRole {
  /** Whether this process holds the lock now: it projects what the store delivers. */
  holds(): boolean;
  /**
   * Resolves true once the holder has said the read models reach `position`, or false after `ms` (the holder
   * is gone, slow, or its word was lost).
   */
  until(position: bigint, ms?: number): Promise<boolean>;
  /** The read models reach `position` (projected here): said to the other processes, once per turn. */
  announce(position: bigint): void;
  close(): Promise<void>;
}

/** The role where the read models are on PostgreSQL (`databaseUrl`), the only place processes share them. */
export async function projectorRoleFor(
  databaseUrl: string | undefined,
  onError: (error: unknown) => void,
): Promise<ProjectorRole | undefined> {
  return databaseUrl === undefined ? undefined : await openProjectorRole(databaseUrl, onError);
}

const DEFAULT_RETRY_MS = 500;
const DEFAULT_DEFER_MS = 500;

export async function openProjectorRole(
  url: string,
  onError: (error: unknown) => void,
  options: ProjectorRoleOptions = {},
): Promise<ProjectorRole> {
  const retryMs = options.retryMs ?? DEFAULT_RETRY_MS;
  const deferMs = options.deferMs ?? DEFAULT_DEFER_MS;
  let client: pg.Client | undefined;
  let held = false;
  let closed = false;
  let retry: NodeJS.Timeout | undefined;
  // The highest position any process said the read models reach.
  const reached = new Reach();
  let toAnnounce: bigint | undefined;
  const failed = (error: unknown) => {
    if (!closed) onError(new Error(`the projector's lock: ${String(error)}`, { cause: error }));
  };

  const later = () => {
    if (closed || retry !== undefined) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connectAndAsk();
    }, retryMs);
  };

  // A connection of its own, for the session lock and LISTEN: a pooled one would hand the lock to others.
  const connectAndAsk = async (): Promise<void> => {
    if (closed) return;
    try {
      if (client === undefined) {
        const opened = new pg.Client({ connectionString: url });
        const dropped = (error?: unknown) => {
          if (client !== opened) return;
          // Without its connection the lock is gone: stop projecting first, then ask again.
          held = false;
          client = undefined;
          if (error !== undefined) failed(error);
          opened.end().catch(() => {});
          later();
        };
        opened.on('error', dropped);
        opened.on('end', () => dropped());
        opened.on('notification', (message) => {
          if (message.channel !== PROJECTED_CHANNEL || message.payload === undefined) return;
          if (/^\d+$/.test(message.payload)) reached.advance(BigInt(message.payload));
        });
        client = opened;
        await opened.connect();
        await opened.query(`LISTEN ${PROJECTED_CHANNEL}`);
      }
      const { rows } = await client.query<{ held: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS held',
        [LOCK_KEY],
      );
      held = rows[0]?.held === true;
      if (!held) later();
    } catch (error) {
      held = false;
      const broken = client;
      client = undefined;
      await broken?.end().catch(() => {});
      failed(error);
      later();
    }
  };

  await connectAndAsk();

  return {
    holds: () => held && !closed,

    until: (position, ms = deferMs) =>
      closed ? Promise.resolve(position <= reached.at) : reached.until(position, ms),

    announce(position) {
      reached.advance(position);
      if (toAnnounce !== undefined) {
        if (position > toAnnounce) toAnnounce = position;
        return;
      }
      toAnnounce = position;
      setImmediate(() => {
        const said = toAnnounce!;
        toAnnounce = undefined;
        // Lost words cost the others only their wait (deferMs): they then project it themselves.
        client?.query('SELECT pg_notify($1, $2)', [PROJECTED_CHANNEL, said.toString()]).catch(() => {});
      });
    },

    async close() {
      closed = true;
      held = false;
      clearTimeout(retry);
      reached.release();
      const open = client;
      client = undefined;
      await open?.end().catch(() => {});
    },
  };
}
