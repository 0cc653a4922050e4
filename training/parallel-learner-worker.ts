/**
 * A data-parallel replica of the learner on its own thread (and its own single-threaded wasm
 * backend): it computes the gradient of its shard of each batch, and applies the averaged gradient
 * the main thread sends back, so its weights and Adam slots stay equal to the main replica's.
 */
import { parentPort } from 'node:worker_threads';
import { initBackend, tf } from './backend.js';
import { Learner } from './learner.js';
import { replicaState } from './parallel-learner.js';
import type { ReplicaReply, ReplicaRequest } from './parallel-learner-messages.js';

let learner: Learner | undefined;

async function handle(request: ReplicaRequest): Promise<ReplicaReply | null> {
  if (request.kind === 'init') {
    await initBackend({ only: request.backend, announce: false });
    learner?.model.dispose();
    learner = new Learner(request.shape, request.config, request.learningRate, request.seed, request.scoreWeight);
    return { id: request.id, ok: true };
  }
  if (!learner) throw new Error('replica used before init');
  if (request.kind === 'sync') {
    const { weights, optimizer } = request.state;
    const tensors = weights.map((w) => tf.tensor(w.values, w.shape, 'float32'));
    learner.model.setWeights(tensors);
    tf.dispose(tensors);
    const slots = optimizer.map((w) => ({ name: w.name, tensor: tf.tensor(w.values, w.shape, 'float32') }));
    // Adam copies the slots into variables of its own.
    await learner.optimizer.setWeights(slots);
    tf.dispose(slots.map((w) => w.tensor));
    return { id: request.id, ok: true };
  }
  if (request.kind === 'state') return { id: request.id, ok: true, state: await replicaState(learner) };
  if (request.kind === 'gradients') {
    const { figures, gradient } = learner.gradients(request.batch);
    return { id: request.id, ok: true, figures, gradient };
  }
  learner.applyGradient(request.gradient);
  return null;
}

// Requests are handled strictly one after another: an apply must land before the next gradients.
let queue: Promise<unknown> = Promise.resolve();
parentPort!.on('message', (request: ReplicaRequest) => {
  queue = queue.then(async () => {
    try {
      const reply = await handle(request);
      if (reply)
        parentPort!.postMessage(reply, reply.ok && reply.gradient ? [reply.gradient.buffer as ArrayBuffer] : []);
    } catch (err) {
      parentPort!.postMessage({
        id: request.id,
        ok: false,
        error: err instanceof Error ? err.message : String(err),
      } satisfies ReplicaReply);
    }
  });
});
