// Seeded bots for simulated games: the public surface.
export { type Bot, type BotStyle, botRoster, createBot, DEFAULT_CLAIM_RATE, type KongChoice } from './bot.ts';
export * from './from-hand.ts';
export type { ClaimView, OfferedTile, PlayerView } from './view.ts';
