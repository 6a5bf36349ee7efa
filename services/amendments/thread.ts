// A recompute thread (threads.ts): its share of the hands in scope, read through its own connections to the
// store and settled again, the results sent back in batches, in the order it settled them.
import { parentPort, workerData } from 'node:worker_threads';
import type { HandRecompute } from '../../domain/play/correction/index.ts';
import { openStoreAt } from '../eventstore/open.ts';
import { RulesetsOfHands, recomputeEach } from './hands.ts';
import { type FromThread, RESULTS_PER_MESSAGE, type ThreadJob } from './threads.ts';

const { job } = workerData as { job: ThreadJob };
const send = (message: FromThread) => parentPort!.postMessage(message);

try {
  const store = await openStoreAt(job.address);
  try {
    const rulesets = new RulesetsOfHands(job.state, job.positions);
    const indices: number[] = [];
    for (let i = job.share; i < job.scoped.length; i += job.shares) indices.push(i);
    let results: (readonly [number, HandRecompute])[] = [];
    for await (const { index, result } of recomputeEach(
      store,
      rulesets,
      job.scoped,
      indices,
      job.amendment,
    )) {
      results.push([index, result]);
      if (results.length === RESULTS_PER_MESSAGE) {
        send({ kind: 'results', results });
        results = [];
      }
    }
    if (results.length > 0) send({ kind: 'results', results });
    send({ kind: 'done' });
  } finally {
    await store.close();
  }
} catch (error) {
  send({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
}
