// Given a running server, when an organizer walks from the tournaments list to a new tournament and its
// players page, adds a player, imports 16 more from a CSV file (previewed first, a name already registered
// flagged and registered only with consent, never renamed), withdraws one and replaces another, then the
// page shows each step as the API holds it; a CSV with bad rows is refused row by row, nothing registered.
import type { Page } from 'playwright-core';
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

interface Player {
  playerId: string;
  name: string;
  club?: string;
  status: string;
  replacedBy?: string;
  replaces?: string;
}

const NAMES = [
  'Bo Chan',
  'Cy Wong',
  'Di Lam',
  'Ed Ng',
  'Fay Ho',
  'Gus Tam',
  'Hal Yip',
  'Ivy Lau',
  'Jo Mak',
  'Kit Sze',
  'Lou Fok',
  'Max Kwan',
  'Ned Poon',
  'Ola Tse',
  'Pat Leung',
];
/** 16 rows: 15 new names with ids and clubs, and one more “ana lee” (Ana Lee is registered already). */
const CSV = `Name,Id,Club\n${NAMES.map((name, i) => `${name},p${String(i + 1).padStart(2, '0')},Club ${(i % 3) + 1}`).join('\n')}\nana lee,,Club 9\n`;

/** Presses a react-aria checkbox as a user does: on its label (its input is visually hidden). */
const pressCheckbox = (page: Page, name: string | RegExp) =>
  page.locator('label', { has: page.getByRole('checkbox', { name }) }).click();

describe.runIf(haveChromium)('players (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;
  const players = async (id: string) =>
    (await app.api<{ players: Player[] }>('GET', `/api/tournaments/${id}`)).players;

  // Signed in as the global organizer (the token where the session keeps it), at the tournaments list.
  const signedIn = async (viewport: 'desktop' | 'tablet' | 'phone' = 'desktop') => {
    const context = await chromium.context(viewport);
    await context.addInitScript(
      (token) => localStorage.setItem('mahjong-ledger.token', token),
      app.organizerToken,
    );
    const page = await context.newPage();
    await page.goto(`${app.url}/tournaments`);
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

  it('walks list → create → add → import 16 from CSV → withdraw → replace', async () => {
    const page = await signedIn();
    const errors = watchPageErrors(page);

    // The list, empty; a new tournament; its overview; its players.
    await page.getByText('No tournaments yet. Create the first one.').waitFor();
    await page.getByRole('link', { name: 'New tournament' }).click();
    await page.getByLabel('Name', { exact: true }).fill('Lantern Open');
    await page.getByLabel('Tournament id (optional)').fill('lantern');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.getByRole('heading', { name: 'Lantern Open' }).waitFor();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Players' }).click();
    await page.getByRole('heading', { name: 'Players of Lantern Open' }).waitFor();

    // One added by hand.
    await page.getByLabel('Name', { exact: true }).fill('Ana Lee');
    await page.getByLabel('Club (optional)').fill('Harbour MC');
    await page.getByRole('button', { name: 'Add player' }).click();
    await page.getByText('Ana Lee is registered as ana-lee.').waitFor();
    expect(await players('lantern')).toEqual([
      { playerId: 'ana-lee', name: 'Ana Lee', club: 'Harbour MC', status: 'active' },
    ]);

    // 16 from a file: the preview says what will happen, the shared name is flagged and needs consent.
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a CSV file' }).click();
    await (await chooser).setFiles({ name: 'lantern.csv', mimeType: 'text/csv', buffer: Buffer.from(CSV) });
    await page.getByText('Read lantern.csv.').waitFor();
    await page.getByRole('button', { name: 'Preview the import' }).click();
    await page.getByText('It will register 16 players:').waitFor();
    const preview = page.locator('.players-import__preview');
    expect(await preview.getByRole('row').count()).toBe(17); // the header and 16 rows
    expect(await preview.getByText('name already taken').count()).toBe(1);
    expect(await preview.getByText('“ana lee”: ana-lee, ana-lee-2 (row 17 of the file)').count()).toBe(1);
    const importButton = page.getByRole('button', { name: 'Import 16 players' });
    expect(await importButton.isDisabled()).toBe(true);
    expect((await players('lantern')).length).toBe(1); // the preview wrote nothing
    await screenshot(page, 'players-import-preview', 'desktop');
    await pressCheckbox(page, /Register the flagged names as they are/);
    await importButton.click();
    await page.getByText('16 players registered.').waitFor();
    const imported = await players('lantern');
    expect(imported.length).toBe(17);
    expect(imported.find((p) => p.playerId === 'p01')).toEqual({
      playerId: 'p01',
      name: 'Bo Chan',
      club: 'Club 1',
      status: 'active',
    });
    // Never renamed: the second "ana lee" is registered as written, under an id of its own.
    expect(imported.find((p) => p.playerId === 'ana-lee-2')).toMatchObject({
      name: 'ana lee',
      club: 'Club 9',
    });
    await expect.poll(() => page.getByText('same name as another player').count()).toBe(2);

    // Withdraw one: the dialog says what it does and asks why.
    await page.getByRole('button', { name: 'Withdraw Ed Ng' }).click();
    const withdraw = page.getByRole('dialog', { name: 'Withdraw Ed Ng?' });
    await withdraw.getByText('Ed Ng will be seated in no later round.', { exact: false }).waitFor();
    await withdraw.getByRole('button', { name: 'Withdraw player' }).click();
    await withdraw.getByText('Say why, for the record.').waitFor();
    await withdraw.getByLabel('Reason').fill('Called away');
    await screenshot(page, 'players-withdraw', 'tablet');
    await withdraw.getByRole('button', { name: 'Withdraw player' }).click();
    await page.getByText('Ed Ng is withdrawn.').waitFor();
    expect((await players('lantern')).find((p) => p.playerId === 'p04')?.status).toBe('withdrawn');

    // Replace another by a new player, with an id and club of their own.
    await page.getByRole('button', { name: 'Replace Fay Ho' }).click();
    const replace = page.getByRole('dialog', { name: 'Replace Fay Ho' });
    await replace.getByLabel('New player’s name').fill('Quinn Ho');
    await replace.getByLabel('New player’s id (optional)').fill('quinn');
    await replace.getByLabel('New player’s club (optional)').fill('Club 2');
    await replace.getByLabel('Reason').fill('Unwell');
    await replace.getByRole('button', { name: 'Replace player' }).click();
    await page.getByText('Quinn Ho replaces Fay Ho.').waitFor();
    const after = await players('lantern');
    expect(after.find((p) => p.playerId === 'p05')).toMatchObject({
      status: 'replaced',
      replacedBy: 'quinn',
    });
    expect(after.find((p) => p.playerId === 'quinn')).toMatchObject({
      name: 'Quinn Ho',
      club: 'Club 2',
      replaces: 'p05',
    });
    await page.getByText('replaced by Quinn Ho').waitFor();
    expect(await page.getByText('replaces Fay Ho', { exact: true }).count()).toBe(1);
    expect(await page.getByText('18 players, 16 active').count()).toBe(1);

    await screenshot(page, 'players', 'desktop');
    await screenshot(page, 'players', 'tablet');
    await screenshot(page, 'players', 'phone');
    expect(errors()).toEqual([]);
  });

  it('refuses a CSV with bad rows row by row, and registers nothing', async () => {
    await app.api('POST', '/api/tournaments', {
      tournamentId: 'dragon',
      name: 'Dragon Cup',
      preset: 'four-seas',
    });
    await app.api('POST', '/api/tournaments/dragon/players', { playerId: 'kim', name: 'Kim' });
    const page = await signedIn('tablet');
    await page.goto(`${app.url}/tournaments/dragon/players`);
    await page.getByRole('heading', { name: 'Players of Dragon Cup' }).waitFor();
    await page.getByLabel('Or paste the CSV here').fill('name,id\n,x1\nMo,bad id\nNo,substitute-1\n');
    await page.getByRole('button', { name: 'Preview the import' }).click();
    const alert = page.getByRole('alert');
    await alert.getByText('The file has rows to fix; nothing was registered:').waitFor();
    expect(await alert.getByRole('listitem').allTextContents()).toEqual([
      'Row 2, name: a name is required',
      expect.stringMatching(/^Row 3, id: 1 to 64 of/),
      expect.stringMatching(/^Row 4, id: substitute-1 is kept for substitutes/),
    ]);
    expect(await page.getByRole('button', { name: /^Import/ }).count()).toBe(0);
    await screenshot(page, 'players-import-refused', 'tablet');

    // An id registered already: refused on its row.
    await page.getByLabel('Or paste the CSV here').fill('name,id\nKim Two,kim\n');
    await page.getByRole('button', { name: 'Preview the import' }).click();
    await page.getByText('Row 2, id: kim is registered').waitFor();
    expect((await players('dragon')).length).toBe(1);
  });
});
