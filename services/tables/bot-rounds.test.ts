// Bots for live rounds (`serve --bots`), over the API on a real SQLite event store: a live round started through
// the API is played to its end by bots (every table recorded in the tournament); a round started before the
// bots came (a restarted server) is taken up too; a round whose hands are entered is never played by them.
// First: zod's OpenAPI extension must be in place before any domain schema is made (tournament-spec.ts).
import '../api/zod.ts';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { handStream } from '../../domain/play/metadata.ts';
import { createLogger } from '../api/logging.ts';
import { type Harness, startHarness, tournamentWithRound } from '../api/routes/tournament-spec.ts';
import { loadConfig } from '../config.ts';
import { startPlatformServer } from '../server.ts';
import { type BotRounds, startBotRounds } from './bot-rounds.ts';

let harness: Harness | undefined;
let bots: BotRounds | undefined;
afterEach(async () => {
  await bots?.stop();
  bots = undefined;
  await harness?.close();
  harness = undefined;
});

async function until(what: string, done: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const by = Date.now() + ms;
  while (!(await done())) {
    if (Date.now() > by) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

const tablesFinished = (h: Harness, tournamentId: string) => async () => {
  const { state } = await h.platform.tournaments.current(tournamentId);
  const tables = state.rounds[0]?.tables ?? [];
  return tables.length > 0 && tables.every((t) => t.finished);
};

async function started(
  h: Harness,
  tournamentId: string,
  recording: 'live' | 'entered' = 'live',
): Promise<void> {
  await tournamentWithRound(h, { tournamentId, end: { kind: 'hands', count: 2 }, recording });
  const seated = await h.post(`/api/tournaments/${tournamentId}/rounds/1/seating`, { method: 'random' });
  const start = await h.post(`/api/tournaments/${tournamentId}/rounds/1/start`);
  if (seated.status !== 200 || start.status !== 200) throw new Error(`${tournamentId} did not start`);
}

describe('bots for live rounds', () => {
  it('given a live round started through the API, then bots play every table to its end; a round whose hands are entered they leave alone', async () => {
    harness = await startHarness();
    const h = harness;
    // Started before the bots: as a restarted server finds it.
    await started(h, 'earlier');
    const errors: unknown[] = [];
    bots = startBotRounds(h.platform, { pauseMs: 0, onError: (error) => errors.push(error) });
    await started(h, 'rehearsal');
    await started(h, 'hall', 'entered');

    await until('the live tables to finish', async () => {
      const both = await Promise.all([tablesFinished(h, 'rehearsal')(), tablesFinished(h, 'earlier')()]);
      return both.every(Boolean);
    });
    await bots.idle();
    expect(errors).toEqual([]);
    const { state } = await h.platform.tournaments.current('rehearsal');
    for (const table of state.rounds[0]!.tables) {
      expect(table.scores).toHaveLength(4);
      const { game } = await h.platform.tables.snapshot(table.gameId);
      expect(game.state.phase).toBe('finished');
      expect(game.state.handsCounted).toBe(2);
    }
    const view = await h.get('/api/tournaments/rehearsal');
    expect(view.body.rounds[0].tables.every((t: { finished: boolean }) => t.finished)).toBe(true);

    const hall = (await h.platform.tournaments.current('hall')).state.rounds[0]!;
    for (const table of hall.tables) {
      expect(table.finished).toBe(false);
      expect(await h.store.readStream(handStream(table.gameId, 1))).toEqual([]);
    }
    expect(bots.playing()).toEqual([]);
  });

  it('given a round closed by force while bots play, then they stop at its tables', async () => {
    harness = await startHarness();
    const h = harness;
    bots = startBotRounds(h.platform, { pauseMs: 20 });
    await tournamentWithRound(h, { tournamentId: 'forced', end: { kind: 'rounds', last: 'S' } });
    await h.post('/api/tournaments/forced/rounds/1/seating', { method: 'random' });
    await h.post('/api/tournaments/forced/rounds/1/start');
    await until('the bots to sit down', async () => bots!.playing().length === 2);
    const closed = await h.post('/api/tournaments/forced/rounds/1/close', { force: true });
    expect(closed.status).toBe(200);
    await until('the bots to leave', async () => bots!.playing().length === 0, 10_000);
  });
});

describe('serve --bots', () => {
  it('given the server started with bots at pace 0, when a live round is started over HTTP, then it finishes', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ml-bot-rounds-'));
    const server = await startPlatformServer(loadConfig({ DATA_DIR: dataDir }), {
      port: 0,
      host: '127.0.0.1',
      logger: createLogger({ level: 'silent' }),
      rateLimit: false,
      bots: { pauseMs: 0 },
    });
    try {
      const post = async (path: string, body: unknown) => {
        const response = await fetch(`${server.url}${path}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${server.organizerToken}` },
          body: JSON.stringify(body),
        });
        if (response.status >= 300) throw new Error(`${path}: ${response.status} ${await response.text()}`);
      };
      await post('/api/tournaments', { tournamentId: 'rehearsal', name: 'Rehearsal', preset: 'hu-mahjong' });
      await post('/api/tournaments/rehearsal/players/import', { csv: 'name\nAna\nBo\nCy\nDi\n' });
      await post('/api/tournaments/rehearsal/rounds', {
        round: 1,
        method: 'random',
        end: { kind: 'hands', count: 1 },
        minutes: 60,
      });
      await post('/api/tournaments/rehearsal/rounds/1/seating', { method: 'random' });
      await post('/api/tournaments/rehearsal/rounds/1/start', {});
      await until('the table to finish', async () => {
        const { state } = await server.platform.tournaments.current('rehearsal');
        return state.rounds[0]!.tables.every((t) => t.finished);
      });
      expect(server.bots).toBeDefined();
    } finally {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
