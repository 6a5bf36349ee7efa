// A micro-benchmark of the engine alone, for work on its hot path: by default the bench's scoring rows
// (points only, and with the pattern list read) beside majiang-core's hule on the same kobalab hands; any
// operation of operations.ts with --op. Like `npm run bench` it times an esbuild bundle, each timing in a
// fresh process; unlike it, ours and the peer alternate for a few rounds and the CPU time of the process is
// reported beside the wall clock, so that a figure taken on a shared machine can be read (the ratio of two
// neighbouring timings moves less than either). A benchmark, not a test: nothing is asserted.
//   npx tsx test/bench/engine-speed.ts [--rounds N] [--seconds S] [--op NAME]…
import { spawnSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { SHARED_DIR } from '../support/shared-data.ts';
import { loadShapeCases, loadWinningCases } from './inputs.ts';
import { OPERATIONS } from './operations.ts';

const CHILD_FLAG = '--engine-speed-child';

interface Timing {
  readonly wallPerSecond: number;
  readonly cpuPerSecond: number;
  readonly checksum: number;
}

const nowNs = (): bigint => process.hrtime.bigint();
const cpuMicros = (): number => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

function timeChild(operationName: string, library: 'ours' | 'peer', seconds: number): Timing {
  const operation = OPERATIONS.find((o) => o.name === operationName);
  if (operation === undefined) throw new Error(`unknown operation ${operationName}`);
  const cases = operation.input === 'winning' ? loadWinningCases() : loadShapeCases();
  if (cases === undefined) throw new Error('the kobalab corpus is missing');
  const pass = library === 'ours' ? operation.ours(cases as never[]) : operation.peer(cases as never[]);
  let checksum = 0;
  const warmupEnd = nowNs() + 500_000_000n;
  do checksum += pass();
  while (nowNs() < warmupEnd);
  let passes = 0;
  const startWall = nowNs();
  const startCpu = cpuMicros();
  let wall = 0;
  do {
    checksum += pass();
    passes++;
    wall = Number(nowNs() - startWall) / 1e9;
  } while (wall < seconds);
  const cpu = (cpuMicros() - startCpu) / 1e6;
  const hands = passes * cases.length;
  return { wallPerSecond: hands / wall, cpuPerSecond: hands / cpu, checksum };
}

function bundle(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  const outfile = join(here, '..', '..', 'node_modules', '.cache', 'mahjong-ledger-engine-speed', 'run.mjs');
  mkdirSync(dirname(outfile), { recursive: true });
  buildSync({
    entryPoints: [fileURLToPath(import.meta.url)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    logLevel: 'error',
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
  });
  return outfile;
}

function inChild(file: string, operation: string, library: string, seconds: number): Timing {
  const child = spawnSync(process.execPath, [file, CHILD_FLAG, operation, library, String(seconds)], {
    encoding: 'utf8',
    env: { ...process.env, SHARED_DIR },
  });
  const line = child.stdout.trim().split('\n').pop() ?? '';
  if (child.status !== 0 || !line.startsWith('{'))
    throw new Error(`${operation} ${library}: ${child.stderr}`);
  return JSON.parse(line) as Timing;
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[(sorted.length - 1) >> 1]!;
};
const int = (n: number): string => Math.round(n).toLocaleString('en-US');

function main(args: readonly string[]): void {
  const option = (name: string, fallback: string): string => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1]! : fallback;
  };
  const rounds = Number(option('--rounds', '3'));
  const seconds = Number(option('--seconds', '1.5'));
  const ops = args.flatMap((a, i) => (args[i - 1] === '--op' ? [a] : []));
  const operations = ops.length > 0 ? ops : ['scoring', 'scoring with patterns'];
  const file = bundle();
  console.log(
    `engine speed: ${rounds} rounds of ${seconds} s per timing, medians (wall, and per CPU second)`,
  );
  // The peer of "scoring with patterns" is majiang-core's hule, as for "scoring": time it once a round.
  const peerOf = (o: string): string => (o === 'scoring with patterns' ? 'scoring' : o);
  const peers = new Map<string, Timing[]>();
  const ours = new Map<string, Timing[]>(operations.map((o) => [o, []]));
  for (let r = 0; r < rounds; r++) {
    for (const o of new Set(operations.map(peerOf))) {
      if (!peers.has(o)) peers.set(o, []);
      peers.get(o)!.push(inChild(file, o, 'peer', seconds));
    }
    for (const o of operations) ours.get(o)!.push(inChild(file, o, 'ours', seconds));
  }
  const wall = (ts: readonly Timing[]): number => median(ts.map((t) => t.wallPerSecond));
  const cpu = (ts: readonly Timing[]): number => median(ts.map((t) => t.cpuPerSecond));
  for (const [o, timings] of ours) {
    const peer = peers.get(peerOf(o))!;
    // Each round's ratio to the peer timed in the same round, then the median of those.
    const ratios = timings.map((t, r) => t.wallPerSecond / peer[r]!.wallPerSecond);
    console.log(
      `${o}: ours ${int(wall(timings))}/s (${int(cpu(timings))} per CPU second), majiang-core ${int(wall(peer))}/s (${int(cpu(peer))}), ${median(ratios).toFixed(1)}×`,
    );
  }
}

const childAt = process.argv.indexOf(CHILD_FLAG);
if (childAt >= 0) {
  const [operation, library, seconds] = process.argv.slice(childAt + 1);
  console.log(JSON.stringify(timeChild(operation!, library as 'ours' | 'peer', Number(seconds))));
} else main(process.argv.slice(2));
