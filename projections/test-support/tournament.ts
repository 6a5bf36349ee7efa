// A whole tournament written to an event store as the services would write it: the tournament stream's
// events (per the contract), and each table's game and hands played by seeded bots through the deciders; a
// correction as the table service writes it (SettlementCorrected, HandResultCorrected, TableResultCorrected).
// Test support.
import { type CorrectSettlement, decideCorrection } from '../../domain/play/correction/index.ts';
import type { PlayEvent } from '../../domain/play/events.ts';
import { handResultOf } from '../../domain/play/game/from-hand.ts';
import {
  decide as decideGame,
  evolve as evolveGame,
  type GameCommand,
  type GameEvent,
  type GameState,
  initialGameState,
  seatWindsOf,
} from '../../domain/play/game/index.ts';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { parseEvent } from '../../domain/play/parse.ts';
import { rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { SEATS, type Seat } from '../../domain/rules/seats.ts';
import type { EventStore, NewEvent } from '../../services/eventstore/port.ts';
import { parseGameEvent } from '../../services/play/table.ts';
import { playBotHand } from './bot-hand.ts';

export interface TournamentPlan {
  readonly tournamentId: string;
  readonly seed: string;
  /** 8 by default: two tables of four. */
  readonly players?: number;
  readonly rounds?: number;
  readonly handsPerGame?: number;
  readonly scoring?: { kind: 'points' } | { kind: 'table-points'; values: number[] };
  /**
   * Penalties (one cancelled), a dispute ruled with a correction (a replacement) and a referee's adjustment of
   * another hand, extra time: after round 1.
   */
  readonly referee?: boolean;
}

const T0 = Date.parse('2026-03-01T09:00:00.000Z');
const RULESET = rulesetOf('hu-mahjong', { players: 4 });

export const playerIds = (n: number): string[] => Array.from({ length: n }, (_, i) => `p${i + 1}`);

/** Round r's tables: players in a different order each round so that opponents change. */
export function seatingOf(players: readonly string[], round: number): string[][] {
  const step = [1, 3, 5, 7][(round - 1) % 4]!;
  const order = players.map((_, i) => players[(i * step + round - 1) % players.length]!);
  const tables: string[][] = [];
  for (let i = 0; i < order.length; i += 4) tables.push(order.slice(i, i + 4));
  return tables;
}

export async function writeTournament(store: EventStore, plan: TournamentPlan): Promise<void> {
  const { tournamentId, seed } = plan;
  const players = playerIds(plan.players ?? 8);
  const rounds = plan.rounds ?? 2;
  const stream = `tournament-${tournamentId}`;
  let minute = 0;
  let sequence = 0;
  const at = (): string => new Date(T0 + minute * 60_000).toISOString();
  const tournament = (type: string, data: unknown, role = 'organizer') =>
    append(store, stream, [{ type, data }], { role, id: `${role}-1` }, at(), `${tournamentId}:${sequence++}`);

  await tournament('TournamentCreated', {
    tournamentId,
    name: `Open ${tournamentId}`,
    ruleset: RULESET,
    scoring: plan.scoring ?? { kind: 'points' },
    seed,
    createdBy: { role: 'organizer', id: 'organizer-1' },
  });
  for (const p of players) await tournament('PlayerRegistered', { playerId: p, name: `Player ${p}` });

  for (let round = 1; round <= rounds; round++) {
    const tables = seatingOf(players, round).map((seated, i) => ({
      table: i + 1,
      gameId: `${tournamentId}-r${round}-t${i + 1}`,
      seats: Object.fromEntries(seated.map((p, k) => [SEATS[k]!, p])),
      ruleset: RULESET,
    }));
    const end = { kind: 'hands', count: plan.handsPerGame ?? 2 } as const;
    await tournament('RoundScheduled', { round, method: 'random', end, minutes: 90 });
    await tournament('RoundSeated', {
      round,
      method: 'random',
      seed: `${seed}:r${round}`,
      tables,
      substitutes: [],
      cost: { repeatPairs: 0, consecutiveRepeats: 0, windImbalance: 0 },
    });
    await tournament('RoundStarted', { round, endsAt: new Date(T0 + (minute + 90) * 60_000).toISOString() });
    const finals = new Map<string, { playerId: string; points: number }[]>();
    for (const t of tables) {
      const scores = await playGame(store, {
        gameId: t.gameId,
        tournamentId,
        seats: t.seats as Record<Seat, string>,
        hands: end.count,
        seed: `${seed}:${t.gameId}`,
        at: at(),
      });
      minute += 30;
      finals.set(t.gameId, scores);
      await tournament('TableFinished', { round, table: t.table, gameId: t.gameId, scores }, 'system');
    }
    if (plan.referee === true && round === 1) {
      const gameId = tables[0]!.gameId;
      await tournament('TableTimeExtended', { round, table: 2, minutes: 5, reason: 'late start' }, 'referee');
      await tournament(
        'PlayerPenalised',
        { penaltyId: 'pen-1', playerId: 'p1', points: 500, reason: 'slow play', round },
        'referee',
      );
      await tournament(
        'PlayerPenalised',
        { penaltyId: 'pen-2', playerId: 'p2', points: 300, reason: 'talking', gameId },
        'referee',
      );
      await tournament('PenaltyCancelled', { penaltyId: 'pen-2', reason: 'misheard' }, 'referee');
      await tournament(
        'DisputeOpened',
        { disputeId: 'd-1', gameId, hand: 1, reason: 'wrong fan count' },
        'referee',
      );
      const ruled = {
        kind: 'correction',
        mode: 'replacement',
        wrong: 'the settlement missed a fan',
        transfers: [{ from: 'S', to: 'E', points: 1000, reason: 'ruling: the hand as it stood' }],
      } as const;
      await tournament(
        'DisputeRuled',
        { disputeId: 'd-1', ruling: ruled, reason: 'the referee recounted' },
        'referee',
      );
      // The service carries the ruling out in the hand stream, and the game and the table count it; then a
      // referee adjusts hand 2 of the same game (an undeclared flower, say).
      const corrections: [number, CorrectSettlement][] = [
        [
          1,
          {
            type: 'CorrectSettlement',
            mode: 'replacement',
            change: { kind: 'transfers', transfers: ruled.transfers },
            wrong: ruled.wrong,
            reason: 'the referee recounted',
            correctedBy: { role: 'referee', id: 'referee-1' },
          },
        ],
        [
          2,
          {
            type: 'CorrectSettlement',
            mode: 'adjustment',
            change: { kind: 'transfers', transfers: [{ from: 'N', to: 'W', points: 200, reason: 'flower' }] },
            wrong: 'a flower was not paid',
            reason: 'the referee saw it',
            correctedBy: { role: 'referee', id: 'referee-1' },
          },
        ],
      ];
      for (const [hand, command] of corrections) {
        const key = `${tournamentId}:${sequence++}`;
        const { correction, scores } = await correctHand(store, gameId, hand, command, at(), key);
        const previous = finals.get(gameId)!;
        finals.set(gameId, scores);
        await tournament(
          'TableResultCorrected',
          { round, table: 1, gameId, hand, correction, previous, scores },
          'system',
        );
      }
      await tournament(
        'DisputeOpened',
        { disputeId: 'd-2', gameId, hand: 2, reason: 'penalty asked' },
        'referee',
      );
      await tournament(
        'DisputeRuled',
        {
          disputeId: 'd-2',
          ruling: { kind: 'penalty', penaltyId: 'pen-3', playerId: 'p3', points: 200 },
          reason: 'a faulty declaration',
        },
        'referee',
      );
    }
    await tournament('RoundClosed', { round, unfinished: [] });
  }
  await tournament('TournamentFinished', {});
}

interface GamePlan {
  readonly gameId: string;
  readonly tournamentId: string | null;
  readonly seats: Partial<Record<Seat, string>>;
  readonly hands: number;
  readonly seed: string;
  readonly at: string;
}

/** Plays one table's game to its end; answers the final scores. */
export async function playGame(
  store: EventStore,
  plan: GamePlan,
): Promise<{ playerId: string; points: number }[]> {
  const { gameId } = plan;
  let game: GameState = initialGameState;
  let time = Date.parse(plan.at);
  const runGame = async (command: GameCommand): Promise<readonly GameEvent[]> => {
    const decision = decideGame(command, game);
    if ('rejection' in decision) throw new Error(`${command.type} refused: ${decision.rejection.message}`);
    for (const e of decision.events) game = evolveGame(game, e);
    await append(
      store,
      gameStream(gameId),
      decision.events,
      { role: 'system', id: 'table-service' },
      command.at,
      `${gameId}:${game.hands}:${command.type}`,
    );
    return decision.events;
  };
  const seated = SEATS.filter((s) => plan.seats[s] !== undefined);
  await runGame({
    type: 'StartGame',
    gameId,
    tournamentId: plan.tournamentId,
    ruleset: RULESET,
    players: seated.map((seat) => ({ playerId: plan.seats[seat]!, seat })),
    end: { kind: 'hands', count: plan.hands },
    at: new Date(time).toISOString(),
  });
  while (game.phase === 'playing') {
    const n = game.hands + 1;
    const decisions = playBotHand(
      {
        type: 'StartHand',
        gameId,
        hand: n,
        ruleset: RULESET,
        prevalentWind: game.deal.prevalentWind,
        seatWinds: seatWindsOf(game.players, game.deal.dealer),
        repeats: game.deal.repeats,
        wall: { source: 'seed', seed: `${plan.seed}:${n}` },
        at: new Date(time).toISOString(),
      },
      `${plan.seed}:${n}`,
    );
    const events: PlayEvent[] = [];
    for (const [i, d] of decisions.entries()) {
      const actor =
        d.seat === undefined ? { role: 'system', id: 'table-service' } : { role: 'player', seat: d.seat };
      await append(store, handStream(gameId, n), d.events, actor, d.at, `${gameId}:${n}:${i}`);
      events.push(...d.events);
    }
    const last = decisions.at(-1)!.at;
    time = Date.parse(last) + 60_000;
    const result = handResultOf(n, events, last);
    if (result === undefined) throw new Error(`hand ${n} of ${gameId} did not end`);
    await runGame(result);
  }
  return Object.entries(game.scores).map(([playerId, points]) => ({ playerId, points }));
}

/**
 * A settled hand corrected as the table service does it: SettlementCorrected in the hand stream (decided on
 * the stream as stored), then HandResultCorrected in the game stream. Answers the correction's event id and
 * the game's scores after it.
 */
export async function correctHand(
  store: EventStore,
  gameId: string,
  hand: number,
  command: CorrectSettlement,
  at: string,
  correlationId: string,
): Promise<{ correction: string; scores: { playerId: string; points: number }[] }> {
  const stream = handStream(gameId, hand);
  const stored = await store.readStream(stream);
  const events = stored.map((e) =>
    parseEvent({ type: e.type, schemaVersion: e.schemaVersion, data: e.data }),
  );
  const decision = decideCorrection(
    command,
    events,
    stored.map((e) => e.id),
  );
  if ('rejection' in decision) throw new Error(`correction refused: ${decision.rejection.message}`);
  await append(store, stream, [decision.event], command.correctedBy, at, `${correlationId}:hand`);
  const correction = (await store.readStream(stream)).at(-1)!.id;
  const first = events[0];
  const seatWinds = first?.type === 'HandStarted' ? first.data.seatWinds : {};
  let game: GameState = initialGameState;
  for (const e of await store.readStream(gameStream(gameId)))
    game = evolveGame(game, parseGameEvent({ type: e.type, schemaVersion: e.schemaVersion, data: e.data }));
  const counted = decideGame(
    {
      type: 'CorrectHandResult',
      hand,
      correction,
      seatWinds,
      deltas: decision.event.data.deltas ?? {},
      at,
    },
    game,
  );
  if ('rejection' in counted) throw new Error(`the game refused: ${counted.rejection.message}`);
  await append(
    store,
    gameStream(gameId),
    counted.events,
    { role: 'system', id: 'table-service' },
    at,
    `${correlationId}:game`,
  );
  const recorded = counted.events[0]!;
  if (recorded.type !== 'HandResultCorrected') throw new Error(`the game wrote ${recorded.type}`);
  return { correction, scores: recorded.data.scores.map((s) => ({ ...s })) };
}

async function append(
  store: EventStore,
  stream: string,
  events: readonly { type: string; schemaVersion?: number; data: unknown }[],
  actor: Record<string, unknown>,
  at: string,
  correlationId: string,
): Promise<void> {
  const toStore: NewEvent[] = events.map((e, i) => ({
    type: e.type,
    schemaVersion: e.schemaVersion ?? 1,
    data: e.data,
    metadata: { actor, at, correlationId },
    id: `${correlationId}:${i}`,
  }));
  await store.append(stream, toStore, 'any');
}
