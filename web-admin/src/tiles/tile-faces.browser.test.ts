// Given every tile face rendered by the app's own component, when Chromium draws them large and small, then
// each carries its notation and name for screen readers and on hover (English and Chinese), the CJK glyphs
// come from a CJK font, and a screenshot of all of them is written to look at.
import { createInstance } from 'i18next';
import type { Page } from 'playwright-core';
import { createElement, Fragment } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { initReactI18next } from 'react-i18next';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  chromiumAvailable,
  launchChromium,
  type RunningBrowser,
  screenshot,
  watchPageErrors,
} from '../../../test/browser/chromium.ts';
import { FLOWER_TILES, PLAYING_TILES, SUITS, type Tile } from './notation.ts';
import { TileFace, type TileSize } from './TileFace.tsx';

async function gallery(language: 'en' | 'zh', size: TileSize): Promise<string> {
  const i18n = createInstance();
  await i18n
    .use(initReactI18next)
    .init({ lng: language, resources: {}, interpolation: { escapeValue: false } });
  const row = (tiles: readonly (Tile | 'back')[]) =>
    createElement(
      'div',
      { className: 'row' },
      tiles.map((tile) =>
        createElement(
          'figure',
          { key: tile },
          createElement(TileFace, { tile, size }),
          createElement('figcaption', null, tile),
        ),
      ),
    );
  const bySuit = SUITS.map((suit) =>
    [...PLAYING_TILES, ...FLOWER_TILES].filter((tile) => tile.endsWith(suit)),
  ) as Tile[][];
  const body = renderToStaticMarkup(
    createElement(
      Fragment,
      null,
      ...bySuit.slice(0, 3).map(row),
      row([...bySuit[3]!, 'back']),
      row(bySuit[4]!),
    ),
  );
  return `<!doctype html><html lang="${language === 'zh' ? 'zh-Hant' : 'en'}"><head><style>
    body { margin: 16px; font: 16px system-ui, sans-serif; background: #fff; }
    .row { display: flex; flex-wrap: wrap; gap: 12px; margin-bottom: 12px; }
    figure { margin: 0; text-align: center; }
    figcaption { font-family: ui-monospace, monospace; }
  </style></head><body>${body}</body></html>`;
}

const haveChromium = chromiumAvailable();

describe.runIf(haveChromium)('tile faces (browser)', () => {
  let chromium: RunningBrowser;
  let page: Page;

  beforeAll(async () => {
    chromium = await launchChromium();
    page = await (await chromium.context('desktop')).newPage();
  });

  afterAll(async () => {
    await chromium?.close();
  });

  it('draws all 42 faces and the back, each named by its notation and name', async () => {
    const errors = watchPageErrors(page);
    await page.setContent(await gallery('en', 'huge'));
    const faces = page.getByRole('img');
    expect(await faces.count()).toBe(43);
    await page.getByRole('img', { name: '5p, five of dots', exact: true }).waitFor();
    await page.getByRole('img', { name: '1s, one of bamboo', exact: true }).waitFor();
    await page.getByRole('img', { name: '7z, Red dragon', exact: true }).waitFor();
    await page.getByRole('img', { name: '8f, winter, season 4', exact: true }).waitFor();
    await page.getByRole('img', { name: 'face-down tile', exact: true }).waitFor();
    expect(await page.locator('svg[data-tile="9m"] title').textContent()).toBe('9m, nine of characters');
    // The glyphs come from a CJK face, which sets every character one em wide: 萬 at 31 of the face's 80
    // units, drawn 160 px high, is 62 px wide.
    const glyph = await page.locator('svg[data-tile="3m"] text').nth(1).boundingBox();
    expect(glyph!.width).toBeCloseTo(62, 0);
    await screenshot(page, 'tile-faces', 'desktop');
    expect(errors()).toEqual([]);
  });

  it('names them in Chinese, and scales them small', async () => {
    await page.setContent(await gallery('zh', 'small'));
    await page.getByRole('img', { name: '5p 五筒', exact: true }).waitFor();
    await page.getByRole('img', { name: '6z 發財', exact: true }).waitFor();
    const box = await page.locator('svg[data-tile="5p"]').boundingBox();
    expect(box).toMatchObject({ width: 24, height: 32 });
    await screenshot(page, 'tile-faces-small-zh', 'phone');
  });
});
