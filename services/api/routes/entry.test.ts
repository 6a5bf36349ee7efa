// Result entry at a physical table over HTTP, on a real SQLite event store: seed 003's 6100 example previewed
// (nothing written) and entered; the game records the hand and waits for the next entry. Refusals name the
// field or the seat.
// First: zod's OpenAPI extension must be in place before any domain schema is made (tournament-spec.ts).
import '../zod.ts';
import { afterEach, describe, expect, it } from 'vitest';
import { gameStream, handStream } from '../../../domain/play/metadata.ts';
import { type Harness, startHarness, tournamentWithRound } from './tournament-spec.ts';

let harness: Harness | undefined;
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const FOUR = ['ana', 'bo', 'cy', 'di'];

/** Seed 003's scoring example: one chow exposed, one season, 6100; South wins on North's discard. */
const SEED_003_WIN = {
  kind: 'win',
  by: 'discard',
  from: 'N',
  claims: [
    { seat: 'S', hand: '123s123p789p9p', melds: [{ tiles: '123m' }], winningTile: '9p', flowers: ['5f'] },
  ],
};

/** One physical table (E ana, S bo, W cy, N di) of a round recorded by entry, started. */
async function physicalTable(
  h: Harness,
  recording: 'entered' | 'live' = 'entered',
  preset = 'hu-mahjong',
): Promise<string> {
  await tournamentWithRound(h, {
    tournamentId: 'hall',
    players: FOUR,
    method: 'uploaded',
    recording,
    preset,
  });
  await h.post('/api/tournaments/hall/rounds/1/seating', { method: 'uploaded', tables: [FOUR] });
  await h.post('/api/tournaments/hall/rounds/1/start');
  return 'hall-r1-t1';
}

describe('result entry', () => {
  it('given seed 003’s example, when previewed, then S +18300 from N with the patterns, and nothing is written', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await physicalTable(h);
    const referee = (await h.post('/api/tournaments/hall/referee-tokens')).body.token;
    const gameBefore = await h.store.readStream(gameStream(gameId));

    const preview = await h.post(
      `/api/games/${gameId}/hands/next/preview`,
      { result: SEED_003_WIN },
      { token: referee },
    );
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      hand: 1,
      outcome: 'won',
      seatDeltas: { E: 0, S: 18300, W: 0, N: -18300 },
      playerDeltas: { ana: 0, bo: 18300, cy: 0, di: -18300 },
      transfers: [{ from: 'N', to: 'S', points: 18300, reason: 'discard win' }],
    });
    expect(
      preview.body.winners[0].patterns.map((p: { name: string; points: number }) => [p.name, p.points]),
    ).toEqual([
      ['Fully Outside Hand', 4000],
      ['Three-color Sequences', 2000],
      ['Flower Tile', 100],
    ]);
    expect(await h.store.readStream(handStream(gameId, 1))).toEqual([]);
    expect(await h.store.readStream(gameStream(gameId))).toHaveLength(gameBefore.length);
  });

  it('given seed 003’s example, when entered, then the game records 18300 to bo and the next hand awaits entry', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await physicalTable(h);

    const entered = await h.post(`/api/games/${gameId}/hands/next/entry`, { result: SEED_003_WIN });
    expect(entered.status).toBe(201);
    expect(entered.body.hand).toBe(1);
    expect(entered.body.events.map((e: { type: string }) => e.type)).toEqual([
      'HandResultEntered',
      'HandSettled',
    ]);
    expect(entered.body.events[1].data.transfers).toEqual([
      { from: 'N', to: 'S', points: 18300, reason: 'discard win' },
    ]);
    expect(entered.headers.get('etag')).toBe('"1"');

    const { game, handNumber } = await h.platform.tables.snapshot(gameId);
    expect(game.state.hands).toBe(1);
    expect(game.state.scores.bo! - game.state.scores.di!).toBe(2 * 18300);
    expect(handNumber).toBe(2);
    expect(await h.store.readStream(handStream(gameId, 2))).toEqual([]);

    const next = await h.post(`/api/games/${gameId}/hands/next/preview`, {
      result: { kind: 'drawn', ready: [] },
    });
    expect(next.body).toMatchObject({ hand: 2, outcome: 'drawn' });
  });

  it('given a bad tile or a hand that is no win, then 422 naming the field or the seat, and nothing written', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await physicalTable(h);
    const claim = SEED_003_WIN.claims[0]!;

    const badTile = await h.post(`/api/games/${gameId}/hands/next/entry`, {
      result: { ...SEED_003_WIN, claims: [{ ...claim, hand: '123s123p789p9x' }] },
    });
    expect(badTile.status).toBe(422);
    expect(badTile.body).toMatchObject({
      code: 'rejected',
      rejection: { code: 'invalid-entry' },
      field: 'result.claims[0].hand',
    });
    const noWin = await h.post(`/api/games/${gameId}/hands/next/preview`, {
      result: { ...SEED_003_WIN, claims: [{ ...claim, hand: '123s123p789p' }] },
    });
    expect(noWin.status).toBe(422);
    expect(noWin.body).toMatchObject({ code: 'not-a-win', seat: 'S' });
    const noKind = await h.post(`/api/games/${gameId}/hands/next/entry`, { result: { by: 'discard' } });
    expect(noKind.status).toBe(400);
    expect(noKind.body.errors[0].path).toBe('body.result.kind');
    expect(await h.store.readStream(handStream(gameId, 1))).toEqual([]);
  });

  it('given a player token or a live table, then 403 and 409 played-live', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await physicalTable(h, 'live');
    const player = await h.tokenFor({ role: 'player', tournamentId: 'hall', gameId, playerId: 'bo' });
    const asPlayer = await h.post(
      `/api/games/${gameId}/hands/next/entry`,
      { result: SEED_003_WIN },
      { token: player },
    );
    expect(asPlayer.status).toBe(403);
    const live = await h.post(`/api/games/${gameId}/hands/next/entry`, { result: SEED_003_WIN });
    expect(live.status).toBe(409);
    expect(live.body.rejection.code).toBe('played-live');
    const elsewhere = await h.tokenFor({ role: 'referee', tournamentId: 'other' });
    expect(
      (
        await h.post(
          `/api/games/${gameId}/hands/next/preview`,
          { result: SEED_003_WIN },
          { token: elsewhere },
        )
      ).status,
    ).toBe(403);
    expect((await h.post('/api/games/nowhere/hands/next/preview', { result: SEED_003_WIN })).status).toBe(
      404,
    );
  });

  // Seed 003: "Reach exhaustive draw having only discarded terminal and honor tiles, none of which were called
  // by other players" (4000), paid as a self-draw after "Ready hand at exhaustive draw: 1000 from player(s) with
  // no ready hand(s)".
  it('given a drawn hand with S holding All Terminal and Honor Discards and W and S ready, when previewed and entered, then bo +14000', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await physicalTable(h);
    const result = {
      kind: 'drawn',
      ready: ['S', 'W'],
      patterns: [{ seat: 'S', pattern: 'all-terminal-and-honor-discards' }],
    };

    const preview = await h.post(`/api/games/${gameId}/hands/next/preview`, { result });
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({
      hand: 1,
      outcome: 'drawn',
      atDraw: [
        {
          seat: 'S',
          id: 'all-terminal-and-honor-discards',
          name: 'All Terminal and Honor Discards',
          points: 4000,
        },
      ],
      seatDeltas: { E: -6000, S: 14000, W: -2000, N: -6000 },
      playerDeltas: { ana: -6000, bo: 14000, cy: -2000, di: -6000 },
    });
    expect(preview.body.transfers.slice(4)).toEqual(
      ['E', 'W', 'N'].map((from) => ({
        from,
        to: 'S',
        points: 4000,
        reason: 'All Terminal and Honor Discards at exhaustive draw: paid as a self-draw',
      })),
    );

    const entered = await h.post(`/api/games/${gameId}/hands/next/entry`, { result });
    expect(entered.status).toBe(201);
    const [recorded, settled] = entered.body.events;
    expect(recorded.data.result).toEqual(result);
    expect(settled.data.transfers).toEqual(preview.body.transfers);
    const { game } = await h.platform.tables.snapshot(gameId);
    expect(game.state.scores).toMatchObject({ ana: 24000, bo: 44000, cy: 28000, di: 24000 });
  });

  it('given a drawn hand’s patterns the engine or the route refuses, then 422 or 400 naming the field, and nothing written', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await physicalTable(h);
    const pattern = 'all-terminal-and-honor-discards';
    const twice = await h.post(`/api/games/${gameId}/hands/next/entry`, {
      result: {
        kind: 'drawn',
        ready: [],
        patterns: [
          { seat: 'S', pattern },
          { seat: 'S', pattern },
        ],
      },
    });
    expect(twice.status).toBe(422);
    expect(twice.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(twice.body).toMatchObject({
      code: 'rejected',
      rejection: { code: 'invalid-entry' },
      field: 'result.patterns[1].seat',
    });
    const unknown = await h.post(`/api/games/${gameId}/hands/next/preview`, {
      result: { kind: 'drawn', ready: [], patterns: [{ seat: 'S', pattern: 'all-simples' }] },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].path).toBe('body.result.patterns.0.pattern');
    expect(await h.store.readStream(handStream(gameId, 1))).toEqual([]);
  });

  it('given a four-seas table, then a drawn hand’s pattern is 422 at result.patterns', async () => {
    harness = await startHarness();
    const h = harness;
    const gameId = await physicalTable(h, 'entered', 'four-seas');
    const refused = await h.post(`/api/games/${gameId}/hands/next/preview`, {
      result: {
        kind: 'drawn',
        ready: [],
        patterns: [{ seat: 'E', pattern: 'all-terminal-and-honor-discards' }],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body).toMatchObject({ rejection: { code: 'invalid-entry' }, field: 'result.patterns' });
    expect(refused.body.detail).toContain('only hu-mahjong (seed 003)');
  });
});
