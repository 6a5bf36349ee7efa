export * from './option.ts';
export * from './presets.ts';
export * from './ruleset.ts';
