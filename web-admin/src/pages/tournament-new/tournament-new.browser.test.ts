// Given a running server, when an organizer creates a tournament through the form, then every option of the
// chosen preset is shown with its description, default and amendability, the preset's rule text is named,
// changed options and negative table points (uma) reach the API as chosen, and a field the API refuses is
// named on that field.
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

interface Tournament {
  name: string;
  ruleset: { preset: string; options: Record<string, unknown> };
  scoring: { kind: string; values?: number[] };
  seed?: string;
}
interface PresetList {
  presets: { id: string; seed: string; options: { name: string; description: string }[] }[];
}

/** Presses a react-aria radio or checkbox as a user does: on its label (its input is visually hidden). */
const press = (page: Page, role: 'radio' | 'checkbox', name: string | RegExp) =>
  page.locator('label', { has: page.getByRole(role, { name }) }).click();

/** Types into a number field and leaves it, as a user does: react-aria's NumberField commits on leaving. */
const typeNumber = async (page: Page, name: string | RegExp, value: string) => {
  await page.getByRole('textbox', { name }).fill(value);
  await page.keyboard.press('Tab');
};

describe.runIf(haveChromium)('tournament-new (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;

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

  it('shows every option of the chosen preset, and creates with changed options and uma 15/5/-5/-15', async () => {
    const presets = await app.api<PresetList>('GET', '/api/presets');
    const page = await signedIn();
    const errors = watchPageErrors(page);
    await page.getByRole('link', { name: 'New tournament' }).click();
    await page.getByRole('heading', { name: 'New tournament' }).waitFor();

    // Every preset, with its rule text; the first chosen, its options each with the API's description.
    // The heading shows before the presets are loaded: each preset is waited for, then counted once.
    for (const preset of presets.presets) {
      const ruleText = page.getByText(`Rule text ${preset.seed}`);
      await ruleText.first().waitFor();
      expect(await ruleText.count()).toBe(1);
    }
    await press(page, 'radio', /Mahjong House/);
    const house = presets.presets.find((p) => p.id === 'mahjong-house')!;
    const options = page.getByRole('heading', { name: 'Options of Mahjong House' });
    await options.waitFor();
    for (const option of house.options) expect(await page.getByText(option.description).count()).toBe(1);
    expect(await page.getByText('Default: Head bump (截糊): first in turn wins').count()).toBe(1);
    expect(
      await page.getByText('Changes play: an amendment applies from the next hand only').count(),
    ).toBeGreaterThan(0);

    await page.getByLabel('Name', { exact: true }).fill('Harbour Cup');
    await page.getByLabel('Tournament id (optional)').fill('harbour-cup');
    await page.getByLabel('Seed (optional)').fill('harbour-seed');
    // A choice, a checkbox and a number changed from their defaults.
    await page.getByRole('button', { name: /Several wins on one discard/ }).click();
    await page.getByRole('option', { name: 'Multiple winners (一炮多響)' }).click();
    await press(page, 'checkbox', /Passing a win locks it/);
    await typeNumber(page, /Claim deadline \(ms\)/, '8000');
    expect(await page.getByText('changed', { exact: true }).count()).toBe(3);

    await press(page, 'radio', /Table points \(uma\)/);
    for (const [place, value] of [
      [1, '15'],
      [2, '5'],
      [3, '-5'],
      [4, '-15'],
    ] as const)
      await typeNumber(page, `Place ${place}`, value);
    await screenshot(page, 'tournament-new', 'desktop');
    await screenshot(page, 'tournament-new', 'tablet');
    await screenshot(page, 'tournament-new', 'phone');

    // The screenshots' viewport changes leave the focused button ignoring the next pointer press (react-aria's
    // press state, under Chromium's full-page capture): a click elsewhere first, as a user's hand would.
    await page.getByRole('heading', { name: 'New tournament' }).click();
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.waitForURL(`${app.url}/tournaments/harbour-cup`);
    await page.getByRole('heading', { name: 'Harbour Cup' }).waitFor();
    const created = await app.api<Tournament>('GET', '/api/tournaments/harbour-cup');
    expect(created.ruleset.preset).toBe('mahjong-house');
    expect(created.ruleset.options).toMatchObject({
      multipleWinners: 'multiple',
      passLocksWin: true,
      claimDeadlineMs: 8000,
      claimWindows: 'when-claimable',
    });
    expect(created.scoring).toEqual({ kind: 'table-points', values: [15, 5, -5, -15] });
    expect(created.seed).toBe('harbour-seed');
    expect(await page.getByText('table points 15 / 5 / -5 / -15').count()).toBe(1);
    expect(errors()).toEqual([]);
  });

  it('names the refused fields: its own checks, and the API’s on the field it names', async () => {
    const page = await signedIn('tablet');
    await page.goto(`${app.url}/tournaments/new`);
    await page.getByRole('heading', { name: 'Options of Hu Mahjong' }).waitFor();

    // The form's own checks: no name, an id with a space, table points that rise.
    await page.getByLabel('Tournament id (optional)').fill('bad id');
    await press(page, 'radio', /Table points \(uma\)/);
    await typeNumber(page, 'Place 2', '9');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.getByText('Give the tournament a name.').waitFor();
    expect(await page.getByText('Letters, digits, dot, dash or underscore only, 1 to 64.').count()).toBe(1);
    expect(await page.getByText('A place may not earn more than the place above it.').count()).toBe(1);
    // A 3-player table has three places.
    await page.getByRole('button', { name: /Players at a table/ }).click();
    await page.getByRole('option', { name: '3' }).click();
    expect(await page.getByRole('textbox', { name: /^Place \d$/ }).count()).toBe(3);

    // What only the API knows: a pattern id seed 003 does not list, named on the pattern points field.
    await page.getByLabel('Name', { exact: true }).fill('Typo Open');
    await page.getByLabel('Tournament id (optional)').fill('typo-open');
    await typeNumber(page, 'Place 2', '2');
    await page.getByRole('textbox', { name: /Pattern points/ }).fill('{"allGren": 16000}');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    const field = page.getByRole('textbox', { name: /Pattern points/ });
    await expect.poll(() => field.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText(/no pattern allGren in seed 003/).count()).toBeGreaterThan(0);
    expect(await page.getByRole('alert').textContent()).toContain('body.options.patternPoints');
    await screenshot(page, 'tournament-new-refused', 'tablet');

    // Fixed, it is created; the same id again is refused on the id field.
    await field.fill('');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    await page.waitForURL(`${app.url}/tournaments/typo-open`);
    await page.goto(`${app.url}/tournaments/new`);
    await page.getByLabel('Name', { exact: true }).fill('Typo Open again');
    await page.getByLabel('Tournament id (optional)').fill('typo-open');
    await page.getByRole('button', { name: 'Create tournament' }).click();
    const id = page.getByLabel('Tournament id (optional)');
    await expect.poll(() => id.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByText('tournament typo-open exists').count()).toBeGreaterThan(0);
  });

  it('speaks Chinese, with the rule names the rule texts give', async () => {
    const page = await signedIn('tablet');
    await page.goto(`${app.url}/tournaments/new`);
    await page.getByLabel('Language').selectOption('zh');
    await page.getByRole('heading', { name: '新賽事' }).waitFor();
    await press(page, 'radio', /麻將館/);
    await page.getByRole('heading', { name: '麻將館的選項' }).waitFor();
    expect(await page.getByRole('checkbox', { name: /^過水/ }).count()).toBe(1);
    expect(await page.getByText('預設：截糊：按順序首家胡').count()).toBe(1);
    await screenshot(page, 'tournament-new-zh', 'tablet');
  });
});
