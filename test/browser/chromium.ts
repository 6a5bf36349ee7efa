// Debian's Chromium driven by playwright-core (never a browser download). Missing, the browser tests skip
// with a message; under REQUIRE_ALL=1 (.ci/run, which installs it) they fail instead.
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { REQUIRE_ALL } from '../support/shared-data.ts';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** The viewports of UI.md a page is judged on. */
export const VIEWPORTS = {
  desktop: { width: 1366, height: 768 },
  tablet: { width: 820, height: 1180 },
  'tablet-landscape': { width: 1180, height: 820 },
  phone: { width: 390, height: 844 },
  projector: { width: 1920, height: 1080 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

/** Where screenshots go: test artifacts, looked at before an issue is resolved. */
export const SCREENSHOTS = resolve(import.meta.dirname, '../../test-artifacts/screenshots');

/** Whether Chromium is here; a printed reason and false when not (a thrown error under REQUIRE_ALL). */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM)) return true;
  const reason = `no Chromium at ${CHROMIUM} (apt-get install -y chromium fonts-noto-cjk)`;
  if (REQUIRE_ALL) throw new Error(`REQUIRE_ALL=1 and ${reason}: the browser tests cannot run`);
  console.warn(`skip: ${reason}: the browser tests are skipped`);
  return false;
}

export interface RunningBrowser {
  readonly browser: Browser;
  /** A fresh context (its own storage) at a viewport: one signed-in user. */
  readonly context: (viewport?: ViewportName) => Promise<BrowserContext>;
  readonly close: () => Promise<void>;
}

export async function launchChromium(): Promise<RunningBrowser> {
  // A fresh profile each launch: playwright makes a temporary --user-data-dir itself (and refuses one passed
  // in args), and removes it when the browser closes.
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  return {
    browser,
    context: (viewport = 'desktop') => browser.newContext({ viewport: VIEWPORTS[viewport] }),
    close: async () => {
      await browser.close();
    },
  };
}

/** A full-page screenshot named for the page and viewport (test-artifacts/screenshots/<name>-<viewport>.png). */
export async function screenshot(page: Page, name: string, viewport: ViewportName): Promise<string> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.setViewportSize(VIEWPORTS[viewport]);
  // Let layout settle after the resize (charts measure their box on resize).
  await page.waitForTimeout(300);
  const path = join(SCREENSHOTS, `${name}-${viewport}.png`);
  await page.screenshot({ path, fullPage: true });
  return path;
}

/** Fails the test on any uncaught page error or console error: a page that throws is broken even if it shows. */
export function watchPageErrors(page: Page): () => string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  return () => errors;
}
