// The game aggregate (DESIGN.md "The domain"): decide / evolve / initial state over the game stream.
export * from './commands.ts';
export { DEFAULT_END, decideGame as decide, defaultStartingPoints, type GameDecision } from './decide.ts';
export * from './events.ts';
export { evolveGame as evolve } from './evolve.ts';
export * from './rejection.ts';
export { HU_MAHJONG_MAX_REPEATS, nextDealer } from './rotation.ts';
export * from './state.ts';
