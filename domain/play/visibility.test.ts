// What a seat may see of a hand (visibility.ts). Given hands played by seeded bots and cut while still live:
// two logs that differ only in what a seat may not see (the others' tiles and draws, the wall, the others'
// claim windows and answers) give that seat the same events, the same revision and the same seat view; what
// a seat is shown never holds another seat's tiles, draws or eligibility, nor the wall; a hand over, or an
// official, sees every event as it is.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { botStep, defaultDeclaration, heldWindowDeadline } from '../../services/bots/agent.ts';
import { createBot } from '../../services/bots/index.ts';
import { seededRandom } from '../../services/bots/random.ts';
import { seatViewOf } from '../../services/bots/seat-view.ts';
import type { PresetId } from '../rules/rulesets/index.ts';
import { type Seat, seatsInPlay } from '../rules/seats.ts';
import { shuffleWall } from '../tiles/index.ts';
import type { PlayEvent, PlayEventOf } from './events.ts';
import { seatsOf } from './fields.ts';
import { decide } from './hand/decide.ts';
import { at, fold, startWith } from './hand/spec.ts';
import { type HandState, initialHandState } from './hand/state.ts';
import {
  eventFor,
  eventsFor,
  isHandOver,
  OFFICIAL,
  PUBLIC,
  rejectionFor,
  type SeenEvent,
  seatViewer,
  seesLatest,
  type Viewer,
  visibleRevision,
} from './visibility.ts';

interface Table {
  readonly preset: PresetId;
  readonly players: 2 | 3 | 4;
  readonly options?: Record<string, unknown>;
  readonly arranged?: boolean;
}

const TABLES: readonly Table[] = [
  { preset: 'hu-mahjong', players: 4, options: { flowers: true } },
  { preset: 'hu-mahjong', players: 4, options: { claimWindows: 'every-discard' } },
  { preset: 'hu-mahjong', players: 3, arranged: true },
  { preset: 'mahjong-house', players: 4, options: { passLocksWin: true, multipleWinners: 'multiple' } },
  { preset: 'chinese-classical', players: 4 },
  { preset: 'table-law', players: 4 },
];

/** A whole hand played by seeded bots through the decider; now and then every seat stays silent. */
function playHand(seed: string, table: Table): PlayEvent[] {
  const { preset, players } = table;
  const options = { ...(preset === 'hu-mahjong' ? { players } : {}), ...table.options };
  const wall = table.arranged
    ? {
        source: 'arranged' as const,
        order: shuffleWall(seed, false),
        dice: [2, 3, 4] as [number, number, number],
      }
    : { source: 'seed' as const, seed };
  const start = startWith(preset, wall, options, players);
  const bots = new Map(seatsInPlay(players).map((s) => [start.seatWinds[s]!, createBot(`${seed}:${s}`)]));
  const declare = defaultDeclaration(preset, seatsInPlay(players));
  const silence = seededRandom(`${seed}:silence`);
  let state: HandState = initialHandState;
  const events: PlayEvent[] = [];
  let ms = 0;
  const apply = (command: Parameters<typeof decide>[0]): string | undefined => {
    const decision = decide(command, state);
    if ('rejection' in decision) return decision.rejection.code;
    events.push(...decision.events);
    state = fold(decision.events, state);
    return undefined;
  };
  const close = () => {
    if (state.phase.kind !== 'claim-window') return;
    const { window } = state.phase;
    ms = Math.max(ms, window.openedAtMs + window.deadlineMs - Date.parse(at()));
    expect(apply({ type: 'CloseWindow', at: at(ms) })).toBeUndefined();
  };
  expect(apply(start)).toBeUndefined();
  for (let steps = 0; state.phase.kind !== 'ended'; steps++) {
    if (steps > 3000) throw new Error('the hand never ended');
    if (state.phase.kind === 'claim-window' && silence.chance(0.1)) {
      close();
      continue;
    }
    const step = botStep(
      state,
      start.seatWinds,
      (p) => bots.get(p)!,
      declare,
      () => {
        ms += 700;
        return at(ms);
      },
    );
    let move = step.next();
    while (!move.done) move = step.next(refusal(apply(move.value.command)));
    if (move.value) continue;
    if (heldWindowDeadline(state) === undefined) throw new Error(`no bot acts in ${state.phase.kind}`);
    close();
  }
  return events;
}

const refusal = (code: string | undefined) => (code === undefined ? undefined : { code, message: code });

/** The longest live stretch of a hand: every event before the first one that ends it. */
function liveEvents(events: readonly PlayEvent[]): PlayEvent[] {
  const end = events.findIndex((e) => isHandOver([e]));
  return events.slice(0, end === -1 ? events.length : end);
}

const SEATS_OF = (events: readonly PlayEvent[]): Seat[] => {
  const started = events[0];
  return started?.type === 'HandStarted' ? seatsOf(started.data.seatWinds) : [];
};

/**
 * The same log with what `seat` may not see changed at random: the wall's seed or order, the others' dealt
 * tiles and draws, their window entries and answers, their lapsed claims and pass locks, their score sheets.
 */
function hideDifferently(events: readonly PlayEvent[], seat: Seat, seed: number): PlayEvent[] {
  const rand = seededRandom(`hide:${seed}`);
  const seats = SEATS_OF(events);
  const others = seats.filter((s) => s !== seat);
  const other = () => others[rand.below(others.length)]!;
  const tiles = (n: number) => Array.from({ length: n }, () => rand.below(34));
  const out: PlayEvent[] = [];
  for (const event of events) {
    switch (event.type) {
      case 'HandStarted': {
        const { wall } = event.data;
        out.push({
          ...event,
          data: {
            ...event.data,
            wall:
              wall.source === 'seed'
                ? { ...wall, seed: `${wall.seed}~${rand.below(1000)}` }
                : { ...wall, order: [...wall.order].reverse() },
          },
        });
        break;
      }
      case 'TilesDealt': {
        const hands = { ...event.data.hands };
        for (const s of others) hands[s] = tiles(hands[s]!.length);
        out.push({ ...event, data: { hands } });
        break;
      }
      case 'TileDrawn':
        out.push(
          event.data.seat === seat ? event : { ...event, data: { ...event.data, tile: rand.below(34) } },
        );
        break;
      case 'ClaimWindowOpened': {
        const entries = { ...event.data.seats };
        for (const s of others)
          if (s !== event.data.offer.from && rand.chance(0.5))
            if (entries[s] === undefined)
              entries[s] = { win: rand.chance(0.5), kong: false, pong: true, chows: [] };
            else delete entries[s];
        out.push({ ...event, data: { ...event.data, seats: entries } });
        // A pass that never was.
        if (rand.chance(0.3)) out.push({ type: 'ClaimPassed', schemaVersion: 1, data: { seat: other() } });
        break;
      }
      case 'ClaimMade':
      case 'ClaimPassed':
      case 'ClaimTimedOut':
        if (event.data.seat === seat || rand.chance(0.5)) out.push(event);
        break;
      case 'ClaimResolved': {
        const mine = event.data.lapsed.filter((l) => l.seat === seat);
        const lapsed = rand.chance(0.5)
          ? [...mine, { seat: other(), claim: { claim: 'pong' as const }, reason: 'outranked' }]
          : mine;
        const locked = event.data.lockedUntilDraw.filter((s) => s === seat);
        out.push({
          ...event,
          data: { ...event.data, lapsed, lockedUntilDraw: rand.chance(0.5) ? [...locked, other()] : locked },
        });
        break;
      }
      case 'ScoresDeclared': {
        const named = seatsOf(event.data.scores);
        if ((named.length === 1 && named[0] === seat) || rand.chance(0.5)) out.push(event);
        break;
      }
      default:
        out.push(event);
    }
  }
  return out;
}

/** Every way a seen event could carry what `viewer` may not see of a live hand; empty when it carries none. */
function hiddenIn(seen: readonly SeenEvent[], viewer: Viewer): string[] {
  const mine = (s: Seat) => viewer.kind === 'seat' && viewer.seat === s;
  const found: string[] = [];
  for (const event of seen) {
    const d = event.data as Record<string, unknown>;
    switch (event.type) {
      case 'HandStarted':
        if ('seed' in event.data.wall || 'order' in event.data.wall) found.push('the wall');
        break;
      case 'TilesDealt':
        for (const s of seatsOf(event.data.hands)) if (!mine(s)) found.push(`${s}'s dealt tiles`);
        break;
      case 'TileDrawn':
        if (!mine(event.data.seat) && 'tile' in d) found.push(`${event.data.seat}'s draw`);
        break;
      case 'ClaimWindowOpened':
        for (const s of seatsOf(event.data.seats)) if (!mine(s)) found.push(`${s}'s eligibility`);
        break;
      case 'ClaimMade':
      case 'ClaimPassed':
      case 'ClaimTimedOut':
        if (!mine(event.data.seat)) found.push(`${event.data.seat}'s answer`);
        break;
      case 'ClaimResolved':
        for (const l of event.data.lapsed) if (!mine(l.seat)) found.push(`${l.seat}'s lapsed claim`);
        for (const s of event.data.lockedUntilDraw) if (!mine(s)) found.push(`${s}'s pass lock`);
        break;
      default:
        break;
    }
  }
  return found;
}

describe('eventsFor, over hands played by bots', () => {
  it('given two live logs that differ only in what a seat may not see, then it is shown the same events, revision and seat view', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(...TABLES),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.nat(),
        fc.nat({ max: 3 }),
        (seed, table, where, salt, who) => {
          // Given a hand cut while it is live, and a seat at it
          const live = liveEvents(playHand(seed, table));
          const cut = live.slice(0, 1 + Math.floor(where * (live.length - 1)));
          const seat = SEATS_OF(cut)[who % table.players]!;
          // When what the seat may not see is changed
          const other = hideDifferently(cut, seat, salt);
          // Then the seat, and the public, are shown the same
          for (const viewer of [seatViewer(seat), PUBLIC]) {
            expect(eventsFor(other, viewer)).toEqual(eventsFor(cut, viewer));
            expect(visibleRevision(other, viewer)).toBe(visibleRevision(cut, viewer));
          }
          expect(seatViewOf(fold(other), seat)).toEqual(seatViewOf(fold(cut), seat));
        },
      ),
      { numRuns: 150 },
    );
  });

  it('given any cut of a hand, then the revision a viewer is shown counts the events it is shown', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(...TABLES),
        fc.nat(),
        (seed, table, n) => {
          const events = playHand(seed, table);
          // Live cuts, and the hand over (its last cut).
          const cut = events.slice(0, 1 + (n % events.length));
          for (const viewer of [PUBLIC, OFFICIAL, ...SEATS_OF(cut).map(seatViewer)])
            expect(visibleRevision(cut, viewer)).toBe(eventsFor(cut, viewer).length - 1);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('given a live hand, then nothing a seat or the public is shown holds another seat’s tiles, draws or eligibility, nor the wall', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.constantFrom(...TABLES),
        fc.nat(),
        (seed, table, n) => {
          const live = liveEvents(playHand(seed, table));
          const cut = live.slice(0, 1 + (n % live.length));
          for (const viewer of [PUBLIC, ...SEATS_OF(cut).map(seatViewer)])
            expect(hiddenIn(eventsFor(cut, viewer), viewer)).toEqual([]);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('given a hand over, then every viewer sees every event as it is; an official sees a live hand whole', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.constantFrom(...TABLES), (seed, table) => {
        const events = playHand(seed, table);
        expect(isHandOver(events)).toBe(true);
        for (const viewer of [PUBLIC, ...SEATS_OF(events).map(seatViewer)]) {
          expect(eventsFor(events, viewer)).toEqual(events);
          expect(visibleRevision(events, viewer)).toBe(events.length - 1);
        }
        const live = liveEvents(events);
        expect(eventsFor(live, OFFICIAL)).toEqual(live);
        expect(visibleRevision(live, OFFICIAL)).toBe(live.length - 1);
      }),
      { numRuns: 30 },
    );
  });

  it('given a live hand, when a seat’s own dealt tiles or another seat’s discard differ, then that seat is shown the difference', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 12 }), fc.nat({ max: 3 }), (seed, who) => {
        const live = liveEvents(playHand(seed, TABLES[0]!));
        const seat = SEATS_OF(live)[who]!;
        const own = live.map((e) =>
          e.type === 'TilesDealt'
            ? { ...e, data: { hands: { ...e.data.hands, [seat]: [...e.data.hands[seat]!].reverse() } } }
            : e,
        );
        const discard = live.findIndex((e) => e.type === 'TileDiscarded' && e.data.seat !== seat);
        fc.pre(discard !== -1);
        const thrown = live.map((e, i) =>
          i === discard && e.type === 'TileDiscarded'
            ? { ...e, data: { ...e.data, tile: (e.data.tile + 1) % 34 } }
            : e,
        );
        const viewer = seatViewer(seat);
        expect(eventsFor(own, viewer)).not.toEqual(eventsFor(live, viewer));
        expect(eventsFor(thrown, viewer)).not.toEqual(eventsFor(live, viewer));
        expect(eventsFor(thrown, PUBLIC)).not.toEqual(eventsFor(live, PUBLIC));
      }),
      { numRuns: 30 },
    );
  });
});

describe('eventFor, event by event', () => {
  const live = liveEvents(playHand('visibility', TABLES[0]!));
  const started = live[0]!;
  const dealt = live.find((e) => e.type === 'TilesDealt')!;

  it('given a live hand, then HandStarted keeps the wall’s hash and algorithm, never its seed', () => {
    const seen = eventFor(started, seatViewer('S'), false);
    expect(seen?.type === 'HandStarted' && seen.data.wall).toEqual({
      source: 'seed',
      algorithm:
        started.type === 'HandStarted' && started.data.wall.source === 'seed'
          ? started.data.wall.algorithm
          : '',
      hash: started.type === 'HandStarted' ? started.data.wall.hash : '',
    });
  });

  it('given a live hand, then a seat is dealt its own tiles only, the public none', () => {
    expect(dealt.type === 'TilesDealt' && Object.keys(dealt.data.hands)).toEqual(['E', 'S', 'W', 'N']);
    const seen = eventFor(dealt, seatViewer('W'), false);
    expect(seen?.type === 'TilesDealt' && seen.data.hands).toEqual({
      W: dealt.type === 'TilesDealt' ? dealt.data.hands.W : [],
    });
    const shown = eventFor(dealt, PUBLIC, false);
    expect(shown?.type === 'TilesDealt' && shown.data.hands).toEqual({});
  });

  it('given another seat’s draw, then the seat and the source show, the tile does not', () => {
    const drawn = {
      type: 'TileDrawn',
      schemaVersion: 1,
      data: { seat: 'N', tile: 5, source: 'replacement' },
    } as const;
    expect(eventFor(drawn, seatViewer('E'), false)).toEqual({
      ...drawn,
      data: { seat: 'N', source: 'replacement' },
    });
    expect(eventFor(drawn, seatViewer('N'), false)).toEqual(drawn);
    expect(eventFor(drawn, seatViewer('E'), true)).toEqual(drawn);
  });

  it('given a window open to South and North, then each sees its own entry, the discarder none; another seat’s answer is not shown', () => {
    const open = { win: false, kong: false, pong: true, chows: [] as [number, number][] };
    const window = {
      type: 'ClaimWindowOpened',
      schemaVersion: 1,
      data: {
        offer: { tile: 2, from: 'E', kind: 'discard' },
        seats: { S: { ...open, pong: false, chows: [[0, 1]] as [number, number][] }, N: open },
        deadline: at(5000),
      },
    } as const;
    const seen = eventFor(window, seatViewer('N'), false);
    expect(seen?.type === 'ClaimWindowOpened' && seen.data.seats).toEqual({ N: open });
    const east = eventFor(window, seatViewer('E'), false);
    expect(east?.type === 'ClaimWindowOpened' && east.data).toEqual({ ...window.data, seats: {} });
    const pass = { type: 'ClaimPassed', schemaVersion: 1, data: { seat: 'S' } } as const;
    expect(eventFor(pass, seatViewer('N'), false)).toBeUndefined();
    expect(eventFor(pass, PUBLIC, false)).toBeUndefined();
    expect(eventFor(pass, seatViewer('S'), false)).toEqual(pass);
    const late = { type: 'ClaimTimedOut', schemaVersion: 1, data: { seat: 'S', late: 'pass' } } as const;
    expect(eventFor(late, seatViewer('W'), false)).toBeUndefined();
    const made = {
      type: 'ClaimMade',
      schemaVersion: 1,
      data: { seat: 'N', claim: { claim: 'pong' } },
    } as const;
    expect(eventFor(made, seatViewer('S'), false)).toBeUndefined();
  });

  it('given a resolution, then its outcome shows and each seat only its own lapsed claims and pass lock', () => {
    const resolved: PlayEventOf<'ClaimResolved'> = {
      type: 'ClaimResolved',
      schemaVersion: 1,
      data: {
        outcome: 'meld',
        seat: 'N',
        claim: 'pong',
        lapsed: [{ seat: 'S', claim: { claim: 'chow', tiles: [0, 1] }, reason: 'outranked by a pong' }],
        lockedUntilDraw: ['W'],
      },
    };
    expect(eventFor(resolved, seatViewer('S'), false)).toEqual({
      ...resolved,
      data: { ...resolved.data, lockedUntilDraw: [] },
    });
    expect(eventFor(resolved, seatViewer('W'), false)).toEqual({
      ...resolved,
      data: { ...resolved.data, lapsed: [] },
    });
    expect(eventFor(resolved, PUBLIC, false)).toEqual({
      ...resolved,
      data: { ...resolved.data, lapsed: [], lockedUntilDraw: [] },
    });
  });

  it('given a score sheet declared with a win claim, then it shows to its declarer alone, and a whole sheet to nobody until the end', () => {
    const own = { type: 'ScoresDeclared', schemaVersion: 1, data: { scores: { W: 8 } } } as const;
    expect(eventFor(own, seatViewer('W'), false)).toEqual(own);
    expect(eventFor(own, seatViewer('S'), false)).toBeUndefined();
    const sheet = {
      type: 'ScoresDeclared',
      schemaVersion: 1,
      data: { scores: { E: 2, S: 20, W: 4, N: 6 } },
    } as const;
    expect(eventFor(sheet, seatViewer('S'), false)).toBeUndefined();
    expect(eventFor(sheet, seatViewer('S'), true)).toEqual(sheet);
  });

  it('given the seat’s If-Match, then it is met while only events hidden from the seat follow', () => {
    const window = live.findIndex((e) => e.type === 'ClaimWindowOpened');
    const before = live.slice(0, window + 1);
    const other = (
      before[window]!.type === 'ClaimWindowOpened' ? before[window]!.data.offer.from : 'E'
    ) as Seat;
    const seat = SEATS_OF(live).find((s) => s !== other)!;
    const passer = SEATS_OF(live).find((s) => s !== other && s !== seat)!;
    const seen = visibleRevision(before, seatViewer(seat));
    const after = [...before, { type: 'ClaimPassed', schemaVersion: 1, data: { seat: passer } } as const];
    expect(seesLatest(after, seatViewer(seat), seen)).toBe(true);
    expect(visibleRevision(after, OFFICIAL)).toBe(before.length);
    expect(seesLatest(after, seatViewer(passer), visibleRevision(before, seatViewer(passer)))).toBe(false);
  });

  it('given a refused settlement, then a player reads the rule, an official the contract’s reason', () => {
    const refusal = {
      code: 'settlement-refused',
      rule: 'the score contract',
      message: 'claims.1.hand: 19m19p…',
    };
    expect(rejectionFor(refusal, seatViewer('S')).message).not.toContain('19m');
    expect(rejectionFor(refusal, seatViewer('S')).code).toBe('settlement-refused');
    expect(rejectionFor(refusal, OFFICIAL)).toEqual(refusal);
    const own = { code: 'tile-not-held', rule: 'held', message: 'S holds no 5p' };
    expect(rejectionFor(own, seatViewer('S'))).toEqual(own);
  });
});
