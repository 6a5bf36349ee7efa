// Every hand of a bots' tournament played again from scratch, for the amendment tests' independent reckoning:
// each HandStarted in the store (wall seed, seats, dealer's repeats, prevalent wind) dealt again under the
// ruleset the test names and played by the same seeded bots the demo seated (botRoster of the demo's seed),
// in the order the demo played them, since each bot keeps its generator from hand to hand. Its clock steps a
// second per command asked for, as the demo's does, so an answer the demo's clock made late (after a claim
// window's deadline) is late here too. Nothing here reads a settlement, a correction or a read model: it
// plays and sums.
import type { PlayEvent, PlayEventOf } from '../../domain/play/events.ts';
import type { StartHand } from '../../domain/play/hand/index.ts';
import { type PresetId, rulesetOf } from '../../domain/rules/rulesets/index.ts';
import { type Seat, seatsInPlay } from '../../domain/rules/seats.ts';
import { defaultDeclaration } from '../../services/bots/agent.ts';
import { botRoster } from '../../services/bots/index.ts';
import { playHandInMemory } from '../../services/demo/hand-in-memory.ts';
import type { StoredEvent } from '../../services/eventstore/port.ts';
import { parseHandEvent } from '../../services/play/table.ts';

export interface ReplayedHand {
  readonly stream: string;
  readonly gameId: string;
  readonly hand: number;
  readonly seatWinds: Readonly<Partial<Record<Seat, string>>>;
  readonly events: readonly PlayEvent[];
}

/** Every hand dealt in `all` (the store's events in order), played again under `options` over the hand's own. */
export function replayHands(
  all: readonly StoredEvent[],
  demoSeed: string,
  options: Readonly<Record<string, unknown>>,
): ReplayedHand[] {
  const botOf = botRoster(demoSeed);
  let clock = Date.parse('2030-01-01T00:00:00.000Z');
  const tick = (): string => {
    clock += 1000;
    return new Date(clock).toISOString();
  };
  const out: ReplayedHand[] = [];
  for (const stored of all) {
    if (stored.type !== 'HandStarted') continue;
    const { data } = parseHandEvent(stored) as PlayEventOf<'HandStarted'>;
    if (data.wall.source !== 'seed') throw new Error(`${stored.stream}: an arranged wall`);
    const preset = data.ruleset.preset as PresetId;
    const start: StartHand = {
      type: 'StartHand',
      gameId: data.gameId,
      hand: data.hand,
      ruleset: rulesetOf(preset, { ...data.ruleset.options, ...options }),
      prevalentWind: data.prevalentWind,
      seatWinds: data.seatWinds,
      repeats: data.repeats,
      wall: { source: 'seed', seed: data.wall.seed },
      at: tick(),
    };
    const seats = Object.keys(data.seatWinds) as Seat[];
    const declare = defaultDeclaration(preset, seatsInPlay(seats.length as 2 | 3 | 4));
    const played = playHandInMemory(start, botOf, declare, tick);
    out.push({
      stream: stored.stream,
      gameId: data.gameId,
      hand: data.hand,
      seatWinds: data.seatWinds,
      events: played.events,
    });
  }
  return out;
}

/** What a hand moved per player: its settlement, immediate payments and penalties paid at once. */
export function pointsOfHand(hand: ReplayedHand): Record<string, number> {
  const points: Record<string, number> = {};
  const move = (from: Seat, to: Seat, n: number) => {
    const payer = hand.seatWinds[from]!;
    const payee = hand.seatWinds[to]!;
    points[payer] = (points[payer] ?? 0) - n;
    points[payee] = (points[payee] ?? 0) + n;
  };
  for (const event of hand.events)
    if (
      event.type === 'HandSettled' ||
      event.type === 'ImmediatePayment' ||
      (event.type === 'PenaltyAssessed' && event.data.settled === 'now')
    )
      for (const t of event.data.transfers) move(t.from, t.to, t.points);
  return points;
}

/** Per player, the sum over hands. */
export function sumPoints(perHand: readonly Record<string, number>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const hand of perHand)
    for (const [player, n] of Object.entries(hand)) total[player] = (total[player] ?? 0) + n;
  return total;
}
