/**
 * A bot-move worker thread: rebuilds the position from its saved JSON, asks the agent for the
 * seat to act, and posts the action back. The agent sees only its DecisionContext, as everywhere.
 */
import { parentPort } from 'node:worker_threads';
import { AgentCache } from '../../agents/index.js';
import { Rng, checkAgentAction, decisionContext, getGame } from '../../envs/index.js';
import type { BotJob, BotReply } from './bot-messages.js';

const agents = new AgentCache();

parentPort!.on('message', async (job: BotJob) => {
  let reply: BotReply;
  try {
    const game = getGame(job.game);
    const agent = await agents.get(job.game, job.spec);
    const state = game.fromJSON(job.state);
    parentPort!.postMessage({ id: job.id, started: true } satisfies BotReply);
    const ctx = decisionContext(game, state, Rng.fromSeed(job.seed));
    reply = { id: job.id, action: checkAgentAction(agent, ctx, await agent.act(ctx)) };
  } catch (err) {
    reply = { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
