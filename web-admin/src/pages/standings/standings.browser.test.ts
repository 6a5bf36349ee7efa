// Given a running server with a round of 16 players whose hands are entered (and a penalty), when the
// standings are open, then the table holds the API's places (shared ones as "=n"), names, clubs, points and
// penalties; the filters hide rows without re-ranking; the CSV downloaded has the rows shown; and a hand
// entered moves the table and the chart without a reload (the board's event stream).
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from '../../../../test/browser/app-server.ts';
import {
  chromiumAvailable,
  launchChromium,
  type RunningBrowser,
  screenshot,
  type ViewportName,
  watchPageErrors,
} from '../../../../test/browser/chromium.ts';

const haveChromium = chromiumAvailable();

interface StandingRow {
  playerId: string;
  name: string;
  place: number;
  points: number;
  games: number;
}
interface BoardTable {
  gameId: string;
  seats: Record<string, string>;
}

/** Seed 003's scoring example: South wins 6100 (18300 from North) on North's discard. */
const SOUTH_WINS = {
  kind: 'win',
  by: 'discard',
  from: 'N',
  claims: [
    { seat: 'S', hand: '123s123p789p9p', melds: [{ tiles: '123m' }], winningTile: '9p', flowers: ['5f'] },
  ],
};

const PLAYERS = [
  ['Ana Lee', 'Kowloon'],
  ['陳大文', 'Taipa'],
  ['Cy Wong', 'Kowloon'],
  ['Di Lam', ''],
  ['Ed Ho', 'Taipa'],
  ['林美玲', 'Kowloon'],
  ['Gus Yip', ''],
  ['Hal Tse', 'Taipa'],
  ['Ivy Mak', 'Kowloon'],
  ['Jo Fung', ''],
  ['Kit Lau', 'Taipa'],
  ['黃志明', 'Kowloon'],
  ['Max Poon', ''],
  ['Nia Kwok', 'Taipa'],
  ['Oz Tam', 'Kowloon'],
  ['Pia, "P" So', ''],
];

const format = (points: number) => new Intl.NumberFormat('en').format(points);

describe.runIf(haveChromium)('standings (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;
  let tables: BoardTable[];
  let penalisedId: string;

  const standings = async () =>
    (await app.api<{ standings: StandingRow[] }>('GET', '/api/tournaments/spring/standings')).standings;
  const enter = (gameId: string, result: unknown) =>
    app.api('POST', `/api/games/${gameId}/hands/next/entry`, { result });

  const standingsPage = async (viewport: ViewportName = 'desktop') => {
    const context = await chromium.context(viewport);
    // Signed in as the organizer, as the sign-in page leaves it (its own test drives it).
    await context.addInitScript(
      (token) => localStorage.setItem('mahjong-ledger.token', token),
      app.organizerToken,
    );
    const page = await context.newPage();
    await page.goto(`${app.url}/tournaments/spring/standings`);
    await page.getByRole('heading', { name: 'Standings: Spring Open' }).waitFor();
    return page;
  };
  const bodyRows = (page: Page) => page.getByRole('table').locator('tbody tr');
  const rowOf = (page: Page, name: string) =>
    page
      .getByRole('table')
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name }) });

  beforeAll(async () => {
    app = await startAppServer();
    chromium = await launchChromium();
    await app.api('POST', '/api/tournaments', {
      tournamentId: 'spring',
      name: 'Spring Open',
      preset: 'hu-mahjong',
    });
    const csv = PLAYERS.map(([name, club]) => `"${name!.replaceAll('"', '""')}",${club}`).join('\n');
    await app.api('POST', '/api/tournaments/spring/players/import', { csv: `name,club\n${csv}\n` });
    await app.api('POST', '/api/tournaments/spring/rounds', {
      round: 1,
      method: 'random',
      end: { kind: 'hands', count: 8 },
      minutes: 90,
      recording: 'entered',
    });
    await app.api('POST', '/api/tournaments/spring/rounds/1/seating', { method: 'random' });
    await app.api('POST', '/api/tournaments/spring/rounds/1/start');
    tables = (await app.api<{ tables: BoardTable[] }>('GET', '/api/tournaments/spring/board')).tables;
    await enter(tables[0]!.gameId, SOUTH_WINS);
    await enter(tables[1]!.gameId, { kind: 'drawn', ready: [] });
    penalisedId = tables[2]!.seats.E!;
    await app.api('POST', '/api/tournaments/spring/penalties', {
      playerId: penalisedId,
      points: 1000,
      reason: 'late to the table',
      round: 1,
    });
    // The read models follow the events a moment later: start once the standings show the penalty.
    for (let i = 0; i < 100 && !(await standings()).some((r) => r.points === -1000); i++)
      await new Promise((resolve) => setTimeout(resolve, 100));
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('shows the API’s places (shared as =n), names, clubs, points and penalties; filters keep places', async () => {
    const page = await standingsPage();
    const errors = watchPageErrors(page);
    const api = await standings();
    await expect.poll(() => bodyRows(page).count()).toBe(16);
    const shown = await bodyRows(page).evaluateAll((rows) =>
      rows.map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent?.trim() ?? '')),
    );
    const places = new Map<number, number>();
    for (const r of api) places.set(r.place, (places.get(r.place) ?? 0) + 1);
    expect(shown.map((cells) => cells[0])).toEqual(
      api.map((r) => ((places.get(r.place) ?? 0) > 1 ? `=${r.place}` : String(r.place))),
    );
    // The player's cell holds the club and penalties a phone shows under the name (hidden wider).
    expect(shown.map((cells) => cells[1])).toEqual(
      api.map(
        (r) =>
          `${r.name}${PLAYERS.find(([n]) => n === r.name)?.[1] ?? ''}${r.playerId === penalisedId ? 'penalties -1,000' : ''}`,
      ),
    );
    // Columns: place, player (club under it on a phone), club, points, penalties, games.
    expect(shown.map((cells) => cells[3])).toEqual(api.map((r) => format(r.points)));
    expect(api[0]!.points).toBe(18_300);
    expect(api.at(-1)!.points).toBe(-18_300);
    const penalised = api.find((r) => r.playerId === penalisedId)!;
    expect(penalised.points).toBe(-1000);
    expect(await rowOf(page, penalised.name).locator('td').nth(3).textContent()).toBe(format(-1000));
    await screenshot(page, 'standings', 'desktop');

    await page.getByRole('searchbox', { name: 'Find a player' }).fill('wong');
    await expect.poll(() => bodyRows(page).count()).toBe(1);
    const cy = api.find((r) => r.name === 'Cy Wong')!;
    expect(await bodyRows(page).first().locator('td').first().textContent()).toBe(
      (places.get(cy.place) ?? 0) > 1 ? `=${cy.place}` : String(cy.place),
    );
    await page.getByRole('searchbox', { name: 'Find a player' }).fill('');

    await page.getByRole('button', { name: /Club/ }).click();
    await page.getByRole('option', { name: 'Taipa' }).click();
    await expect.poll(() => bodyRows(page).count()).toBe(PLAYERS.filter(([, c]) => c === 'Taipa').length);
    expect(await page.getByText('Showing 5 of 16 players').count()).toBe(1);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download CSV (5 players)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('spring-standings.csv');
    const csv = readFileSync((await download.path())!, 'utf8').replace(/^\ufeff/, '');
    const lines = csv.trimEnd().split('\r\n');
    expect(lines[0]).toBe('place,shared,playerId,name,club,points,tablePoints,penaltyPoints,games,withdrawn');
    const taipa = api.filter((r) => PLAYERS.find(([n]) => n === r.name)?.[1] === 'Taipa');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual(
      taipa.map((r) => [String(r.place), String((places.get(r.place) ?? 0) > 1), r.playerId]),
    );
    expect(lines.slice(1).map((l) => Number(l.split(',')[5]))).toEqual(taipa.map((r) => r.points));
    expect(errors()).toEqual([]);
  });

  it('moves the table and the chart when a hand is entered, without a reload', async () => {
    const page = await standingsPage();
    const errors = watchPageErrors(page);
    await page.getByRole('status').filter({ hasText: 'Updated live' }).waitFor();
    const chart = page.getByRole('region', { name: 'Points hand by hand' });
    // Hand 1 of round 1 is on the axis; the top 8 are drawn, named in the legend.
    await chart.getByText('1.1', { exact: true }).waitFor();
    const top = (await standings()).slice(0, 8);
    const legend = (await chart.locator('.recharts-legend-wrapper').textContent()) ?? '';
    for (const r of top) expect(legend).toContain(r.name);
    expect(await chart.locator('.recharts-line').count()).toBe(8);
    await screenshot(page, 'standings-chart', 'desktop');

    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    // Hand 2 at the first table: its South (winds have moved on) wins again.
    const before = await standings();
    await enter(tables[0]!.gameId, SOUTH_WINS);
    let after = before;
    await expect
      .poll(async () => {
        after = await standings();
        return JSON.stringify(after) !== JSON.stringify(before);
      })
      .toBe(true);
    const moved = after.filter((r) => before.find((b) => b.playerId === r.playerId)?.points !== r.points);
    expect(moved.length).toBeGreaterThanOrEqual(2);
    for (const r of moved)
      await expect
        .poll(() => rowOf(page, r.name).textContent(), { timeout: 10_000 })
        .toContain(format(r.points));
    const leader = after[0]!;
    await chart.getByText('1.2', { exact: true }).waitFor({ timeout: 10_000 });
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    // Picking players: none, then one by name.
    await chart.getByRole('button', { name: 'None' }).click();
    await expect.poll(() => chart.locator('.recharts-line').count()).toBe(0);
    // By keyboard: the box is react-aria's hidden input under its label.
    await chart.getByRole('checkbox', { name: leader.name }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => chart.locator('.recharts-line').count()).toBe(1);
    await chart.getByRole('button', { name: 'Top 8' }).click();
    await expect.poll(() => chart.locator('.recharts-line').count()).toBe(8);
    expect(errors()).toEqual([]);
  });

  it('keeps to the width of a tablet and a phone, in English and Chinese', async () => {
    const page = await standingsPage('tablet');
    const chart = page.getByRole('region', { name: 'Points hand by hand' });
    await expect.poll(() => chart.locator('.recharts-line').count(), { timeout: 20_000 }).toBe(8);
    await screenshot(page, 'standings', 'tablet');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(820);
    await screenshot(page, 'standings', 'phone');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    await page.getByLabel('Language').selectOption('zh');
    await page.getByRole('heading', { name: '排名：Spring Open' }).waitFor();
    await page.getByRole('columnheader', { name: '名次' }).waitFor();
    await screenshot(page, 'standings-zh', 'tablet');
  });
});
