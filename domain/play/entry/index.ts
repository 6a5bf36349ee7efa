// Result entry for physical tables (README.md): a scorer's entry checked by the score contract, previewed,
// and recorded on the hand stream.
export * from './commands.ts';
export { decideEntry, type EntryDecision } from './decide.ts';
export {
  type EntrySettlement,
  type EvaluatedEntry,
  evaluateEntry,
  type ScoreRequestAsGiven,
} from './evaluate.ts';
export { type EntryPreview, type PreviewAnswer, previewEntry } from './preview.ts';
export * from './rejection.ts';
