/**
 * One bot's event stream (docs/bot-api.md, "Events"): NDJSON lines written in order, an empty line
 * every KEEP_ALIVE_MS, and the end when the client goes, a newer stream of the same bot replaces it,
 * or its token is revoked or renewed in this process. Another arena process sharing the store may
 * change the token too, so a line with a seat's view (yourTurn) and each keep-alive go out only
 * after the token is checked again in the store: such a stream ends at its next turn or keep-alive,
 * having sent nothing more.
 */
import type { Response } from 'express';
import { AgoraError } from '../../envs/index.js';
import type { Logger } from '../../play/index.js';
import type { BotConnections } from './bot-connections.js';
import type { BotEvent, BotEvents } from './bot-events.js';

/** The stream's keep-alive: an empty line this often, as Lichess sends. */
const KEEP_ALIVE_MS = 5_000;

export interface BotStreamSources {
  agentId: string;
  events: BotEvents;
  connections: BotConnections;
  /** Resolves while the stream's token is still the bot's live token; rejects once it is not. */
  recheckToken: () => Promise<void>;
  /** What the stream is sent first: the bot's live matches and the turns it owes. */
  catchUp: () => Promise<BotEvent[]>;
  log: Logger;
}

/** Streams the bot's events on `res` (its headers already sent) until one of the ends above. */
export function streamBotEvents(res: Response, sources: BotStreamSources): void {
  const { agentId, log } = sources;
  let open = true;
  /** Lines go out one batch at a time, in the order they came, each after its token check. */
  let queue = Promise.resolve();
  const enqueue = (work: () => Promise<void>) => {
    queue = queue.then(work).catch((err: Error) => {
      log.warn(`bot stream of ${agentId}: ${err.message}`);
      end();
    });
  };
  const tokenLive = async (): Promise<boolean> => {
    try {
      await sources.recheckToken();
      return open;
    } catch (err) {
      // A refused token ends the stream quietly; a store that cannot answer ends it too, said once.
      if (!(err instanceof AgoraError && err.code === 'unauthorized'))
        log.warn(`bot stream of ${agentId}: checking its token failed: ${(err as Error).message}`);
      end();
      return false;
    }
  };
  const send = (batch: BotEvent[]) =>
    enqueue(async () => {
      if (!open || (batch.some((e) => e.type === 'yourTurn') && !(await tokenLive()))) return;
      for (const event of batch) res.write(`${JSON.stringify(event)}\n`);
    });

  // Subscribed before the catch-up is read, so nothing that happens meanwhile is missed; a turn
  // may then come twice, which the decision count makes harmless.
  const unsubscribe = sources.events.subscribe(agentId, (event) => send([event]));
  const forget = sources.connections.openStream(agentId, end);
  const alive = setInterval(
    () =>
      enqueue(async () => {
        if (open && (await tokenLive())) res.write('\n');
      }),
    KEEP_ALIVE_MS,
  );
  res.on('close', end);
  sources.catchUp().then(send, (err: Error) => {
    log.warn(`bot stream of ${agentId}: ${err.message}`);
    end();
  });

  function end(): void {
    if (!open) return;
    open = false;
    unsubscribe();
    forget();
    clearInterval(alive);
    res.end();
  }
}
