// The read side (DESIGN.md "Storage and scale"): the framework and the five projections the API reads.
import { auditProjection } from './audit/store.ts';
import { boardProjection } from './board/store.ts';
import { historyProjection } from './history/store.ts';
import { replayProjection } from './replay/store.ts';
import type { AnyProjection } from './runtime/projection.ts';
import { standingsProjection } from './standings/store.ts';

export { auditOf } from './audit/store.ts';
export { boardOf } from './board/store.ts';
export { historyOf } from './history/store.ts';
export { replayFromEvents } from './replay/evolve.ts';
export { replayOf } from './replay/store.ts';
export { openReadModels, type ReadModelConfig, type ReadModels } from './runtime/db.ts';
export type { ProjectedEvent, ReadAll, Subscribe } from './runtime/event.ts';
export { createRunner, type Runner, type RunnerOptions } from './runtime/runner.ts';
export {
  type HandChange,
  previewStandings,
  type StandingsPreview,
  standingsDocOf,
} from './standings/preview.ts';
export { type StandingsProgress, standingsProgress } from './standings/progress.ts';
export { standingsOf } from './standings/store.ts';

export const ALL_PROJECTIONS: readonly AnyProjection[] = [
  standingsProjection,
  boardProjection,
  replayProjection,
  auditProjection,
  historyProjection,
];
