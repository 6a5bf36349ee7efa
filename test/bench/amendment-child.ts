// Runs the amendment benchmark (amendment.ts) in a process of its own, as run.ts runs the platform's, and
// reads its rows back. Node built-ins only: run.ts is bundled for its timing children, and the benchmark's
// stores and queues (better-sqlite3, pg, BullMQ) must stay out of that bundle.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AmendmentRow } from './amendment.ts';
import type { ResultRow } from './results.ts';

/** The benchmark's rows, or undefined when its process failed (its output says why). */
export function runAmendmentBenchInChild(benchDir: string): AmendmentRow[] | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-amend-rows-'));
  const file = join(dir, 'rows.json');
  try {
    const child = spawnSync(process.execPath, ['--import', 'tsx', join(benchDir, 'amendment.ts')], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_AMEND_ROWS: file },
    });
    if (child.status !== 0) return undefined;
    return JSON.parse(readFileSync(file, 'utf8')) as AmendmentRow[];
  } catch {
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One line per row, for a closing summary. */
export function amendmentSummary(rows: readonly AmendmentRow[]): string[] {
  return rows.map((r) =>
    r.status !== 'measured'
      ? `${r.store}: ${r.status} (${r.why})`
      : `${r.store}: ${Math.round(r.hands).toLocaleString('en-US')} hands in ${(r.wallMs / 1000).toFixed(1)} s, ` +
        `${r.ratio.toFixed(2)}× the raw read — ` +
        (r.targetSeconds === undefined
          ? ''
          : `< ${r.targetSeconds} s ${r.wallMs < r.targetSeconds * 1000 ? 'met' : 'NOT met'}, `) +
        `≤ ${r.targetRatio}× ${r.ratio <= r.targetRatio ? 'met' : 'NOT met'}`,
  );
}

/** The amendment's targets are stated over 10,000 settled hands; a smaller run's rows are left unjudged. */
const TARGET_HANDS = 10_000;

/** The rows for bench-results.md: each store's recompute beside its raw read, with its targets. */
export function amendmentResultRows(rows: readonly AmendmentRow[]): ResultRow[] {
  const int = (n: number): string => Math.round(n).toLocaleString('en-US');
  return rows.map((r) => {
    const key = `amendment.${r.store.startsWith('SQLite') ? 'sqlite' : 'postgres'}`;
    const full = r.hands >= TARGET_HANDS;
    const target =
      `${r.targetSeconds === undefined ? '' : `< ${r.targetSeconds} s and `}≤ ${r.targetRatio}× the raw read` +
      (full || r.status !== 'measured' ? '' : ` (over ${int(TARGET_HANDS)} hands)`);
    if (r.status !== 'measured')
      return {
        key,
        section: 'amendment',
        measure: `retroactive amendment, ${r.store}`,
        ours: `${r.status}: ${r.why ?? ''}`,
        limit: '—',
        ratio: '—',
        target,
        verdict: r.status,
      };
    const missed = [
      ...(r.targetSeconds === undefined || r.wallMs < r.targetSeconds * 1000 ? [] : ['time']),
      ...(r.ratio <= r.targetRatio ? [] : ['ratio']),
    ];
    return {
      key,
      section: 'amendment',
      measure: `retroactive amendment over ${int(r.hands)} settled hands, ${r.store}`,
      ours: `${(r.wallMs / 1000).toFixed(2)} s (${int(r.handsPerSecond)} hands/s)`,
      limit: `${(r.rawMs / 1000).toFixed(2)} s (a raw read of its ${int(r.rawEvents)} events)`,
      ratio: `${r.ratio.toFixed(2)}×`,
      target,
      verdict: !full ? '—' : missed.length === 0 ? 'met' : 'NOT met',
      ...(!full || missed.length === 0 ? {} : { missed: missed.join(', ') }),
      headline: true,
    };
  });
}
