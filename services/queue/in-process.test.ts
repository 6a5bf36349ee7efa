import { randomBytes } from 'node:crypto';
import { InProcessJobQueue } from './in-process.ts';
import { describeJobQueueContract, type Payload } from './job-queue.contract.ts';
import type { JobQueue } from './port.ts';

/** One heap: "another process" can only be the queue itself, under a handle whose close is the owner's. */
function sameQueue(queue: JobQueue<Payload>): JobQueue<Payload> {
  return {
    kind: queue.kind,
    name: queue.name,
    add: (id, data) => queue.add(id, data),
    work: (handler, options) => queue.work(handler, options),
    state: (id) => queue.state(id),
    onEvent: (listener) => queue.onEvent(listener),
    close: async () => {},
  };
}

describeJobQueueContract('in-process', {
  open: (options) => new InProcessJobQueue<Payload>(`q-${randomBytes(4).toString('hex')}`, options),
  peer: sameQueue,
  openConnections: async () => undefined,
});
