// Which control an entry's refusal belongs beside. The engine names the command's field
// (`result.claims[0].winningTile`, `result.from`) or, for a hand that is no win, the seat; a 400 names the
// body's path (`body.result.kind`). A claim's index is read back to the seat it was sent for.
import { ApiProblem } from '../../api/problem.ts';
import { EntryProblem, type Seat } from './api.ts';
import type { Place } from './entry-form.ts';

function placeOfField(field: string, claimSeats: readonly Seat[]): Place | undefined {
  const path = field.replace(/^body\./, '');
  const claim = /^result\.claims\[(\d+)\]/.exec(path) ?? /^result\.claims\.(\d+)/.exec(path);
  if (claim !== null) {
    const seat = claimSeats[Number(claim[1])];
    return seat === undefined ? { kind: 'winners' } : { kind: 'claim', seat };
  }
  if (path === 'result.claims') return { kind: 'winners' };
  if (path.startsWith('result.from')) return { kind: 'from' };
  if (path.startsWith('result.by')) return { kind: 'by' };
  if (path.startsWith('result.loserScores')) return { kind: 'loserScores' };
  if (path.startsWith('result.ready')) return { kind: 'ready' };
  if (path.startsWith('result.patterns')) return { kind: 'atDraw' };
  if (path.startsWith('result.cause') || path.startsWith('result.explanation')) return { kind: 'void' };
  return undefined;
}

/** Where to show the problem; 'general' (beside Preview and Commit) when it names no control. */
export function placeOf(error: unknown, claimSeats: readonly Seat[]): Place {
  if (error instanceof EntryProblem) {
    if (error.code === 'not-a-win' && error.seat !== undefined) return { kind: 'claim', seat: error.seat };
    if (error.field !== undefined) return placeOfField(error.field, claimSeats) ?? { kind: 'general' };
  }
  if (error instanceof ApiProblem)
    for (const { path } of error.errors) {
      const place = placeOfField(path, claimSeats);
      if (place !== undefined) return place;
    }
  return { kind: 'general' };
}

export function samePlace(a: Place, b: Place): boolean {
  return a.kind === b.kind && (a.kind !== 'claim' || (b.kind === 'claim' && a.seat === b.seat));
}
