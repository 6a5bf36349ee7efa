// Command ids (DESIGN.md "Events"): a command's id is what makes a retry of it "already applied", so no one
// may pick an id that another's command has. Two namespaces that cannot meet: a client's Idempotency-Key is
// hashed with who sent it and to which route (`client:` and 64 hex digits, whatever the key), and the server's
// own steps are named by what they do (`server:` and readable parts), which no hash can spell.
import { createHash } from 'node:crypto';
import type { Seat } from '../../domain/rules/seats.ts';

/** The longest id event metadata takes (domain/play/fields.ts `id`). */
const MAX_ID = 200;

/** Who sent a client's command and where: the scope an Idempotency-Key is unique in. */
export interface ClientScope {
  /** The principal's token id ('anonymous' on a public route). */
  readonly principal: string;
  readonly method: string;
  /** The route's pattern (`/api/games/:gameId/hands/:hand/actions`), not the path it matched. */
  readonly route: string;
}

/**
 * A client's command id: the key hashed with its scope and the request it came with (its fingerprint:
 * method, path and body), so the same key elsewhere is another command, and so is the same key with another
 * body once the key's kept reply has expired (within that time the API answers 422 idempotency-key-reused).
 */
export function clientCommandId(scope: ClientScope, key: string, request = ''): string {
  const digest = createHash('sha256')
    .update(JSON.stringify([scope.principal, scope.method.toUpperCase(), scope.route, key, request]))
    .digest('hex');
  return `client:${digest}`;
}

/** The id of a step the server takes of itself; hashed (still `server:`) only if it would be too long. */
export function serverCommandId(...parts: readonly (string | number)[]): string {
  const readable = `server:${parts.join(':')}`;
  if (readable.length <= MAX_ID) return readable;
  return `server:${createHash('sha256').update(JSON.stringify(parts)).digest('hex')}`;
}

/** The server's own steps: each id names one step, so a restart that takes it again is "already applied". */
export const serverSteps = {
  /** A tournament table's game started. */
  startGame: (gameId: string) => serverCommandId(gameId, 'start'),
  startHand: (gameId: string, hand: number) => serverCommandId(gameId, 'start-hand', hand),
  recordHand: (gameId: string, hand: number) => serverCommandId(gameId, 'record-hand', hand),
  /** The claim window open at this revision of the hand, closed at its deadline. */
  closeWindow: (gameId: string, hand: number, revision: number) =>
    serverCommandId(gameId, hand, 'close', revision),
  /**
   * A bot's move, named by its decision point: the seat and the hand stream's revision it decided at. A
   * restart recomputes the same id only for that very decision (a revision is never seen twice with another
   * stream before it), never for a later one.
   */
  bot: (gameId: string, hand: number, revision: number, seat: Seat) =>
    serverCommandId(gameId, hand, 'bot', revision, seat),
  /** A finished game's result recorded at its table. */
  tableFinished: (gameId: string) => serverCommandId(gameId, 'table-finished'),
  /** A hand's correction (its SettlementCorrected, by event id) counted in its game, then at its table. */
  handCorrected: (correction: string) => serverCommandId('hand-corrected', correction),
  tableCorrected: (correction: string) => serverCommandId('table-corrected', correction),
  /** An amendment's re-settlement of one hand: one per hand per amendment, however often the job runs. */
  amendHand: (amendmentId: string, gameId: string, hand: number) =>
    serverCommandId(amendmentId, 'amend', gameId, hand),
  amendmentApplied: (amendmentId: string) => serverCommandId(amendmentId, 'applied'),
  /** The demo server's director, named by what it does (`create`, `start-2`…). */
  director: (tournamentId: string, key: string) => serverCommandId(tournamentId, 'director', key),
  /** The headless demo's n-th organizer command. */
  demoStep: (tournamentId: string, step: number) => serverCommandId(tournamentId, 'demo', step),
} as const;
