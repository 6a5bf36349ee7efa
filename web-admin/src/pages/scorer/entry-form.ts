// The entry as the scorer fills it in, and the EnterHandResult result it makes. Only what the API cannot name
// well is checked here (nobody picked as the winner, no winning tile, a score that is no number); the rest is
// the engine's to refuse, and its problem is shown beside the control it names (problems.ts).
import { claimTilesOf, EMPTY_HAND, type HandTiles } from '../../tiles/index.ts';
import { DRAW_PATTERNS, type DrawPatternId, type EntryResult, SEATS, type Seat } from './api.ts';
import type { TableView } from './table.ts';

export type Outcome = 'win' | 'drawn' | 'voided';
export type WinBy = 'discard' | 'self-draw' | 'robbing-kong';

export const LUCK_FLAGS = ['lastTile', 'afterKong', 'afterFlower', 'heaven', 'earth'] as const;
export type LuckFlag = (typeof LUCK_FLAGS)[number];

export interface ClaimForm {
  readonly hand: HandTiles;
  readonly handScore: string;
  readonly luck: readonly LuckFlag[];
}

export interface EntryForm {
  readonly outcome: Outcome;
  /** In turn order. */
  readonly winners: readonly Seat[];
  readonly by: WinBy;
  readonly from: Seat | null;
  readonly claims: Readonly<Partial<Record<Seat, ClaimForm>>>;
  readonly loserScores: Readonly<Partial<Record<Seat, string>>>;
  readonly dieForgotten: boolean;
  readonly ready: readonly Seat[];
  /** A drawn hu-mahjong hand: the patterns each seat reached at the draw. */
  readonly atDraw: Readonly<Partial<Record<Seat, readonly DrawPatternId[]>>>;
  readonly voidCause: 'misdeal' | 'ruling';
  readonly voidExplanation: string;
}

export const EMPTY_CLAIM: ClaimForm = { hand: EMPTY_HAND, handScore: '', luck: [] };

export const EMPTY_FORM: EntryForm = {
  outcome: 'win',
  winners: [],
  by: 'discard',
  from: null,
  claims: {},
  loserScores: {},
  dieForgotten: false,
  ready: [],
  atDraw: {},
  voidCause: 'misdeal',
  voidExplanation: '',
};

export type FormChange =
  | { readonly type: 'outcome'; readonly outcome: Outcome }
  | { readonly type: 'winners'; readonly winners: readonly Seat[] }
  | { readonly type: 'by'; readonly by: WinBy }
  | { readonly type: 'from'; readonly from: Seat | null }
  | { readonly type: 'claim'; readonly seat: Seat; readonly claim: ClaimForm }
  | { readonly type: 'loserScore'; readonly seat: Seat; readonly score: string }
  | { readonly type: 'dieForgotten'; readonly value: boolean }
  | { readonly type: 'ready'; readonly ready: readonly Seat[] }
  | { readonly type: 'atDraw'; readonly seat: Seat; readonly patterns: readonly DrawPatternId[] }
  | { readonly type: 'void'; readonly cause?: 'misdeal' | 'ruling'; readonly explanation?: string }
  | { readonly type: 'reset' };

const inTurnOrder = (seats: readonly Seat[]) => SEATS.filter((s) => seats.includes(s));

export function changeForm(form: EntryForm, change: FormChange): EntryForm {
  switch (change.type) {
    case 'outcome':
      return { ...form, outcome: change.outcome };
    case 'winners': {
      const winners = inTurnOrder(change.winners);
      // A winner is no discarder; a self-draw has one winner.
      return {
        ...form,
        winners: form.by === 'self-draw' ? winners.slice(-1) : winners,
        from: form.from !== null && winners.includes(form.from) ? null : form.from,
      };
    }
    case 'by':
      return {
        ...form,
        by: change.by,
        winners: change.by === 'self-draw' ? form.winners.slice(0, 1) : form.winners,
        from: change.by === 'self-draw' ? null : form.from,
      };
    case 'from':
      return { ...form, from: change.from };
    case 'claim':
      return { ...form, claims: { ...form.claims, [change.seat]: change.claim } };
    case 'loserScore':
      return { ...form, loserScores: { ...form.loserScores, [change.seat]: change.score } };
    case 'dieForgotten':
      return { ...form, dieForgotten: change.value };
    case 'ready':
      return { ...form, ready: inTurnOrder(change.ready) };
    case 'atDraw':
      return {
        ...form,
        atDraw: { ...form.atDraw, [change.seat]: DRAW_PATTERNS.filter((p) => change.patterns.includes(p)) },
      };
    case 'void':
      return {
        ...form,
        voidCause: change.cause ?? form.voidCause,
        voidExplanation: change.explanation ?? form.voidExplanation,
      };
    case 'reset':
      return EMPTY_FORM;
  }
}

/** Where a problem is shown: a control of the form, a winner's hand, or the page. */
export type Place =
  | {
      readonly kind: 'winners' | 'by' | 'from' | 'loserScores' | 'ready' | 'atDraw' | 'void' | 'general';
    }
  | { readonly kind: 'claim'; readonly seat: Seat };

/** A problem found before asking the API: a message key of the page, and where it belongs. */
export interface Missing {
  readonly place: Place;
  readonly message: string;
}

const number = (text: string): number | undefined => {
  const value = Number(text.trim());
  return text.trim() === '' || !Number.isFinite(value) || value < 0 ? undefined : value;
};

/** The result to preview and enter, or what is missing first. */
export function resultOf(
  form: EntryForm,
  table: Pick<TableView, 'seats' | 'scoresTiles' | 'loserScores' | 'streakDie'>,
): { readonly result: EntryResult } | { readonly missing: Missing } {
  switch (form.outcome) {
    case 'drawn': {
      // Only hu-mahjong scores a pattern at a draw; seats in turn order, each seat's patterns in list order.
      const patterns = table.scoresTiles
        ? table.seats.flatMap(({ seat }) => (form.atDraw[seat] ?? []).map((pattern) => ({ seat, pattern })))
        : [];
      return { result: { kind: 'drawn', ready: form.ready, ...(patterns.length > 0 ? { patterns } : {}) } };
    }
    case 'voided':
      if (form.voidExplanation.trim() === '')
        return { missing: { place: { kind: 'void' }, message: 'void.need' } };
      return { result: { kind: 'voided', cause: form.voidCause, explanation: form.voidExplanation.trim() } };
    case 'win':
      break;
  }
  if (form.winners.length === 0) return { missing: { place: { kind: 'winners' }, message: 'need.winner' } };
  if (form.by !== 'self-draw' && form.from === null)
    return { missing: { place: { kind: 'from' }, message: 'need.from' } };
  const claims: Record<string, unknown>[] = [];
  for (const seat of form.winners) {
    const claim = form.claims[seat] ?? EMPTY_CLAIM;
    if (table.scoresTiles) {
      if (claim.hand.winning === null)
        return { missing: { place: { kind: 'claim', seat }, message: 'claim.needWinningTile' } };
      const luck = Object.fromEntries(
        claim.luck.map((flag) => [flag, flag === 'afterKong' || flag === 'afterFlower' ? 1 : true]),
      );
      claims.push({ seat, ...claimTilesOf(claim.hand), ...(claim.luck.length > 0 ? { luck } : {}) });
    } else {
      const handScore = number(claim.handScore);
      if (handScore === undefined)
        return { missing: { place: { kind: 'claim', seat }, message: 'claim.needScore' } };
      claims.push({ seat, handScore });
    }
  }
  let loserScores: Partial<Record<Seat, number>> | undefined;
  if (table.loserScores) {
    loserScores = {};
    for (const { seat } of table.seats) {
      if (form.winners.includes(seat)) continue;
      const score = number(form.loserScores[seat] ?? '');
      if (score === undefined)
        return { missing: { place: { kind: 'loserScores' }, message: 'loserScores.need' } };
      loserScores[seat] = score;
    }
  }
  return {
    result: {
      kind: 'win',
      by: form.by,
      ...(form.by === 'self-draw' || form.from === null ? {} : { from: form.from }),
      claims,
      ...(loserScores === undefined ? {} : { loserScores }),
      ...(table.streakDie && form.dieForgotten ? { dieForgotten: true } : {}),
    },
  };
}
