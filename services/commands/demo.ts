// `demo`: bots play a whole multi-table tournament headless on the configured store, with a progress bar,
// then the standings are printed. Options are checked before anything is written.
import { randomBytes } from 'node:crypto';
import { SingleBar } from 'cli-progress';
import { z } from 'zod';
import type { GameEnd } from '../../domain/play/game/index.ts';
import { PRESET_IDS, type PresetId } from '../../domain/rules/rulesets/index.ts';
import { standingsOf } from '../../projections/index.ts';
import type { StandingRow } from '../../projections/standings/evolve.ts';
import type { Config } from '../config.ts';
import { type DemoResult, runDemo } from '../demo/run-demo.ts';
import { startProjector } from '../projection-worker/projector.ts';
import { runnerOf } from '../read-models.ts';
import { openCommandStores } from './stores.ts';

export const DemoArguments = z.strictObject({
  players: z.coerce.number().int().min(2, 'at least 2 players').max(4096, 'at most 4096 players'),
  rounds: z.coerce.number().int().min(1, 'at least 1 round').max(64, 'at most 64 rounds'),
  ruleset: z.enum(PRESET_IDS as [PresetId, ...PresetId[]], { message: `one of ${PRESET_IDS.join(', ')}` }),
  /** Absent: a random secret seed (nothing of the walls can be computed from the tournament's id). */
  seed: z.string().min(1, 'a non-empty seed').optional(),
  hands: z.coerce.number().int().min(0, 'a number of hands, or 0 for the East and South rounds'),
});
export type DemoArguments = z.infer<typeof DemoArguments>;

/** Each table's game: `hands` hands, or (0) the East and South rounds of seed 003. */
export const demoGameEnd = (hands: number): GameEnd =>
  hands === 0 ? { kind: 'rounds', last: 'S' } : { kind: 'hands', count: hands };

/** A progress bar on a terminal; nothing when standard error is not one (CI logs stay clean). */
export function progressBar(label: string, stream: NodeJS.WriteStream = process.stderr) {
  if (!stream.isTTY) return { update: (_done: number, _total: number) => {}, stop: () => {} };
  const bar = new SingleBar({
    format: `${label} [{bar}] {value}/{total} games | {eta_formatted} left`,
    stream,
  });
  let started = false;
  return {
    update(done: number, total: number) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}

/** Standings as a text table for a terminal. */
export function standingsText(rows: readonly StandingRow[], tablePoints: boolean): string {
  const header = ['place', 'player', 'name', ...(tablePoints ? ['table pts'] : []), 'points', 'games'];
  const lines = rows.map((row) => [
    String(row.place),
    row.playerId,
    row.name,
    ...(tablePoints ? [String(row.tablePoints)] : []),
    String(row.points),
    String(row.games),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((line) => line[i]!.length)));
  const format = (cells: readonly string[]) =>
    cells.map((cell, i) => (i >= 3 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!))).join('  ');
  return [format(header), ...lines.map(format)].join('\n');
}

export interface DemoRun {
  readonly result: DemoResult;
  readonly standings: readonly StandingRow[];
  readonly ms: number;
  readonly projectMs: number;
}

/** Plays the demo on the configured stores, then projects and reads the standings. */
export async function playDemo(
  config: Config,
  args: DemoArguments,
  onProgress?: (done: number, total: number) => void,
): Promise<DemoRun> {
  const { store, readModels, projecting, appending, close } = await openCommandStores(config, {
    readonlyEvents: false,
  });
  // The read models are written in a thread of their own while the games are played (two cores: the
  // demo's wall time is the longer of the two, not their sum). A worker that fails fails the demo; the
  // main thread's catch-up after it is the runner's own check that nothing is left (it reads nothing).
  const projector = startProjector(config);
  try {
    const started = performance.now();
    // A seed given is for a run to reproduce, and names the tournament (demo-{seed}); without one the seed
    // is secret and the id random, so the id tells nothing of the walls.
    const secret = args.seed === undefined;
    const result = await appending(() =>
      runDemo(store, {
        players: args.players,
        rounds: args.rounds,
        preset: args.ruleset,
        seed: args.seed ?? randomBytes(16).toString('hex'),
        ...(secret ? { tournamentId: `demo-${randomBytes(4).toString('hex')}` } : {}),
        end: demoGameEnd(args.hands),
        ...(onProgress ? { onProgress } : {}),
      }),
    );
    const played = performance.now();
    await projecting(() => projector.finish());
    await projecting(() => runnerOf(store, readModels).catchUp());
    const standings = await standingsOf(readModels, result.tournamentId);
    return { result, standings, ms: played - started, projectMs: performance.now() - played };
  } finally {
    await projector.stop();
    await close();
  }
}
