/**
 * A PPO rollout worker thread: owns a fixed share of the environments for the whole run and plays
 * them for one rollout per update with the weights it is sent (ppo-rollout.ts). It never loads
 * TensorFlow.js; the trajectories go back as transferred typed arrays.
 */
import { parentPort } from 'node:worker_threads';
import { RolloutCollector, rolloutBuffers, type RolloutReply, type RolloutTask } from './ppo-rollout.js';

let collector: RolloutCollector | undefined;

parentPort!.on('message', (task: RolloutTask) => {
  try {
    if (task.kind === 'init') {
      collector = new RolloutCollector(task.setup);
      parentPort!.postMessage({ id: task.id } satisfies RolloutReply);
      return;
    }
    if (!collector) throw new Error('rollout worker: collect before init');
    const rollout = collector.collect(task);
    parentPort!.postMessage({ id: task.id, rollout } satisfies RolloutReply, rolloutBuffers(rollout));
  } catch (err) {
    parentPort!.postMessage({
      id: task.id,
      error: err instanceof Error ? (err.stack ?? err.message) : String(err),
    } satisfies RolloutReply);
  }
});
