// The game aggregate's decider: a command and the state folded so far give the events that follow, or a
// rejection naming the rule that refused.
import type { PresetId } from '../../rules/rulesets/index.ts';
import { type PlayerCount, SEATS, type Seat, seatsInPlay } from '../../rules/seats.ts';
import { HU_MAHJONG_STARTING_POINTS } from '../../rules/settlement/hu-mahjong.ts';
import { collectKitty, drawnHandKitty, KITTY_STAKE } from '../../rules/settlement/table-law/kitty.ts';
import { firstRepeat, seatsProblem } from '../fields.ts';
import type { GameFinished } from '../game-events.ts';
import type { CorrectHandResult, GameEnd, RecordHandResult, StartGame, StopGame } from './commands.ts';
import type { GameEvent, HandRecorded } from './events.ts';
import { GAME_RULES, type GameRejection, rejectGame } from './rejection.ts';
import { nextDealer } from './rotation.ts';
import { type Deal, type GameState, playerCount, seatWindsOf, standingsOf } from './state.ts';

export type GameDecision = { readonly events: GameEvent[] } | { readonly rejection: GameRejection };

/** After the South round (seed 003). */
export const DEFAULT_END: GameEnd = { kind: 'rounds', last: 'S' };

/** Seed 003's table sizes; chinese-classical 2000 (seed 002); the other texts name none. */
export function defaultStartingPoints(preset: PresetId, players: PlayerCount): number {
  if (preset === 'hu-mahjong') return HU_MAHJONG_STARTING_POINTS[players];
  if (preset === 'chinese-classical') return 2000;
  return 0;
}

export function decideGame(
  command: StartGame | RecordHandResult | StopGame | CorrectHandResult,
  state: GameState,
): GameDecision {
  switch (command.type) {
    case 'StartGame':
      return startGame(command, state);
    case 'RecordHandResult':
      return recordHand(command, state);
    case 'StopGame':
      return stopGame(command, state);
    case 'CorrectHandResult':
      return correctHand(command, state);
  }
}

/**
 * A correction of a recorded hand: every score moves by the hand's change, the final ones too once the game
 * is over (the kitty's share already in them stays). Nothing of the course of play changes: the deal, the
 * hands counted and how the game ended are what they were.
 */
function correctHand(command: CorrectHandResult, state: GameState): GameDecision {
  if (state.phase === 'not-started')
    return rejectGame('game-not-started', GAME_RULES.start, 'no game has started');
  if (command.hand < 1 || command.hand > state.hands)
    return rejectGame('hand-not-recorded', GAME_RULES.corrected, `hand ${command.hand} is not recorded yet`);
  const { deltas, seatWinds } = command;
  const values = Object.values(deltas) as number[];
  const sum = values.reduce((a, b) => a + b, 0);
  if (values.some((v) => !Number.isInteger(v)) || sum !== 0)
    return rejectGame('deltas-not-zero', GAME_RULES.zero, `the deltas sum to ${sum}, not 0`);
  const stranger = (Object.keys(deltas) as Seat[]).find((s) => {
    const player = seatWinds[s];
    return player === undefined || !state.players.includes(player);
  });
  if (stranger !== undefined)
    return rejectGame('unknown-seat', GAME_RULES.corrected, `no player of this game sat at ${stranger}`);
  const points: Record<string, number> = { ...state.scores };
  for (const s of Object.keys(deltas) as Seat[])
    points[seatWinds[s]!] = (points[seatWinds[s]!] ?? 0) + deltas[s]!;
  const scores = state.players.map((playerId) => ({ playerId, points: points[playerId] ?? 0 }));
  return {
    events: [
      {
        type: 'HandResultCorrected',
        schemaVersion: 1,
        data: {
          hand: command.hand,
          correction: command.correction,
          seatWinds: { ...seatWinds },
          deltas: { ...deltas },
          scores: standingsOf(scores).map(({ playerId, points }) => ({ playerId, points })),
        },
      },
    ],
  };
}

function startGame(command: StartGame, state: GameState): GameDecision {
  if (state.phase !== 'not-started')
    return rejectGame('game-already-started', GAME_RULES.start, `game ${state.gameId} has started`);
  const { ruleset, players } = command;
  const seatsSet = (ruleset.options as Readonly<Record<string, unknown>>).players;
  const problem =
    seatsProblem(players.map((p) => p.seat)) ??
    (firstRepeat(players.map((p) => p.playerId)) !== undefined ? 'a player has two seats' : undefined) ??
    (typeof seatsSet === 'number' && seatsSet !== players.length
      ? `the ruleset seats ${seatsSet} players, not ${players.length}`
      : undefined);
  if (problem !== undefined) return rejectGame('bad-table', GAME_RULES.table, problem);
  const startingPoints =
    command.startingPoints ?? defaultStartingPoints(ruleset.preset, players.length as PlayerCount);
  if (!Number.isInteger(startingPoints) || startingPoints < 0)
    return rejectGame('bad-starting-points', GAME_RULES.points, `${startingPoints} starting points`);
  const seated = [...players].sort((a, b) => SEATS.indexOf(a.seat) - SEATS.indexOf(b.seat));
  return {
    events: [
      {
        type: 'GameStarted',
        schemaVersion: 1,
        data: {
          gameId: command.gameId,
          tournamentId: command.tournamentId ?? null,
          ruleset: { ...ruleset, options: { ...ruleset.options } },
          players: seated.map(({ playerId, seat }) => ({ playerId, seat })),
          startingPoints,
          end: command.end ?? DEFAULT_END,
        },
      },
    ],
  };
}

function recordHand(command: RecordHandResult, state: GameState): GameDecision {
  if (state.phase === 'not-started')
    return rejectGame('game-not-started', GAME_RULES.start, 'no game has started');
  if (state.phase === 'finished') return rejectGame('game-over', GAME_RULES.over, 'the game is over');
  const expected = state.hands + 1;
  if (command.hand !== expected)
    return rejectGame('wrong-hand', GAME_RULES.order, `the next hand is ${expected}, not ${command.hand}`);
  const n = playerCount(state);
  const inPlay = seatsInPlay(n);
  const { result, deltas } = command;
  const named = [...Object.keys(deltas), ...(result.kind === 'won' ? result.winners : [])];
  const unknown = named.find((s) => !(inPlay as readonly string[]).includes(s));
  if (unknown !== undefined)
    return rejectGame('unknown-seat', GAME_RULES.seats, `${unknown} is not a seat at this ${n}-player table`);
  const values = inPlay.map((s) => deltas[s] ?? 0);
  if (values.some((v) => !Number.isInteger(v)))
    return rejectGame('deltas-not-zero', GAME_RULES.zero, 'deltas are whole points');
  const sum = values.reduce((a, b) => a + b, 0);
  if (sum !== 0) return rejectGame('deltas-not-zero', GAME_RULES.zero, `the deltas sum to ${sum}, not 0`);
  if (result.kind === 'won') {
    if (result.winners.length === 0 || firstRepeat(result.winners) !== undefined)
      return rejectGame('bad-result', GAME_RULES.result, 'a win names each winner once');
    if (result.selfDraw === true && result.winners.length > 1)
      return rejectGame('bad-result', GAME_RULES.result, 'a self-draw has one winner');
  }

  const seatWinds = seatWindsOf(state.players, state.deal.dealer);
  const points: Partial<Record<Seat, number>> = {};
  for (const s of inPlay) points[s] = deltas[s] ?? 0;
  const kitty = moveKitty(state, command, points);
  const scores = state.players.map((playerId) => {
    const seat = inPlay.find((s) => seatWinds[s] === playerId)!;
    return { playerId, points: (state.scores[playerId] ?? 0) + points[seat]! };
  });

  const next = nextDealer(state.preset!, result, state.deal.repeats, state.deal.streak);
  const { deal, roundsOver } = advance(state, next.how, next.streak);
  const counted = state.handsCounted + (result.kind === 'voided' ? 0 : 1);
  const reason = endReason(state, command, scores, seatWinds, roundsOver, counted);

  const recorded: HandRecorded = {
    type: 'HandRecorded',
    schemaVersion: 1,
    data: {
      hand: command.hand,
      result:
        result.kind === 'won'
          ? {
              kind: 'won',
              winners: [...result.winners],
              selfDraw: result.selfDraw ?? false,
              kittyCollected: result.kittyCollected ?? true,
            }
          : result.kind === 'drawn'
            ? { kind: 'drawn', dealerReady: result.dealerReady ?? false }
            : { kind: 'voided' },
      seatWinds,
      deltas: Object.fromEntries(inPlay.map((s) => [s, deltas[s] ?? 0])),
      kitty,
      scores,
      next:
        reason === undefined
          ? {
              hand: command.hand + 1,
              prevalentWind: deal.prevalentWind,
              seatWinds: seatWindsOf(state.players, deal.dealer),
              dealer: state.players[deal.dealer]!,
              repeats: deal.repeats,
              streak: deal.streak,
              rotated: next.how === 'rotate',
            }
          : null,
    },
  };
  if (reason === undefined) return { events: [recorded] };
  return { events: [recorded, finished(reason, command.hand, scores, kitty.after)] };
}

/** Table law's kitty (seed 004): 5 from each seat on a drawn hand, all of it to a self-draw winner who collects. */
function moveKitty(
  state: GameState,
  { result }: RecordHandResult,
  points: Partial<Record<Seat, number>>,
): HandRecorded['data']['kitty'] {
  if (state.preset !== 'table-law') return { paidIn: 0, collected: 0, after: state.kitty };
  const stake = typeof state.options.kitty === 'number' ? state.options.kitty : KITTY_STAKE;
  const before = { points: state.kitty };
  if (result.kind === 'drawn') {
    const moved = drawnHandKitty(before, playerCount(state), { kitty: stake });
    for (const t of moved.transfers)
      if (t.from !== 'kitty') points[t.from] = (points[t.from] ?? 0) - t.points;
    return { paidIn: stake, collected: 0, after: moved.kitty.points };
  }
  if (result.kind === 'won' && result.winners.length === 1) {
    const winner = result.winners[0]!;
    const moved = collectKitty(before, winner, result.selfDraw ?? false, result.kittyCollected ?? true);
    const collected = state.kitty - moved.kitty.points;
    points[winner] = (points[winner] ?? 0) + collected;
    return { paidIn: 0, collected, after: moved.kitty.points };
  }
  return { paidIn: 0, collected: 0, after: state.kitty };
}

/** The deal after this hand; a round is over once the deal has passed round every player. */
function advance(
  state: GameState,
  how: 'repeat' | 'rotate' | 'replay',
  streak: number,
): { deal: Deal; roundsOver: boolean } {
  const { deal } = state;
  if (how === 'replay') return { deal, roundsOver: false };
  if (how === 'repeat') return { deal: { ...deal, repeats: deal.repeats + 1, streak }, roundsOver: false };
  const dealer = (deal.dealer + 1) % state.players.length;
  if (dealer !== 0) return { deal: { ...deal, dealer, repeats: 0, streak }, roundsOver: false };
  const wind = SEATS[(SEATS.indexOf(deal.prevalentWind) + 1) % SEATS.length]!;
  const last = state.end?.kind === 'rounds' && state.end.last === deal.prevalentWind;
  return { deal: { dealer, prevalentWind: wind, repeats: 0, streak }, roundsOver: last };
}

function endReason(
  state: GameState,
  { result, at }: RecordHandResult,
  scores: readonly { playerId: string; points: number }[],
  seatWinds: Partial<Record<Seat, string>>,
  roundsOver: boolean,
  counted: number,
): GameFinished['data']['reason'] | undefined {
  const { end } = state;
  if (roundsOver) return 'rounds-complete';
  if (end?.kind === 'rounds' && outrightWin(state, result, scores, seatWinds.E!)) return 'rounds-complete';
  if (end?.kind === 'hands' && counted >= end.count) return 'hand-limit';
  if (end?.kind === 'time-limit' && Date.parse(at) >= Date.parse(end.at)) return 'time-limit';
  return undefined;
}

/** Seed 003, 2 players: the last dealer wins the game outright by winning a hand while in the lead. */
function outrightWin(
  state: GameState,
  result: RecordHandResult['result'],
  scores: readonly { playerId: string; points: number }[],
  dealer: string,
): boolean {
  if (state.preset !== 'hu-mahjong' || state.players.length !== 2 || state.end?.kind !== 'rounds')
    return false;
  const lastDealer =
    state.deal.prevalentWind === state.end.last && state.deal.dealer === state.players.length - 1;
  if (!lastDealer || result.kind !== 'won' || !result.winners.includes('E')) return false;
  const own = scores.find((s) => s.playerId === dealer)!.points;
  return scores.every((s) => s.playerId === dealer || s.points < own);
}

function stopGame(command: StopGame, state: GameState): GameDecision {
  if (state.phase === 'not-started')
    return rejectGame('game-not-started', GAME_RULES.start, 'no game has started');
  if (state.phase === 'finished') return rejectGame('game-over', GAME_RULES.over, 'the game is over');
  const { end } = state;
  const reason =
    end?.kind === 'time-limit' && Date.parse(command.at) >= Date.parse(end.at)
      ? 'time-limit'
      : 'stopped-by-organizer';
  const scores = state.players.map((playerId) => ({ playerId, points: state.scores[playerId] ?? 0 }));
  return { events: [finished(reason, state.hands, scores, state.kitty)] };
}

/**
 * The final scores in standing order. A kitty still on the table goes back to the players in equal shares:
 * everyone paid the same into it since it was last taken, so the shares are whole.
 */
function finished(
  reason: GameFinished['data']['reason'],
  hands: number,
  scores: readonly { playerId: string; points: number }[],
  kitty: number,
): GameFinished {
  const share = Math.floor(kitty / scores.length);
  const final = scores.map((s) => ({ playerId: s.playerId, points: s.points + share }));
  return {
    type: 'GameFinished',
    schemaVersion: 1,
    data: { reason, hands, scores: standingsOf(final).map(({ playerId, points }) => ({ playerId, points })) },
  };
}
