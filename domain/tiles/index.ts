export * from './notation.ts';
export * from './tile.ts';
