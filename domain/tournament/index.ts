// The tournament aggregate (DESIGN.md "The domain"): decide / evolve / initial state over the tournament stream.
export * from './commands.ts';
export { allowedSizes, decideTournament as decide, type TournamentDecision } from './decide.ts';
export * from './events.ts';
export { evolveTournament as evolve } from './evolve.ts';
export * from './rejection.ts';
export * from './state.ts';
