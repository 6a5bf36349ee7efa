// The server's following survives a failed projection batch: the failure is reported and the runner
// catches up again later (with a growing pause while it keeps failing), where a bare subscription would
// have stopped for good.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Runner } from '../projections/index.ts';
import type { EventStore, StoredEvent } from './eventstore/port.ts';
import { followStore } from './follow-store.ts';
import type { ProjectorRole } from './projection-worker/projector-role.ts';

afterEach(() => vi.useRealTimers());

const busy = Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' });

function fakes(catchUps: (() => Promise<number>)[]) {
  let deliver: ((event: StoredEvent) => Promise<void> | void) | undefined;
  const closed = vi.fn(async () => {});
  const store = {
    subscribe: (_after: bigint, handler: (event: StoredEvent) => Promise<void> | void) => {
      deliver = handler;
      return { close: closed };
    },
  } as unknown as EventStore;
  let batch = 0;
  const runner = {
    // The runner's own follow: its handler catches up, which fails here on the first event.
    follow: async (subscribe: (after: bigint, handler: (event: StoredEvent) => Promise<void>) => unknown) =>
      subscribe(0n, async () => {
        batch++;
        if (batch === 1) throw busy;
      }),
    catchUp: vi.fn(async () => (catchUps.shift() ?? (async () => 0))()),
  } as unknown as Runner;
  return { store, runner, closed, deliver: (event: StoredEvent) => deliver!(event) };
}

const event = { position: 1n } as StoredEvent;

describe('following the store', () => {
  it('given a batch that fails, then it is reported, the subscription lives on and a catch-up follows', async () => {
    vi.useFakeTimers();
    const { store, runner, deliver } = fakes([]);
    const errors: unknown[] = [];
    const following = await followStore(runner, store, (error) => errors.push(error));
    await deliver(event);
    expect(errors).toEqual([busy]);
    expect(runner.catchUp).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(500);
    expect(runner.catchUp).toHaveBeenCalledTimes(1);
    // The subscription still delivers: the next event is handled without error.
    await deliver({ position: 2n } as StoredEvent);
    expect(errors).toHaveLength(1);
    await following.close();
  });

  it('given catch-ups that keep failing, then it retries with a doubling pause until one succeeds', async () => {
    vi.useFakeTimers();
    const failing = async () => {
      throw busy;
    };
    const { store, runner, deliver } = fakes([failing, failing]);
    const errors: unknown[] = [];
    const following = await followStore(runner, store, (error) => errors.push(error));
    await deliver(event);
    await vi.advanceTimersByTimeAsync(500); // first retry: fails
    await vi.advanceTimersByTimeAsync(999);
    expect(runner.catchUp).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // second, 1 s later: fails
    expect(runner.catchUp).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(2000); // third, 2 s later: succeeds
    expect(runner.catchUp).toHaveBeenCalledTimes(3);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runner.catchUp).toHaveBeenCalledTimes(3);
    expect(errors).toHaveLength(3);
    await following.close();
  });

  it('given a retry pending, when closed, then no catch-up runs after and the subscription is closed', async () => {
    vi.useFakeTimers();
    const { store, runner, closed, deliver } = fakes([]);
    const following = await followStore(runner, store, () => {});
    await deliver(event);
    await following.close();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(runner.catchUp).not.toHaveBeenCalled();
    expect(closed).toHaveBeenCalledTimes(1);
  });
});

describe('following the store beside a projector (another process holds its lock)', () => {
  function beside(answer: boolean) {
    let deliver: ((event: StoredEvent) => Promise<void> | void) | undefined;
    const store = {
      subscribe: (_after: bigint, handler: (event: StoredEvent) => Promise<void> | void) => {
        deliver = handler;
        return { close: async () => {} };
      },
    } as unknown as EventStore;
    const projected: bigint[] = [];
    const runner = {
      follow: async (subscribe: (after: bigint, handler: (event: StoredEvent) => Promise<void>) => unknown) =>
        subscribe(0n, async (e) => {
          projected.push(e.position);
        }),
      catchUp: async () => 0,
    } as unknown as Runner;
    const asked: bigint[] = [];
    const role: ProjectorRole = {
      holds: () => false,
      // The holder's word: given at once, or never (a holder stuck with its lock).
      until: (position) => {
        asked.push(position);
        return answer
          ? Promise.resolve(true)
          : new Promise((resolve) => setTimeout(() => resolve(false), 500));
      },
      announce: () => {},
      close: async () => {},
    };
    const handed: bigint[] = [];
    const following = followStore(
      runner,
      store,
      () => {},
      (e) => handed.push(e.position),
      { role },
    );
    return { following, projected, asked, handed, deliver: (e: StoredEvent) => deliver!(e) };
  }
  const at = (position: number) => ({ position: BigInt(position) }) as StoredEvent;

  it('given the holder says the read models reach each event, then each is handed on and none projected here', async () => {
    const { projected, handed, deliver, ...started } = beside(true);
    const following = await started.following;
    for (let p = 1; p <= 3; p++) await deliver(at(p));
    expect(handed).toEqual([1n, 2n, 3n]);
    expect(projected).toEqual([]);
    await following.close();
  });

  it('given a holder that says nothing, then the first event waits for it once and the next are projected here without waiting, for a while', async () => {
    vi.useFakeTimers();
    const { projected, asked, handed, deliver, ...started } = beside(false);
    const following = await started.following;

    const first = deliver(at(1));
    await vi.advanceTimersByTimeAsync(500);
    await first;
    for (let p = 2; p <= 20; p++) await deliver(at(p));

    expect(asked).toEqual([1n]);
    expect(projected).toHaveLength(20);
    expect(handed).toHaveLength(20);
    // Past the while, the holder is asked again.
    await vi.advanceTimersByTimeAsync(5000);
    const later = deliver(at(21));
    await vi.advanceTimersByTimeAsync(500);
    await later;
    expect(asked).toEqual([1n, 21n]);
    await following.close();
  });
});
