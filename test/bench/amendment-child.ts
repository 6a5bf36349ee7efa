// Runs the amendment benchmark (amendment.ts) in a process of its own, as run.ts runs the platform's, and
// reads its rows back. Node built-ins only: run.ts is bundled for its timing children, and the benchmark's
// stores and queues (better-sqlite3, pg, BullMQ) must stay out of that bundle.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AmendmentRow } from './amendment.ts';

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
