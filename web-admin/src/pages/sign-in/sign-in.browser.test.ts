// Given a running server and its organizer token, when a user signs in (pasted or by link) and out,
// then the app routes them by role, names a refused token, and never leaves the token in the address bar.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../../../../test/browser/app-server.ts';
import {
  chromiumAvailable,
  launchChromium,
  type RunningBrowser,
  screenshot,
  watchPageErrors,
} from '../../../../test/browser/chromium.ts';

const haveChromium = chromiumAvailable();

describe.runIf(haveChromium)('sign-in (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;

  beforeAll(async () => {
    app = await startAppServer();
    chromium = await launchChromium();
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('sends a visitor without a token to sign-in, and refuses a wrong token by name', async () => {
    const page = await (await chromium.context('desktop')).newPage();
    const errors = watchPageErrors(page);
    await page.goto(`${app.url}/tournaments`);
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    await screenshot(page, 'sign-in', 'desktop');
    await screenshot(page, 'sign-in', 'phone');

    await page.getByLabel('Token').fill('not-a-token');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/token/i);
    expect(new URL(page.url()).pathname).toBe('/sign-in');
    expect(errors().filter((e) => !e.includes('401'))).toEqual([]);
  });

  it('signs the organizer in from a pasted token, and out again', async () => {
    const page = await (await chromium.context('desktop')).newPage();
    await page.goto(`${app.url}/sign-in`);
    await page.getByLabel('Token').fill(app.organizerToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/tournaments`);
    await expect
      .poll(() => page.getByRole('navigation', { name: 'Main' }).textContent())
      .toContain('Tournaments');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${app.url}/sign-in`);
    expect(await page.evaluate(() => localStorage.getItem('mahjong-ledger.token'))).toBeNull();
  });

  it('signs in from a link’s fragment and clears it from the address bar', async () => {
    const page = await (await chromium.context('tablet')).newPage();
    await page.goto(`${app.url}/sign-in#token=${app.organizerToken}`);
    await page.waitForURL(`${app.url}/tournaments`);
    expect(page.url()).not.toContain(app.organizerToken);
  });

  it('speaks Chinese when asked, and remembers it', async () => {
    const page = await (await chromium.context('desktop')).newPage();
    await page.goto(`${app.url}/sign-in`);
    await page.getByLabel('Language').selectOption('zh');
    await page.getByRole('heading', { name: '登入' }).waitFor();
    await screenshot(page, 'sign-in-zh', 'tablet');
    await page.reload();
    await page.getByRole('heading', { name: '登入' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-Hant');
  });
});
