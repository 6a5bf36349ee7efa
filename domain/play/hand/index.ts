// The hand aggregate (DESIGN.md "The domain"): decide / evolve / initial state over the hand stream.
export * from './commands.ts';
export { type Decision, decide, POND_LENGTH } from './decide.ts';
export { evolve } from './evolve.ts';
export * from './rejection.ts';
export { SUPPORTED_PRESETS } from './start.ts';
export * from './state.ts';
