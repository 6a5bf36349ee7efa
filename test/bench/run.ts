// npm run bench: hands per second of four engine operations beside @kobalab/majiang-core 1.4.1 on the same
// kobalab hands, on one thread, each timing in a fresh process; then the platform (platform.ts) and an
// amendment (amendment.ts), each in a process of its own. A benchmark, not a test: the targets are printed,
// never asserted, and written with every figure to bench-results.md (results.ts), whose excerpt README.md
// quotes. BENCH_SECTIONS=engine,platform,amendment (comma-separated) runs some sections: a partial run
// replaces only the rows it measured there.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Majiang from '@kobalab/majiang-core';
import { buildSync } from 'esbuild';
import { isComplete } from '../../domain/hand/index.ts';
import { SHARED_DIR } from '../support/shared-data.ts';
import { amendmentResultRows, amendmentSummary, runAmendmentBenchInChild } from './amendment-child.ts';
import { loadShapeCases, loadWinningCases, type ShapeCase, type WinningCase } from './inputs.ts';
import { OPERATIONS, SCORING_WITH_PATTERNS, TABLE_OPERATIONS } from './operations.ts';
import { currentRun, type ResultRow, SECTIONS, type Section, type Verdict, writeResults } from './results.ts';
import { sink, type Timing, timeOnce, timePasses } from './timing.ts';
import { verifyComplete, verifyDecomposition, verifyScoring, verifyWaits } from './verify.ts';

const OPTIONS = { minSeconds: 1.5, warmupSeconds: 0.5 };
const CHILD_FLAG = '--time-in-child';
const TARGET_COMPLETE_PER_SECOND = 5_000_000;
const TARGET_SCORED_PER_SECOND = 1_000_000;
const TARGET_SCORING_RATIO = 15;

const int = (n: number): string => Math.round(n).toLocaleString('en-US');

interface Row {
  readonly operation: string;
  readonly ours: Timing;
  readonly peer: Timing;
}

function printTable(rows: readonly Row[]): void {
  const header = ['operation', 'ours hands/s', 'majiang-core hands/s', 'ratio ours/peer'];
  const lines = rows.map((r) => [
    r.operation,
    int(r.ours.handsPerSecond),
    int(r.peer.handsPerSecond),
    `${(r.ours.handsPerSecond / r.peer.handsPerSecond).toFixed(1)}×`,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: readonly string[]): string =>
    `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(' | ')} |`;
  console.log(format(header));
  console.log(`|${widths.map((w, i) => (i === 0 ? '-'.repeat(w + 2) : `${'-'.repeat(w + 1)}:`)).join('|')}|`);
  for (const line of lines) console.log(format(line));
}

function main(): ResultRow[] {
  const startedAt = process.hrtime.bigint();
  console.log('mahjong-ledger benchmark: ours vs @kobalab/majiang-core 1.4.1, one thread');
  console.log(
    `Node ${process.version} (V8 ${process.versions.v8}), ${process.platform}/${process.arch}, CPU: ${cpus()[0]?.model ?? 'unknown'}`,
  );

  const loaded = timeOnce(() => ({ winning: loadWinningCases(), shapes: loadShapeCases() }));
  const winning: readonly WinningCase[] | undefined = loaded.value.winning;
  const shapes: readonly ShapeCase[] | undefined = loaded.value.shapes;
  if (winning === undefined && shapes === undefined) {
    console.log('skip: the kobalab corpus is missing (see the message above); nothing to time.');
    return [
      {
        key: 'engine',
        section: 'engine',
        measure: 'engine timings',
        ours: 'skipped: the kobalab corpus is missing',
        limit: '—',
        ratio: '—',
        target: '—',
        verdict: 'skipped',
      },
    ];
  }
  console.log(
    `inputs: ${int(winning?.length ?? 0)} winning hands, ${int(shapes?.length ?? 0)} hand shapes, read and converted for both libraries in ${loaded.seconds.toFixed(2)} s`,
  );

  // The per-suit table is built lazily on first use: nothing above touched it, so this call pays for it.
  const probe = shapes?.[0] ?? winning![0]!;
  const [counts, meldCount] =
    'counts14' in probe ? [probe.counts14, probe.melds.length] : [probe.counts, probe.meldCount];
  const firstCall = timeOnce(() => isComplete(counts, meldCount));
  const secondCall = timeOnce(() => isComplete(counts, meldCount));
  console.log(
    `suit table build (first isComplete call): ${(firstCall.seconds * 1000).toFixed(1)} ms (a second call: ${(secondCall.seconds * 1e6).toFixed(1)} µs)`,
  );

  const param = Majiang.Util.hule_param({ zhuangfeng: 0, menfeng: 1 }); // East round, seat South
  console.log('\nverification (untimed, one pass each):');
  if (winning) verifyDecomposition(winning);
  if (shapes) verifyComplete(shapes);
  if (winning) verifyWaits(winning);
  if (winning) verifyScoring(winning, param);
  console.log('');

  const runner = bundledRunner();
  console.log(`timings: each in a fresh process, ${runner.label}`);
  const rows: Row[] = [];
  for (const operation of TABLE_OPERATIONS) {
    const inputs = operation.input === 'winning' ? winning : shapes;
    if (inputs === undefined) {
      console.log(`skip: ${operation.name} (its input file is missing)`);
      continue;
    }
    const label = `${operation.name} (${int(inputs.length)} ${operation.unit})`;
    process.stdout.write(`timing ${label}: ours…`);
    const ours = timeInChild(runner, operation.name, 'ours');
    process.stdout.write(' majiang-core…');
    const peer = timeInChild(runner, operation.name, 'peer');
    process.stdout.write(' done\n');
    rows.push({ operation: label, ours, peer });
  }
  // The scoring row reads a verdict's points; the pattern list is built only when read, so time that too.
  let withPatterns: Timing | undefined;
  if (winning) {
    process.stdout.write('timing scoring with the pattern list read: ours…');
    withPatterns = timeInChild(runner, SCORING_WITH_PATTERNS.name, 'ours');
    process.stdout.write(' done\n');
  }
  // The same scoring through tsx, the loader `npm run cli` uses: slower for both, reported for candour.
  let scoringTsx: { ours: Timing; peer: Timing } | undefined;
  if (winning) {
    process.stdout.write(`timing scoring ${TSX_RUNNER.label}: ours…`);
    const ours = timeInChild(TSX_RUNNER, 'scoring', 'ours');
    process.stdout.write(' majiang-core…');
    scoringTsx = { ours, peer: timeInChild(TSX_RUNNER, 'scoring', 'peer') };
    process.stdout.write(' done\n');
  }

  console.log('');
  printTable(rows);
  console.log(
    `(${OPTIONS.warmupSeconds} s warm-up, then whole passes over the inputs for at least ${OPTIONS.minSeconds} s each; hands/s = hands processed / seconds)`,
  );
  const scoringRow = rows.find((r) => r.operation.startsWith('scoring'));
  if (withPatterns && scoringRow) {
    console.log(
      `scoring with score.patterns read as well: ${int(withPatterns.handsPerSecond)} hands/s (${(withPatterns.handsPerSecond / scoringRow.peer.handsPerSecond).toFixed(1)}× majiang-core, whose hule always lists its yaku)`,
    );
  }

  if (scoringTsx) {
    console.log(
      `scoring ${TSX_RUNNER.label}: ours ${int(scoringTsx.ours.handsPerSecond)} hands/s, majiang-core ${int(scoringTsx.peer.handsPerSecond)} hands/s (${(scoringTsx.ours.handsPerSecond / scoringTsx.peer.handsPerSecond).toFixed(1)}×)`,
    );
  }

  console.log('\ntargets (issue):');
  const complete = rows.find((r) => r.operation.startsWith('complete'));
  const scoring = rows.find((r) => r.operation.startsWith('scoring'));
  const verdict = (met: boolean): Verdict => (met ? 'met' : 'NOT met');
  if (complete) {
    const rate = complete.ours.handsPerSecond;
    console.log(
      `  ≥${int(TARGET_COMPLETE_PER_SECOND)} complete-shape checks/s on one core: ${int(rate)}/s — ${verdict(rate >= TARGET_COMPLETE_PER_SECOND)}`,
    );
  } else console.log('  complete-shape checks/s: not measured');
  // Issue 13 states the scoring targets with the pattern list read.
  if (withPatterns && scoring) {
    const rate = withPatterns.handsPerSecond;
    const ratio = rate / scoring.peer.handsPerSecond;
    console.log(
      `  ≥${int(TARGET_SCORED_PER_SECOND)} scored hands/s on one core, pattern list read: ${int(rate)}/s — ${verdict(rate >= TARGET_SCORED_PER_SECOND)}`,
    );
    console.log(
      `  ≥${TARGET_SCORING_RATIO}× majiang-core's scoring, pattern list read: ${ratio.toFixed(1)}× — ${verdict(ratio >= TARGET_SCORING_RATIO)}`,
    );
  } else console.log('  scored hands/s: not measured');

  const checksums = rows
    .map((r) => `${r.operation.split(' (')[0]} ${r.ours.checksum}/${r.peer.checksum}`)
    .join(', ');
  console.log(`\nchecksums (ours/peer, summed over timed passes): ${checksums}; sink ${sink.value}`);
  console.log(`total ${(Number(process.hrtime.bigint() - startedAt) / 1e9).toFixed(1)} s`);
  return engineRows(rows, withPatterns, scoringTsx);
}

const ratioOf = (ours: Timing, peer: Timing): string =>
  `${(ours.handsPerSecond / peer.handsPerSecond).toFixed(1)}×`;

/** The engine's rows for bench-results.md: each operation beside majiang-core, the targets where stated. */
function engineRows(
  rows: readonly Row[],
  withPatterns: Timing | undefined,
  scoringTsx: { ours: Timing; peer: Timing } | undefined,
): ResultRow[] {
  const results: ResultRow[] = [];
  const per = (t: Timing): string => `${int(t.handsPerSecond)}/s`;
  for (const row of rows) {
    const name = row.operation.split(' (')[0]!;
    const complete = name.startsWith('complete');
    results.push({
      key: `engine.${name}`,
      section: 'engine',
      measure: row.operation,
      ours: per(row.ours),
      limit: `${per(row.peer)} (majiang-core)`,
      ratio: ratioOf(row.ours, row.peer),
      target: complete ? `≥ ${int(TARGET_COMPLETE_PER_SECOND)}/s` : '—',
      verdict: complete ? (row.ours.handsPerSecond >= TARGET_COMPLETE_PER_SECOND ? 'met' : 'NOT met') : '—',
    });
  }
  const scoring = rows.find((r) => r.operation.startsWith('scoring'));
  if (withPatterns && scoring) {
    const rate = withPatterns.handsPerSecond;
    const ratio = rate / scoring.peer.handsPerSecond;
    const missed = [
      ...(rate >= TARGET_SCORED_PER_SECOND ? [] : ['rate']),
      ...(ratio >= TARGET_SCORING_RATIO ? [] : ['ratio']),
    ];
    results.push({
      key: 'engine.scoring-with-patterns',
      section: 'engine',
      measure: 'scoring with the pattern list read (winning hands)',
      ours: `${int(rate)} hands/s`,
      limit: `${per(scoring.peer)} (majiang-core, whose hule always lists its yaku)`,
      ratio: `${ratio.toFixed(1)}×`,
      target: `≥ ${int(TARGET_SCORED_PER_SECOND)} hands/s and ≥ ${TARGET_SCORING_RATIO}×`,
      verdict: missed.length === 0 ? 'met' : 'NOT met',
      ...(missed.length === 0 ? {} : { missed: missed.join(', ') }),
      headline: true,
    });
  }
  if (scoringTsx)
    results.push({
      key: 'engine.scoring-tsx',
      section: 'engine',
      measure: 'scoring through tsx (the loader `npm run cli` uses)',
      ours: per(scoringTsx.ours),
      limit: `${per(scoringTsx.peer)} (majiang-core)`,
      ratio: ratioOf(scoringTsx.ours, scoringTsx.peer),
      target: '—',
      verdict: '—',
    });
  return results;
}

// Each timing runs in a process of its own, for both libraries alike: what one benchmark leaves in the
// JIT (type feedback, inlining choices) or the heap must not slow or speed the next one.
/**
 * How a child runs: from a bundle of this file (engine and peer alike, as a production build would run
 * them: esbuild's scope hoisting lets the JIT see across modules), or through tsx, the development loader.
 */
interface Runner {
  readonly label: string;
  readonly args: readonly string[];
}

function bundledRunner(): Runner {
  const outfile = join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    '..',
    'node_modules',
    '.cache',
    'mahjong-ledger-bench',
    'run.mjs',
  );
  mkdirSync(dirname(outfile), { recursive: true });
  buildSync({
    entryPoints: [fileURLToPath(import.meta.url)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    // majiang-core is CommonJS; the bundle gives it a require.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return { label: 'bundled with esbuild', args: [outfile] };
}

const TSX_RUNNER: Runner = {
  label: 'through tsx',
  args: [...process.execArgv, fileURLToPath(import.meta.url)],
};

// Each timing runs in a process of its own, for both libraries alike: what one benchmark leaves in the
// JIT (type feedback, inlining choices) or the heap must not slow or speed the next one.
function timeInChild(runner: Runner, operation: string, library: 'ours' | 'peer'): Timing {
  const child = spawnSync(process.execPath, [...runner.args, CHILD_FLAG, operation, library], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
    // The bundle lives elsewhere than this file: tell it where the shared data is.
    env: { ...process.env, SHARED_DIR },
  });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{')) {
    throw new Error(
      `timing ${operation} (${library}, ${runner.label}) failed: ${child.stderr || child.stdout}`,
    );
  }
  const timing = JSON.parse(line) as Timing;
  sink.value += timing.checksum;
  return timing;
}

function runChild(operationName: string, library: string): void {
  const operation = OPERATIONS.find((o) => o.name === operationName);
  if (operation === undefined || (library !== 'ours' && library !== 'peer')) {
    throw new Error(`unknown timing: ${operationName} ${library}`);
  }
  const inputs = operation.input === 'winning' ? loadWinningCases() : loadShapeCases();
  if (inputs === undefined) throw new Error(`${operation.name}: input missing`);
  const pass = library === 'ours' ? operation.ours(inputs as never[]) : operation.peer(inputs as never[]);
  console.log(JSON.stringify(timePasses(inputs.length, pass, OPTIONS)));
}

/** The sections BENCH_SECTIONS names (default all); an unknown name stops the bench. */
function selectedSections(): Section[] {
  const named = process.env.BENCH_SECTIONS;
  if (named === undefined || named.trim() === '') return [...SECTIONS];
  const sections = named.split(',').map((s) => s.trim());
  const unknown = sections.filter((s) => !(SECTIONS as readonly string[]).includes(s));
  if (unknown.length > 0)
    throw new Error(`BENCH_SECTIONS: unknown ${unknown.join(', ')} (of ${SECTIONS.join(', ')})`);
  return sections as Section[];
}

const failedSection = (section: Section, why: string): ResultRow => ({
  key: `${section}.run`,
  section,
  measure: `the ${section} section`,
  ours: `failed: ${why}`,
  limit: '—',
  ratio: '—',
  target: '—',
  verdict: 'failed',
});

/** The platform's figures (demo, appends, projections, replays, export) in a process of their own. */
function platformRows(here: string): ResultRow[] {
  const dir = mkdtempSync(join(tmpdir(), 'ledger-platform-rows-'));
  const file = join(dir, 'rows.json');
  try {
    const platform = spawnSync(process.execPath, ['--import', 'tsx', join(here, 'platform.ts')], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_ROWS: file },
    });
    if (platform.status !== 0) return [failedSection('platform', `exit ${platform.status} (see its output)`)];
    return JSON.parse(readFileSync(file, 'utf8')) as ResultRow[];
  } catch (error) {
    return [failedSection('platform', error instanceof Error ? error.message : String(error))];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const childAt = process.argv.indexOf(CHILD_FLAG);
if (childAt >= 0) runChild(process.argv[childAt + 1]!, process.argv[childAt + 2]!);
else {
  const sections = selectedSections();
  const run = currentRun();
  const here = dirname(fileURLToPath(import.meta.url));
  const rows: ResultRow[] = [];
  if (sections.includes('engine')) rows.push(...main());
  if (sections.includes('platform')) {
    const platform = platformRows(here);
    if (platform.some((r) => r.verdict === 'failed' && r.key === 'platform.run')) process.exitCode = 1;
    rows.push(...platform);
  }
  if (sections.includes('amendment')) {
    // An amendment over 10,000 settled hands (SQLite + in-process queue, PostgreSQL + BullMQ), beside raw reads.
    const amendment = runAmendmentBenchInChild(here);
    if (amendment === undefined) {
      process.exitCode = 1;
      rows.push(failedSection('amendment', 'its process failed (see its output)'));
    } else {
      for (const line of amendmentSummary(amendment)) console.log(`amendment, ${line}`);
      rows.push(...amendmentResultRows(amendment));
    }
  }
  // A full run writes the file anew; a partial one (some sections, or some amendment backends) merges.
  const full = sections.length === SECTIONS.length && process.env.BENCH_AMEND_BACKENDS === undefined;
  const root = join(here, '..', '..');
  const target = process.env.BENCH_RESULTS ?? join(root, 'bench-results.md');
  // README.md quotes the repository's own results file, not one written elsewhere.
  const readme = process.env.BENCH_RESULTS === undefined ? join(root, 'README.md') : undefined;
  writeResults(target, run, rows, full, readme);
  console.log(
    `\n${full ? 'wrote' : 'updated (a partial run: only its rows)'} ${target}${readme ? ' and the excerpt in README.md' : ''}`,
  );
}
