/**
 * A game thread: plays the tasks its supervisor (game-threads.ts) sends, one at a time, reporting
 * every decision through the shared heartbeat and posting back each result. Agents are built once
 * per spec and reused (every agent is stateless between decisions).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { AgentCache } from '../agents/index.js';
import { AgoraError, getGame } from '../envs/index.js';
import { HeartbeatWriter } from './heartbeat.js';
import type { ThreadReply, ThreadTask } from './messages.js';
import { playFrom, type DecisionRecorder } from './thread-play.js';
import { setThreadNice } from './thread-priority.js';

const port = parentPort!;
const data = workerData as { heartbeat: SharedArrayBuffer; nice: number };
const heartbeat = new HeartbeatWriter(data.heartbeat);
if (data.nice > 0) setThreadNice(data.nice);
const agents = new AgentCache();

const send = (reply: ThreadReply) => port.postMessage(reply);
/** A game without budgets can never be resumed: it needs no heartbeat at all. */
const unwatched: DecisionRecorder = { begin: () => {}, record: () => {} };

port.on('message', async (task: ThreadTask) => {
  const { job, id } = task;
  try {
    const game = getGame(job.game);
    heartbeat.startTask(task.epoch, task.prefix.length, (actions) => send({ kind: 'spill', id, actions }));
    const watched = job.budgetsMs?.some((b) => b > 0) ?? false;
    const seats = await agents.seats(job.game, job.seats);
    const result = await playFrom(
      game,
      seats,
      {
        seed: job.seed,
        config: job.config,
        prefix: task.prefix,
        resumes: task.resumes,
        overrun: task.overrun,
      },
      watched ? heartbeat : unwatched,
    );
    send({ kind: 'done', id, result: { ...result, seats: [...job.seats] } });
  } catch (err) {
    send({
      kind: 'failed',
      id,
      code: err instanceof AgoraError ? err.code : 'bad_request',
      error: err instanceof Error ? err.message : String(err),
    });
  }
});
