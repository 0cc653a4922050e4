/** The TypeScript client of the arena's Bot API (BOT-API.md): play rated games as an external bot. */
export { runBot, type RunBotOptions } from './run-bot.js';
export type { BotPolicy } from './bot-session.js';
export type { MatchStart, YourTurn, MatchEnd, BotEvent } from './bot-events.js';
export { loadModelPolicy, modelAction, bestLegalAction } from './model-policy.js';
