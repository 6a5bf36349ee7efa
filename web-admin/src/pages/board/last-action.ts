// The board's `lastAction` is the server's English sentence ("S discarded 5p", "hand 3 started"): read back
// into its parts here so the room sees it in its own language, with the player's name for the seat, and so
// the board can mark whose move it is. A sentence this does not know is shown as the server wrote it.

export type Action =
  | { readonly kind: 'drew'; readonly seat: string; readonly replacement: boolean }
  | { readonly kind: 'discarded'; readonly seat: string; readonly tile: string }
  | {
      readonly kind: 'declared';
      readonly seat: string;
      readonly meld: string | undefined;
      readonly tile: string;
    }
  | { readonly kind: 'claimed'; readonly seat: string; readonly claim: string }
  | { readonly kind: 'won'; readonly seat: string; readonly by: string }
  | { readonly kind: 'hand-started'; readonly hand: number }
  | { readonly kind: 'hand-entered'; readonly hand: number; readonly result: string }
  | { readonly kind: 'tiles-dealt' }
  | { readonly kind: 'hand-drawn' }
  | { readonly kind: 'hand-voided' }
  | { readonly kind: 'hand-settled' }
  | { readonly kind: 'settlement-corrected' }
  | { readonly kind: 'game-finished' }
  | { readonly kind: 'other'; readonly text: string };

// Each sentence the board projection writes (projections/board/evolve.ts), and what it says.
const SENTENCES: readonly [RegExp, (m: RegExpMatchArray) => Action][] = [
  [
    /^([ESWN]) drew( a replacement)?$/,
    (m) => ({ kind: 'drew', seat: m[1]!, replacement: m[2] !== undefined }),
  ],
  [/^([ESWN]) discarded (\S+)$/, (m) => ({ kind: 'discarded', seat: m[1]!, tile: m[2]! })],
  [
    /^([ESWN]) declared (?:(\S+) )?(\S+)$/,
    (m) => ({ kind: 'declared', seat: m[1]!, meld: m[2], tile: m[3]! }),
  ],
  [/^([ESWN]) claimed a (\S+)$/, (m) => ({ kind: 'claimed', seat: m[1]!, claim: m[2]! })],
  [/^([ESWN]) won by (\S+)$/, (m) => ({ kind: 'won', seat: m[1]!, by: m[2]! })],
  [/^hand (\d+) started$/, (m) => ({ kind: 'hand-started', hand: Number(m[1]) })],
  [/^hand (\d+) entered: (\S+)$/, (m) => ({ kind: 'hand-entered', hand: Number(m[1]), result: m[2]! })],
  [/^tiles dealt$/, () => ({ kind: 'tiles-dealt' })],
  [/^hand drawn\b/, () => ({ kind: 'hand-drawn' })],
  [/^hand voided\b/, () => ({ kind: 'hand-voided' })],
  [/^hand settled$/, () => ({ kind: 'hand-settled' })],
  [/^settlement corrected$/, () => ({ kind: 'settlement-corrected' })],
  [/^game finished\b/, () => ({ kind: 'game-finished' })],
];

export function parseAction(text: string): Action {
  for (const [sentence, read] of SENTENCES) {
    const m = text.match(sentence);
    if (m !== null) return read(m);
  }
  return { kind: 'other', text };
}

/**
 * The seat that must move now, where the last action says: one who drew, claimed or declared a meld discards
 * next. After a discard the other seats may claim, so no one is marked until the next draw.
 */
export function seatToMove(action: Action): string | undefined {
  switch (action.kind) {
    case 'drew':
    case 'claimed':
    case 'declared':
      return action.seat;
    default:
      return undefined;
  }
}

/** The seat the last action names, if any (shown beside that player). */
export function seatOf(action: Action): string | undefined {
  return 'seat' in action ? action.seat : undefined;
}
