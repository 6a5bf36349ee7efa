// Correction rulings over HTTP against the whole server (SQLite): a referee's adjustment of 300 on seed 003's
// 18300 win keeps the win and moves exactly 300 (this issue began with a 300-point fix that erased a whole
// settlement); a replacement restates a hand whole. Each is previewed first (per seat before, after and the
// change, and the standings), and the ruling then does what the preview showed; the game counts it
// (HandResultCorrected), the finished table's result follows (TableResultCorrected), and the audit log shows
// the settlement and the players' points before and after. Points that do not sum to zero and a seat not at
// the table are refused, and write nothing.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { tournamentStream } from '../../domain/tournament/index.ts';
import { sqliteBackend, type TestServer } from './servers.ts';
import { difference, headOf, type Json, waitFor } from './support.ts';

/** Seed 003's scoring example (one chow exposed, one season): 6100, South wins on North's 9p. */
const SEED_003_WIN = {
  kind: 'win',
  by: 'discard',
  from: 'N',
  claims: [
    { seat: 'S', hand: '123s123p789p9p', melds: [{ tiles: '123m' }], winningTile: '9p', flowers: ['5f'] },
  ],
};
/** A White triplet, nothing else: 500, won by West on East's 1p (× 3 = 1500). */
const WHITE_WIN = {
  kind: 'win',
  by: 'discard',
  from: 'E',
  claims: [{ seat: 'W', hand: '123m456p789s555z1p', melds: [], winningTile: '1p', flowers: [] }],
};
const STARTING_POINTS = 30000;

describe('given a hu-mahjong table whose two entered hands are settled and whose game is over', () => {
  let t: TestServer;
  /** Seat → player of each hand, from the hand streams. */
  const seatsOf: Record<number, Record<string, string>> = {};
  const gameId = 'fixes-r1-t1';
  const store = () => t.server.platform.store;

  const ok = async (method: string, path: string, body?: unknown): Promise<Json> => {
    const reply = await t.call(method, path, body);
    if (reply.status >= 300)
      throw new Error(`${method} ${path}: ${reply.status} ${JSON.stringify(reply.body)}`);
    return reply.body;
  };
  /** A physical table of `players` (seated in this order from East), its hands entered in order. */
  const enteredTable = async (tournamentId: string, players: string[], options: Json, results: Json[]) => {
    await ok('POST', '/api/tournaments', { tournamentId, name: tournamentId, preset: 'hu-mahjong', options });
    for (const p of players)
      await ok('POST', `/api/tournaments/${tournamentId}/players`, { playerId: p, name: p });
    await ok('POST', `/api/tournaments/${tournamentId}/rounds`, {
      round: 1,
      method: 'uploaded',
      end: { kind: 'hands', count: results.length },
      minutes: 90,
      recording: 'entered',
    });
    await ok('POST', `/api/tournaments/${tournamentId}/rounds/1/seating`, {
      method: 'uploaded',
      tables: [players],
    });
    await ok('POST', `/api/tournaments/${tournamentId}/rounds/1/start`);
    for (const result of results)
      await ok('POST', `/api/games/${tournamentId}-r1-t1/hands/next/entry`, { result });
    await waitFor(
      async () => (await ok('GET', `/api/tournaments/${tournamentId}`)).rounds[0].tables[0].finished,
      `${tournamentId}'s table to finish`,
    );
  };
  const dispute = async (tournamentId: string, hand: number): Promise<string> =>
    (
      await ok('POST', `/api/tournaments/${tournamentId}/disputes`, {
        gameId: `${tournamentId}-r1-t1`,
        hand,
        reason: 'the players disagree',
      })
    ).events[0].data.disputeId;
  const standings = async (tournamentId: string): Promise<Record<string, number>> => {
    await t.server.projections.catchUp();
    const { standings: rows } = await ok('GET', `/api/tournaments/${tournamentId}/standings`);
    return Object.fromEntries(rows.map((r: Json) => [r.playerId, r.points]));
  };
  /** Nothing written: the store's head, the tournament's revision, the dispute still open. */
  const untouched = async (tournamentId: string) => {
    const view = await ok('GET', `/api/tournaments/${tournamentId}`);
    return {
      head: await headOf(store()),
      revision: view.revision,
      open: view.disputes.filter((d: Json) => d.status === 'open').map((d: Json) => d.disputeId),
    };
  };
  const auditOf = async (tournamentId: string): Promise<Json[]> => {
    await t.server.projections.catchUp();
    return (await ok('GET', `/api/tournaments/${tournamentId}/audit`)).entries;
  };
  /** The players' points a hand's settlement in force moves, from its seats' net points. */
  const byPlayer = (hand: number, seats: Record<string, number>) =>
    Object.fromEntries(
      Object.entries(seats)
        .filter(([, n]) => n !== 0)
        .map(([seat, n]) => [seatsOf[hand]![seat]!, n]),
    );

  beforeAll(async () => {
    t = await sqliteBackend.start();
    await enteredTable('fixes', ['ana', 'bo', 'cy', 'di'], {}, [SEED_003_WIN, WHITE_WIN]);
    await enteredTable('trio', ['eli', 'flo', 'gil'], { players: 3 }, [{ ...SEED_003_WIN, from: 'W' }]);
    for (const hand of [1, 2]) {
      const [entered] = await store().readStream(handStream(gameId, hand));
      seatsOf[hand] = (entered!.data as { seatWinds: Record<string, string> }).seatWinds;
    }
  }, 120_000);
  afterAll(() => t?.close(), 60_000);

  it('then hand 1 is seed 003’s win: North pays South 18300', async () => {
    const settled = (await store().readStream(handStream(gameId, 1))).find((e) => e.type === 'HandSettled')!;
    expect(settled.data).toMatchObject({
      winners: [{ seat: 'S', handScore: 6100 }],
      transfers: [{ from: 'N', to: 'S', points: 18300, reason: 'discard win' }],
    });
  });

  it('when a correction’s points do not sum to zero, then 422 correction-not-zero-sum naming the sum, ruling and preview, and nothing is written', async () => {
    const disputeId = await dispute('fixes', 1);
    const before = await untouched('fixes');
    const ruling = {
      kind: 'correction',
      mode: 'adjustment',
      wrong: 'N overpaid',
      points: { S: -300, N: 200 },
    };
    for (const path of ['ruling', 'ruling/preview']) {
      const reply = await t.call('POST', `/api/tournaments/fixes/disputes/${disputeId}/${path}`, {
        ruling,
        reason: 'recount',
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(422);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(reply.body).toMatchObject({ code: 'rejected', rejection: { code: 'correction-not-zero-sum' } });
      expect(reply.body.detail).toMatch(/sum to -100\b/);
    }
    expect(await untouched('fixes')).toEqual(before);
  });

  it('when a correction names a seat not at the table, then 422 bad-correction, ruling and preview, and nothing is written', async () => {
    const disputeId = await dispute('trio', 1);
    const before = await untouched('trio');
    const ruling = {
      kind: 'correction',
      mode: 'adjustment',
      wrong: 'North was paid',
      transfers: [{ from: 'N', to: 'S', points: 300, reason: 'no North at a table of three' }],
    };
    for (const path of ['ruling/preview', 'ruling']) {
      const reply = await t.call('POST', `/api/tournaments/trio/disputes/${disputeId}/${path}`, {
        ruling,
        reason: 'recount',
      });
      expect(reply.status, `${path}: ${JSON.stringify(reply.body)}`).toBe(422);
      expect(reply.headers.get('content-type')).toMatch(/^application\/problem\+json/);
      expect(reply.body).toMatchObject({ code: 'rejected', rejection: { code: 'bad-correction' } });
      expect(reply.body.detail).toContain('N');
    }
    expect(await untouched('trio')).toEqual(before);
  });

  it('when 300 is adjusted on the 18300 win, then the preview shows it, the ruling does it, the win stands and exactly 300 moves', async () => {
    const disputeId = (await ok('GET', '/api/tournaments/fixes')).disputes.find(
      (d: Json) => d.status === 'open' && d.hand === 1,
    ).disputeId;
    const ruling = {
      kind: 'correction',
      mode: 'adjustment',
      wrong: 'North paid 300 too much',
      transfers: [{ from: 'S', to: 'N', points: 300, reason: 'overpaid' }],
    };
    const pointsBefore = await standings('fixes');
    const tableBefore = (await ok('GET', '/api/tournaments/fixes')).rounds[0].tables[0].scores;
    const head = await headOf(store());
    const preview = await ok('POST', `/api/tournaments/fixes/disputes/${disputeId}/ruling/preview`, {
      ruling,
      reason: 'recounted at the table',
    });
    expect(await headOf(store())).toBe(head);
    expect(preview.mode).toBe('adjustment');
    expect(preview.seats).toEqual([
      { seat: 'E', playerId: seatsOf[1]!.E, before: 0, after: 0, delta: 0 },
      { seat: 'S', playerId: seatsOf[1]!.S, before: 18300, after: 18000, delta: -300 },
      { seat: 'W', playerId: seatsOf[1]!.W, before: 0, after: 0, delta: 0 },
      { seat: 'N', playerId: seatsOf[1]!.N, before: -18300, after: -18000, delta: 300 },
    ]);
    expect(preview.event.data).toMatchObject({
      mode: 'adjustment',
      winners: [{ seat: 'S', handScore: 6100 }],
    });

    const ruled = await t.call('POST', `/api/tournaments/fixes/disputes/${disputeId}/ruling`, {
      ruling,
      reason: 'recounted at the table',
    });
    expect(ruled.status, JSON.stringify(ruled.body)).toBe(200);
    const hand = await store().readStream(handStream(gameId, 1));
    const corrected = hand.at(-1)!;
    expect(corrected.type).toBe('SettlementCorrected');
    expect(corrected.data).toEqual(preview.event.data);
    expect(corrected.data).toMatchObject({
      mode: 'adjustment',
      winners: [{ seat: 'S', handScore: 6100, effectiveScore: 6100 }],
      transfers: [{ from: 'S', to: 'N', points: 300, reason: 'overpaid' }],
      previous: [{ from: 'N', to: 'S', points: 18300, reason: 'discard win' }],
      deltas: { S: -300, N: 300 },
    });

    // The win stands: only 300 moved, between South's and North's players.
    const pointsAfter = await standings('fixes');
    expect(difference(pointsBefore, pointsAfter)).toEqual({ [seatsOf[1]!.S!]: -300, [seatsOf[1]!.N!]: 300 });
    expect(pointsOfRows(preview.standings.after)).toEqual(pointsAfter);
    expect(pointsOfRows(preview.standings.before)).toEqual(pointsBefore);
    expect(preview.standings.changed.map((c: Json) => [c.playerId, c.delta.points]).sort()).toEqual(
      [
        [seatsOf[1]!.S, -300],
        [seatsOf[1]!.N, 300],
      ].sort(),
    );

    // The game counts it; the finished table's result follows, with the corrected scores.
    const counted = (await store().readStream(gameStream(gameId))).filter(
      (e) => e.type === 'HandResultCorrected',
    );
    expect(counted.map((e) => e.data)).toEqual([
      expect.objectContaining({ hand: 1, correction: corrected.id, deltas: { S: -300, N: 300 } }),
    ]);
    const tableFixed = (await store().readStream(tournamentStream('fixes'))).filter(
      (e) => e.type === 'TableResultCorrected',
    );
    expect(tableFixed).toHaveLength(1);
    const moved = (scores: Json[]) =>
      Object.fromEntries(
        scores.map((s: Json) => [
          s.playerId,
          s.points + (pointsAfter[s.playerId]! - pointsBefore[s.playerId]!),
        ]),
      );
    expect(tableFixed[0]!.data).toMatchObject({
      round: 1,
      table: 1,
      gameId,
      hand: 1,
      correction: corrected.id,
    });
    expect(byId((tableFixed[0]!.data as Json).previous)).toEqual(byId(tableBefore));
    expect(byId((tableFixed[0]!.data as Json).scores)).toEqual(moved(tableBefore));
    expect(byId((await ok('GET', '/api/tournaments/fixes')).rounds[0].tables[0].scores)).toEqual(
      moved(tableBefore),
    );

    // The audit log: the settlement and the players' points, truly before and after.
    const entries = await auditOf('fixes');
    const entry = entries.find((e: Json) => e.kind === 'correction' && e.event.id === corrected.id);
    expect(entry.settlementBefore).toMatchObject(byPlayer(1, { S: 18300, N: -18300 }));
    expect(entry.settlementAfter).toMatchObject(byPlayer(1, { S: 18000, N: -18000 }));
    expect(entry.correction).toMatchObject({
      mode: 'adjustment',
      seatsBefore: { S: 18300, N: -18300 },
      seatsAfter: { S: 18000, N: -18000 },
      deltas: { S: -300, N: 300 },
    });
    for (const seat of ['S', 'N']) {
      const player = seatsOf[1]![seat]!;
      expect([entry.before[player], entry.after[player]], player).toEqual([
        pointsBefore[player],
        pointsAfter[player],
      ]);
    }
    const table = entries.find((e: Json) => e.kind === 'table-corrected');
    expect(table.table.before).toEqual(byId(tableBefore));
    expect(table.table.after).toEqual(moved(tableBefore));
  });

  it('when hand 2 is replaced, then the preview shows the restated settlement and the ruling restates it whole', async () => {
    const disputeId = await dispute('fixes', 2);
    // West's win on East's tile paid 500 × 3 = 1500; restated as 1000.
    const ruling = {
      kind: 'correction',
      mode: 'replacement',
      wrong: 'the triplet was scored as concealed',
      points: { E: -1000, W: 1000 },
    };
    const pointsBefore = await standings('fixes');
    const preview = await ok('POST', `/api/tournaments/fixes/disputes/${disputeId}/ruling/preview`, {
      ruling,
      reason: 'replayed the hand',
    });
    expect(preview.seats.filter((s: Json) => s.before !== 0 || s.after !== 0)).toEqual([
      { seat: 'E', playerId: seatsOf[2]!.E, before: -1500, after: -1000, delta: 500 },
      { seat: 'W', playerId: seatsOf[2]!.W, before: 1500, after: 1000, delta: -500 },
    ]);
    const ruled = await t.call('POST', `/api/tournaments/fixes/disputes/${disputeId}/ruling`, {
      ruling,
      reason: 'replayed the hand',
    });
    expect(ruled.status, JSON.stringify(ruled.body)).toBe(200);
    const corrected = (await store().readStream(handStream(gameId, 2))).at(-1)!;
    expect(corrected.data).toEqual(preview.event.data);
    expect(corrected.data).toMatchObject({
      mode: 'replacement',
      transfers: [{ from: 'E', to: 'W', points: 1000 }],
      previous: [{ from: 'E', to: 'W', points: 1500, reason: 'discard win' }],
      deltas: { E: 500, W: -500 },
    });
    const pointsAfter = await standings('fixes');
    expect(difference(pointsBefore, pointsAfter)).toEqual(byPlayer(2, { E: 500, W: -500 }));
    expect(pointsOfRows(preview.standings.after)).toEqual(pointsAfter);
    // Both corrections in force: every table score is its start and its two hands as corrected.
    const expected: Record<string, number> = {};
    for (const [hand, seats] of [
      [1, { S: 18000, N: -18000 }],
      [2, { E: -1000, W: 1000 }],
    ] as const)
      for (const [player, n] of Object.entries(byPlayer(hand, seats)))
        expected[player] = (expected[player] ?? 0) + n;
    const scores = (await ok('GET', '/api/tournaments/fixes')).rounds[0].tables[0].scores;
    expect(byId(scores)).toEqual(
      Object.fromEntries(['ana', 'bo', 'cy', 'di'].map((p) => [p, STARTING_POINTS + (expected[p] ?? 0)])),
    );
    const entry = (await auditOf('fixes')).find(
      (e: Json) => e.kind === 'correction' && e.event.id === corrected.id,
    );
    expect(entry.correction).toMatchObject({
      mode: 'replacement',
      seatsBefore: { E: -1500, W: 1500 },
      seatsAfter: { E: -1000, W: 1000 },
    });
  });
});

/** Final scores as player → points. */
const byId = (scores: readonly { playerId: string; points: number }[]): Record<string, number> =>
  Object.fromEntries(scores.map((s) => [s.playerId, s.points]));

/** Standings rows as player → points. */
const pointsOfRows = (rows: readonly { playerId: string; points: number }[]): Record<string, number> =>
  Object.fromEntries(rows.map((r) => [r.playerId, r.points]));
