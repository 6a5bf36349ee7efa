// rebuild's progress, without a store: the lines written when standard error is no terminal, and the count
// of events projected as the runner's reads reveal it. (replays-rebuild.test.ts runs the command itself.)
import { describe, expect, it } from 'vitest';
import type { Io } from '../cli.ts';
import type { EventStore, StoredEvent } from '../eventstore/port.ts';
import { rebuildProgress, watchReads } from './rebuild.ts';

function fakeIo() {
  const out = { stdout: '', stderr: '' };
  const io: Io = {
    stdout: (text) => {
      out.stdout += text;
    },
    stderr: (text) => {
      out.stderr += text;
    },
    readStdin: () => '',
  };
  return { io, out };
}
const notATerminal = { isTTY: false } as NodeJS.WriteStream;

describe('rebuild progress on a stream that is no terminal', () => {
  it('given 1,000 events done 100 at a time, then a line at each tenth but the last, with the rate', () => {
    const { io, out } = fakeIo();
    let now = 0;
    const progress = rebuildProgress(io, notATerminal, () => now);

    progress.start('standings', 1000);
    for (let done = 0; done <= 1000; done += 100) {
      now = done; // a millisecond an event: 1,000 events/s
      progress.update(done);
    }
    progress.stop();

    const lines = out.stderr.trim().split('\n');
    expect(lines).toHaveLength(9);
    expect(lines[0]).toBe('rebuild standings: 100/1,000 events (10%), 1,000 events/s');
    expect(lines[8]).toBe('rebuild standings: 900/1,000 events (90%), 1,000 events/s');
    expect(out.stdout).toBe('');
  });

  it('given large batches, then one line per batch that crosses a tenth, never two for the same tenth', () => {
    const { io, out } = fakeIo();
    const progress = rebuildProgress(io, notATerminal, () => 1000);

    progress.start('board', 17_020);
    for (const done of [0, 5000, 10_000, 15_000, 17_020]) progress.update(done);

    expect(
      out.stderr
        .trim()
        .split('\n')
        .map((line) => line.split(':')[1]!.split(' events')[0]!.trim()),
    ).toEqual(['5,000/17,020', '10,000/17,020', '15,000/17,020']);
  });

  it('given an empty store, then nothing', () => {
    const { io, out } = fakeIo();
    const progress = rebuildProgress(io, notATerminal);

    progress.start('audit', 0);
    progress.update(0);

    expect(out.stderr).toBe('');
  });
});

describe('watchReads', () => {
  const event = (position: number) => ({ position: BigInt(position) }) as StoredEvent;

  it('given the runner reading after each committed batch, then the events projected before each read', async () => {
    const all = Array.from({ length: 12 }, (_, i) => event(i + 1));
    const store = {
      readAll: async ({ after = 0n, limit = 5 } = {}) =>
        all.filter((e) => e.position > after).slice(0, limit),
    } as EventStore;
    const seen: number[] = [];
    const watched = watchReads(store, (done) => seen.push(done));

    for (let after = 0n; ; ) {
      const batch = await watched.readAll({ after, limit: 5 });
      if (batch.length === 0) break;
      after = batch.at(-1)!.position;
    }
    // A second rebuild reads from zero again.
    await watched.readAll({ after: 0n, limit: 5 });

    expect(seen).toEqual([0, 5, 10, 12, 0]);
  });
});
