// Given a running server with three tournaments (one playing round 1, one finished, one new), when the
// organizer opens the list, then each shows its name, status, players and rounds as the API holds them, newest
// first, each a link to its overview; a referee bound to one tournament sees that one, and no way to create.
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

describe.runIf(haveChromium)('tournaments (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;

  const signedIn = async (token: string, viewport: 'desktop' | 'tablet' | 'phone' = 'desktop') => {
    const context = await chromium.context(viewport);
    await context.addInitScript((value) => localStorage.setItem('mahjong-ledger.token', value), token);
    const page = await context.newPage();
    await page.goto(`${app.url}/tournaments`);
    return page;
  };

  beforeAll(async () => {
    app = await startAppServer();
    chromium = await launchChromium();
    await app.api('POST', '/api/tournaments', {
      tournamentId: 'autumn',
      name: 'Autumn Cup',
      preset: 'four-seas',
    });
    for (let i = 1; i <= 8; i++)
      await app.api('POST', '/api/tournaments/autumn/players', { playerId: `p${i}`, name: `Player ${i}` });
    await app.api('POST', '/api/tournaments/autumn/players/p8/withdraw', { reason: 'unwell' });
    await app.api('POST', '/api/tournaments/autumn/rounds', {
      round: 1,
      method: 'random',
      end: { kind: 'hands', count: 1 },
      minutes: 60,
      recording: 'entered',
    });
    await app.api('POST', '/api/tournaments', {
      tournamentId: 'winter',
      name: 'Winter Open',
      preset: 'table-law',
    });
    await app.api('POST', '/api/tournaments/winter/finish');
    await app.api('POST', '/api/tournaments', {
      tournamentId: 'spring',
      name: 'Spring Open',
      preset: 'hu-mahjong',
    });
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('lists every tournament, newest first, with status, players and rounds; each a link', async () => {
    const page = await signedIn(app.organizerToken);
    const errors = watchPageErrors(page);
    const table = page.getByRole('table');
    await table.waitFor();
    const rows = await table.getByRole('row').allInnerTexts();
    expect(rows).toHaveLength(4);
    expect(rows[1]).toMatch(/^Spring Open\s+spring\s+Open\s+0 active of 0\s+none yet/);
    expect(rows[2]).toMatch(/^Winter Open\s+winter\s+Finished\s+0 active of 0\s+none yet/);
    expect(rows[3]).toMatch(/^Autumn Cup\s+autumn\s+Open\s+7 active of 8\s+1 round · round 1 scheduled/);
    expect(await page.getByRole('link', { name: 'New tournament' }).count()).toBe(1);
    await screenshot(page, 'tournaments', 'desktop');
    await screenshot(page, 'tournaments', 'tablet');
    await screenshot(page, 'tournaments', 'phone');

    await page.getByRole('link', { name: 'Autumn Cup' }).click();
    await page.waitForURL(`${app.url}/tournaments/autumn`);
    await page.getByRole('heading', { name: 'Autumn Cup' }).waitFor();
    expect(errors()).toEqual([]);
  });

  it('shows a referee bound to one tournament that one, and no way to create another', async () => {
    const { token } = await app.api<{ token: string }>('POST', '/api/tournaments/autumn/referee-tokens', {
      label: 'floor referee',
    });
    const page = await signedIn(token, 'tablet');
    const table = page.getByRole('table');
    await table.waitFor();
    expect(await table.getByRole('row').count()).toBe(2);
    expect(await page.getByRole('link', { name: 'Autumn Cup' }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'New tournament' }).count()).toBe(0);
  });
});
