// Option patternPoints amended into a hu-mahjong tournament: two rounds played live by seeded bots, a third
// recorded by entry (a scorer entering each hand's tiles). Value Triplet goes from seed 003's 500 (read from
// the seed's list) to 1500. Every hand is then scored by the score contract under the old and the new options,
// from its own tiles (a live hand's claims rebuilt from its events, an entered hand's as the scorer gave
// them), apart from the recompute: the hands corrected are exactly those the contract pays differently, both
// entered and live ones among them, and each winner's hand score moves by (1500 − 500) × the times Value
// Triplet counts, or up to the limit where the limit caps it.
//
// Seed 'hu-1' (8 players, 2 rounds of 4 hands): its live wins include Value Triplets (4 of its 10 wins). The
// entered hands: one triplet of White (500 → 1500), East's own East wind in the East round with a Red
// triplet (three counts: 2000 → 5000), Little Three Dragons with Half Flush (7000 → capped at 8000), and one
// at the limit already (8000 either way: the pattern occurs, nothing moves).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PlayEvent, PlayEventOf } from '../../domain/play/events.ts';
import type { Seat } from '../../domain/rules/seats.ts';
import { type TournamentCommand, tournamentStream } from '../../domain/tournament/index.ts';
import type { AmendmentJob } from '../../services/amendments/recompute.ts';
import { Amendments } from '../../services/amendments/service.ts';
import { runDemo } from '../../services/demo/run-demo.ts';
import type { EventStore } from '../../services/eventstore/port.ts';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { createPlatform, type Platform } from '../../services/platform.ts';
import { load, loadGame, loadHand } from '../../services/play/table.ts';
import { createJobQueue, type JobQueue, type QueueWorker } from '../../services/queue/index.ts';
import { TOURNAMENT_AGGREGATE } from '../../services/tournament/service.ts';
import { sharedFile } from '../support/shared-data.ts';
import { scoreUnder, type WinRequest, winRequestOf } from './score-requests.ts';
import { difference, eventsOfTypes, jobDone, netPoints, tempDir, waitFor } from './support.ts';

const SEED = 'hu-1';
const TOURNAMENT = `demo-${SEED}`;
const PATTERN = { id: 'value-triplet', name: 'Value Triplet' } as const;
const NEW_POINTS = 1500;
const ORGANIZER = { role: 'organizer', id: 'scoring-organizer' } as const;

/** Seed 003's value of the pattern and its limit, read from the rule text itself. */
function fromSeed003(): { points: number; limit: number } | undefined {
  const file = sharedFile('seeds/003_cfd8ab0b6123cd10.txt');
  if (file === undefined) return undefined;
  const text = readFileSync(file, 'utf8');
  const points = new RegExp(`^${PATTERN.name} \\(.*\\): (\\d+)`, 'm').exec(text);
  const limit = /limited to (\d+) base points/.exec(text);
  if (points === null || limit === null)
    throw new Error('seed 003 no longer lists Value Triplet or its limit');
  return { points: Number(points[1]), limit: Number(limit[1]) };
}

const seed003 = fromSeed003();

/** What a scorer enters: a discard win by `seat`, concealed tiles, on `from`'s tile. */
const discardWin = (seat: Seat, from: Seat, hand: string, winningTile: string) => ({
  kind: 'win' as const,
  by: 'discard' as const,
  from,
  claims: [{ seat, hand, melds: [], winningTile, flowers: [] }],
});

/** Two tables of round 3, two hands each, in the order entered. */
const ENTRIES = [
  [discardWin('S', 'N', '123m456p789s555z1p', '1p'), discardWin('E', 'S', '111z777z234m567p9s', '9s')],
  [discardWin('N', 'W', '555z666z77z234m56m', '7m'), discardWin('W', 'E', '555z666z77z123m78m', '9m')],
] as const;

type Settled = PlayEventOf<'HandSettled'>['data'];
type Corrected = PlayEventOf<'SettlementCorrected'>['data'];

interface ScoredHand {
  readonly stream: string;
  readonly entered: boolean;
  readonly recorded: Settled;
  readonly request: WinRequest;
  readonly old: ScoredOutput;
  readonly amended: ScoredOutput;
}

type ScoredOutput = Extract<ReturnType<typeof scoreUnder>, { kind: 'scored' }>['output'];

const scored = (request: WinRequest, options: Record<string, unknown>): ScoredOutput => {
  const outcome = scoreUnder(request, options);
  if (outcome.kind !== 'scored') throw new Error(`the contract refuses: ${JSON.stringify(outcome)}`);
  return outcome.output;
};

/** The points the pattern scored in a winner's hand (0 when it does not count). */
const patternPoints = (output: ScoredOutput, seat: Seat): number =>
  output.winners
    .find((w) => w.seat === seat)
    ?.patterns?.filter((p) => p.name === PATTERN.name)
    .reduce((sum, p) => sum + p.points, 0) ?? 0;

/**
 * `initial`: the options the tournament is created with. As an organizer creates it (the seed's values, no
 * patternPoints), and with the seed's own value of the pattern set explicitly, so that the amendment changes
 * an option that has a value before it.
 */
function patternSuite(label: string, initial: Record<string, unknown>): void {
  describe.skipIf(seed003 === undefined)(
    `given a hu-mahjong tournament with live and entered hands (${label})`,
    () => {
      let dir: ReturnType<typeof tempDir>;
      let store: EventStore;
      let platform: Platform;
      let queue: JobQueue<AmendmentJob>;
      let worker: QueueWorker;
      let hands: ScoredHand[];
      let corrections: Map<string, Corrected>;
      const OLD_POINTS = seed003?.points ?? 0;
      const LIMIT = seed003?.limit ?? 0;

      const command = async (body: TournamentCommand, id: string) => {
        const outcome = await platform.tournaments.command(TOURNAMENT, body, ORGANIZER, {
          commandId: `test:${id}`,
          correlationId: id,
        });
        if (outcome.status === 'rejected') throw new Error(`${id}: ${outcome.rejection.message}`);
      };

      beforeAll(async () => {
        dir = tempDir('amend-hu-');
        store = openSqliteEventStore(join(dir.dir, 'events.db'));
        await runDemo(store, {
          players: 8,
          rounds: 2,
          preset: 'hu-mahjong',
          seed: SEED,
          rulesetOptions: initial,
          finish: false,
          end: { kind: 'hands', count: 4 },
        });
        platform = createPlatform(store, { deadlines: false });
        const by = ORGANIZER;
        const at = platform.now();
        await command(
          {
            type: 'ScheduleRound',
            round: 3,
            method: 'random',
            end: { kind: 'hands', count: 2 },
            minutes: 90,
            recording: 'entered',
            at,
            by,
          },
          'schedule-3',
        );
        await command({ type: 'SeatRound', round: 3, method: { kind: 'random' }, at, by }, 'seat-3');
        await command({ type: 'StartRound', round: 3, at, by }, 'start-3');
        const round3 = (await platform.tournaments.current(TOURNAMENT)).state.rounds[2]!;
        for (const [t, table] of round3.tables.entries())
          for (const [h, result] of ENTRIES[t]!.entries()) {
            const outcome = await platform.tables.enter(
              table.gameId,
              { result, by: { role: 'organizer', id: 'scorer' }, at: platform.now() },
              ORGANIZER,
              { commandId: `test:enter:${t}:${h}`, correlationId: table.gameId },
            );
            if (outcome.status === 'rejected') throw new Error(JSON.stringify(outcome.rejection));
          }
        await waitFor(
          async () =>
            (
              await load(store, tournamentStream(TOURNAMENT), TOURNAMENT_AGGREGATE)
            ).state.rounds[2]!.tables.every((t) => t.finished),
          'the entered tables to finish',
        );

        // Every settled hand of the tournament, scored by the contract under the old and the new options.
        const { state } = await load(store, tournamentStream(TOURNAMENT), TOURNAMENT_AGGREGATE);
        hands = [];
        for (const round of state.rounds)
          for (const table of round.tables) {
            const game = await loadGame(store, table.gameId);
            for (let n = 1; n <= game.state.hands; n++) {
              const { events, stream } = await loadHand(store, table.gameId, n);
              const recorded = events.find(
                (e): e is PlayEventOf<'HandSettled'> => e.type === 'HandSettled',
              )?.data;
              const request = winRequestOf(events);
              if (recorded === undefined || request === undefined) continue;
              const options = optionsOf(events);
              hands.push({
                stream,
                entered: round.recording === 'entered',
                recorded,
                request,
                old: scored(request, options),
                amended: scored(request, { ...options, patternPoints: { [PATTERN.id]: NEW_POINTS } }),
              });
            }
          }

        queue = createJobQueue<AmendmentJob>({ name: 'amendments' });
        const amendments = new Amendments(platform, queue);
        worker = amendments.work();
        const { outcome, job } = await amendments.amend(
          TOURNAMENT,
          {
            type: 'AmendRuleset',
            amendmentId: 'vt',
            changes: { patternPoints: { [PATTERN.id]: NEW_POINTS } },
            scope: { kind: 'event' },
            reason: 'value triplets are worth more this season',
            at: platform.now(),
            by,
          },
          ORGANIZER,
          { commandId: 'test:amend-vt', correlationId: 'vt' },
        );
        if (outcome.status === 'rejected') throw new Error(outcome.rejection.message);
        await jobDone(queue, job!.id);
        corrections = new Map(
          (await eventsOfTypes(store, ['SettlementCorrected'])).map((e) => [e.stream, e.data as Corrected]),
        );
      }, 180_000);

      afterAll(async () => {
        await worker?.close();
        await queue?.close();
        platform?.close();
        await store?.close();
        dir?.remove();
      }, 60_000);

      it('then the hands rebuilt from their events score as recorded, and the pattern occurs in live and entered hands', () => {
        expect(OLD_POINTS).toBe(500);
        for (const hand of hands)
          expect(
            hand.old.winners.map((w) => [w.seat, w.handScore]),
            hand.stream,
          ).toEqual(hand.recorded.winners.map((w) => [w.seat, w.handScore]));
        const withPattern = hands.filter((h) => h.old.winners.some((w) => patternPoints(h.old, w.seat) > 0));
        expect(withPattern.filter((h) => h.entered)).toHaveLength(4);
        expect(withPattern.filter((h) => !h.entered).length).toBeGreaterThanOrEqual(1);
      });

      it('when Value Triplet is amended to 1500, then exactly the hands the contract now pays otherwise are corrected, entered and live', () => {
        const moved = hands.filter(
          (h) =>
            JSON.stringify(netPoints(h.old.transfers)) !== JSON.stringify(netPoints(h.amended.transfers)),
        );
        expect([...corrections.keys()].sort()).toEqual(moved.map((h) => h.stream).sort());
        expect(moved.filter((h) => h.entered)).toHaveLength(3);
        expect(moved.filter((h) => !h.entered).length).toBeGreaterThanOrEqual(1);
        for (const hand of moved) {
          const correction = corrections.get(hand.stream)!;
          expect(correction.amendmentId, hand.stream).toBe('vt');
          expect(correction.winners, hand.stream).toEqual(
            hand.amended.winners.map(({ seat, handScore, effectiveScore }) => ({
              seat,
              handScore,
              effectiveScore,
            })),
          );
          expect(correction.deltas, hand.stream).toEqual(
            difference(netPoints(hand.old.transfers), netPoints(hand.amended.transfers)),
          );
        }
      });

      it('then each corrected winner’s hand score moved by (1500 − 500) × the pattern’s count, or to the limit', () => {
        let capped = 0;
        for (const hand of hands) {
          const correction = corrections.get(hand.stream);
          for (const was of hand.recorded.winners) {
            const count = patternPoints(hand.old, was.seat) / OLD_POINTS;
            expect(Number.isInteger(count), hand.stream).toBe(true);
            const uncapped = was.handScore + (NEW_POINTS - OLD_POINTS) * count;
            const expected = Math.min(LIMIT, uncapped);
            if (uncapped > LIMIT && count > 0) capped++;
            const now = correction?.winners.find((w) => w.seat === was.seat)?.handScore ?? was.handScore;
            expect(now, `${hand.stream} ${was.seat}: ${count} × ${PATTERN.name}`).toBe(expected);
          }
        }
        // The capped ones: Little Three Dragons (7000 → 8000, not 9000) and the hand at the limit already.
        expect(capped).toBeGreaterThanOrEqual(2);
        const entered = hands.filter((h) => h.entered).map((h) => h.stream);
        const scores = entered.map((s) => corrections.get(s)?.winners[0]?.handScore ?? null);
        expect(scores).toEqual([1500, 5000, 8000, null]);
      });
    },
  );
}

patternSuite('the seed’s options', {});
patternSuite('Value Triplet set to the seed’s 500 when created', {
  patternPoints: { [PATTERN.id]: seed003?.points ?? 500 },
});

/** The options the hand was played or entered under. */
function optionsOf(events: readonly PlayEvent[]): Record<string, unknown> {
  const first = events[0];
  if (first?.type !== 'HandStarted' && first?.type !== 'HandResultEntered') throw new Error('no hand');
  return { ...first.data.ruleset.options };
}
