// Given a running server with a round of 16 players whose hands are entered, when the board is open on the
// projector, then every table shows its players by name with the points the API holds, and a hand entered
// moves them on the screen without a reload (the board's event stream). A live round played by bots shows
// whose move it is and what was last done, by name. Sixteen tables fit one projector screen; twenty are
// paged, and the screen says so.
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

interface BoardTable {
  table: number;
  gameId: string;
  seats: Record<string, string>;
  seatWinds: Record<string, string>;
  points: Record<string, number>;
}
interface Board {
  round: number | null;
  tables: BoardTable[];
}
interface Tournament {
  players: { playerId: string; name: string }[];
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

const NAMES = [
  'Ana Lee',
  '陳大文',
  'Cy Wong',
  'Di Lam',
  'Ed Ho',
  '林美玲',
  'Gus Yip',
  'Hal Tse',
  'Ivy Mak',
  'Jo Fung',
  'Kit Lau',
  '黃志明',
  'Max Poon',
  'Nia Kwok',
  'Oz Tam',
  'Pia So',
];

const format = (points: number) => new Intl.NumberFormat('en').format(points);

describe.runIf(haveChromium)('board (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;

  const tournamentWith = async (
    tournamentId: string,
    name: string,
    players: number,
    recording: 'entered' | 'live',
  ) => {
    await app.api('POST', '/api/tournaments', { tournamentId, name, preset: 'hu-mahjong' });
    const rows = Array.from({ length: players }, (_, i) => NAMES[i] ?? `Player ${i + 1}`);
    await app.api('POST', `/api/tournaments/${tournamentId}/players/import`, {
      csv: `name,club\n${rows.map((n, i) => `${n},Club ${(i % 3) + 1}`).join('\n')}\n`,
    });
    await app.api('POST', `/api/tournaments/${tournamentId}/rounds`, {
      round: 1,
      method: 'random',
      end: { kind: 'hands', count: 8 },
      minutes: 90,
      recording,
    });
    await app.api('POST', `/api/tournaments/${tournamentId}/rounds/1/seating`, { method: 'random' });
    await app.api('POST', `/api/tournaments/${tournamentId}/rounds/1/start`);
  };
  const board = (id: string) => app.api<Board>('GET', `/api/tournaments/${id}/board`);
  const names = async (id: string) =>
    new Map(
      (await app.api<Tournament>('GET', `/api/tournaments/${id}`)).players.map((p) => [p.playerId, p.name]),
    );

  const boardPage = async (tournamentId: string, viewport: ViewportName = 'projector', language = 'en') => {
    const context = await chromium.context(viewport);
    // Signed in as the organizer, as the sign-in page leaves it (its own test drives it).
    await context.addInitScript(
      ([token, lang]) => {
        localStorage.setItem('mahjong-ledger.token', token!);
        localStorage.setItem('mahjong-ledger.language', lang!);
      },
      [app.organizerToken, language],
    );
    const page = await context.newPage();
    await page.goto(`${app.url}/tournaments/${tournamentId}/board`);
    return page;
  };
  const card = (page: Page, table: number) =>
    page.getByRole('article', { name: new RegExp(`^(Table|第) ${table}( 桌)?$`) });

  beforeAll(async () => {
    app = await startAppServer({ bots: { pauseMs: 250 } });
    chromium = await launchChromium();
    await tournamentWith('spring', 'Spring Open', 16, 'entered');
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('shows every table by name with the API’s points, and moves when a hand is entered, without a reload', async () => {
    const page = await boardPage('spring');
    const errors = watchPageErrors(page);
    await page.getByRole('heading', { name: 'Spring Open', level: 1 }).waitFor();
    await page.getByRole('status').filter({ hasText: 'Live' }).waitFor();

    await expect.poll(async () => (await board('spring')).tables.length).toBe(4);
    const before = await board('spring');
    const nameOf = await names('spring');
    for (const table of before.tables) {
      const shown = card(page, table.table);
      await shown.waitFor();
      const text = (await shown.textContent()) ?? '';
      for (const playerId of Object.values(table.seats)) {
        expect(text).toContain(nameOf.get(playerId));
        expect(text).not.toContain(playerId);
      }
      expect(text).toContain(format(30_000));
    }
    await screenshot(page, 'board', 'projector');

    // A page that reloads loses this mark: the update must come over the stream.
    await page.evaluate(() => {
      (window as unknown as { stillHere: boolean }).stillHere = true;
    });
    const gameId = before.tables[0]!.gameId;
    await app.api('POST', `/api/games/${gameId}/hands/next/entry`, { result: SOUTH_WINS });
    // The board's read model follows the events a moment later.
    let after = before.tables[0]!;
    await expect
      .poll(async () => {
        after = (await board('spring')).tables[0]!;
        return after.points[after.seatWinds.S!];
      })
      .toBe(48_300);
    const south = nameOf.get(after.seatWinds.S!)!;
    const north = nameOf.get(after.seatWinds.N!)!;

    const first = card(page, before.tables[0]!.table);
    await expect.poll(() => first.textContent(), { timeout: 10_000 }).toContain(format(48_300));
    const rows = first.getByRole('listitem');
    await expect.poll(() => rows.filter({ hasText: south }).textContent()).toContain(format(48_300));
    expect(await rows.filter({ hasText: north }).textContent()).toContain(format(11_700));
    expect(await first.textContent()).toContain('Hand 1');
    expect(await page.evaluate(() => (window as unknown as { stillHere?: boolean }).stillHere)).toBe(true);

    await screenshot(page, 'board-after-hand', 'projector');
    await screenshot(page, 'board', 'tablet');
    await screenshot(page, 'board', 'tablet-landscape');
    // The projector's page never scrolls.
    await page.setViewportSize({ width: 1920, height: 1080 });
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1080);
    expect(errors()).toEqual([]);
    await page.context().close();
  });

  it('shows a live round played by bots: whose move it is and the last action, by name', async () => {
    await tournamentWith('live', 'Live Cup', 8, 'live');
    const page = await boardPage('live');
    const errors = watchPageErrors(page);
    await page.getByRole('heading', { name: 'Live Cup', level: 1 }).waitFor();
    await expect
      .poll(() => page.locator('.board-card__action').allTextContents(), { timeout: 20_000 })
      .toEqual(expect.arrayContaining([expect.stringMatching(/ (drew|discarded) /)]));
    await page.getByText('to play').first().waitFor({ timeout: 20_000 });
    const nameOf = await names('live');
    const actions = (await page.locator('.board-card__action').allTextContents()).join(' ');
    expect([...nameOf.values()].some((name) => actions.includes(name))).toBe(true);
    expect(actions).not.toMatch(/\b[ESWN] (drew|discarded)\b/);
    await screenshot(page, 'board-live', 'projector');
    expect(errors()).toEqual([]);
    // The bots stop with the round: the tests after this one need the machine.
    await app.api('POST', '/api/tournaments/live/rounds/1/close', { force: true });
    await page.context().close();
  });

  // 144 players registered and two boards opened: the slowest of these.
  it('fits 16 tables on a projector, and pages 20 with the page said on screen', {
    timeout: 120_000,
  }, async () => {
    await tournamentWith('big', 'Big Hall', 64, 'entered');
    await tournamentWith('huge', 'Huge Hall', 80, 'entered');

    const big = await boardPage('big');
    await big.getByRole('heading', { name: 'Big Hall', level: 1 }).waitFor();
    await card(big, 16).waitFor();
    expect(await big.getByRole('article').count()).toBe(16);
    await expect.poll(() => big.getByText(/page 1 of/).count()).toBe(0);
    // Every card whole on the screen: none cut off at the bottom.
    const bottoms = await big
      .getByRole('article')
      .evaluateAll((cards) => cards.map((c) => c.getBoundingClientRect().bottom));
    expect(Math.max(...bottoms)).toBeLessThanOrEqual(1080);
    const nameSize = await big
      .locator('.board-card__name')
      .first()
      .evaluate((e) => Number.parseFloat(getComputedStyle(e).fontSize));
    expect(nameSize).toBeGreaterThanOrEqual(24);
    await screenshot(big, 'board-16-tables', 'projector');
    await big.context().close();

    const huge = await boardPage('huge');
    await huge.getByRole('heading', { name: 'Huge Hall', level: 1 }).waitFor();
    await huge.getByText('Tables 1–10 of 20 · page 1 of 2').waitFor();
    expect(await huge.getByRole('article').count()).toBe(10);
    await card(huge, 10).waitFor();
    expect(await card(huge, 11).count()).toBe(0);
    await screenshot(huge, 'board-20-tables', 'projector');
    await huge.context().close();
  });

  it('speaks Chinese to the room', async () => {
    const page = await boardPage('spring', 'projector', 'zh');
    await page.getByRole('heading', { name: 'Spring Open', level: 1 }).waitFor();
    await page.getByText('第 1 輪').waitFor();
    await card(page, 1).waitFor();
    expect(await page.getByRole('status').textContent()).toBe('即時');
    await screenshot(page, 'board-zh', 'projector');
  });
});
