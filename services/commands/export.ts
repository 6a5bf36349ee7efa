// `export`: what an organizer takes away from a tournament — the standings as CSV, every hand's replay as
// JSON, and the audit log with the hash chain of every stream of the tournament (its own, its games' and
// every hand's), verified and signed: each stream's head (revision, hash) under an HMAC of a key kept
// outside the event store, so that `verify` can later hold the store, or another export, to it
// (docs/event-store.md "Signed audit exports").
import { z } from 'zod';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { canonicalJson } from '../../domain/rules/rulesets/ruleset.ts';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { auditOf, type ReadModels, replayFromEvents, standingsOf } from '../../projections/index.ts';
import { type ChainProblem, forEachStoredEvent, verifyChain } from '../eventstore/hash-chain.ts';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import { GAME_AGGREGATE, load } from '../play/table.ts';
import { TOURNAMENT_AGGREGATE } from '../tournament/service.ts';
import { type AuditKey, SIGNATURE_ALGORITHM, sign } from './audit-key.ts';

export const EXPORT_KINDS = ['standings', 'replays', 'audit'] as const;
export const ExportArguments = z.strictObject({
  tournament: z.string().min(1, 'a tournament id'),
  what: z.enum(EXPORT_KINDS, { message: `one of ${EXPORT_KINDS.join(', ')}` }),
});
export type ExportArguments = z.infer<typeof ExportArguments>;

export class UnknownTournament extends Error {
  override readonly name = 'UnknownTournament';
}

const csvCell = (value: string | number | boolean): string => {
  const text = String(value);
  return /[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
};

export async function exportStandings(
  store: EventStore,
  readModels: ReadModels,
  tournamentId: string,
): Promise<string> {
  // The read model has no rows for an unknown id either: ask the store whether the tournament exists.
  await gamesOf(store, tournamentId);
  const rows = await standingsOf(readModels, tournamentId);
  const header = ['place', 'playerId', 'name', 'points', 'tablePoints', 'games', 'withdrawn'];
  const lines = rows.map((r) =>
    [r.place, r.playerId, r.name, r.points, r.tablePoints, r.games, r.withdrawn].map(csvCell).join(','),
  );
  return `${[header.join(','), ...lines].join('\n')}\n`;
}

/** The games of a tournament, in round and table order. */
async function gamesOf(store: EventStore, tournamentId: string): Promise<string[]> {
  const { state, revision } = await load(store, tournamentStream(tournamentId), TOURNAMENT_AGGREGATE);
  if (revision === -1) throw new UnknownTournament(`no tournament ${tournamentId} in this store`);
  return state.rounds.flatMap((round) => round.tables.map((table) => table.gameId));
}

/**
 * Each hand stream of the game, one at a time: its recorded hands and the one being played, if any. Only
 * one hand's events are held at once, whatever the size of the tournament.
 */
async function* handStreamsOf(store: EventStore, gameId: string): AsyncGenerator<StoredEvent[]> {
  const game = await load(store, gameStream(gameId), GAME_AGGREGATE);
  for (let n = 1; n <= game.state.hands + 1; n++) {
    const events = await store.readStream(handStream(gameId, n));
    if (events.length > 0) yield events;
  }
}

/** Where an export writes its text, piece by piece; a promise returned is awaited (the reader is behind). */
export type TextSink = (chunk: string) => void | Promise<void>;

/**
 * Every hand's replay of the tournament as one JSON document, the bytes of
 * `JSON.stringify({ tournamentId, replays }, null, 2)`, written a hand at a time: a replay lists the table
 * after every step, so a whole tournament's document runs to hundreds of megabytes (more than one string may
 * hold at 256 players × 8 rounds) while one hand's is a few hundred kilobytes. Each replay is stringified
 * alone and indented to its depth in the array (a JSON string never holds a raw newline, so every newline is
 * the layout's). An unknown tournament is refused before anything is written. Answers how many replays were
 * written.
 */
export async function writeReplays(
  store: EventStore,
  tournamentId: string,
  write: TextSink,
): Promise<number> {
  const games = await gamesOf(store, tournamentId);
  await write(`{\n  "tournamentId": ${JSON.stringify(tournamentId)},\n  "replays": [`);
  let written = 0;
  for (const gameId of games)
    for await (const events of handStreamsOf(store, gameId)) {
      // Handed on in chunks of about 64 kB: a write per step cost more than the stringifying.
      let chunk = written === 0 ? '\n    ' : ',\n    ';
      for (const piece of indentedJsonPieces(replayFromEvents(events), 2)) {
        chunk += piece;
        if (chunk.length < CHUNK_CHARACTERS) continue;
        await write(chunk);
        chunk = '';
      }
      await write(chunk);
      written++;
    }
  await write(`${written === 0 ? ']' : '\n  ]'}\n}\n`);
  return written;
}

const CHUNK_CHARACTERS = 1 << 16;

/**
 * `JSON.stringify(value, null, 2)` as it reads nested `depth` levels deep, in pieces: an object's arrays one
 * item at a time. A hand's replay is a table after every step, hundreds of kilobytes as one string (twice
 * over, re-indented); as pieces each is a step's, and the export's memory stays near what one hand's replay
 * holds. Objects, arrays and leaves deeper down are stringified whole, so the text is JSON.stringify's.
 */
export function* indentedJsonPieces(value: unknown, depth: number): Generator<string> {
  const pad = '  '.repeat(depth);
  const whole = (v: unknown, at: string): string =>
    (JSON.stringify(v, null, 2) ?? 'null').replaceAll('\n', `\n${at}`);
  if (value === null || typeof value !== 'object' || Array.isArray(value) || 'toJSON' in value) {
    yield whole(value, pad);
    return;
  }
  const entries = Object.entries(value).filter(([, v]) => !leftOutByJson(v));
  if (entries.length === 0) {
    yield '{}';
    return;
  }
  const inner = `${pad}  `;
  let first = true;
  for (const [key, v] of entries) {
    yield `${first ? '{' : ','}\n${inner}${JSON.stringify(key)}: `;
    first = false;
    if (!Array.isArray(v) || v.length === 0) {
      yield whole(v, inner);
      continue;
    }
    for (let i = 0; i < v.length; i++) {
      const item: unknown = v[i];
      const text = leftOutByJson(item) ? 'null' : whole(item, `${inner}  `);
      yield `${i === 0 ? '[' : ','}\n${inner}  ${text}`;
    }
    yield `\n${inner}]`;
  }
  yield `\n${pad}}`;
}

/** What JSON.stringify leaves out of an object, and writes as null in an array. */
const leftOutByJson = (value: unknown): boolean =>
  value === undefined || typeof value === 'function' || typeof value === 'symbol';

export const AUDIT_FORMAT = 'mahjong-ledger-audit';
export const AUDIT_FORMAT_VERSION = 2;

/** One event of a chain as the export records it: enough to compare, not the payload. */
export interface ChainLink {
  readonly revision: number;
  readonly type: string;
  readonly id: string;
  readonly previousHash: string;
  readonly hash: string;
}

export const chainLinkOf = (e: StoredEvent): ChainLink => ({
  revision: e.revision,
  type: e.type,
  id: e.id,
  previousHash: e.previousHash,
  hash: e.hash,
});

export interface ExportedChain {
  readonly stream: string;
  readonly events: number;
  /** The stream's last event when exported: what a later store or export must still hold. */
  readonly head: { readonly revision: number; readonly hash: string };
  readonly verified: boolean;
  readonly problems: readonly ChainProblem[];
  readonly links: readonly ChainLink[];
}

/** Everything the signature covers: the whole export but the signature itself. */
export interface AuditBody {
  readonly format: typeof AUDIT_FORMAT;
  readonly version: typeof AUDIT_FORMAT_VERSION;
  readonly tournamentId: string;
  readonly exportedAt: string;
  /** How many of the streams' chains hold, and their events: "17/17 verified". */
  readonly verified: { readonly streams: number; readonly of: number; readonly events: number };
  readonly entries: readonly unknown[];
  readonly chains: readonly ExportedChain[];
}

export interface AuditSignature {
  readonly algorithm: typeof SIGNATURE_ALGORITHM;
  /** Which key signed (the first 16 hex digits of its sha256), never the key. */
  readonly keyId: string;
  readonly value: string;
}

export interface AuditExport extends AuditBody {
  readonly signature: AuditSignature;
}

/** The text an export's signature is taken over: the body as canonical JSON (keys sorted at every depth). */
export function signedText(body: AuditBody): string {
  const { signature: _, ...rest } = body as AuditBody & { signature?: unknown };
  return canonicalJson(JSON.parse(JSON.stringify(rest)));
}

/**
 * Every stream of the tournament that has events: its own, each game's, each game's hand streams (found in
 * the store, not from the game's count, so a stream beyond it is not missed), then any other stream the
 * audit log cites.
 */
async function streamsOf(
  store: EventStore,
  tournamentId: string,
  games: readonly string[],
  cited: readonly string[],
) {
  const hands = new Map(games.map((game) => [game, new Map<number, string>()]));
  await forEachStoredEvent(store, (event) => {
    const hand = /^hand-(.+)-(\d+)$/.exec(event.stream);
    if (hand !== null) hands.get(hand[1]!)?.set(Number(hand[2]), event.stream);
  });
  const streams = [tournamentStream(tournamentId)];
  for (const game of games) {
    streams.push(gameStream(game));
    const numbered = [...(hands.get(game) ?? new Map<number, string>()).entries()].sort(([a], [b]) => a - b);
    for (const [, stream] of numbered) streams.push(stream);
  }
  for (const stream of cited) if (!streams.includes(stream)) streams.push(stream);
  return streams;
}

export async function exportAudit(
  store: EventStore,
  readModels: ReadModels,
  tournamentId: string,
  key: AuditKey,
  now: () => Date = () => new Date(),
): Promise<AuditExport> {
  const games = await gamesOf(store, tournamentId);
  const entries = await auditOf(readModels, tournamentId);
  const streams = await streamsOf(
    store,
    tournamentId,
    games,
    entries.map((entry) => entry.event.stream),
  );
  const chains: ExportedChain[] = [];
  for (const stream of streams) {
    const events = await store.readStream(stream);
    const last = events.at(-1);
    if (last === undefined) continue;
    const problems = verifyChain(events);
    chains.push({
      stream,
      events: events.length,
      head: { revision: last.revision, hash: last.hash },
      verified: problems.length === 0,
      problems,
      links: events.map(chainLinkOf),
    });
  }
  const body: AuditBody = {
    format: AUDIT_FORMAT,
    version: AUDIT_FORMAT_VERSION,
    tournamentId,
    exportedAt: now().toISOString(),
    verified: {
      streams: chains.filter((c) => c.verified).length,
      of: chains.length,
      events: chains.reduce((sum, c) => sum + c.events, 0),
    },
    entries,
    chains,
  };
  return {
    ...body,
    signature: { algorithm: SIGNATURE_ALGORITHM, keyId: key.id, value: sign(signedText(body), key) },
  };
}

/** The export as written to a file. */
export const auditText = (audit: AuditExport): string => `${JSON.stringify(audit, null, 2)}\n`;
