// The last action and tiles in the room's language: "Bo Chen discarded 5 Dots" / "Bo Chen 打出 五筒".
import type { TFunction } from 'i18next';
import type { Action } from './last-action.ts';

/** A tile's name from its notation (5p, 7z, 3f); the notation itself when it is not one. */
export function tileWords(t: TFunction<'board'>, notation: string): string {
  const m = notation.match(/^([1-9])([mpszf])$/);
  if (m === null) return notation;
  const [, n, suit] = m as unknown as [string, string, string];
  if (suit === 'z' || suit === 'f') {
    const key = `tile.${suit}.${n}`;
    return t(key, { defaultValue: notation });
  }
  const digit = t('tile.digits').charAt(Number(n) - 1) || n;
  return t(`tile.${suit}`, { n: digit });
}

export function actionWords(
  t: TFunction<'board'>,
  action: Action,
  nameOfSeat: (seat: string) => string,
): string {
  switch (action.kind) {
    case 'drew':
      return t(action.replacement ? 'action.drewReplacement' : 'action.drew', {
        name: nameOfSeat(action.seat),
      });
    case 'discarded':
      return t('action.discarded', { name: nameOfSeat(action.seat), tile: tileWords(t, action.tile) });
    case 'declared':
      return t(action.meld === undefined ? 'action.declared' : 'action.declaredMeld', {
        name: nameOfSeat(action.seat),
        tile: tileWords(t, action.tile),
      });
    case 'claimed':
      return t(`action.claimed.${action.claim}`, {
        name: nameOfSeat(action.seat),
        defaultValue: `${nameOfSeat(action.seat)}: ${action.claim}`,
      });
    case 'won':
      return t(
        `action.won.${['discard', 'self-draw', 'robbing-kong'].includes(action.by) ? action.by : 'other'}`,
        {
          name: nameOfSeat(action.seat),
        },
      );
    case 'hand-started':
      return t('action.handStarted', { hand: action.hand });
    case 'hand-entered':
      return t('action.handEntered', { hand: action.hand });
    case 'tiles-dealt':
      return t('action.tilesDealt');
    case 'hand-drawn':
      return t('action.handDrawn');
    case 'hand-voided':
      return t('action.handVoided');
    case 'hand-settled':
      return t('action.handSettled');
    case 'settlement-corrected':
      return t('action.settlementCorrected');
    case 'game-finished':
      return t('action.gameFinished');
    case 'other':
      return action.text;
  }
}
