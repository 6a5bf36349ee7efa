// Play (DESIGN.md "Events"): the events of a game and its hands, their metadata, how stored ones are read.
export * from './claim-events.ts';
export * from './entry-events.ts';
export * from './events.ts';
export * from './game-events.ts';
export * from './hand-events.ts';
export * from './metadata.ts';
export * from './parse.ts';
export * from './parse-error.ts';
export * from './payment-events.ts';
export * from './tile-set.ts';
export * from './turn-events.ts';
export * from './upcasters.ts';
export * from './visibility.ts';
export * from './win-events.ts';
