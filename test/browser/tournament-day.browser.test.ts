// A tournament day through the web app, as issue 11 asks: given a server whose live rounds bots play, when the
// organizer signs in, creates a tournament, imports 16 players from CSV, seats and starts a round, watches the
// bots play on the board, then seats a physical round and enters a hand on the scorer's page with its
// preview, then the standings and their chart change and the CSV export holds the same rows.
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AppServer, startAppServer } from './app-server.ts';
import {
  chromiumAvailable,
  launchChromium,
  type RunningBrowser,
  screenshot,
  watchPageErrors,
} from './chromium.ts';

const haveChromium = chromiumAvailable();

const NAMES = [
  'Ana Lee',
  'Bo Chan',
  'Cy Wong',
  'Di Ho',
  'Ed Ng',
  'Fay Ho',
  'Gus Yip',
  'Hal Tse',
  'Ivy Lam',
  'Jo Fung',
  'Kit Man',
  'Lu Wai',
  '陳大文',
  '林美玲',
  'Mo Siu',
  'Ned Kwok',
];
const CSV = `name,id,club\n${NAMES.map((name, i) => `${name},p${i + 1},Club ${(i % 4) + 1}`).join('\n')}\n`;

interface TournamentView {
  readonly rounds: readonly {
    readonly round: number;
    readonly tables: readonly {
      readonly table: number;
      readonly gameId: string;
      readonly finished: boolean;
    }[];
  }[];
  readonly players: readonly { readonly playerId: string; readonly name: string }[];
}

interface Standings {
  readonly standings: readonly { readonly playerId: string; readonly points: number }[];
}

/** Chooses a radio as a user does, by pressing its label (react-aria hides the input itself). */
async function choose(page: Page, name: string | RegExp): Promise<void> {
  await page
    .locator('label', { has: page.getByRole('radio', { name }) })
    .first()
    .click();
}

describe.runIf(haveChromium)('a tournament day in the web app (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;
  let page: Page;
  let errors: () => string[];

  beforeAll(async () => {
    app = await startAppServer({ bots: { pauseMs: 20 } });
    chromium = await launchChromium();
    page = await (await chromium.context('desktop')).newPage();
    errors = watchPageErrors(page);
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  const tournament = () => app.api<TournamentView>('GET', '/api/tournaments/harbour');

  it('signs in and creates a tournament', async () => {
    await page.goto(app.url);
    await page.getByLabel('Token').fill(app.organizerToken);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${app.url}/tournaments`);
    await page.getByRole('link', { name: 'New tournament' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Harbour Cup');
    await page.getByLabel('Tournament id (optional)').fill('harbour');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.getByRole('heading', { name: 'Harbour Cup' }).waitFor();
    expect((await tournament()).players).toEqual([]);
  });

  it('imports 16 players from a CSV file, previewed first', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Players' }).click();
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a CSV file' }).click();
    await (await chooser).setFiles({ name: 'harbour.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByRole('button', { name: 'Preview the import' }).click();
    await page.getByText('It will register 16 players:').waitFor();
    expect((await tournament()).players).toEqual([]); // the preview wrote nothing
    await page.getByRole('button', { name: 'Import 16 players' }).click();
    await page.getByText('16 players registered.').waitFor();
    const players = (await tournament()).players;
    expect(players.map((p) => p.name)).toEqual(NAMES);
    await screenshot(page, 'day-players', 'desktop');
  });

  it('schedules, seats and starts a live round, and the board shows the bots playing it by name', async () => {
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Rounds' }).click();
    await choose(page, /After a number of hands/);
    await page.getByLabel('Hands per game').fill('1');
    await page.getByRole('button', { name: 'Schedule round 1' }).click();
    await page.getByRole('button', { name: 'Seat round 1 by random draw' }).click();
    await page.getByRole('heading', { name: '4 tables' }).waitFor();
    await page.getByRole('button', { name: 'Start round 1…' }).click();
    await page
      .getByRole('dialog', { name: 'Start round 1?' })
      .getByRole('button', { name: 'Start round 1 now' })
      .click();
    await page.getByRole('timer', { name: 'Round clock' }).waitFor();

    const board = await (await chromium.context('projector')).newPage();
    await board.goto(`${app.url}/sign-in#token=${app.organizerToken}&next=/tournaments/harbour/board`);
    await board.waitForURL(`${app.url}/tournaments/harbour/board`);
    for (const name of NAMES) await board.getByText(name, { exact: true }).first().waitFor();
    // The bots move: the board's text changes without a reload while the tables play their hand.
    const before = await board.locator('body').textContent();
    await expect.poll(() => board.locator('body').textContent(), { timeout: 30_000 }).not.toBe(before);
    await screenshot(board, 'day-board', 'projector');
    // Every table finishes its one hand; the round then closes without force.
    await expect
      .poll(
        async () => (await app.api<TournamentView>('GET', '/api/tournaments/harbour')).rounds[0]?.tables,
        {
          timeout: 120_000,
          interval: 1000,
        },
      )
      .toSatisfy(
        (tables: TournamentView['rounds'][number]['tables'] | undefined) =>
          tables?.every((table) => table.finished) === true,
      );
    await screenshot(board, 'day-board-finished', 'projector');
    await board.close();
  }, 180_000);

  it('enters a physical hand on the scorer’s page with its preview, and the standings and chart move', async () => {
    await app.api('POST', '/api/tournaments/harbour/rounds/1/close', {});
    await page.reload();
    await page.getByRole('tab', { name: /Schedule round 2/ }).click();
    await choose(page, /Entered by a scorer/);
    await choose(page, /After a number of hands/);
    await page.getByLabel('Hands per game').fill('4');
    await page.getByRole('button', { name: 'Schedule round 2' }).click();
    await page.getByRole('button', { name: 'Seat round 2 by random draw' }).click();
    await page.getByRole('heading', { name: '4 tables' }).waitFor();
    await page.getByRole('button', { name: 'Start round 2…' }).click();
    await page
      .getByRole('dialog', { name: 'Start round 2?' })
      .getByRole('button', { name: 'Start round 2 now' })
      .click();

    const standingsBefore = await app.api<Standings>('GET', '/api/tournaments/harbour/standings');
    const gameId = (await tournament()).rounds[1]!.tables[0]!.gameId;
    const next = await app.api<{ seats: readonly { seat: string; name: string }[] }>(
      'GET',
      `/api/games/${gameId}/hands/next`,
    );
    const nameAt = (seat: string) => next.seats.find((s) => s.seat === seat)!.name;

    await page.goto(`${app.url}/score/${gameId}`);
    await page.getByRole('heading', { name: 'Table 1 · hand 1' }).waitFor();
    await page.getByRole('button', { name: `South: ${nameAt('S')}` }).click();
    await choose(page, 'On a discard');
    await page
      .getByRole('radiogroup', { name: 'Who discarded?' })
      .getByRole('radio', { name: `North: ${nameAt('N')}` })
      .click();
    const owner = `South ${nameAt('S')}`;
    const pick = async (target: string, tiles: readonly string[]) => {
      await page
        .getByRole('radiogroup', { name: `${owner}: The next tile goes to` })
        .getByRole('radio', { name: target })
        .click();
      const picker = page.getByRole('grid', { name: `${owner}: Tiles to pick` });
      for (const tile of tiles) await picker.getByRole('row', { name: new RegExp(`^${tile}, `) }).click();
    };
    await pick('Chow', ['1m']);
    await pick('Concealed tiles', ['1s', '2s', '3s', '1p', '2p', '3p', '7p', '8p', '9p', '9p']);
    await page
      .getByRole('grid', { name: `${owner}: Tiles to pick` })
      .getByRole('row', { name: /^9p, / })
      .click();
    await page.getByRole('button', { name: 'Preview' }).click();
    await page.getByRole('heading', { name: 'Preview of hand 1: nothing is recorded yet' }).waitFor();
    // The preview wrote nothing.
    expect(await app.api<Standings>('GET', '/api/tournaments/harbour/standings')).toEqual(standingsBefore);
    await screenshot(page, 'day-scorer-preview', 'tablet');
    await page.getByRole('button', { name: 'Commit this hand' }).click();
    await page.getByRole('status').filter({ hasText: 'Hand 1 is recorded.' }).waitFor();

    const southId = (await tournament()).players.find((p) => p.name === nameAt('S'))!.playerId;
    const pointsOf = (s: Standings) => s.standings.find((row) => row.playerId === southId)?.points ?? 0;
    await expect
      .poll(async () => pointsOf(await app.api<Standings>('GET', '/api/tournaments/harbour/standings')))
      .toBeGreaterThan(pointsOf(standingsBefore));

    await page.goto(`${app.url}/tournaments/harbour/standings`);
    const row = page.getByRole('row').filter({ hasText: nameAt('S') });
    const after = await app.api<Standings>('GET', '/api/tournaments/harbour/standings');
    await expect.poll(() => row.first().textContent()).toContain(pointsOf(after).toLocaleString('en'));
    await page.locator('.recharts-surface').first().waitFor();
    await screenshot(page, 'day-standings', 'desktop');

    const download = page.waitForEvent('download');
    await page
      .getByRole('button', { name: /Download CSV/ })
      .first()
      .click();
    const file = readFileSync((await (await download).path())!, 'utf8');
    expect(file.split(/\r?\n/).filter((line) => line.trim() !== '').length).toBe(after.standings.length + 1);
    expect(file).toContain(nameAt('S'));
    expect(errors()).toEqual([]);
  }, 180_000);
});
