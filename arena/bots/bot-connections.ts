/**
 * The Bot API's open connections in this process, per bot (docs/bot-api.md): at most one event
 * stream, as on Lichess (a new one ends the one before), and the long polls waiting for a turn.
 * Revoking or renewing the bot's token ends them all at once. Another arena process sharing the
 * store learns of a new token only from the store: its streams check the token again before each
 * turn they send and at each keep-alive (arena/bots/bot-routes.ts).
 */
export class BotConnections {
  /** Per bot, the call that ends its open stream. */
  private readonly streams = new Map<string, () => void>();
  /** Per bot, the calls that wake its waiting polls. */
  private readonly polls = new Map<string, Set<() => void>>();

  /** The bot's new stream, which `end` closes; the stream it replaces is ended. Returns the call that forgets it. */
  openStream(agentId: string, end: () => void): () => void {
    const replaced = this.streams.get(agentId);
    this.streams.set(agentId, end);
    replaced?.();
    return () => {
      if (this.streams.get(agentId) === end) this.streams.delete(agentId);
    };
  }

  /** A poll of the bot's waiting for a turn, which `wake` ends. Returns the call that forgets it. */
  waitingPoll(agentId: string, wake: () => void): () => void {
    let set = this.polls.get(agentId);
    if (!set) this.polls.set(agentId, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0 && this.polls.get(agentId) === set) this.polls.delete(agentId);
    };
  }

  /** The bot's token changed (revoked or renewed): its stream ends and its waiting polls wake. */
  endAll(agentId: string): void {
    this.streams.get(agentId)?.();
    for (const wake of [...(this.polls.get(agentId) ?? [])]) wake();
  }
}
