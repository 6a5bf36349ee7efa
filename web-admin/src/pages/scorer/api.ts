// What the scorer's page asks of the API (services/api/routes/entry.ts): the next hand (its number, who holds
// each wind, their points), the tournament for the table's ruleset options, a preview that writes nothing, and
// the entry itself under an Idempotency-Key. An entry's refusal keeps the field or seat it names, so the
// page can show it beside the control it concerns.
import { api, type Schemas } from '../../api/client.ts';
import { newIdempotencyKey } from '../../api/idempotency-key.ts';
import { ApiProblem, type ProblemBody, unwrap } from '../../api/problem.ts';

export const SEATS = ['E', 'S', 'W', 'N'] as const;
export type Seat = (typeof SEATS)[number];

/** The next hand to enter (GET /api/games/:gameId/hands/next): its number, who holds each wind, the points. */
export type NextHand = Schemas['NextHand'];
export type Tournament = Schemas['Tournament'];
export type Ruleset = Schemas['TournamentTable']['ruleset'];

export interface Pattern {
  readonly name: string;
  readonly chinese?: string;
  readonly points: number;
}

export interface WinnerPreview {
  readonly seat: Seat;
  readonly handScore: number;
  readonly effectiveScore: number;
  readonly patterns?: readonly Pattern[];
  readonly bonuses?: readonly { readonly name: string; readonly points: number }[];
  readonly sets?: readonly string[];
}

export interface Transfer {
  readonly from: Seat;
  readonly to: Seat;
  readonly points: number;
  readonly reason: string;
}

/**
 * Seed 003's patterns reached at an exhaustive draw (hu-mahjong), as the scorer enters them for a drawn hand:
 * All Terminal and Honor Discards, and Eight Immortals with the eighth flower undrawn.
 */
export const DRAW_PATTERNS = ['all-terminal-and-honor-discards', 'eight-immortals'] as const;
export type DrawPatternId = (typeof DRAW_PATTERNS)[number];

/** A pattern reached at the draw as the preview prices it: each other player pays the holder `points`. */
export interface AtDrawPreview extends Pattern {
  readonly seat: Seat;
  readonly id: string;
}

export interface EntryPreview {
  readonly hand: number;
  readonly outcome: 'won' | 'drawn' | 'voided';
  readonly winners: readonly WinnerPreview[];
  readonly atDraw: readonly AtDrawPreview[];
  readonly lapsed: readonly { readonly seat: Seat; readonly reason: string }[];
  readonly transfers: readonly Transfer[];
  readonly seatDeltas: Readonly<Partial<Record<Seat, number>>>;
  readonly playerDeltas: Readonly<Record<string, number>>;
}

export interface EntryRecorded {
  readonly hand: number;
  readonly events: readonly { readonly type: string; readonly data: unknown }[];
  readonly revision: number;
}

/** The result of EnterHandResult, in the score contract's terms (domain/play/entry/README.md). */
export type EntryResult =
  | {
      readonly kind: 'win';
      readonly by: 'discard' | 'self-draw' | 'robbing-kong';
      readonly from?: Seat;
      readonly claims: readonly Record<string, unknown>[];
      readonly loserScores?: Partial<Record<Seat, number>>;
      readonly dieForgotten?: boolean;
    }
  | {
      readonly kind: 'drawn';
      readonly ready: readonly Seat[];
      // A mutable array: the generated body type (schema.d.ts) holds one.
      readonly patterns?: { readonly seat: Seat; readonly pattern: DrawPatternId }[];
    }
  | { readonly kind: 'voided'; readonly cause: 'misdeal' | 'ruling'; readonly explanation: string };

/** A refused entry: 422 `rejected` with the command's `field`, or `not-a-win` with the `seat`. */
export class EntryProblem extends ApiProblem {
  readonly field: string | undefined;
  readonly seat: Seat | undefined;

  constructor(status: number, body: (ProblemBody & { field?: unknown; seat?: unknown }) | undefined) {
    super(status, body);
    this.name = 'EntryProblem';
    this.field = typeof body?.field === 'string' ? body.field : undefined;
    this.seat = SEATS.find((s) => s === body?.seat);
  }
}

export async function fetchNextHand(gameId: string): Promise<NextHand> {
  return unwrap(await api.GET('/api/games/{gameId}/hands/next', { params: { path: { gameId } } }));
}

export async function fetchTournament(tournamentId: string): Promise<Tournament> {
  return unwrap(await api.GET('/api/tournaments/{tournamentId}', { params: { path: { tournamentId } } }));
}

function entryAnswer<T>(reply: { data?: unknown; error?: unknown; response: Response }): T {
  if (reply.error !== undefined || !reply.response.ok)
    throw new EntryProblem(reply.response.status, reply.error as ProblemBody | undefined);
  return reply.data as T;
}

export async function previewEntry(gameId: string, result: EntryResult): Promise<EntryPreview> {
  return entryAnswer<EntryPreview>(
    await api.POST('/api/games/{gameId}/hands/next/preview', {
      params: { path: { gameId } },
      body: { result },
    }),
  );
}

export async function enterHand(
  gameId: string,
  result: EntryResult,
  idempotencyKey: string,
): Promise<EntryRecorded> {
  return entryAnswer<EntryRecorded>(
    await api.POST('/api/games/{gameId}/hands/next/entry', {
      params: { path: { gameId } },
      body: { result },
      headers: { 'idempotency-key': idempotencyKey },
    }),
  );
}

export { newIdempotencyKey };
