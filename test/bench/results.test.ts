// bench-results.md: a full run writes it anew, a partial one replaces only the rows it measured, the file
// reads back as written, and README.md quotes the figures the file holds.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  mergeResults,
  parseResults,
  README_END,
  README_START,
  type ResultRow,
  type Run,
  readmeExcerpt,
  renderResults,
  withExcerpt,
} from './results.ts';

const root = join(import.meta.dirname, '..', '..');
const run = (at: string, machine = 'a machine'): Run => ({ at, machine, load: 1 });
const row = (key: string, section: ResultRow['section'], ours: string, headline = false): ResultRow => ({
  key,
  section,
  measure: `measure ${key}`,
  ours,
  limit: 'a limit',
  ratio: '1.0×',
  target: '≥ 1',
  verdict: 'met',
  ...(headline ? { headline } : {}),
});

const first = run('2026-01-01T10:00:00.000Z');
const second = run('2026-01-02T10:00:00.000Z');
const full = mergeResults(
  undefined,
  first,
  [
    row('engine.a', 'engine', '1', true),
    row('platform.b', 'platform', '2', true),
    row('platform.c', 'platform', '3'),
    row('amendment.d', 'amendment', '4', true),
  ],
  true,
);

describe('bench results', () => {
  it('given a partial run of one section, then its rows are replaced and every other row kept with its run', () => {
    const partial = mergeResults(full, second, [row('platform.b', 'platform', '20')], false);

    expect(partial.rows.map((r) => [r.key, r.ours, r.run])).toEqual([
      ['engine.a', '1', first.at],
      ['platform.b', '20', second.at],
      ['platform.c', '3', first.at],
      ['amendment.d', '4', first.at],
    ]);
    expect(partial.runs).toEqual([second, first]);
    const text = renderResults(partial);
    expect(text).toContain('| measure engine.a (earlier run 1) | 1 |');
    expect(text).toContain('| measure platform.b | 20 |');
  });

  it('given a full run, then only its rows, whatever the file held', () => {
    const again = mergeResults(full, second, [row('engine.a', 'engine', '10')], true);

    expect(again.rows.map((r) => r.key)).toEqual(['engine.a']);
    expect(again.runs).toEqual([second]);
    expect(renderResults(again)).toContain('Not measured yet: platform, amendment');
  });

  it('given a partial run with no rows (its section failed to report), then nothing is blanked', () => {
    const none = mergeResults(full, second, [], false);

    expect(none.rows).toEqual(full.rows);
    expect(none.runs).toEqual([first]);
  });

  it('given results rendered, then they read back the same, and README’s excerpt is replaced in place', () => {
    expect(parseResults(renderResults(full))).toEqual(full);
    const readme = `# Title\n\nbefore\n\n${README_START}\nold\n${README_END}\n\nafter\n`;

    const updated = withExcerpt(readme, full);

    expect(updated).toBe(`# Title\n\nbefore\n\n${readmeExcerpt(full)}\n\nafter\n`);
    expect(
      readmeExcerpt(full)
        .split('\n')
        .filter((l) => l.startsWith('- ')),
    ).toHaveLength(3);
  });

  const resultsFile = join(root, 'bench-results.md');
  it.skipIf(!existsSync(resultsFile))('README.md quotes the figures bench-results.md holds', () => {
    const results = parseResults(readFileSync(resultsFile, 'utf8'));
    expect(results).toBeDefined();

    expect(readFileSync(join(root, 'README.md'), 'utf8')).toContain(readmeExcerpt(results!));
  });
});
