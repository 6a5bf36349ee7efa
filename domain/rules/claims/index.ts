// Claim arbitration of one offered tile (seeds 000, 001, 003, 004): the public surface.
export * from './arbitrate.ts';
export * from './chow.ts';
export * from './claim.ts';
export * from './eligibility.ts';
export * from './options.ts';
export * from './resolution.ts';
export { type Answer, type CheckedWindow, type ClaimWindow, checkWindow, openClaims } from './window.ts';
