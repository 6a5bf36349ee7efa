export * from './notation.ts';
export * from './tile.ts';
export * from './flags.ts';
