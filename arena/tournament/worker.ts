/**
 * A tournament worker thread: plays the games it is sent and posts back each result. Agents are
 * built once per spec and reused (every agent is stateless between decisions).
 */
import { parentPort } from 'node:worker_threads';
import { makeAgent, playMatch, type Agent } from '../../agents/index.js';
import { getGame } from '../../envs/index.js';
import type { GameJob, WorkerReply } from './messages.js';

const agents = new Map<string, Agent>();

function agentFor(game: string, spec: string): Agent {
  const key = `${game}\u0000${spec}`;
  let agent = agents.get(key);
  if (!agent) {
    agent = makeAgent(spec, getGame(game));
    agents.set(key, agent);
  }
  return agent;
}

parentPort!.on('message', async (job: GameJob) => {
  let reply: WorkerReply;
  try {
    // Neural agents need TensorFlow.js, which is slow to load: only when a job names one.
    if (job.seats.some((spec) => /^(neural|az):/.test(spec))) await import('../../training/index.js');
    const game = getGame(job.game);
    const started = performance.now();
    const result = await playMatch(game, job.seats.map((spec) => agentFor(job.game, spec)), { seed: job.seed, config: job.config });
    reply = { index: job.index, result: { ...result, seats: [...job.seats] }, ms: performance.now() - started };
  } catch (err) {
    reply = { index: job.index, error: err instanceof Error ? err.message : String(err) };
  }
  parentPort!.postMessage(reply);
});
