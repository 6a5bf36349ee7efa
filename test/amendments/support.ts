// What the amendment tests share: temp folders, waiting for a queued job to finish, the store's head, the
// standings as the projection leaves them, and every event of a type read back from the store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventStore, StoredEvent } from '../../services/eventstore/port.ts';
import type { JobQueue, JobState } from '../../services/queue/index.ts';

/** A temp folder, removed by the returned function. */
export function tempDir(prefix: string): { readonly dir: string; readonly remove: () => void } {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Waits until the queue's job is completed (its state), failing on a final failure or after `boundMs`. */
export async function jobDone<T>(queue: JobQueue<T>, id: string, boundMs = 120_000): Promise<JobState> {
  const until = Date.now() + boundMs;
  let last: JobState | undefined;
  for (;;) {
    last = await queue.state(id);
    if (last?.status === 'completed') return last;
    if (last?.status === 'failed') throw new Error(`job ${id} failed: ${last.failedReason}`);
    if (Date.now() > until)
      throw new Error(`job ${id} not done after ${boundMs} ms: ${JSON.stringify(last ?? 'unknown')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Polls `done` until it holds, failing after `boundMs`. */
export async function waitFor(done: () => Promise<boolean>, what: string, boundMs = 60_000): Promise<void> {
  const until = Date.now() + boundMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The global position of the store's last event (0n for an empty store). */
export async function headOf(store: EventStore, after = 0n): Promise<bigint> {
  let head = after;
  for (;;) {
    const batch = await store.readAll({ after: head, limit: 5000 });
    if (batch.length === 0) return head;
    head = batch.at(-1)!.position;
  }
}

/** Every stored event of these types, in store order. */
export async function eventsOfTypes(store: EventStore, types: readonly string[]): Promise<StoredEvent[]> {
  const wanted = new Set(types);
  const out: StoredEvent[] = [];
  let after = 0n;
  for (;;) {
    const batch = await store.readAll({ after, limit: 5000 });
    if (batch.length === 0) return out;
    for (const event of batch) if (wanted.has(event.type)) out.push(event);
    after = batch.at(-1)!.position;
  }
}

/** Points per seat of some transfers, as `{ from, to, points }` say, zeros left out. */
export function netPoints(
  transfers: readonly { readonly from: string; readonly to: string; readonly points: number }[],
): Record<string, number> {
  const net: Record<string, number> = {};
  for (const { from, to, points } of transfers) {
    net[from] = (net[from] ?? 0) - points;
    net[to] = (net[to] ?? 0) + points;
  }
  return Object.fromEntries(Object.entries(net).filter(([, n]) => n !== 0));
}

/** `after` less `before`, per key, zeros left out. */
export function difference(
  before: Readonly<Record<string, number>>,
  after: Readonly<Record<string, number>>,
): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const d = (after[key] ?? 0) - (before[key] ?? 0);
    if (d !== 0) out[key] = d;
  }
  return out;
}

/** A JSON body to probe in assertions: many shapes, so it is left untyped. */
// biome-ignore lint/suspicious/noExplicitAny: see above
export type Json = any;
