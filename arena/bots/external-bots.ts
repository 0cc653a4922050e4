/**
 * External bots' accounts side (docs/bot-api.md): an account makes bots and their tokens (shown
 * once, stored as SHA-256, revocable); a bot authenticates with its token; a bot is online while it
 * connects and answers, and goes offline after missing too many decisions in a row.
 */
import { AgoraError, lookupGame } from '../../envs/index.js';
import type { AgentRecord, UserRecord } from '../store/store.js';
import type { ArenaContext } from '../services/context.js';
import { hashToken } from '../services/ids.js';
import { registerExternalBot } from '../services/roster.js';
import { BotConnections } from './bot-connections.js';
import { BOT_TOKEN_PREFIX, isExternal } from './external.js';

/** How long each decision of an external bot may take, and how many missed in a row put it offline. */
export interface ExternalBotLimits {
  /** Per decision, ms (default 10 000). */
  timeLimitMs: number;
  /** Per game, overriding timeLimitMs. */
  timeLimitsMs: Record<string, number>;
  /** Decisions missed in a row that put a bot offline (default 3). */
  missLimit: number;
}

export const DEFAULT_EXTERNAL_BOT_LIMITS: ExternalBotLimits = { timeLimitMs: 10_000, timeLimitsMs: {}, missLimit: 3 };

/** What an account sees of one of its bots. */
export interface OwnBot {
  id: string;
  game: string;
  name: string;
  online: boolean;
  missedInARow: number;
  token: 'live' | 'revoked';
  tokenCreatedAt: string;
  createdAt: string;
}

const BAD_TOKEN =
  'this bot token is not valid (wrong, or revoked): make a new one on /account or with POST /api/bots/:id/token';

export class ExternalBotService {
  /** The bots' open streams and waiting polls in this process, ended when a token changes. */
  readonly connections = new BotConnections();

  constructor(private readonly ctx: ArenaContext) {}

  get limits(): ExternalBotLimits {
    return this.ctx.externalBots;
  }

  timeLimitMs(game: string): number {
    return this.limits.timeLimitsMs[game] ?? this.limits.timeLimitMs;
  }

  /** A new bot of the account's, with its token (the only time the token is shown). */
  async create(user: UserRecord, game: string, name: unknown): Promise<{ bot: OwnBot; token: string }> {
    const def = lookupGame(this.ctx.games, game);
    if (typeof name !== 'string' || name.trim() === '')
      throw new AgoraError('bad_request', 'name: required: a display name for your bot');
    const agent = await registerExternalBot(this.ctx, def.name, name, user);
    const token = this.newToken();
    const at = this.ctx.now().toISOString();
    await this.addTokenRow(agent.id, token, at);
    return { bot: await this.describe(agent), token };
  }

  /** The bot's row with its first token: offline until it connects. */
  private addTokenRow(agentId: string, token: string, at: string): Promise<void> {
    return this.ctx.store.addExternalBot({
      agentId,
      tokenHash: hashToken(token),
      tokenCreatedAt: at,
      online: false,
      missedInARow: 0,
    });
  }

  /** The account's external bots, oldest first. */
  async list(user: UserRecord): Promise<OwnBot[]> {
    const mine = (await this.ctx.store.listAgentsOwnedBy(user.id)).filter(isExternal);
    return Promise.all(mine.map((a) => this.describe(a)));
  }

  /**
   * A new token for one of the account's bots; the old one stops working at once, its streams and
   * polls too. A bot without its row (registered through POST /api/agents before that was refused)
   * gets one now, so it can play.
   */
  async renewToken(user: UserRecord, agentId: string): Promise<{ bot: OwnBot; token: string }> {
    const agent = await this.own(user, agentId);
    const token = this.newToken();
    const at = this.ctx.now().toISOString();
    if (!(await this.ctx.store.setExternalBotToken(agent.id, hashToken(token), at)))
      await this.addTokenRow(agent.id, token, at);
    // Its streams and polls end with the old token.
    this.connections.endAll(agent.id);
    return { bot: await this.describe(agent), token };
  }

  /** Revokes the bot's token: it can no longer connect, its open stream and polls end, and it is offline. */
  async revoke(user: UserRecord, agentId: string): Promise<OwnBot> {
    const agent = await this.own(user, agentId);
    const row = await this.ctx.store.getExternalBot(agent.id);
    if (!row?.tokenHash) throw new AgoraError('conflict', `the token of bot '${agent.name}' is revoked already`);
    await this.ctx.store.setExternalBotToken(agent.id, null, this.ctx.now().toISOString());
    this.connections.endAll(agent.id);
    return this.describe(agent);
  }

  /** The bot a token belongs to. Every failure is the same 401, so a guess learns nothing. */
  async authenticate(token: unknown): Promise<AgentRecord> {
    const row =
      typeof token === 'string' && token.startsWith(BOT_TOKEN_PREFIX) && token.length < 200
        ? await this.ctx.store.findExternalBotByToken(hashToken(token))
        : undefined;
    const agent = row && (await this.ctx.store.getAgent(row.agentId));
    if (!agent || agent.retiredAt) throw new AgoraError('unauthorized', BAD_TOKEN);
    return agent;
  }

  /**
   * Throws authenticate's 401 unless `token` is still the bot's live token: one read, by the token's
   * hash. Streams and polls ask again before they send a seat's view, as another arena process
   * sharing the store may have revoked or renewed the token meanwhile.
   */
  async recheck(agentId: string, token: string): Promise<void> {
    const row = await this.ctx.store.findExternalBotByToken(hashToken(token));
    if (row?.agentId !== agentId) throw new AgoraError('unauthorized', BAD_TOKEN);
  }

  /** Whether the bot may be offered to people and entered into tournaments now. */
  async isOnline(agentId: string): Promise<boolean> {
    const row = await this.ctx.store.getExternalBot(agentId);
    return row !== undefined && row.tokenHash !== null && row.online;
  }

  /** The bot connected (stream or poll): online again. */
  async seen(agentId: string): Promise<void> {
    const row = await this.ctx.store.getExternalBot(agentId);
    if (row && !row.online) await this.ctx.store.setExternalBotPresence(agentId, true, 0);
  }

  /** The bot answered a decision in time. */
  async answered(agentId: string): Promise<void> {
    const row = await this.ctx.store.getExternalBot(agentId);
    if (row && row.missedInARow !== 0) await this.ctx.store.setExternalBotPresence(agentId, row.online, 0);
  }

  /** Per bot, the miss being counted: misses of one bot's matches at the same moment are counted one by one. */
  private readonly counting = new Map<string, Promise<void>>();

  /** A decision's time ran out: counted, and at the limit the bot goes offline. */
  async missed(agentId: string): Promise<void> {
    const count = async () => {
      const row = await this.ctx.store.getExternalBot(agentId);
      if (!row) return;
      const missed = row.missedInARow + 1;
      const online = row.online && missed < this.limits.missLimit;
      if (row.online && !online) this.ctx.log.info(`bot ${agentId} is offline: ${missed} decisions missed in a row`);
      await this.ctx.store.setExternalBotPresence(agentId, online, missed);
    };
    const run = (this.counting.get(agentId) ?? Promise.resolve()).then(count, count);
    this.counting.set(agentId, run);
    try {
      await run;
    } finally {
      if (this.counting.get(agentId) === run) this.counting.delete(agentId);
    }
  }

  private newToken(): string {
    return `${BOT_TOKEN_PREFIX}${this.ctx.newToken()}`;
  }

  private async own(user: UserRecord, agentId: string): Promise<AgentRecord> {
    const agent = await this.ctx.store.getAgent(agentId);
    // Someone else's bot is answered as no bot at all.
    if (!agent || !isExternal(agent) || agent.ownerId !== user.id)
      throw new AgoraError('not_found', `you have no bot '${agentId}'`);
    return agent;
  }

  /** A bot without its row (see renewToken) is shown as having no live token, offline. */
  private async describe(agent: AgentRecord): Promise<OwnBot> {
    const row = await this.ctx.store.getExternalBot(agent.id);
    return {
      id: agent.id,
      game: agent.game,
      name: agent.name,
      online: row !== undefined && row.online && row.tokenHash !== null,
      missedInARow: row?.missedInARow ?? 0,
      token: row?.tokenHash ? 'live' : 'revoked',
      tokenCreatedAt: row?.tokenCreatedAt ?? agent.createdAt,
      createdAt: agent.createdAt,
    };
  }
}
