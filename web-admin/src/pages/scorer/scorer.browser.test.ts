// Given a running server with a physical table (a round recorded by entry, seated and started), when the
// organizer enters seed 003's discard win tile by tile on the picker, then the preview shows what
// POST …/hands/next/preview answers for the same body, the commit moves the scores, and the next hand's seats
// turn; a hand that is no win shows the API's problem beside that winner's hand; the table's scorer token
// enters a drawn hand in Chinese, one seat holding All Terminal and Honor Discards (seed 003, 4000 at the draw).
import type { Page, Request } from 'playwright-core';
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

const PLAYERS = [
  ['ana', 'Ana Lee'],
  ['bo', 'Bo Chan'],
  ['cy', 'Cy Wong'],
  ['di', 'Di Ho'],
] as const;

interface Preview {
  readonly hand: number;
  readonly winners: readonly { patterns?: readonly { name: string; chinese: string; points: number }[] }[];
  readonly atDraw: readonly { seat: string; name: string; chinese: string; points: number }[];
  readonly transfers: readonly { from: string; to: string; points: number }[];
  readonly seatDeltas: Record<string, number>;
}

/** A tournament of four, round 1 recorded by entry, seated E ana, S bo, W cy, N di, started: its game id. */
async function physicalTable(app: AppServer, tournamentId: string): Promise<string> {
  await app.api('POST', '/api/tournaments', {
    tournamentId,
    name: 'Hall of Tiles',
    preset: 'hu-mahjong',
    seed: `seed-${tournamentId}`,
  });
  for (const [playerId, name] of PLAYERS)
    await app.api('POST', `/api/tournaments/${tournamentId}/players`, { playerId, name });
  await app.api('POST', `/api/tournaments/${tournamentId}/rounds`, {
    round: 1,
    method: 'uploaded',
    end: { kind: 'hands', count: 8 },
    minutes: 90,
    recording: 'entered',
  });
  await app.api('POST', `/api/tournaments/${tournamentId}/rounds/1/seating`, {
    method: 'uploaded',
    tables: [PLAYERS.map(([id]) => id)],
  });
  await app.api('POST', `/api/tournaments/${tournamentId}/rounds/1/start`);
  const tournament = await app.api<{ rounds: { tables: { gameId: string }[] }[] }>(
    'GET',
    `/api/tournaments/${tournamentId}`,
  );
  return tournament.rounds[0]!.tables[0]!.gameId;
}

/** The API's own answer to a preview body (fetch, so that a refusal's problem can be read too). */
async function apiPreview(app: AppServer, gameId: string, body: unknown) {
  const response = await fetch(`${app.url}/api/games/${gameId}/hands/next/preview`, {
    method: 'POST',
    headers: { authorization: `Bearer ${app.organizerToken}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Preview & { detail?: string } };
}

/** Signs in as a table card's link does, straight to the scorer's page. */
async function signIn(page: Page, app: AppServer, token: string, gameId: string): Promise<void> {
  await page.goto(`${app.url}/sign-in#token=${token}&next=/score/${gameId}`);
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe(`/score/${gameId}`);
}

/** Chooses a radio as a user does, by pressing its label (the input itself is visually hidden). */
async function choose(page: Page, name: string): Promise<void> {
  await page.locator('label', { has: page.getByRole('radio', { name, exact: true }) }).click();
}

/** Picks tiles on the picker of the winner whose controls are named after `owner` ("South Bo Chan"). */
async function pickTiles(page: Page, owner: string, target: string, tiles: readonly string[]): Promise<void> {
  await page
    .getByRole('radiogroup', { name: `${owner}: The next tile goes to` })
    .getByRole('radio', { name: target })
    .click();
  const picker = page.getByRole('grid', { name: `${owner}: Tiles to pick` });
  for (const tile of tiles) await picker.getByRole('row', { name: new RegExp(`^${tile}, `) }).click();
}

describe.runIf(haveChromium)('scorer (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;

  beforeAll(async () => {
    app = await startAppServer();
    chromium = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('enters seed 003’s discard win from the picker, previews the API’s numbers and commits them', async () => {
    const gameId = await physicalTable(app, 'hall');
    const page = await (await chromium.context('phone')).newPage();
    const errors = watchPageErrors(page);
    await signIn(page, app, app.organizerToken, gameId);
    await page.getByRole('heading', { name: 'Table 1 · hand 1' }).waitFor();
    await screenshot(page, 'scorer', 'phone');

    await page.getByRole('button', { name: 'South: Bo Chan' }).click();
    await choose(page, 'On a discard');
    await page
      .getByRole('radiogroup', { name: 'Who discarded?' })
      .getByRole('radio', { name: 'North: Di Ho' })
      .click();
    // The winner is no discarder: South is not offered there.
    expect(
      await page
        .getByRole('radiogroup', { name: 'Who discarded?' })
        .getByRole('radio', { name: 'South: Bo Chan' })
        .isDisabled(),
    ).toBe(true);

    const owner = 'South Bo Chan';
    await pickTiles(page, owner, 'Chow', ['1m']);
    await pickTiles(page, owner, 'Concealed tiles', ['1s', '2s', '3s', '4z', '1p']);
    // A mistaken tile is taken out again by tapping it in the hand.
    const concealed = page.getByRole('grid', { name: `${owner}: Concealed tiles` });
    await concealed.getByRole('row', { name: 'Remove 4z, North wind' }).click();
    expect(await concealed.getByRole('row').count()).toBe(4);
    // By keyboard: from 1p, the arrow key moves to 2p and Enter adds it.
    const picker = page.getByRole('grid', { name: `${owner}: Tiles to pick` });
    await picker.getByRole('row', { name: /^1p, / }).focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Enter');
    await pickTiles(page, owner, 'Concealed tiles', ['3p', '7p', '8p', '9p', '9p']);
    // Ten concealed tiles beside one meld: the winning tile is asked for next.
    expect(
      await page
        .getByRole('radiogroup', { name: `${owner}: The next tile goes to` })
        .getByRole('radio', { name: 'Winning tile' })
        .isChecked(),
    ).toBe(true);
    await picker.getByRole('row', { name: /^9p, / }).click();
    await picker.getByRole('row', { name: /^5f, / }).click();
    // The concealed tiles are complete: the picker offers no more.
    expect(await picker.getByRole('row', { name: /^4z, / }).getAttribute('aria-disabled')).toBe('true');
    expect(await concealed.getByRole('row').count()).toBe(10);

    const sent = page.waitForRequest((r) => r.url().endsWith(`/api/games/${gameId}/hands/next/preview`));
    await page.getByRole('button', { name: 'Preview' }).click();
    const body = (await sent).postDataJSON();
    expect(body).toEqual({
      result: {
        kind: 'win',
        by: 'discard',
        from: 'N',
        claims: [
          { seat: 'S', hand: '1237899p123s', melds: [{ tiles: '123m' }], winningTile: '9p', flowers: ['5f'] },
        ],
      },
    });
    await page.getByRole('heading', { name: 'Preview of hand 1: nothing is recorded yet' }).waitFor();

    // What the page shows is what the API answers for the same body.
    const expected = await apiPreview(app, gameId, body);
    expect(expected.status).toBe(200);
    for (const [seat, delta] of Object.entries(expected.body.seatDeltas)) {
      const cells = await page.locator(`.scorer-deltas tr[data-seat="${seat}"] td`).allTextContents();
      expect(cells).toEqual(['30000', delta > 0 ? `+${delta}` : String(delta), String(30000 + delta)]);
    }
    const patterns = expected.body.winners[0]!.patterns!;
    expect(patterns.map((p) => p.name)).toContain('Fully Outside Hand');
    for (const { name, chinese, points } of patterns)
      expect(await page.getByRole('row', { name: `${name} ${chinese} ${points}` }).count()).toBe(1);
    const transfer = expected.body.transfers[0]!;
    await page
      .getByRole('row', { name: `North Di Ho South Bo Chan ${transfer.points} discard win` })
      .waitFor();
    // No sideways scrolling on a phone or a tablet, with the picker, the hand and the preview all open.
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    await screenshot(page, 'scorer-preview', 'phone');
    expect(await fits()).toBe(true);
    await screenshot(page, 'scorer-preview', 'tablet');
    expect(await fits()).toBe(true);
    await screenshot(page, 'scorer-preview', 'desktop');
    await page.setViewportSize({ width: 390, height: 844 });

    const entry = page.waitForRequest((r) => r.url().endsWith(`/api/games/${gameId}/hands/next/entry`));
    await page.getByRole('button', { name: 'Commit this hand' }).click();
    const key = ((await entry) as Request).headers()['idempotency-key'];
    expect(key).toMatch(/^[0-9a-f-]{32,36}$/);
    await page.getByRole('status').filter({ hasText: 'Hand 1 is recorded.' }).waitFor();
    // South won: the deal passes, so Bo Chan is East for hand 2, and the scores have moved.
    await page.getByRole('heading', { name: 'Table 1 · hand 2' }).waitFor();
    const bar = page.getByRole('region', { name: 'Seats this hand' });
    await expect
      .poll(() => bar.getByRole('listitem').first().textContent())
      .toMatch(/East · dealer\s*Bo Chan\s*48300 points/);
    expect(await bar.getByRole('listitem').last().textContent()).toMatch(/North\s*Ana Lee\s*30000 points/);
    const game = await app.api<{ scores: Record<string, number> }>('GET', `/api/games/${gameId}`);
    expect(game.scores).toMatchObject({ bo: 48300, di: 11700 });
    await screenshot(page, 'scorer-recorded', 'phone');
    expect(errors()).toEqual([]);
  }, 240_000);

  it('shows the API’s problem beside the winner’s hand when the hand is no win', async () => {
    const gameId = await physicalTable(app, 'annex');
    const page = await (await chromium.context('tablet')).newPage();
    await signIn(page, app, app.organizerToken, gameId);
    await page.getByRole('button', { name: 'East: Ana Lee' }).click();
    await choose(page, 'Self-draw');
    await pickTiles(page, 'East Ana Lee', 'Concealed tiles', ['1m', '2m', '3m']);
    await pickTiles(page, 'East Ana Lee', 'Winning tile', ['4m']);
    const sent = page.waitForRequest((r) => r.url().endsWith('/hands/next/preview'));
    await page.getByRole('button', { name: 'Preview' }).click();
    const refused = await apiPreview(app, gameId, (await sent).postDataJSON());
    expect(refused.status).toBe(422);
    const hand = page.getByRole('region', { name: 'East Ana Lee: the hand' });
    await expect.poll(() => hand.getByRole('alert').textContent()).toContain(refused.body.detail);
    await page.getByText('Not yet: the problem is shown at “East’s hand”.').waitFor();
    expect(await page.getByRole('heading', { name: /Preview of hand/ }).count()).toBe(0);
    await screenshot(page, 'scorer-problem', 'tablet');
  }, 120_000);

  it('lets the table’s scorer token enter a drawn hand, in Chinese, with a pattern reached at the draw', async () => {
    const gameId = await physicalTable(app, 'garden');
    const issued = await app.api<{ tokens: { gameId: string; token: string }[] }>(
      'POST',
      '/api/tournaments/garden/rounds/1/scorer-tokens',
    );
    const scorer = issued.tokens.find((t) => t.gameId === gameId)!.token;
    const page = await (await chromium.context('tablet')).newPage();
    const errors = watchPageErrors(page);
    // A scorer token's home is its table's page.
    await page.goto(`${app.url}/sign-in#token=${scorer}`);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe(`/score/${gameId}`);
    await page.getByLabel('Language').selectOption('zh');
    await page.getByRole('heading', { name: '第 1 桌 · 第 1 局' }).waitFor();
    await choose(page, '流局（無人和牌）');
    await page.getByRole('button', { name: '東：Ana Lee' }).click();
    // Seed 003: "Reach exhaustive draw having only discarded terminal and honor tiles, none of which were
    // called by other players" (4000). South's box, ticked by keyboard: Tab reaches the box, Space ticks it.
    const south = page.getByRole('group', { name: '南：Bo Chan' });
    const terminals = south.getByRole('checkbox', { name: '么九池 All Terminal and Honor Discards' });
    await south.getByRole('checkbox', { name: /^八仙過海/ }).waitFor();
    await page.getByRole('group', { name: '東：Ana Lee' }).getByRole('checkbox').last().focus();
    await page.keyboard.press('Tab');
    expect(await terminals.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    expect(await terminals.isChecked()).toBe(true);
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(await fits()).toBe(true);
    await screenshot(page, 'scorer-draw-patterns', 'tablet');

    const sent = page.waitForRequest((r) => r.url().endsWith('/hands/next/preview'));
    await page.getByRole('button', { name: '預覽' }).click();
    const body = (await sent).postDataJSON();
    expect(body).toEqual({
      result: {
        kind: 'drawn',
        ready: ['E'],
        patterns: [{ seat: 'S', pattern: 'all-terminal-and-honor-discards' }],
      },
    });
    const expected = await apiPreview(app, gameId, body);
    expect(expected.body.atDraw).toMatchObject([{ seat: 'S', points: 4000 }]);
    await page.getByRole('heading', { name: '第 1 局預覽：尚未記錄' }).waitFor();
    // The pattern with its points, Chinese first, and what each seat pays and gets.
    await page.getByRole('row', { name: '南 Bo Chan 么九池 All Terminal and Honor Discards 4000' }).waitFor();
    const signed = (n: number) => (n > 0 ? `+${n}` : String(n));
    expect(expected.body.seatDeltas).toEqual({ E: -1000, S: 11000, W: -5000, N: -5000 });
    for (const [seat, delta] of Object.entries(expected.body.seatDeltas)) {
      const cells = await page.locator(`.scorer-deltas [data-seat="${seat}"] td`).allTextContents();
      expect(cells).toEqual(['30000', signed(delta), String(30000 + delta)]);
    }
    expect(
      await page
        .getByRole('row', {
          name: /^西 Cy Wong 南 Bo Chan 4000 All Terminal and Honor Discards at exhaustive draw/,
        })
        .count(),
    ).toBe(1);
    await screenshot(page, 'scorer-zh', 'tablet');
    expect(await fits()).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'scorer-draw-preview', 'phone');
    expect(await fits()).toBe(true);

    await page.getByRole('button', { name: '確認記錄此局' }).click();
    const recorded = page.getByRole('status').filter({ hasText: '第 1 局已記錄。' });
    await recorded.waitFor();
    expect(await recorded.textContent()).toContain(
      '西 Cy Wong → 南 Bo Chan: 4000 分 (All Terminal and Honor Discards at exhaustive draw: paid as a self-draw)',
    );
    await page.getByRole('heading', { name: '第 1 桌 · 第 2 局' }).waitFor();
    const game = await app.api<{ scores: Record<string, number> }>('GET', `/api/games/${gameId}`);
    expect(game.scores).toEqual({ ana: 29000, bo: 41000, cy: 25000, di: 25000 });
    expect(errors()).toEqual([]);
  }, 120_000);
});
