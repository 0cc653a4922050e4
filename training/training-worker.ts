/**
 * A training worker thread: self-play games of a model (cached by folder, with its evaluation cache,
 * several games in flight) and matches between agent specs (gating and evaluation; agents cached
 * per epoch, since a folder's weights change between epochs). Models are played in plain
 * JavaScript (no TensorFlow.js in these threads).
 */
import { parentPort } from 'node:worker_threads';
import { AgentCache, CachedNetwork, loadPolicyFolder, playMatch } from '../agents/index.js';
import { getGame } from '../envs/index.js';
import { GAMES_IN_FLIGHT, playSelfPlayGames } from './self-play.js';
import type { TrainingReply, TrainingTask } from './training-messages.js';

const policies = new Map<string, CachedNetwork>();
const agents = new AgentCache();
let agentEpoch = -1;

async function run(task: TrainingTask): Promise<TrainingReply> {
  if (task.kind === 'self-play') {
    const def = getGame(task.game);
    let net = policies.get(task.modelDir);
    if (!net) {
      net = new CachedNetwork(loadPolicyFolder(task.modelDir, def));
      policies.clear();
      policies.set(task.modelDir, net);
    }
    const records = playSelfPlayGames(def, net, task.players, task.seeds, task.options, GAMES_IN_FLIGHT);
    return { id: task.id, records };
  }
  if (task.epoch !== agentEpoch) {
    agents.clear();
    agentEpoch = task.epoch;
  }
  const def = getGame(task.job.game);
  const seats = await agents.seats(task.job.game, task.job.seats);
  const result = await playMatch(def, seats, { seed: task.job.seed, config: task.job.config });
  return { id: task.id, result: { ...result, seats: [...task.job.seats] } };
}

parentPort!.on('message', (task: TrainingTask) => {
  run(task).then(
    (reply) => parentPort!.postMessage(reply),
    (err: unknown) =>
      parentPort!.postMessage({
        id: task.id,
        error: err instanceof Error ? err.message : String(err),
      } satisfies TrainingReply),
  );
});
