// Plays a game script as the live table service plays a game (services/tables/live-tables.ts): the game
// decider starts the game; each hand is dealt from the game's state (nextHandOf: seats, prevalent wind,
// repeats or streak) with the script's wall, played through the hand decider, and once over read into the
// game's record (handResultOf) and recorded by the game decider, which moves the kitty and the deal on.
import type { PlayEvent } from '../../domain/play/events.ts';
import { handResultOf } from '../../domain/play/game/from-hand.ts';
import {
  decide as decideGame,
  evolve as evolveGame,
  GAME_RULES,
  type GameEvent,
  type GameRejection,
  type GameState,
  initialGameState,
  type RecordHandResult,
  type StartGame,
} from '../../domain/play/game/index.ts';
import { gameStream, handStream } from '../../domain/play/metadata.ts';
import { SEATS } from '../../domain/rules/seats.ts';
import { nextHandOf } from '../tables/next-hand.ts';
import { checkExpectation } from './expectation.ts';
import { type GameScript, type GameScriptHand, parseGameScript } from './game-script.ts';
import { playHand, scriptRuleset, wallOf } from './hand-run.ts';
import { InvalidScript } from './invalid.ts';
import type { GameScriptRejection, PlayOutcome, StreamLine } from './outcome.ts';

const iso = (ms: number) => new Date(ms).toISOString();

export function playGameScript(input: unknown): PlayOutcome {
  const script = parseGameScript(input);
  const ruleset = scriptRuleset(script.ruleset);
  const lines: StreamLine[] = [];
  const gameOf = gameStream(script.gameId);
  let game: GameState = initialGameState;
  const record = (events: readonly GameEvent[]) => {
    for (const event of events) {
      lines.push({ stream: gameOf, event });
      game = evolveGame(game, event);
    }
  };
  const stopped = (rejection: GameScriptRejection): PlayOutcome => ({
    kind: 'played-game',
    lines,
    rejection,
  });
  const gameRefused = (r: GameRejection, hand: number, step: number, path: string) =>
    stopped({ ...r, stream: gameOf, hand, step, path });

  let clock = Date.parse(script.startedAt);
  const started = decideGame(startOf(script, ruleset, iso(clock)), game);
  if ('rejection' in started) return gameRefused(started.rejection, 0, 0, 'seats');
  record(started.events);

  for (const [k, entry] of script.hands.entries()) {
    const path = `hands[${k}]`;
    if (game.phase !== 'playing')
      return gameRefused(
        { code: 'game-over', rule: GAME_RULES.over, message: `the game ended with hand ${game.hands}` },
        game.hands + 1,
        0,
        path,
      );
    clock = handStart(entry, clock, path);
    // Dealt as the live table deals it, with the script's wall in place of the table's seed.
    const start = {
      ...nextHandOf(game, '', iso(clock), ruleset),
      wall: wallOf(entry.wall, ruleset, `${path}.`),
    };
    checkExpectation(entry.expect, start, game.kitty, `${path}.expect`);
    const played = playHand(start, entry.actions, clock);
    const handOf = handStream(script.gameId, start.hand);
    for (const event of played.events) lines.push({ stream: handOf, event });
    const { rejection } = played;
    if (rejection !== undefined) {
      const where = rejection.step === 0 ? path : `${path}.actions[${rejection.step - 1}]`;
      return stopped({ ...rejection, stream: handOf, hand: start.hand, path: where });
    }
    clock = played.endedAtMs;
    const result = recordOf(entry, start.hand, played.events, iso(clock), path);
    if (result === undefined) {
      // Only the last hand may stop mid-hand, as a hand script may: the game waits for it.
      if (k < script.hands.length - 1)
        throw new InvalidScript(
          `${path}.actions`,
          `hand ${start.hand} is not over after its last action: only the last hand of a script may stop mid-hand`,
        );
      break;
    }
    const recorded = decideGame(result, game);
    if ('rejection' in recorded)
      return gameRefused(recorded.rejection, start.hand, entry.actions.length, path);
    record(recorded.events);
  }
  return { kind: 'played-game', lines };
}

function startOf(script: GameScript, ruleset: StartGame['ruleset'], at: string): StartGame {
  return {
    type: 'StartGame',
    gameId: script.gameId,
    ruleset,
    players: SEATS.filter((s) => script.seats[s] !== undefined).map((seat) => ({
      playerId: script.seats[seat]!,
      seat,
    })),
    ...(script.startingPoints === undefined ? {} : { startingPoints: script.startingPoints }),
    ...(script.end === undefined ? {} : { end: script.end }),
    at,
  };
}

/** A hand is dealt when it says, never before the previous hand's end; by default at that end. */
function handStart(entry: GameScriptHand, clock: number, path: string): number {
  if (entry.startedAt === undefined) return clock;
  const at = Date.parse(entry.startedAt);
  if (at < clock)
    throw new InvalidScript(
      `${path}.startedAt`,
      `hand dealt at ${entry.startedAt}, before the previous hand ended at ${iso(clock)}`,
    );
  return at;
}

/** The finished hand as the game records it, with the kitty's collection as the script says (table law). */
function recordOf(
  entry: GameScriptHand,
  hand: number,
  events: readonly PlayEvent[],
  at: string,
  path: string,
): RecordHandResult | undefined {
  const read = handResultOf(hand, events, at);
  if (read === undefined || entry.kittyCollected === undefined) return read;
  const { result } = read;
  if (result.kind !== 'won' || result.selfDraw !== true)
    throw new InvalidScript(
      `${path}.kittyCollected`,
      `only a self-draw winner collects the kitty (seed 004); hand ${hand} ended ${result.kind === 'won' ? 'with a discard win' : result.kind}`,
    );
  return { ...read, result: { ...result, kittyCollected: entry.kittyCollected } };
}
