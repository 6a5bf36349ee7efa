// Given seated rounds, when the organizer makes the table cards, then there is one card per table with the
// four players by wind and the QR codes of the sign-in links (the scorer's for a round whose hands are
// entered, each seat's for a live round), the scorer's code signs in at that table, and printing gives one
// A6 page per table. A referee's token is refused the page: the cards carry secrets.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../../../../test/browser/app-server.ts';
import {
  chromiumAvailable,
  launchChromium,
  type RunningBrowser,
  SCREENSHOTS,
  screenshot,
  type ViewportName,
  watchPageErrors,
} from '../../../../test/browser/chromium.ts';

const haveChromium = chromiumAvailable();
const WINDS = ['E', 'S', 'W', 'N'] as const;

interface Tournament {
  players: { playerId: string; name: string }[];
  rounds: { tables: { table: number; gameId: string; seats: Record<string, string> }[] }[];
}

describe.runIf(haveChromium)('table cards (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;

  const seatedRound = async (tournamentId: string, recording: 'live' | 'entered') => {
    await app.api('POST', '/api/tournaments', {
      tournamentId,
      name: `Cup ${tournamentId}`,
      preset: 'four-seas',
    });
    for (let i = 1; i <= 16; i++)
      await app.api('POST', `/api/tournaments/${tournamentId}/players`, { name: `Player ${i}` });
    await app.api('POST', `/api/tournaments/${tournamentId}/rounds`, {
      round: 1,
      method: 'random',
      end: { kind: 'hands', count: 8 },
      minutes: 60,
      recording,
    });
    await app.api('POST', `/api/tournaments/${tournamentId}/rounds/1/seating`, { method: 'random' });
    return app.api<Tournament>('GET', `/api/tournaments/${tournamentId}`);
  };

  const signedIn = async (token: string, viewport: ViewportName = 'desktop') => {
    const page = await (await chromium.context(viewport)).newPage();
    await page.goto(`${app.url}/sign-in`);
    await page.evaluate((t) => localStorage.setItem('mahjong-ledger.token', t), token);
    return page;
  };

  beforeAll(async () => {
    app = await startAppServer();
    chromium = await launchChromium();
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('makes a card per table with the scorer’s QR code, whose code signs in at that table, and prints A6 pages', async () => {
    const view = await seatedRound('summer', 'entered');
    const nameOf = (id: string) => view.players.find((p) => p.playerId === id)?.name ?? id;
    const page = await signedIn(app.organizerToken);
    const errors = watchPageErrors(page);
    await page.goto(`${app.url}/tournaments/summer/rounds/1/cards`);
    await page.getByRole('heading', { name: 'Table cards — round 1' }).waitFor();
    expect(await page.getByRole('button', { name: 'Print' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Make the cards (4 tables)' }).click();

    const cards = page.getByRole('list', { name: 'Table cards of round 1' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(4);
    for (const table of view.rounds[0]!.tables) {
      const card = page.getByRole('article', { name: `Table ${table.table}` });
      const text = await card.textContent();
      for (const wind of WINDS) expect(text).toContain(nameOf(table.seats[wind]!));
      expect(
        await card.getByRole('img', { name: `Scorer sign-in code for table ${table.table}` }).count(),
      ).toBe(1);
      expect(await card.locator('svg[role="img"]').count()).toBe(1);
    }
    await screenshot(page, 'table-cards-entered', 'desktop');
    await screenshot(page, 'table-cards-entered', 'tablet');

    // The code printed under table 1's QR code signs a phone in as that table's scorer.
    const code = await page.getByRole('article', { name: 'Table 1' }).locator('code').textContent();
    const phone = await (await chromium.context('phone')).newPage();
    await phone.goto(`${app.url}/sign-in#token=${code}`);
    await phone.waitForURL(`${app.url}/score/${encodeURIComponent(view.rounds[0]!.tables[0]!.gameId)}`);

    // Printed: one A6 page per table, nothing of the app around the cards.
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 397, height: 559 });
    mkdirSync(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOTS, 'table-cards-entered-print.png'), fullPage: true });
    const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
    writeFileSync(join(SCREENSHOTS, 'table-cards-entered.pdf'), pdf);
    const text = pdf.toString('latin1');
    expect(text.match(/\/Type\s*\/Page(?![a-z])/g)?.length).toBe(4);
    // A6 is 105 × 148 mm: 297.6 × 419.5 points, as Chromium rounds it.
    const [, width, height] = /\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/.exec(text) ?? [];
    expect(Math.abs(Number(width) - 297.6)).toBeLessThan(1.5);
    expect(Math.abs(Number(height) - 419.5)).toBeLessThan(1.5);
    expect(errors()).toEqual([]);
  });

  it('makes live cards with a QR code per seat, and says what making them again revokes', async () => {
    await seatedRound('winter', 'live');
    const page = await signedIn(app.organizerToken);
    const errors = watchPageErrors(page);
    await page.goto(`${app.url}/tournaments/winter/rounds/1/cards`);
    await page.getByRole('button', { name: 'Make the cards (4 tables)' }).click();
    const card = page.getByRole('article', { name: 'Table 3' });
    await expect.poll(() => card.locator('svg[role="img"]').count()).toBe(4);
    expect(await card.getByRole('img', { name: /^Sign-in code for East, Player \d+$/ }).count()).toBe(1);
    expect(await page.getByRole('status').textContent()).toContain('4 cards made');

    await page.getByRole('button', { name: 'Make the cards again' }).click();
    await expect
      .poll(() => page.getByRole('status').textContent())
      .toContain('16 earlier codes stopped working.');
    await screenshot(page, 'table-cards-live', 'desktop');
    await page.emulateMedia({ media: 'print' });
    await page.setViewportSize({ width: 397, height: 559 });
    await page.screenshot({ path: join(SCREENSHOTS, 'table-cards-live-print.png'), fullPage: true });
    expect(errors()).toEqual([]);
  });

  it('refuses the page to a referee', async () => {
    const referee = await app.api<{ token: string }>('POST', '/api/tournaments/winter/referee-tokens', {});
    const page = await signedIn(referee.token, 'tablet');
    await page.goto(`${app.url}/tournaments/winter/rounds/1/cards`);
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Your token may not open this page.');
    expect(await page.getByRole('button', { name: /Make the cards/ }).count()).toBe(0);
  });
});
