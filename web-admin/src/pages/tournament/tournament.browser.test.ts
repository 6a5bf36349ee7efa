// Given a running server with a tournament playing round 1 (hands entered by scorers) and a dispute open, when
// the organizer opens its overview, then what needs a decision is listed (the dispute at its table), the
// rounds and tables show the API's state with names by wind, and finishing says what it does and is held back
// while the round plays and the dispute is open; once the round is closed (tables left unfinished, listed)
// and the dispute ruled, the tournament is finished through the confirmation.
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
  status: string;
  players: { playerId: string; name: string }[];
  rounds: { tables: { table: number; gameId: string; seats: Record<string, string> }[] }[];
  disputes: { disputeId: string; status: string }[];
}

describe.runIf(haveChromium)('tournament overview (browser)', () => {
  let app: AppServer;
  let chromium: RunningBrowser;
  let disputeId: string;
  const T = '/api/tournaments/river';
  const view = () => app.api<Tournament>('GET', T);

  const signedIn = async (viewport: 'desktop' | 'tablet' | 'tablet-landscape' = 'desktop'): Promise<Page> => {
    const context = await chromium.context(viewport);
    await context.addInitScript(
      (token) => localStorage.setItem('mahjong-ledger.token', token),
      app.organizerToken,
    );
    const page = await context.newPage();
    await page.goto(`${app.url}/tournaments/river`);
    await page.getByRole('heading', { name: 'River Classic' }).waitFor();
    return page;
  };

  beforeAll(async () => {
    app = await startAppServer();
    chromium = await launchChromium();
    await app.api('POST', '/api/tournaments', {
      tournamentId: 'river',
      name: 'River Classic',
      preset: 'four-seas',
      scoring: { kind: 'table-points', values: [15, 5, -5, -15] },
    });
    for (let i = 1; i <= 8; i++)
      await app.api('POST', `${T}/players`, { playerId: `p${i}`, name: `Player ${i}` });
    await app.api('POST', `${T}/rounds`, {
      round: 1,
      method: 'random',
      end: { kind: 'hands', count: 1 },
      minutes: 90,
      recording: 'entered',
    });
    await app.api('POST', `${T}/rounds/1/seating`, { method: 'random' });
    await app.api('POST', `${T}/rounds/1/start`);
    const gameId = (await view()).rounds[0]!.tables[0]!.gameId;
    const opened = await app.api<{ events: { data: { disputeId: string } }[] }>('POST', `${T}/disputes`, {
      gameId,
      hand: 1,
      reason: 'a payment in doubt',
    });
    disputeId = opened.events[0]!.data.disputeId;
  });

  afterAll(async () => {
    await chromium?.close();
    await app?.stop();
  });

  it('lists what needs a decision, the rounds and the tables as the API holds them', async () => {
    const page = await signedIn();
    const errors = watchPageErrors(page);
    const tournament = await view();
    const attention = page.getByRole('region', { name: 'Needs a decision' });
    await attention.getByText(`Dispute ${disputeId}: round 1 table 1, hand 1: a payment in doubt`).waitFor();
    expect(await page.getByText('table points 15 / 5 / -5 / -15').count()).toBe(1);
    expect(await page.getByText('Four Seas, version 1').count()).toBe(1);

    const rounds = page.getByRole('region', { name: 'Rounds' });
    const round = await rounds.getByRole('row').nth(1).getByRole('cell').allTextContents();
    expect(round.slice(0, 4)).toEqual(['playing', 'random', 'entered by scorers', '0 of 2']);
    const tables = page.getByRole('region', { name: 'Round 1 tables' });
    const first = tournament.rounds[0]!.tables[0]!;
    const nameOf = (id: string) => tournament.players.find((p) => p.playerId === id)!.name;
    const row = (await tables.getByRole('row').nth(1).getByRole('cell').allTextContents()).join(' | ');
    for (const [seat, wind] of [
      ['E', 'East'],
      ['S', 'South'],
      ['W', 'West'],
      ['N', 'North'],
    ] as const)
      expect(row).toContain(`${wind} ${nameOf(first.seats[seat]!)}`);
    expect(row).toMatch(/playing/);
    expect(row).toMatch(/\d+ min left/);
    await screenshot(page, 'tournament', 'desktop');
    await screenshot(page, 'tournament', 'tablet');
    await screenshot(page, 'tournament', 'tablet-landscape');
    expect(errors()).toEqual([]);
  });

  it('says what finishing does, holds it back while a round plays or a dispute is open, then finishes', async () => {
    const page = await signedIn('tablet');
    await page.getByRole('button', { name: 'Finish tournament' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Finish River Classic?' });
    await dialog.getByText('The tournament cannot be finished yet:').waitFor();
    expect(await dialog.getByText('round 1 is still playing: close it first').count()).toBe(1);
    expect(await dialog.getByText(`dispute ${disputeId} is not ruled`).count()).toBe(1);
    expect(await dialog.getByText(/the standings as they stand now are the final standings/).count()).toBe(1);
    expect(await dialog.getByRole('button', { name: 'Finish the tournament' }).isDisabled()).toBe(true);
    await screenshot(page, 'tournament-finish-blocked', 'tablet');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // The round closed with its tables unfinished, the dispute ruled: listed, and finishing is open.
    await app.api('POST', `${T}/disputes/${disputeId}/ruling`, {
      ruling: { kind: 'no-change' },
      reason: 'checked',
    });
    await app.api('POST', `${T}/rounds/1/close`, { force: true });
    await page.reload();
    const attention = page.getByRole('region', { name: 'Needs a decision' });
    await attention.getByText('Round 1 closed with tables 1, 2 unfinished').waitFor();
    expect(await attention.getByText('Next: schedule round 2').count()).toBe(1);
    expect(await attention.getByText(/^Dispute/).count()).toBe(0);

    await page.getByRole('button', { name: 'Finish tournament' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Finish River Classic?' });
    expect(await confirm.getByText('The tournament cannot be finished yet:').count()).toBe(0);
    await confirm.getByRole('button', { name: 'Finish the tournament' }).click();
    await page.getByText('The tournament is finished. The standings are final.').waitFor();
    expect((await view()).status).toBe('finished');
    expect(await page.getByRole('button', { name: 'Finish tournament' }).count()).toBe(0);
    expect(await page.getByText('This tournament is finished.').count()).toBe(1);
    await screenshot(page, 'tournament-finished', 'desktop');
  });

  it('speaks Chinese', async () => {
    const page = await signedIn('desktop');
    await page.getByLabel('Language').selectOption('zh');
    await page.getByText('此賽事已結束。').waitFor();
    expect(await page.getByText('名次分 15 / 5 / -5 / -15').count()).toBe(1);
    await screenshot(page, 'tournament-zh', 'desktop');
  });
});
