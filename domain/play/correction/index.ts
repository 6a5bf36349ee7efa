// Corrections of a settled hand and the one settlement in force they leave (DESIGN.md "Events").

export * from './amend.ts';
export * from './decide.ts';
export * from './in-force.ts';
