// A projection process to be killed: it projects a tournament's events in one large batch and, once some
// documents are written inside the open transaction, says so on stdout and blocks until it is SIGKILLed.
// Test support: run as `node --import tsx project-child.ts <events.db> <read-models.db>`.
import { writeSync } from 'node:fs';
import { openSqliteEventStore } from '../../services/eventstore/sqlite.ts';
import { ALL_PROJECTIONS } from '../index.ts';
import { openReadModels } from '../runtime/db.ts';
import { createRunner } from '../runtime/runner.ts';

const [eventsFile, readModelsFile] = process.argv.slice(2);
const store = openSqliteEventStore(eventsFile!);
const db = await openReadModels({ kind: 'sqlite', file: readModelsFile! });
const runner = createRunner({
  db,
  readAll: ({ after, limit }) => store.readAll({ after, limit }),
  projections: ALL_PROJECTIONS,
  batchSize: 100_000,
  afterWrite: (projection, written) => {
    if (projection !== 'standings' || written < 1) return;
    writeSync(1, 'mid-batch\n');
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 60_000);
  },
});
await runner.catchUp();
writeSync(1, 'finished\n');
