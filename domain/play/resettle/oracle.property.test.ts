// The oracle: settled again under the very ruleset it was played by, every hand gives back exactly the
// HandSettled it recorded, which shows that settling again runs the code that settled it. Bot-played hands of
// every preset (services/bots through the hand decider, fixed seeds), and the same hands entered by a table
// scorer through the entry decider (several claims on one discard, declared scores and penalties included).
import { describe, expect, it } from 'vitest';
import { playBotHand } from '../../../projections/test-support/bot-hand.ts';
import { seededRandom } from '../../../services/bots/random.ts';
import { meldTiles, waits } from '../../hand/index.ts';
import type { PresetId, Ruleset } from '../../rules/rulesets/index.ts';
import { type Seat, turnOrderAfter } from '../../rules/seats.ts';
import { formatTiles, type Tile } from '../../tiles/index.ts';
import type { ClaimAsGiven, EnterHandResult } from '../entry/commands.ts';
import { decideEntry } from '../entry/decide.ts';
import type { PlayEvent } from '../events.ts';
import { seatsOf } from '../fields.ts';
import { evolve } from '../hand/evolve.ts';
import { startWith } from '../hand/spec.ts';
import { type HandState, initialHandState, kindsOf, offerWinType, seatHand, tilesOf } from '../hand/state.ts';
import { handBefore, onLastTile } from '../hand/win.ts';
import { windowOf } from '../hand/window.ts';
import { resettleHand } from './index.ts';
import { recorded, rulesetIn } from './spec.ts';

interface Table {
  readonly preset: PresetId;
  readonly players: 2 | 3 | 4;
  readonly options?: Record<string, unknown>;
}

/** Every preset, its multiple-winner policies, smaller tables and flowers, and held windows. */
const TABLES: readonly Table[] = [
  { preset: 'hu-mahjong', players: 4, options: { flowers: true } },
  { preset: 'hu-mahjong', players: 4, options: { multipleWinners: 'multiple', limit: 3000 } },
  { preset: 'hu-mahjong', players: 3, options: { flowers: true, patternPoints: { 'all-simples': 700 } } },
  { preset: 'hu-mahjong', players: 2, options: { allSequencesConcealedOnly: false } },
  { preset: 'hu-mahjong', players: 4, options: { claimWindows: 'every-discard' } },
  { preset: 'four-seas', players: 4 },
  { preset: 'four-seas', players: 4, options: { multipleWinners: 'head-bump' } },
  { preset: 'four-seas', players: 4, options: { multipleWinners: 'multiple', bystanderCap: 5 } },
  { preset: 'chinese-classical', players: 4 },
  { preset: 'chinese-classical', players: 4, options: { limit: 30, eastDoubles: false } },
  { preset: 'mahjong-house', players: 4 },
  { preset: 'mahjong-house', players: 4, options: { multipleWinners: 'multiple', passLocksWin: true } },
  { preset: 'table-law', players: 4 },
  { preset: 'table-law', players: 4, options: { multipleWinners: 'head-bump', westException: false } },
];
const HANDS_PER_TABLE = 100;

function played(table: Table, seed: string): PlayEvent[] {
  const { preset, players } = table;
  const options = { ...(preset === 'hu-mahjong' ? { players } : {}), ...table.options };
  const start = startWith(preset, { source: 'seed', seed }, options, players);
  return playBotHand(start, seed).flatMap((d) => [...d.events]);
}

/** The result of settling again equals the settlement recorded, or there is none to recompute. */
function expectSameAsRecorded(events: readonly PlayEvent[]): 'settled' | 'none' {
  const result = resettleHand(events, rulesetIn(events));
  const settlement = recorded(events);
  if (settlement === undefined) {
    expect(result.kind).toBe('no-settlement');
    return 'none';
  }
  expect(result).toEqual({ kind: 'settled', settlement });
  return 'settled';
}

describe('settled again under the ruleset it was played or entered by', () => {
  const live = new Map<PresetId, { hands: number; settled: number }>();
  const entered = { hands: 0, settled: 0, drawn: 0, several: 0, penalties: 0, refused: 0 };

  for (const table of TABLES) {
    const name = `${table.preset}, ${table.players} players ${JSON.stringify(table.options ?? {})}`;
    it(`gives back each hand’s HandSettled exactly, bot-played and then entered: ${name}`, () => {
      const counts = live.get(table.preset) ?? { hands: 0, settled: 0 };
      for (let i = 0; i < HANDS_PER_TABLE; i++) {
        const seed = `oracle-${i}`;
        const events = played(table, seed);
        counts.hands++;
        if (expectSameAsRecorded(events) === 'settled') counts.settled++;

        const command = entryOf(events, seed);
        const decision = decideEntry(command, initialHandState);
        // Bots' wins on luck alone (Heaven, Earth) are entered without it: the contract refuses those.
        if ('rejection' in decision) {
          expect(decision.rejection.code).toBe('not-a-win');
          entered.refused++;
          continue;
        }
        entered.hands++;
        if (expectSameAsRecorded(decision.events) === 'settled') entered.settled++;
        const { result } = command;
        if (result.kind === 'drawn') entered.drawn++;
        if (result.kind === 'win' && result.claims.length > 1) entered.several++;
        if (result.kind === 'win' && result.penalties !== undefined) entered.penalties++;
      }
      live.set(table.preset, counts);
    });
  }

  it('covered every preset with hundreds of hands, nearly all settled, and entries of every kind', () => {
    expect([...live.keys()].sort()).toEqual([
      'chinese-classical',
      'four-seas',
      'hu-mahjong',
      'mahjong-house',
      'table-law',
    ]);
    for (const [preset, counts] of live) {
      expect(counts.hands, preset).toBeGreaterThanOrEqual(2 * HANDS_PER_TABLE);
      expect(counts.settled, preset).toBeGreaterThan(0.9 * counts.hands);
    }
    expect(entered.settled).toBeGreaterThan(0.9 * TABLES.length * HANDS_PER_TABLE);
    expect(entered.several).toBeGreaterThan(0);
    expect(entered.penalties).toBeGreaterThan(100);
    expect(entered.drawn).toBeGreaterThan(0);
    expect(entered.refused).toBeLessThan(20);
  });
});

/**
 * A bot-played hand as a table scorer would enter it: the claims of the window that ended it (or the
 * self-draw), tiles for hu-mahjong (luck: the last tile and replacement draws), declared scores elsewhere
 * drawn from the seed; now and then a penalty on a seat that did not claim; a draw with the seats ready.
 */
function entryOf(events: readonly PlayEvent[], seed: string): EnterHandResult {
  const random = seededRandom(`${seed}:entry`);
  const ruleset = rulesetIn(events);
  const started = events[0];
  if (started?.type !== 'HandStarted') throw new Error('not a live hand');
  const { gameId, seatWinds, prevalentWind, repeats } = started.data;
  const command = (result: EnterHandResult['result']): EnterHandResult => ({
    type: 'EnterHandResult',
    hand: 1,
    context: { gameId, ruleset: { ...started.data.ruleset }, seatWinds, prevalentWind, repeats },
    result,
    at: '2026-03-01T12:00:00.000Z',
    by: { role: 'scorer', id: 'scorer-lee' },
  });
  let state: HandState = initialHandState;
  for (const event of events) {
    if (event.type === 'ClaimResolved' && event.data.outcome === 'win') {
      const window = windowOf(state)!;
      const { from, tile, kind } = window.offer;
      const claimants = turnOrderAfter(from, state.players).filter(
        (s) => window.seats[s]?.answer?.type === 'claim' && window.seats[s]?.answer.claim.claim === 'win',
      );
      const claims = claimants.map((seat) =>
        claimOf(state, ruleset, random, seat, kindsOf(seatHand(state, seat)), tile, 'discard'),
      );
      const by = offerWinType(kind);
      return command(win(state, ruleset, random, { by, from, claims }));
    }
    if (event.type === 'WinDeclared' && event.data.by === 'self-draw') {
      const { seat, tile } = event.data;
      const concealed = handBefore(state, seat, tile);
      const claims = [claimOf(state, ruleset, random, seat, concealed, tile, 'self-draw')];
      return command(win(state, ruleset, random, { by: 'self-draw', claims }));
    }
    if (event.type === 'HandDrawn' || event.type === 'HandVoided') break;
    state = evolve(state, event);
  }
  const ready = seatsOf(state.seats).filter(
    (s) => waits(kindsOf(seatHand(state, s)), seatHand(state, s).melds).length > 0,
  );
  return command({ kind: 'drawn', ready });
}

type Random = ReturnType<typeof seededRandom>;

function claimOf(
  state: HandState,
  ruleset: Ruleset,
  random: Random,
  seat: Seat,
  concealed: ArrayLike<number>,
  tile: Tile,
  by: 'discard' | 'self-draw',
): ClaimAsGiven {
  if (ruleset.preset !== 'hu-mahjong') return { seat, handScore: random.below(80) };
  const hand = seatHand(state, seat);
  const selfDraw = by === 'self-draw';
  return {
    seat,
    hand: formatTiles(tilesOf(concealed)),
    melds: hand.melds.map((m) => ({ tiles: formatTiles(meldTiles(m)), concealed: m.concealed })),
    winningTile: formatTiles([tile]),
    flowers: hand.flowers.map((f) => formatTiles([f])),
    luck: {
      lastTile: onLastTile(state, seat, by),
      afterKong: selfDraw ? state.afterKong : 0,
      afterFlower: selfDraw ? state.afterFlower : 0,
    },
  };
}

function win(
  state: HandState,
  ruleset: Ruleset,
  random: Random,
  result: { by: 'discard' | 'self-draw' | 'robbing-kong'; from?: Seat; claims: ClaimAsGiven[] },
): EnterHandResult['result'] {
  const seats = seatsOf(state.seats);
  const claimed = result.claims.map((c) => c.seat);
  const bystanders = seats.filter((s) => !claimed.includes(s));
  const penalised =
    bystanders.length > 0 && random.chance(0.3) ? bystanders[random.below(bystanders.length)] : undefined;
  const points = ruleset.preset === 'hu-mahjong' ? 4000 : 10;
  // chinese-classical (seed 002): every seat's final score beside the winners' (the first claimant's sheet).
  const loserScores =
    ruleset.preset === 'chinese-classical'
      ? Object.fromEntries(seats.filter((s) => s !== claimed[0]).map((s) => [s, random.below(60)]))
      : undefined;
  return {
    kind: 'win',
    ...result,
    ...(loserScores === undefined ? {} : { loserScores }),
    ...(penalised === undefined ? {} : { penalties: [{ seat: penalised, kind: 'heavy-penalty', points }] }),
  };
}
