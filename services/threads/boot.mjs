// A worker thread's first module: plain JavaScript, because a worker does not inherit the tsx loader the main
// thread was started with (`new Worker` of a .ts file fails with "Unknown file extension"). It registers tsx
// in this thread, then loads the TypeScript entry named in workerData.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
