// bench-results.md: what the last `npm run bench` measured, one table (measure, ours, the peer or raw limit
// measured in the same run, ratio, target, met), the machine it ran on, and the excerpt README.md quotes.
// A full run writes the file anew. A partial run (BENCH_SECTIONS, BENCH_AMEND_BACKENDS) replaces only the
// rows it measured: every other row stays as an earlier run left it, marked with that run, so no row is
// ever blanked by a run that did not measure it. The rows travel in a JSON block at the end of the file.
// Node built-ins only: run.ts, which writes it, is bundled for its timing children.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, cpus, loadavg, release, totalmem, type } from 'node:os';

export const SECTIONS = ['engine', 'platform', 'amendment'] as const;
export type Section = (typeof SECTIONS)[number];

/** 'met' / 'NOT met' against a target; '—' where none is stated; skipped and failed say why in `ours`. */
export type Verdict = 'met' | 'NOT met' | '—' | 'skipped' | 'failed';

export interface ResultRow {
  /** Stable across runs: a partial run replaces the rows of the keys it measured. */
  readonly key: string;
  readonly section: Section;
  readonly measure: string;
  readonly ours: string;
  /** The peer's figure, or the raw limit of the medium, measured in the same run. */
  readonly limit: string;
  readonly ratio: string;
  readonly target: string;
  readonly verdict: Verdict;
  /** Which part of a target of several parts was missed ("rate", "ratio"). */
  readonly missed?: string;
  /** Quoted in README.md. */
  readonly headline?: boolean;
}

export interface Run {
  /** ISO time the run began. */
  readonly at: string;
  readonly machine: string;
  /** The one-minute load average when it began: this machine is shared, and a busy one times slowly. */
  readonly load: number;
}

interface StoredRow extends ResultRow {
  /** The run (its `at`) that measured the row. */
  readonly run: string;
}

export interface Results {
  readonly runs: readonly Run[];
  readonly rows: readonly StoredRow[];
}

/** CPU model, cores, memory, Node version and OS, from node:os. */
export function machineLine(): string {
  const cores = cpus();
  const memory = `${(totalmem() / 2 ** 30).toFixed(1)} GiB`;
  return `${cores[0]?.model.trim() ?? 'unknown CPU'}, ${cores.length} cores, ${memory} memory, Node ${process.version}, ${type()} ${release()} ${arch()}`;
}

export function currentRun(at: Date = new Date()): Run {
  return { at: at.toISOString(), machine: machineLine(), load: Number(loadavg()[0]!.toFixed(2)) };
}

/**
 * The results after a run: a full run's rows alone; a partial run's rows in place of the same keys, every
 * other row of `previous` kept with the run that measured it.
 */
export function mergeResults(
  previous: Results | undefined,
  run: Run,
  rows: readonly ResultRow[],
  full: boolean,
): Results {
  const fresh: StoredRow[] = rows.map((row) => ({ ...row, run: run.at }));
  const byKey = new Map(fresh.map((row) => [row.key, row]));
  const ordered: StoredRow[] = [];
  for (const section of SECTIONS) {
    const now = fresh.filter((row) => row.section === section);
    if (full || previous === undefined) {
      ordered.push(...now);
      continue;
    }
    // Earlier rows keep their places, this run's in place of theirs; new keys follow.
    const merged = previous.rows
      .filter((row) => row.section === section)
      .map((row) => byKey.get(row.key) ?? row);
    ordered.push(...merged, ...now.filter((row) => !merged.includes(row)));
  }
  const used = new Set(ordered.map((row) => row.run));
  const runs = [run, ...(previous?.runs ?? []).filter((r) => r.at !== run.at)].filter((r) => used.has(r.at));
  return { runs, rows: ordered };
}

const DATA_OPEN = '<!-- bench-results-data';
const DATA_CLOSE = '-->';

/** The results a bench-results.md holds, or undefined when it holds none. */
export function parseResults(text: string): Results | undefined {
  const start = text.indexOf(DATA_OPEN);
  if (start < 0) return undefined;
  const end = text.indexOf(DATA_CLOSE, start);
  if (end < 0) return undefined;
  return JSON.parse(text.slice(start + DATA_OPEN.length, end)) as Results;
}

const cell = (text: string): string => text.replaceAll('|', '\\|').replaceAll('\n', ' ');
const verdictOf = (row: ResultRow): string =>
  row.missed === undefined ? row.verdict : `${row.verdict} (${row.missed})`;
const day = (iso: string): string => `${iso.slice(0, 16).replace('T', ' ')} UTC`;

/** The label of an earlier run's rows: "earlier run 1", … (this run's rows carry none). */
function runLabels(results: Results): Map<string, string> {
  return new Map(results.runs.slice(1).map((run, i) => [run.at, `earlier run ${i + 1}`]));
}

export function renderResults(results: Results): string {
  const labels = runLabels(results);
  const lines = [
    '# Benchmark results',
    '',
    'Written by `npm run bench` (test/bench/results.ts): do not edit by hand. Each figure stands beside the',
    "peer's or the raw limit's, measured in the same run on the same machine; targets are from issue 13 and",
    'the README. MB are 10⁶ bytes.',
    '',
  ];
  for (const run of results.runs) {
    const label = labels.get(run.at);
    lines.push(
      `- ${label === undefined ? 'Run' : `Rows marked "${label}"`}: ${day(run.at)}, ${run.machine}; load average ${run.load} at the start.`,
    );
  }
  if (results.runs.length > 1)
    lines.push(
      '',
      'A partial run replaced only the rows it measured; the marked rows are from earlier runs.',
    );
  lines.push(
    '',
    '| measure | this project | peer or raw limit | ratio | target | met |',
    '|---|--:|--:|--:|---|---|',
  );
  for (const row of results.rows) {
    const label = labels.get(row.run);
    const measure = label === undefined ? row.measure : `${row.measure} (${label})`;
    lines.push(
      `| ${[measure, row.ours, row.limit, row.ratio, row.target, verdictOf(row)].map(cell).join(' | ')} |`,
    );
  }
  const missing = SECTIONS.filter((section) => !results.rows.some((row) => row.section === section));
  if (missing.length > 0)
    lines.push(
      '',
      `Not measured yet: ${missing.join(', ')} (\`BENCH_SECTIONS=${missing.join(',')} npm run bench\` adds ${missing.length === 1 ? 'it' : 'them'}).`,
    );
  lines.push('', DATA_OPEN, JSON.stringify(results, null, 1), DATA_CLOSE, '');
  return lines.join('\n');
}

export const README_START = '<!-- bench-results:start -->';
export const README_END = '<!-- bench-results:end -->';

/** What README.md quotes: the machine and the headline rows, one line each. */
export function readmeExcerpt(results: Results): string {
  const labels = runLabels(results);
  const latest = results.runs[0];
  const lines = [
    README_START,
    `From [bench-results.md](bench-results.md)${latest === undefined ? '' : `, ${day(latest.at)} on ${latest.machine}`} (a shared machine: see the load there):`,
    '',
  ];
  for (const row of results.rows.filter((r) => r.headline === true)) {
    const label = labels.get(row.run);
    const against = row.limit === '—' ? '' : ` against ${row.limit}, ${row.ratio}`;
    lines.push(
      `- ${row.measure}: ${row.ours}${against}; target ${row.target}: ${verdictOf(row)}${label === undefined ? '' : ` (${label})`}`,
    );
  }
  lines.push(README_END);
  return lines.join('\n');
}

/** README.md with its excerpt replaced (or added at the end when it has none). */
export function withExcerpt(readme: string, results: Results): string {
  const excerpt = readmeExcerpt(results);
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END);
  if (start < 0 || end < start) return `${readme.trimEnd()}\n\n${excerpt}\n`;
  return readme.slice(0, start) + excerpt + readme.slice(end + README_END.length);
}

/**
 * Writes the results of a run to `file`, merged with what it held, and (when given) README.md's excerpt.
 * Answers what was written.
 */
export function writeResults(
  file: string,
  run: Run,
  rows: readonly ResultRow[],
  full: boolean,
  readme?: string,
): Results {
  const previous = existsSync(file) ? parseResults(readFileSync(file, 'utf8')) : undefined;
  const results = mergeResults(previous, run, rows, full);
  writeFileSync(file, renderResults(results));
  if (readme !== undefined && existsSync(readme))
    writeFileSync(readme, withExcerpt(readFileSync(readme, 'utf8'), results));
  return results;
}
