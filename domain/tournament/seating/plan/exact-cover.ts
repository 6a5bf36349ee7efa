// Exact cover by Knuth's dancing links (Algorithm X): the search that finds the developed schedules of
// cyclic.ts. Used offline: its answers are kept in schedules.ts.
import type { Draw } from '../random.ts';
import { shuffled } from '../random.ts';

export interface ExactCoverProblem {
  /** Columns 0 … columns − 1; those below `primary` must be covered exactly once, the others at most once. */
  readonly columns: number;
  readonly primary: number;
  /** Each row: the columns it covers. */
  readonly rows: readonly (readonly number[])[];
}

/**
 * Rows covering every primary column exactly once and no column twice, or undefined when there are none or
 * the search weighed more than `nodes` choices ('limit' then). Rows are tried in a seeded order; the column
 * with fewest rows left is covered first.
 */
export function exactCover(
  problem: ExactCoverProblem,
  nodes: number,
  draw: Draw,
): { rows: number[] } | 'none' | 'limit' {
  const { columns, primary, rows } = problem;
  let size = columns + 1;
  for (const row of rows) size += row.length;
  const left = new Int32Array(size);
  const right = new Int32Array(size);
  const up = new Int32Array(size);
  const down = new Int32Array(size);
  const column = new Int32Array(size);
  const rowOf = new Int32Array(size);
  const count = new Int32Array(columns);
  const root = columns;
  for (let c = 0; c <= columns; c++) {
    left[c] = c;
    right[c] = c;
    up[c] = c;
    down[c] = c;
    column[c] = c;
  }
  let previous = root;
  for (let c = 0; c < primary; c++) {
    right[previous] = c;
    left[c] = previous;
    previous = c;
  }
  right[previous] = root;
  left[root] = previous;
  let next = columns + 1;
  for (const r of shuffled(
    rows.map((_, i) => i),
    draw,
  )) {
    let first = -1;
    for (const c of rows[r]!) {
      const x = next++;
      column[x] = c;
      rowOf[x] = r;
      count[c]! += 1;
      up[x] = up[c]!;
      down[x] = c;
      down[up[c]!] = x;
      up[c] = x;
      if (first < 0) {
        first = x;
        left[x] = x;
        right[x] = x;
      } else {
        left[x] = left[first]!;
        right[x] = first;
        right[left[first]!] = x;
        left[first] = x;
      }
    }
  }
  const cover = (c: number) => {
    right[left[c]!] = right[c]!;
    left[right[c]!] = left[c]!;
    for (let i = down[c]!; i !== c; i = down[i]!)
      for (let j = right[i]!; j !== i; j = right[j]!) {
        up[down[j]!] = up[j]!;
        down[up[j]!] = down[j]!;
        count[column[j]!]! -= 1;
      }
  };
  const uncover = (c: number) => {
    for (let i = up[c]!; i !== c; i = up[i]!)
      for (let j = left[i]!; j !== i; j = left[j]!) {
        count[column[j]!]! += 1;
        up[down[j]!] = j;
        down[up[j]!] = j;
      }
    right[left[c]!] = c;
    left[right[c]!] = c;
  };
  const chosen: number[] = [];
  let weighed = 0;
  let stopped = false;
  const search = (): boolean => {
    if (right[root] === root) return true;
    if (++weighed > nodes) {
      stopped = true;
      return false;
    }
    let c = right[root]!;
    let best = c;
    for (; c !== root; c = right[c]!) if (count[c]! < count[best]!) best = c;
    if (count[best] === 0) return false;
    cover(best);
    for (let r = down[best]!; r !== best && !stopped; r = down[r]!) {
      chosen.push(rowOf[r]!);
      for (let j = right[r]!; j !== r; j = right[j]!) cover(column[j]!);
      if (search()) return true;
      for (let j = left[r]!; j !== r; j = left[j]!) uncover(column[j]!);
      chosen.pop();
    }
    uncover(best);
    return false;
  };
  if (search()) return { rows: chosen };
  return stopped ? 'limit' : 'none';
}
