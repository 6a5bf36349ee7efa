// Finds ten rounds of 32 players with no repeat (the social golfer instance 8-4-10) under the symmetry kept in
// domain/tournament/seating/plan/translated.ts, with a SAT solver: `npx tsx test/seating/find-translated.ts`
// (needs `cadical`: apt-get install -y cadical). Prints the rounds as schedules.ts keeps them. Offline only:
// no test runs it (about 80 s).
//
// The encoding: point p = 8·o + h, the translations p → p XOR g (g = 0 … 7), the pairs that never meet p and
// p XOR 1. Seven slots: four rounds kept by every translation, two kept by {0, 1, 2, 3} (each with its twin
// by 4), one kept by {0, 1, 4, 5} (its twin by 2): the shape a published 8-4-10 solution turned out to have.
// A variable per orbit of tables (no never-meeting pair at one) under a slot's subgroup; each point at a table
// in each slot; each orbit of pairs met exactly once over the ten rounds (a point then meets its 30 others
// once each, so it sits at one table per round).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TranslatedRound } from '../../domain/tournament/seating/plan/translated.ts';
import { developTranslated } from '../../domain/tournament/seating/plan/translated.ts';

const POINTS = 32;
const ALL = [0, 1, 2, 3, 4, 5, 6, 7];
const SLOTS: readonly { under: number[]; twin?: number }[] = [
  { under: ALL },
  { under: ALL },
  { under: ALL },
  { under: ALL },
  { under: [0, 1, 2, 3], twin: 4 },
  { under: [0, 1, 2, 3], twin: 4 },
  { under: [0, 1, 4, 5], twin: 2 },
];

const neverMeet = (a: number, b: number) => b === (a ^ 1);
const moved = (table: readonly number[], g: number) => table.map((p) => p ^ g).sort((a, b) => a - b);
const keyOf = (table: readonly number[]) => table.join(',');

function tablesOfFour(): number[][] {
  const tables: number[][] = [];
  for (let a = 0; a < POINTS; a++)
    for (let b = a + 1; b < POINTS; b++)
      for (let c = b + 1; c < POINTS; c++)
        for (let d = c + 1; d < POINTS; d++) {
          const t = [a, b, c, d];
          if (!t.some((x) => t.some((y) => neverMeet(x, y)))) tables.push(t);
        }
  return tables;
}

let variables = 0;
const clauses: number[][] = [];
const fresh = () => ++variables;
/** At most one of `literals`: a sequential counter. */
function atMostOne(literals: readonly number[]): void {
  if (literals.length < 2) return;
  const s = literals.slice(0, -1).map(fresh);
  clauses.push([-literals[0]!, s[0]!]);
  for (let i = 1; i < literals.length - 1; i++)
    clauses.push([-literals[i]!, s[i]!], [-s[i - 1]!, s[i]!], [-literals[i]!, -s[i - 1]!]);
  clauses.push([-literals.at(-1)!, -s.at(-1)!]);
}

const tables = tablesOfFour();
/** Per slot: each table's orbit variable, and each variable's orbit representative. */
const slots = SLOTS.map(({ under, twin }) => {
  const variableOf = new Map<string, number>();
  const representative = new Map<number, number[]>();
  for (const table of tables) {
    const images = under.map((g) => moved(table, g));
    const least = images.map(keyOf).sort()[0]!;
    let v = variableOf.get(least);
    if (v === undefined) {
      v = fresh();
      representative.set(v, least.split(',').map(Number));
      // An orbit whose tables overlap cannot be part of one round.
      const seated = new Set(images.map(keyOf));
      const points = [...seated].flatMap((k) => k.split(',').map(Number));
      if (new Set(points).size !== points.length) clauses.push([-v]);
      variableOf.set(least, v);
    }
    variableOf.set(keyOf(table), v);
  }
  return { under, twin, variableOf, representative };
});

for (const { variableOf } of slots)
  for (let p = 0; p < POINTS; p++)
    clauses.push([...new Set(tables.filter((t) => t.includes(p)).map((t) => variableOf.get(keyOf(t))!))]);

const tablesWith = new Map<string, number[][]>();
for (const t of tables)
  for (const a of t)
    for (const b of t) if (a < b) tablesWith.set(`${a},${b}`, [...(tablesWith.get(`${a},${b}`) ?? []), t]);
const pairOrbits = new Set<string>();
for (let a = 0; a < POINTS; a++)
  for (let b = a + 1; b < POINTS; b++)
    if (!neverMeet(a, b)) pairOrbits.add(ALL.map((g) => keyOf(moved([a, b], g))).sort()[0]!);
for (const pair of pairOrbits) {
  const [a, b] = pair.split(',').map(Number) as [number, number];
  const covering: number[] = [];
  for (const { twin, variableOf } of slots)
    for (const shift of twin === undefined ? [0] : [0, twin])
      for (const t of tablesWith.get(keyOf(moved([a, b], shift))) ?? [])
        covering.push(variableOf.get(keyOf(t))!);
  const times = new Map<number, number>();
  for (const v of covering) times.set(v, (times.get(v) ?? 0) + 1);
  const once = [...times].filter(([, n]) => n === 1).map(([v]) => v);
  for (const [v, n] of times) if (n > 1) clauses.push([-v]);
  clauses.push(once);
  atMostOne(once);
}

const folder = mkdtempSync(join(tmpdir(), 'find-translated-'));
const cnf = join(folder, 'schedule.cnf');
writeFileSync(
  cnf,
  `p cnf ${variables} ${clauses.length}\n${clauses.map((c) => `${c.join(' ')} 0`).join('\n')}\n`,
);
console.error(`${variables} variables, ${clauses.length} clauses in ${cnf}; solving with cadical…`);
const solved = spawnSync('cadical', ['-q', cnf], { encoding: 'utf8', maxBuffer: 1 << 28 });
if (solved.error !== undefined)
  throw new Error(`cadical could not run (apt-get install -y cadical): ${solved.error.message}`);
if (!solved.stdout.includes('s SATISFIABLE'))
  throw new Error(`no schedule of this shape: ${solved.stdout.slice(0, 200)}`);
const truths = new Set(
  solved.stdout
    .split('\n')
    .filter((line) => line.startsWith('v'))
    .flatMap((line) => line.slice(1).trim().split(/\s+/).map(Number))
    .filter((v) => v > 0),
);
const schedule: TranslatedRound[] = slots.map(({ under, twin, representative }) => ({
  tables: [...representative].filter(([v]) => truths.has(v)).map(([, t]) => t),
  under,
  ...(twin === undefined ? {} : { twin }),
}));
const rounds = developTranslated(schedule);
const met = new Set<string>();
for (const round of rounds)
  for (const table of round)
    for (const a of table)
      for (const b of table)
        if (a < b) {
          if (met.has(`${a},${b}`)) throw new Error(`pair ${a}–${b} met twice: the encoding is wrong`);
          met.add(`${a},${b}`);
        }
console.log(JSON.stringify(schedule));
