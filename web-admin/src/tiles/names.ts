// A tile's name in the reader's language, beside its notation: "5p, five of dots" / "5p 五筒". The tiles
// register their own words on the i18next instance react-i18next holds, so a face renders the same on any
// page and in a test that brings its own instance.
import type { TFunction } from 'i18next';
import { useCallback } from 'react';
import { getI18n, useTranslation } from 'react-i18next';
import { messages } from './messages.ts';
import { rankOf, suitOf, type Tile } from './notation.ts';

export const TILES_NAMESPACE = 'tiles';

function registerTileWords(): void {
  const i18n = getI18n();
  if (i18n === undefined) return;
  for (const language of ['en', 'zh'] as const)
    if (!i18n.hasResourceBundle(language, TILES_NAMESPACE))
      i18n.addResourceBundle(language, TILES_NAMESPACE, messages[language]);
}

/** useTranslation for the tiles' words, registered first. */
export function useTileWords() {
  registerTileWords();
  return useTranslation(TILES_NAMESPACE);
}

export function tileName(t: TFunction, tile: Tile): string {
  const suit = suitOf(tile);
  switch (suit) {
    case 'm':
    case 'p':
    case 's':
      return t(`suits.${suit}`, {
        ns: TILES_NAMESPACE,
        rank: t(`ranks.${rankOf(tile)}`, { ns: TILES_NAMESPACE }),
      });
    case 'z':
      return t(`honours.${tile}`, { ns: TILES_NAMESPACE });
    case 'f':
      return t(`flowers.${tile}`, { ns: TILES_NAMESPACE });
  }
}

/** The notation and the name, as a face's accessible name and hover title. */
export function tileLabel(t: TFunction, tile: Tile): string {
  return t('label', { ns: TILES_NAMESPACE, tile, name: tileName(t, tile) });
}

export function useTileLabel(): (tile: Tile) => string {
  const { t } = useTileWords();
  return useCallback((tile: Tile) => tileLabel(t, tile), [t]);
}
