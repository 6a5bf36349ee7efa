export * from './complete.ts';
export * from './decompose.ts';
export * from './hand-set.ts';
export * from './meld.ts';
export * from './sacred-discard.ts';
export * from './shanten.ts';
export * from './waits.ts';
