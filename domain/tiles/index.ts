export * from './flags.ts';
export * from './notation.ts';
export * from './tile.ts';
export * from './wall.ts';
