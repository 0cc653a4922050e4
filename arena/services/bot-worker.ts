/**
 * A bot-move worker thread: keeps the positions of the matches it serves (BotPositions), brings
 * one up to date with the actions played since its last decision (or rebuilds it from the whole
 * state when the main side sends it), asks the agent for the seat to act, and posts the action
 * back. The agent sees only its DecisionContext, as everywhere.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AgentCache } from '../../agents/index.js';
import { Rng, checkAgentAction, decisionContext, getGame } from '../../envs/index.js';
import type { BotJob, BotReply, DecideJob } from './bot-messages.js';
import { BotPositions } from './bot-positions.js';

const agents = new AgentCache();
const positions = new BotPositions((workerData as { positions: number }).positions);

parentPort!.on('message', async (job: BotJob) => {
  if (job.type === 'forget') return positions.forget(job.match);
  let reply: BotReply;
  try {
    const game = getGame(job.game);
    const agent = await agents.get(job.game, job.spec);
    const state = position(job);
    if (!state) return parentPort!.postMessage({ id: job.id, missing: true } satisfies BotReply);
    parentPort!.postMessage({ id: job.id, started: true } satisfies BotReply);
    const ctx = decisionContext(game, state, Rng.fromSeed(job.seed));
    const action = checkAgentAction(agent, ctx, await agent.act(ctx));
    reply = { id: job.id, action, positions: positions.size };
  } catch (err) {
    reply = { id: job.id, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});

/** The job's position: rebuilt from its whole state, or the held one advanced by the new actions. */
function position(job: DecideJob) {
  if (job.state === undefined) return positions.advance(job.match, job.matchSeed, job.held, job.actions);
  const state = getGame(job.game).fromJSON(job.state);
  positions.put(job.match, job.matchSeed, job.held, state);
  return state;
}
