// Given a running server with a tournament of 16 players, when the organizer runs round 1 through the rounds
// page (schedule random and live, seat, table cards, start, extra time, a forced close), then every step shows
// what the API holds: names by wind, the seating-quality numbers, the clock counting down, the extra minutes
// and the tables closed unfinished. And an uploaded seating is previewed by name, its problems named, before
// it is sent.
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
const WINDS = ['E', 'S', 'W', 'N'] as const;

interface Table {
  table: number;
  seats: Record<string, string>;
  extraMinutes: number;
}
interface Round {
  round: number;
  phase: string;
  method: string;
  minutes: number;
  recording: string;
  end: unknown;
  tables: Table[];
  unfinished: number[];
  cost: { repeatPairs: number; consecutiveRepeats: number; windImbalance: number } | null;
}
interface Tournament {
  players: { playerId: string; name: string }[];
  rounds: Round[];
}

describe.runIf(haveChromium)('rounds (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;

  const setUp = async (tournamentId: string, name: string) => {
    await app.api('POST', '/api/tournaments', { tournamentId, name, preset: 'four-seas' });
    for (let i = 1; i <= 16; i++)
      await app.api('POST', `/api/tournaments/${tournamentId}/players`, {
        playerId: `p${i}`,
        name: `Player ${i}`,
      });
  };
  const tournament = (id: string) => app.api<Tournament>('GET', `/api/tournaments/${id}`);
  const nameOf = (view: Tournament, id: string) => view.players.find((p) => p.playerId === id)?.name ?? id;

  /** A page of a browser the organizer has signed in on (the token kept as the sign-in page keeps it). */
  const signedIn = async (viewport: ViewportName = 'desktop') => {
    const page = await (await chromium.context(viewport)).newPage();
    await page.goto(`${app.url}/sign-in`);
    await page.evaluate((token) => localStorage.setItem('mahjong-ledger.token', token), app.organizerToken);
    return page;
  };

  beforeAll(async () => {
    app = await startAppServer();
    chromium = await launchChromium();
    await setUp('spring', 'Spring Open');
    await setUp('autumn', 'Autumn Cup');
    await setUp('summer', 'Summer League');
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('schedules, seats, starts, extends and force-closes round 1, as the API holds it', async () => {
    const page = await signedIn();
    const errors = watchPageErrors(page);
    await page.goto(`${app.url}/tournaments/spring/rounds`);
    await page.getByRole('heading', { name: 'Rounds — Spring Open' }).waitFor();

    // Schedule: random and live are the defaults; a 60-minute clock.
    expect(await page.getByRole('radio', { name: /Random draw/ }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: /Played live/ }).isChecked()).toBe(true);
    await page.getByLabel('Round clock (minutes)').fill('60');
    await screenshot(page, 'rounds-schedule', 'desktop');
    await page.getByRole('button', { name: 'Schedule round 1' }).click();
    await page.getByRole('button', { name: 'Seat round 1 by random draw' }).waitFor();
    const scheduled = (await tournament('spring')).rounds[0]!;
    expect(scheduled).toMatchObject({
      phase: 'scheduled',
      method: 'random',
      minutes: 60,
      recording: 'live',
      end: { kind: 'rounds', last: 'S' },
    });

    // Seat: the tables by wind with the players' names, and the seating's quality as the API counts it.
    await page.getByRole('button', { name: 'Seat round 1 by random draw' }).click();
    await page.getByRole('heading', { name: '4 tables' }).waitFor();
    const seated = await tournament('spring');
    const round = seated.rounds[0]!;
    expect(round.phase).toBe('seated');
    for (const table of round.tables) {
      const card = page.getByRole('article', { name: `Table ${table.table}` });
      const seats = await card.getByRole('definition').allTextContents();
      expect(seats).toEqual(WINDS.map((wind) => nameOf(seated, table.seats[wind]!)));
    }
    const quality = page.getByRole('region', { name: 'Seating quality' });
    const total = (label: string) =>
      quality
        .getByRole('term')
        .filter({ hasText: label })
        .locator('xpath=following-sibling::dd[1]')
        .textContent();
    const expected = await qualityTotals(app, 'spring');
    expect(await total('Repeat pairs')).toBe(String(expected.repeatPairs));
    expect(await total('Consecutive repeats')).toBe(String(expected.consecutiveRepeats));
    expect(await total('Wind imbalance')).toBe(String(expected.windImbalance));
    expect(await total('Table revisits')).toBe(String(expected.tableRevisits));
    expect(expected.windImbalance).toBe(round.cost?.windImbalance);
    await screenshot(page, 'rounds-seated', 'desktop');
    await screenshot(page, 'rounds-seated', 'tablet');
    await page.setViewportSize({ width: 1366, height: 768 });

    // The table cards: four cards of four names, a QR code per seat (a live round).
    await page.getByRole('link', { name: 'Table cards' }).click();
    await page.waitForURL(`${app.url}/tournaments/spring/rounds/1/cards`);
    await page.getByRole('button', { name: 'Make the cards (4 tables)' }).click();
    const cards = page.getByRole('list', { name: 'Table cards of round 1' }).getByRole('article');
    await expect.poll(() => cards.count()).toBe(4);
    for (const table of round.tables) {
      const card = page.getByRole('article', { name: `Table ${table.table}` });
      for (const wind of WINDS)
        expect(await card.textContent()).toContain(nameOf(seated, table.seats[wind]!));
      expect(await card.locator('svg[role="img"]').count()).toBe(4);
    }
    await page.getByRole('link', { name: 'Back to rounds' }).click();

    // Start: the dialog says what starts; then the clock counts down.
    await page.getByRole('button', { name: 'Start round 1…' }).click();
    const start = page.getByRole('dialog', { name: 'Start round 1?' });
    expect(await start.textContent()).toContain('runs 60 minutes');
    await start.getByRole('button', { name: 'Start round 1 now' }).click();
    const clock = page.getByRole('timer', { name: 'Round clock' });
    await clock.waitFor();
    const first = await clock.textContent();
    // About an hour left (a second either way: the page counts from its own clock), and more than half of it:
    // a loaded machine may take a while to paint the page.
    const left = /Time left\s*(?:(\d+):)?(\d\d):(\d\d)/.exec(first ?? '');
    expect(left).not.toBeNull();
    const secondsLeft = Number(left![1] ?? 0) * 3600 + Number(left![2]) * 60 + Number(left![3]);
    expect(secondsLeft).toBeLessThanOrEqual(3660);
    expect(secondsLeft).toBeGreaterThan(1800);
    await expect.poll(() => clock.textContent(), { timeout: 5_000 }).not.toBe(first);
    expect((await tournament('spring')).rounds[0]!.phase).toBe('started');

    // Extra time for table 2: the new end shown first, then granted and shown on the table.
    const table2 = page.getByRole('article', { name: 'Table 2' });
    await table2.getByRole('button', { name: 'Extra time…' }).click();
    const extend = page.getByRole('dialog', { name: 'Extra time for table 2' });
    await extend.getByLabel('Extra minutes').fill('7');
    await extend.getByLabel('Reason').fill('Late start: a player arrived after the draw');
    expect(await extend.textContent()).toMatch(/Table 2 will end at .+ instead of /);
    await screenshot(page, 'rounds-extend-dialog', 'desktop');
    await extend.getByRole('button', { name: 'Give table 2 7 more minutes' }).click();
    await extend.waitFor({ state: 'detached' });
    await expect.poll(() => table2.textContent()).toContain('+7 minutes extra');
    expect((await tournament('spring')).rounds[0]!.tables[1]!.extraMinutes).toBe(7);
    await screenshot(page, 'rounds-started', 'desktop');
    await screenshot(page, 'rounds-started', 'tablet');
    await page.setViewportSize({ width: 1366, height: 768 });

    // Close by force: the dialog names the tables still playing before anything happens.
    await page.getByRole('button', { name: 'Close round 1…' }).click();
    const close = page.getByRole('dialog', { name: 'Close round 1?' });
    expect(await close.textContent()).toContain('4 tables are still playing: tables 1, 2, 3, 4');
    await screenshot(page, 'rounds-close-dialog', 'desktop');
    await close.getByRole('button', { name: 'Close round 1 with 4 tables unfinished' }).click();
    await page.getByText('Closed with 4 tables unfinished: 1, 2, 3, 4.').waitFor();
    expect((await tournament('spring')).rounds[0]).toMatchObject({
      phase: 'closed',
      unfinished: [1, 2, 3, 4],
    });
    expect(errors()).toEqual([]);
  });

  it('previews an uploaded seating by name, names its problems, and seats it as pasted', async () => {
    await app.api('POST', '/api/tournaments/autumn/rounds', {
      round: 1,
      method: 'uploaded',
      end: { kind: 'hands', count: 8 },
      minutes: 45,
      recording: 'entered',
    });
    const page = await signedIn('tablet');
    const errors = watchPageErrors(page);
    await page.goto(`${app.url}/tournaments/autumn/rounds`);
    const paste = page.getByRole('textbox', { name: 'Tables' });
    await paste.fill('p1 p2 p3 p4\np5 p6 p7 nobody\np1 p9 p10 p11');
    const problems = page.getByRole('status').filter({ hasText: 'problems to mend' });
    await expect.poll(() => problems.textContent()).toContain('Line 2: no player “nobody” is registered.');
    expect(await problems.textContent()).toContain('p1 is seated twice (lines 1, 3).');
    expect(await problems.textContent()).toContain('active players have no seat');
    expect(await page.getByRole('button', { name: /Seat round 1 at these 3 tables/ }).isDisabled()).toBe(
      true,
    );
    await screenshot(page, 'rounds-upload-problems', 'tablet');

    const tables = [
      ['p4', 'p3', 'p2', 'p1'],
      ['p8', 'p7', 'p6', 'p5'],
      ['p12', 'p11', 'p10', 'p9'],
      ['p16', 'p15', 'p14', 'p13'],
    ];
    await paste.fill(tables.map((t) => t.join('\t')).join('\n'));
    const preview = page.getByRole('table');
    await expect
      .poll(() => preview.getByRole('row').nth(1).textContent())
      .toBe('1Player 4Player 3Player 2Player 1');
    await screenshot(page, 'rounds-upload-preview', 'phone');
    await page.setViewportSize({ width: 820, height: 1180 });
    await page.getByRole('button', { name: 'Seat round 1 at these 4 tables' }).click();
    await page.getByRole('heading', { name: '4 tables' }).waitFor();
    const seated = (await tournament('autumn')).rounds[0]!;
    expect(seated.tables.map((t) => WINDS.map((w) => t.seats[w]))).toEqual(tables);
    expect(errors()).toEqual([]);
  });

  it('plans the event’s seating, then shows the report of the rounds seated and with the plan', async () => {
    const page = await signedIn('desktop');
    const errors = watchPageErrors(page);
    await page.goto(`${app.url}/tournaments/summer/rounds`);
    await page.getByLabel('Rounds to plan').fill('5');
    await page.keyboard.press('Tab'); // a number field commits what was typed when it is left
    await page.getByRole('button', { name: 'Plan 5 rounds' }).click();
    await page.getByText('The plan seats rounds 1 to 5 for 16 players').waitFor();
    const planned = await app.api<{ planned: Totals; plan: { firstRound: number; lastRound: number } }>(
      'GET',
      '/api/tournaments/summer/seating-quality',
    );
    expect(planned.plan).toMatchObject({ firstRound: 1, lastRound: 5 });
    expect(await page.getByRole('region', { name: 'Plan the event’s seating' }).textContent()).toContain(
      `the event has ${planned.planned.repeatPairs} repeat pair`,
    );
    await screenshot(page, 'rounds-plan', 'desktop');
    await page.setViewportSize({ width: 1366, height: 768 });

    await page.getByRole('button', { name: 'Schedule round 1' }).click();
    await page.getByRole('button', { name: 'Seat round 1 by random draw' }).click();
    await page.getByRole('heading', { name: '4 tables' }).waitFor();
    const quality = page.getByRole('region', { name: 'Seating quality' });
    await quality.getByText('With the plan’s rounds seated too (rounds 1 to 5)').waitFor();
    const report = await app.api<{
      seated: { windBalance: { playerId: string; winds: Record<string, number>; imbalance: number }[] };
    }>('GET', '/api/tournaments/summer/seating-quality');
    await quality.getByRole('button', { name: 'Wind balance per player (16)' }).click();
    const first = report.seated.windBalance.find((w) => w.playerId === 'p1')!;
    expect(
      await quality
        .getByRole('row', { name: /^Player 1 / })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual([...WINDS.map((wind) => String(first.winds[wind])), String(first.imbalance)]);
    await screenshot(page, 'rounds-quality', 'tablet');
    expect(errors()).toEqual([]);
  });
});

interface Totals {
  repeatPairs: number;
  consecutiveRepeats: number;
  windImbalance: number;
  tableRevisits: number;
}

/** The seating-quality report's totals over the rounds seated so far, as the API counts them. */
async function qualityTotals(app: AppServer, tournamentId: string): Promise<Totals> {
  const report = await app.api<{ seated: Totals }>('GET', `/api/tournaments/${tournamentId}/seating-quality`);
  return report.seated;
}
