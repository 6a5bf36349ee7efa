// One effective result per hand (DESIGN.md "Events"): a tournament played by bots through the platform on a
// real store, its hands corrected — adjustments and replacements, on finished games, on a game still playing,
// through a ruling, after the tournament finished, one naming another winner — then every view of the result
// is held to a sum computed here straight from the stored events, apart from every projection and service:
// the standings' points, table points and places, the players' histories (points, places, hands won), the
// tables board, the tournament aggregate's table scores and the game streams' final scores. A rebuild from
// position 0 gives the same rows. SQLite always; PostgreSQL too when DATABASE_URL is set.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CorrectSettlement } from '../../domain/play/correction/index.ts';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import type { TournamentCommand } from '../../domain/tournament/index.ts';
import {
  ALL_PROJECTIONS,
  boardOf,
  createRunner,
  historyOf,
  openReadModels,
  type ReadModels,
  standingsOf,
} from '../../projections/index.ts';
import { dump } from '../../projections/test-support/read-models.ts';
import { createBot } from '../../services/bots/index.ts';
import type { EventStore, StoredEvent } from '../../services/eventstore/port.ts';
import { openPostgresEventStore } from '../../services/eventstore/postgres.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { createPlatform, type Platform } from '../../services/platform.ts';
import { playTableWithBots } from '../../services/tables/bot-seats.ts';
import { postgresUrl } from '../support/services.ts';

const T = 'agree';
const PLAYERS = 8;
const VALUES = [4, 2, 1, 0];
const ORGANIZER = { role: 'organizer', id: 'org-1' } as const;
const REFEREE = { role: 'referee', id: 'ref-1' } as const;
const SEATS = ['E', 'S', 'W', 'N'] as const;
type Seat = (typeof SEATS)[number];

interface Transfer {
  readonly from: Seat;
  readonly to: Seat;
  readonly points: number;
}

// ---------------------------------------------------------------------------------------------------------
// The stores

interface Stores {
  readonly store: EventStore;
  /** A fresh read-model database. */
  readModels(name: string): Promise<ReadModels>;
  close(): Promise<void>;
}

interface Engine {
  readonly name: string;
  open(): Promise<Stores>;
}

const sqlite: Engine = {
  name: 'SQLite',
  async open() {
    const dir = mkdtempSync(join(tmpdir(), 'read-models-agree-'));
    const store = openSqliteEventStore(join(dir, 'events.db'));
    const opened: ReadModels[] = [];
    return {
      store,
      async readModels(name) {
        const db = await openReadModels({ kind: 'sqlite', file: join(dir, `${name}.db`) });
        opened.push(db);
        return db;
      },
      async close() {
        for (const db of opened) await db.destroy();
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
};

const url = await postgresUrl();
const postgres: Engine | undefined =
  url === undefined
    ? undefined
    : {
        name: 'PostgreSQL',
        async open() {
          const prefix = `agree_${process.pid}_${Date.now().toString(36)}`;
          const schemas = [`${prefix}_events`];
          const store = await openPostgresEventStore(url, { schema: schemas[0]!, pollIntervalMs: 100 });
          const opened: ReadModels[] = [];
          return {
            store,
            async readModels(name) {
              const schema = `${prefix}_${name.replaceAll('-', '_')}`;
              schemas.push(schema);
              const db = await openReadModels({ kind: 'postgres', url, schema });
              opened.push(db);
              return db;
            },
            async close() {
              for (const db of opened) await db.destroy();
              await store.close();
              const admin = new pg.Client({ connectionString: url });
              await admin.connect();
              for (const schema of schemas) await admin.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
              await admin.end();
            },
          };
        },
      };

// ---------------------------------------------------------------------------------------------------------
// The tournament, played and corrected through the platform

interface Played {
  /** Game ids by round, in table order. */
  readonly games: readonly (readonly string[])[];
  /** Corrections appended, by mode. */
  readonly corrections: { adjustment: number; replacement: number };
}

async function playTournament(store: EventStore): Promise<Played> {
  let step = 0;
  const ids = () => ({ commandId: `agree-${++step}`, correlationId: T });
  // Set once a game records its first hand: the game still plays when that hand is corrected.
  let watch: { gameId: string; recorded: boolean } | undefined;
  const platform: Platform = createPlatform(store, {
    deadlines: false,
    onAppended: (events) => {
      for (const e of events)
        if (watch !== undefined && e.stream === gameStream(watch.gameId) && e.type === 'HandRecorded')
          watch.recorded = true;
    },
  });
  const corrections = { adjustment: 0, replacement: 0 };
  const at = () => platform.now();
  const organize = async (command: TournamentCommand, by: typeof ORGANIZER | typeof REFEREE = ORGANIZER) => {
    const outcome = await platform.tournaments.command(T, command, by, ids());
    if (outcome.status === 'rejected') throw new Error(`${command.type}: ${outcome.rejection.message}`);
  };
  const correct = async (
    gameId: string,
    hand: number,
    command: Omit<CorrectSettlement, 'type' | 'correctedBy'>,
  ) => {
    const outcome = await platform.tables.correctHand(
      gameId,
      hand,
      { type: 'CorrectSettlement', ...command, correctedBy: REFEREE },
      REFEREE,
      ids(),
    );
    if (outcome.status === 'rejected')
      throw new Error(`${gameId} hand ${hand}: ${outcome.rejection.message}`);
    corrections[command.mode]++;
  };
  const play = (gameId: string, stopped?: () => boolean) =>
    playTableWithBots(platform.tables, gameId, {
      botOf: (id) => createBot(`agree:${id}`),
      ...(stopped === undefined ? {} : { stopped }),
    });
  const seatRound = async (round: number): Promise<string[]> => {
    await organize({
      type: 'ScheduleRound',
      round,
      method: 'random',
      end: { kind: 'hands', count: 2 },
      minutes: 60,
      at: at(),
      by: ORGANIZER,
    });
    await organize({ type: 'SeatRound', round, method: { kind: 'random' }, at: at(), by: ORGANIZER });
    await organize({ type: 'StartRound', round, at: at(), by: ORGANIZER });
    const { state } = await platform.tournaments.current(T);
    return state.rounds[round - 1]!.tables.map((t) => t.gameId);
  };

  try {
    await organize({
      type: 'CreateTournament',
      tournamentId: T,
      name: 'Read models agree',
      ruleset: rulesetOf('hu-mahjong', {}),
      scoring: { kind: 'table-points', values: VALUES },
      seed: 'agree-seed',
      at: at(),
      by: ORGANIZER,
    });
    for (let n = 1; n <= PLAYERS; n++)
      await organize({ type: 'RegisterPlayer', playerId: `p${n}`, name: `P ${n}`, at: at(), by: ORGANIZER });

    // Round 1: played to its end, closed; then its finished tables' hands are corrected.
    const round1 = await seatRound(1);
    for (const gameId of round1) await play(gameId);
    await organize({ type: 'CloseRound', round: 1, at: at(), by: ORGANIZER });
    const [r1t1, r1t2] = round1 as [string, string];
    // Two adjustments of one hand, stacked: one by transfers, one by points per seat.
    await correct(r1t1, 1, {
      mode: 'adjustment',
      change: {
        kind: 'transfers',
        transfers: [{ from: 'S', to: 'E', points: 500, reason: 'a flower unpaid' }],
      },
      wrong: 'a flower was not paid',
      reason: 'the referee saw it',
    });
    await correct(r1t1, 1, {
      mode: 'adjustment',
      change: { kind: 'points', points: { W: 300, N: -300 } },
      wrong: 'a kong was not paid',
      reason: 'the referee saw it',
    });
    // A replacement that names another winner (a ruling that the win was someone else's).
    const { hand: ruled, winner } = await handToRuleOn(store, r1t2);
    const newWinner = SEATS.find((s) => s !== winner)!;
    await correct(r1t2, ruled, {
      mode: 'replacement',
      change: {
        kind: 'transfers',
        transfers: SEATS.filter((s) => s !== newWinner).map((from) => ({
          from,
          to: newWinner,
          points: 800,
          reason: `${newWinner} won`,
        })),
      },
      winners: [{ seat: newWinner, handScore: 800, effectiveScore: 800 }],
      wrong: `${winner ?? 'nobody'} was named the winner`,
      reason: `${newWinner} declared first`,
    });
    // A dispute ruled with an adjustment, carried out as the API carries it out: the ruling on record, then
    // SettlementCorrected through the table. The ruling must not count a second time.
    const other = ruled === 1 ? 2 : 1;
    const transfers = [{ from: 'E', to: 'W', points: 200, reason: 'ruling: a fan missed' }] as const;
    await organize(
      {
        type: 'OpenDispute',
        disputeId: 'd-1',
        gameId: r1t2,
        hand: other,
        reason: 'a fan missed',
        at: at(),
        by: REFEREE,
      },
      REFEREE,
    );
    await organize(
      {
        type: 'RuleDispute',
        disputeId: 'd-1',
        ruling: {
          kind: 'correction',
          mode: 'adjustment',
          wrong: 'a fan was missed',
          transfers: [...transfers],
        },
        reason: 'the referee recounted',
        at: at(),
        by: REFEREE,
      },
      REFEREE,
    );
    await correct(r1t2, other, {
      mode: 'adjustment',
      change: { kind: 'transfers', transfers: [...transfers] },
      wrong: 'a fan was missed',
      reason: 'the referee recounted',
    });
    // Tournament penalties: one stands, one is cancelled.
    await organize(
      {
        type: 'PenalisePlayer',
        penaltyId: 'pen-1',
        playerId: 'p3',
        points: 1000,
        reason: 'slow play',
        at: at(),
        by: REFEREE,
      },
      REFEREE,
    );
    await organize(
      {
        type: 'PenalisePlayer',
        penaltyId: 'pen-2',
        playerId: 'p5',
        points: 700,
        reason: 'talking',
        at: at(),
        by: REFEREE,
      },
      REFEREE,
    );
    await organize(
      { type: 'CancelPenalty', penaltyId: 'pen-2', reason: 'misheard', at: at(), by: REFEREE },
      REFEREE,
    );

    // Round 2: one table's first hand corrected while its game still plays; the other corrected once over.
    const round2 = await seatRound(2);
    const [r2t1, r2t2] = round2 as [string, string];
    watch = { gameId: r2t1, recorded: false };
    const live = watch;
    await play(r2t1, () => live.recorded);
    const { game } = await platform.tables.snapshot(r2t1);
    expect(game.state.phase).toBe('playing');
    expect(game.state.hands).toBe(1);
    await correct(r2t1, 1, {
      mode: 'adjustment',
      change: {
        kind: 'transfers',
        transfers: [{ from: 'N', to: 'S', points: 400, reason: 'a chase unpaid' }],
      },
      wrong: 'a chase was not paid',
      reason: 'the referee saw it',
    });
    await play(r2t1);
    await play(r2t2);
    await correct(r2t2, 2, {
      mode: 'replacement',
      change: { kind: 'points', points: { E: 900, S: -300, W: -300, N: -300 } },
      wrong: 'the hand was scored as a draw',
      reason: 'E had won',
    });
    await organize({ type: 'CloseRound', round: 2, at: at(), by: ORGANIZER });
    await organize({ type: 'FinishTournament', at: at(), by: ORGANIZER });
    // What was set in motion before the end still lands: a correction after the tournament finished.
    await correct(r2t1, 2, {
      mode: 'adjustment',
      change: {
        kind: 'transfers',
        transfers: [{ from: 'W', to: 'N', points: 100, reason: 'a flower unpaid' }],
      },
      wrong: 'a flower was not paid',
      reason: 'found on review',
    });
    return { games: [round1, round2], corrections };
  } finally {
    platform.close();
  }
}

/** A hand of the game whose settlement names a winner (the first settled one when none does). */
async function handToRuleOn(store: EventStore, gameId: string): Promise<{ hand: number; winner?: Seat }> {
  let first: number | undefined;
  for (let hand = 1; ; hand++) {
    const events = await store.readStream(handStream(gameId, hand));
    if (events.length === 0) break;
    const settled = events.find((e) => e.type === 'HandSettled');
    if (settled === undefined) continue;
    first ??= hand;
    const [winner] = (settled.data as { winners: { seat: Seat }[] }).winners;
    if (winner !== undefined) return { hand, winner: winner.seat };
  }
  if (first === undefined) throw new Error(`${gameId} has no settled hand`);
  return { hand: first };
}

// ---------------------------------------------------------------------------------------------------------
// The independent sum: every stream read from the store, folded here by its own small loops

interface Expected {
  /** Tournament points: every hand's points in force, less the penalties that stand. */
  readonly points: Map<string, number>;
  /** Per game: each player's final score (starting points and every hand's points in force). */
  readonly finals: Map<string, Map<string, number>>;
  /** Per game: hands whose settlement in force names the player a winner. */
  readonly handsWon: Map<string, Map<string, number>>;
  /** Per game: WinDeclared counted per player (what the history counted before). */
  readonly declared: Map<string, Map<string, number>>;
  /** The game streams' own final scores: GameFinished, then each HandResultCorrected after it. */
  readonly gameFinals: Map<string, Map<string, number>>;
  readonly types: Map<string, number>;
}

async function everyStream(store: EventStore): Promise<Map<string, StoredEvent[]>> {
  const names = new Set<string>();
  for (let after = 0n; ; ) {
    const page = await store.readAll({ after, limit: 2000 });
    if (page.length === 0) break;
    for (const e of page) names.add(e.stream);
    after = page.at(-1)!.position;
  }
  const streams = new Map<string, StoredEvent[]>();
  for (const name of [...names].sort()) streams.set(name, await store.readStream(name));
  return streams;
}

const bump = (map: Map<string, number>, key: string, by: number) => map.set(key, (map.get(key) ?? 0) + by);
const within = <K, V>(map: Map<K, V>, key: K, fresh: () => V): V => {
  if (!map.has(key)) map.set(key, fresh());
  return map.get(key)!;
};

async function expectedFromStore(store: EventStore): Promise<Expected> {
  const streams = await everyStream(store);
  const points = new Map<string, number>();
  const finals = new Map<string, Map<string, number>>();
  const handsWon = new Map<string, Map<string, number>>();
  const declared = new Map<string, Map<string, number>>();
  const gameFinals = new Map<string, Map<string, number>>();
  const types = new Map<string, number>();
  for (const events of streams.values()) for (const e of events) bump(types, e.type, 1);

  for (const [name, events] of streams) {
    const game = /^game-(.+)$/.exec(name);
    if (game === null) continue;
    const started = events.find((e) => e.type === 'GameStarted')!.data as {
      tournamentId: string | null;
      startingPoints: number;
      players: { playerId: string }[];
    };
    if (started.tournamentId !== T) continue;
    const gameId = game[1]!;
    const final = within(finals, gameId, () => new Map());
    for (const { playerId } of started.players) {
      final.set(playerId, started.startingPoints);
      within(handsWon, gameId, () => new Map()).set(playerId, 0);
      within(declared, gameId, () => new Map()).set(playerId, 0);
    }
    let scores: { playerId: string; points: number }[] | undefined;
    for (const e of events) {
      const data = e.data as { scores?: { playerId: string; points: number }[] };
      if (e.type === 'GameFinished' || (e.type === 'HandResultCorrected' && scores !== undefined))
        scores = data.scores;
    }
    if (scores !== undefined) gameFinals.set(gameId, new Map(scores.map((s) => [s.playerId, s.points])));
  }

  for (const [name, events] of streams) {
    const hand = /^hand-(.+)-(\d+)$/.exec(name);
    if (hand === null || !finals.has(hand[1]!)) continue;
    const gameId = hand[1]!;
    let seatWinds: Partial<Record<Seat, string>> = {};
    let settlement: Transfer[] = [];
    let winners: Seat[] = [];
    const paidNow: Transfer[] = [];
    for (const e of events) {
      const data = e.data as {
        seatWinds?: Partial<Record<Seat, string>>;
        transfers?: Transfer[];
        winners?: { seat: Seat }[];
        mode?: 'adjustment' | 'replacement';
        settled?: 'now' | 'with-hand';
        seat?: Seat;
      };
      switch (e.type) {
        case 'HandStarted':
        case 'HandResultEntered':
          seatWinds = data.seatWinds!;
          break;
        case 'HandSettled':
          settlement = [...data.transfers!];
          winners = data.winners!.map((w) => w.seat);
          break;
        case 'SettlementCorrected': {
          // Version 1 had no mode: it replaced.
          const mode = e.schemaVersion === 1 ? 'replacement' : data.mode;
          settlement = mode === 'adjustment' ? [...settlement, ...data.transfers!] : [...data.transfers!];
          winners = data.winners!.map((w) => w.seat);
          break;
        }
        case 'ImmediatePayment':
          paidNow.push(...data.transfers!);
          break;
        case 'PenaltyAssessed':
          if (data.settled === 'now') paidNow.push(...data.transfers!);
          break;
        case 'WinDeclared':
          bump(declared.get(gameId)!, seatWinds[data.seat!]!, 1);
          break;
      }
    }
    for (const t of [...settlement, ...paidNow]) {
      for (const [seat, sign] of [
        [t.from, -1],
        [t.to, 1],
      ] as const) {
        const player = seatWinds[seat]!;
        bump(points, player, sign * t.points);
        bump(finals.get(gameId)!, player, sign * t.points);
      }
    }
    for (const seat of winners) bump(handsWon.get(gameId)!, seatWinds[seat]!, 1);
  }

  const penalties = new Map<string, { playerId: string; points: number; cancelled: boolean }>();
  for (const e of streams.get(`tournament-${T}`) ?? []) {
    const data = e.data as {
      penaltyId: string;
      playerId: string;
      points: number;
      ruling?: { kind: string; penaltyId: string; playerId: string; points: number };
    };
    if (e.type === 'PlayerPenalised') penalties.set(data.penaltyId, { ...data, cancelled: false });
    if (e.type === 'PenaltyCancelled') penalties.get(data.penaltyId)!.cancelled = true;
    if (e.type === 'DisputeRuled' && data.ruling?.kind === 'penalty')
      penalties.set(data.ruling.penaltyId, { ...data.ruling, cancelled: false });
    if (e.type === 'DisputeRuled' && data.ruling?.kind === 'void-and-redeal')
      throw new Error('this test sums no voided hand');
  }
  for (const p of penalties.values()) if (!p.cancelled) bump(points, p.playerId, -p.points);
  return { points, finals, handsWon, declared, gameFinals, types };
}

/** Places by points, most first, equal points sharing a place (1, 2, 2, 4). */
const placesOf = (scores: Map<string, number>): Map<string, number> =>
  new Map([...scores].map(([p, s]) => [p, 1 + [...scores.values()].filter((o) => o > s).length]));

/** Table points by place, tied places sharing the sum of their values equally. */
function tablePointsOf(scores: Map<string, number>): Map<string, number> {
  const places = placesOf(scores);
  return new Map(
    [...places].map(([p, place]) => {
      const tied = [...places.values()].filter((q) => q === place).length;
      const sum = VALUES.slice(place - 1, place - 1 + tied).reduce((a, b) => a + b, 0);
      return [p, sum / tied];
    }),
  );
}

const asObject = (map: Map<string, number> | undefined) => Object.fromEntries([...(map ?? [])].sort());
const scoresObject = (scores: readonly { playerId: string; points: number }[] | undefined) =>
  Object.fromEntries((scores ?? []).map((s) => [s.playerId, s.points]).sort());

// ---------------------------------------------------------------------------------------------------------

describe.each([sqlite, ...(postgres === undefined ? [] : [postgres])])('read models on $name', (engine) => {
  let stores: Stores;
  let played: Played;
  let expected: Expected;
  let db: ReadModels;
  const players = Array.from({ length: PLAYERS }, (_, i) => `p${i + 1}`);

  beforeAll(async () => {
    stores = await engine.open();
    played = await playTournament(stores.store);
    expected = await expectedFromStore(stores.store);
    db = await stores.readModels('read-models');
    const runner = createRunner({
      db,
      readAll: ({ after, limit }) => stores.store.readAll({ after, limit }),
      projections: ALL_PROJECTIONS,
      batchSize: 500,
    });
    await runner.catchUp();
  }, 240_000);

  afterAll(async () => {
    await stores?.close();
  });

  it('the tournament holds what is to be checked: both modes, on finished and playing games, a ruling, a winner changed', () => {
    expect(played.corrections).toEqual({ adjustment: 5, replacement: 2 });
    expect(expected.types.get('SettlementCorrected')).toBe(7);
    expect(expected.types.get('HandResultCorrected')).toBe(7);
    // Round 1's two tables twice each, round 2's second table once and its first after the tournament
    // finished: a correction while the game plays moves no table result.
    expect(expected.types.get('TableResultCorrected')).toBe(6);
    expect(expected.types.get('DisputeRuled')).toBe(1);
    // The winner changed: counting WinDeclared would give another answer than the settlement in force.
    const [, r1t2] = played.games[0]!;
    expect(asObject(expected.handsWon.get(r1t2!))).not.toEqual(asObject(expected.declared.get(r1t2!)));
    expect(expected.finals.size).toBe(4);
  });

  it('the game streams’ final scores and the tournament aggregate’s table scores equal the independent sum', async () => {
    const platform = createPlatform(stores.store, { deadlines: false });
    try {
      const { state } = await platform.tournaments.current(T);
      const tables = state.rounds.flatMap((r) => r.tables);
      expect(tables).toHaveLength(4);
      for (const table of tables) {
        expect(asObject(expected.gameFinals.get(table.gameId)), table.gameId).toEqual(
          asObject(expected.finals.get(table.gameId)),
        );
        expect(scoresObject(table.scores), table.gameId).toEqual(asObject(expected.finals.get(table.gameId)));
      }
    } finally {
      platform.close();
    }
  });

  it('standings: every player’s points, table points and place equal the independent sum', async () => {
    const rows = await standingsOf(db, T);
    expect(rows.map((r) => r.playerId).sort()).toEqual(players);
    const tablePoints = new Map<string, number>();
    for (const final of expected.finals.values())
      for (const [p, tp] of tablePointsOf(final)) bump(tablePoints, p, tp);
    for (const row of rows) {
      expect(row.points, row.playerId).toBe(expected.points.get(row.playerId) ?? 0);
      expect(row.tablePoints, row.playerId).toBe(tablePoints.get(row.playerId) ?? 0);
      expect(row.games, row.playerId).toBe(2);
    }
    // Places: table points first, then points; equal on both share a place.
    for (const row of rows) {
      const ahead = rows.filter(
        (o) =>
          tablePoints.get(o.playerId)! > tablePoints.get(row.playerId)! ||
          (tablePoints.get(o.playerId) === tablePoints.get(row.playerId) &&
            expected.points.get(o.playerId)! > expected.points.get(row.playerId)!),
      );
      expect(row.place, row.playerId).toBe(1 + ahead.length);
    }
  });

  it('history: each game’s points, place and hands won, and their sum over games, equal the independent sum', async () => {
    for (const player of players) {
      const rows = await historyOf(db, player);
      expect(rows).toHaveLength(2);
      let sum = 0;
      let expectedSum = 0;
      for (const row of rows) {
        const final = expected.finals.get(row.gameId)!;
        expect(row.points, `${player} ${row.gameId}`).toBe(final.get(player));
        expect(row.place, `${player} ${row.gameId}`).toBe(placesOf(final).get(player));
        expect(row.handsWon, `${player} ${row.gameId}`).toBe(expected.handsWon.get(row.gameId)!.get(player));
        expect(row.finished).toBe(true);
        sum += row.points;
        expectedSum += final.get(player)!;
      }
      expect(sum, player).toBe(expectedSum);
    }
  });

  it('the tables board: each table of the last round shows the corrected final scores', async () => {
    const board = await boardOf(db, T);
    expect(board?.round).toBe(2);
    expect(board?.tables).toHaveLength(2);
    for (const table of board!.tables) {
      expect(table.phase).toBe('finished');
      expect(asObject(new Map(Object.entries(table.points))), table.gameId).toEqual(
        asObject(expected.finals.get(table.gameId)),
      );
    }
  });

  it('a rebuild from position 0, and a build in small batches, give the same rows', async () => {
    const before = await dump(db);
    expect(before).toContain('"standings"');
    const runner = createRunner({
      db,
      readAll: ({ after, limit }) => stores.store.readAll({ after, limit }),
      projections: ALL_PROJECTIONS,
      batchSize: 500,
    });
    for (const p of ALL_PROJECTIONS) await runner.rebuild(p.name);
    expect(await dump(db)).toBe(before);
    const small = await stores.readModels('small-batches');
    await createRunner({
      db: small,
      readAll: ({ after, limit }) => stores.store.readAll({ after, limit }),
      projections: ALL_PROJECTIONS,
      batchSize: 37,
    }).catchUp();
    expect(await dump(small)).toBe(before);
  }, 120_000);
});
