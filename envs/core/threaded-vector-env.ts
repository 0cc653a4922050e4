/**
 * The vector env on worker threads (Gymnasium's AsyncVectorEnv, EnvPool's thread pool): each
 * thread steps a contiguous shard of the envs, with their opponents, straight into the shared
 * buffers. step() stays synchronous: the parent hands out the command and sleeps in Atomics.wait
 * until every thread is done, so a learner's loop is the same code as with SyncVectorEnv, and the
 * results are the same numbers for the same seeds.
 */
import { availableParallelism } from 'node:os';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { Agent, AgentRecipe } from './agent.js';
import { AgoraError } from './errors.js';
import type { GameDefinition } from './game.js';
import type { RenderMode } from './single-agent-env.js';
import { workerBundle } from './worker-bundle.js';
import { opponentsOf, shardOptionsOf, VectorEnv, type AnyVectorEnvOptions } from './vector-env.js';
import {
  CMD,
  Command,
  DONE,
  FAILED,
  SEQ,
  PARENT_SPINS,
  STATUS,
  STRIDE,
  type FromWorker,
  type ToWorker,
  type WorkerSetup,
} from './vector-protocol.js';

/** A thread that has not loaded its game within this long is taken for dead. */
const START_TIMEOUT_MS = 120_000;

export interface ThreadedOptions {
  /** Longest wait for one command (a step of every env in a shard), in ms (default 10 minutes). */
  timeoutMs?: number;
}

/** The recipe of an opponent, or an error saying how to make one a thread can rebuild. */
function recipeOf(agent: Agent): AgentRecipe {
  if (agent.recipe) return agent.recipe;
  throw new AgoraError(
    'bad_request',
    `opponent '${agent.name}' cannot be rebuilt in a worker thread: threaded vector envs need agents ` +
      'from makeAgent(spec, game) (or with a recipe: { module, export, args }); use workers: 0 to keep it here',
  );
}

export class ThreadedVectorEnv<Config = unknown> extends VectorEnv {
  readonly workers: number;
  private readonly threads: Worker[] = [];
  private readonly ports: MessagePort[] = [];
  private readonly control: Int32Array;
  private readonly timeoutMs: number;
  private seq = 0;
  private allSeatsSent = false;
  /** PARENT_SPINS when a core is free beside the workers, else 0. */
  private readonly spins: number;

  constructor(game: GameDefinition, options: AnyVectorEnvOptions<Config> & ThreadedOptions) {
    const opts = options as AnyVectorEnvOptions<unknown> & ThreadedOptions;
    super(game, opts, true);
    const workers = opts.workers ?? 1;
    if (!Number.isInteger(workers) || workers < 1 || workers > this.numEnvs) {
      throw new AgoraError(
        'bad_request',
        `workers must be an integer 1..num (${this.numEnvs}); got ${String(workers)}`,
      );
    }
    this.workers = workers;
    this.spins = workers < availableParallelism() ? PARENT_SPINS : 0;
    this.timeoutMs = opts.timeoutMs ?? 600_000;
    const given = opponentsOf(opts);
    const opponents = Array.isArray(given) ? (given as Agent[]).map(recipeOf) : recipeOf(given as Agent);
    const bundle = workerBundle(Array.isArray(opponents) ? opponents.map((r) => r.module) : [opponents.module]);
    this.control = new Int32Array(new SharedArrayBuffer(workers * STRIDE * Int32Array.BYTES_PER_ELEMENT));
    this.seq = 1;
    for (let w = 0; w < workers; w++) {
      const first = Math.floor((w * this.numEnvs) / workers);
      const count = Math.floor(((w + 1) * this.numEnvs) / workers) - first;
      const { port1, port2 } = new MessageChannel();
      const setup: WorkerSetup = {
        game: game.name,
        options: shardOptionsOf(opts),
        opponents,
        buffers: this.buffers,
        first,
        count,
        control: this.control,
        index: w,
      };
      // The first command, Init, is in place before the thread starts: it runs it once loaded.
      this.control[w * STRIDE + CMD] = Command.Init;
      this.control[w * STRIDE + SEQ] = this.seq;
      const thread = new Worker(bundle, { workerData: { setup, port: port2 }, transferList: [port2] });
      // A forgotten env must not keep the process alive; close() is still the clean way out.
      thread.unref();
      port1.unref();
      this.threads.push(thread);
      this.ports.push(port1);
    }
    try {
      this.await(START_TIMEOUT_MS, 'start');
    } catch (err) {
      void this.close();
      throw err;
    }
  }

  protected runReset(seed: number | string | undefined): void {
    this.command(Command.Reset, { seed });
  }

  protected runStep(): void {
    this.command(Command.Step);
  }

  protected allocateAllSeats(length: number): Float32Array {
    return new Float32Array(new SharedArrayBuffer(length * Float32Array.BYTES_PER_ELEMENT));
  }

  protected runObserveAllSeats(out: Float32Array): void {
    if (this.allSeatsSent) this.command(Command.AllSeats);
    else {
      this.command(Command.AllSeats, { allSeats: out });
      this.allSeatsSent = true;
    }
  }

  protected runRender(mode: RenderMode): string[] {
    this.command(Command.Render, { mode });
    return this.ports.flatMap((port) => (receiveMessageOnPort(port)?.message as { render: string[] }).render);
  }

  protected async runClose(): Promise<void> {
    this.seq++;
    for (let w = 0; w < this.threads.length; w++) this.signal(w, Command.Close);
    await Promise.all(this.threads.map((t) => t.terminate()));
    for (const port of this.ports) port.close();
  }

  /** Sends one command (and its message) to every thread and waits until all are done. */
  private command(command: Command, body?: ToWorker): void {
    this.seq++;
    for (let w = 0; w < this.threads.length; w++) {
      if (body !== undefined) this.ports[w].postMessage(body);
      this.signal(w, command);
    }
    this.await(this.timeoutMs, 'answer');
  }

  private signal(w: number, command: Command): void {
    const base = w * STRIDE;
    Atomics.store(this.control, base + CMD, command);
    Atomics.store(this.control, base + SEQ, this.seq);
    Atomics.notify(this.control, base + SEQ);
  }

  /** Sleeps until every thread has finished command `seq`; throws the first thread's error. */
  private await(timeoutMs: number, what: string): void {
    const deadline = performance.now() + timeoutMs;
    let failed = -1;
    for (let w = 0; w < this.threads.length; w++) {
      const at = w * STRIDE + DONE;
      for (let spin = 0; spin < this.spins && Atomics.load(this.control, at) !== this.seq; spin++);
      for (let done = Atomics.load(this.control, at); done !== this.seq; done = Atomics.load(this.control, at)) {
        const left = deadline - performance.now();
        if (left <= 0 || Atomics.wait(this.control, at, done, left) === 'timed-out') {
          throw new AgoraError('bad_request', `vector env worker ${w} did not ${what} within ${timeoutMs} ms`);
        }
      }
      if (failed < 0 && this.control[w * STRIDE + STATUS] === FAILED) failed = w;
    }
    if (failed < 0) return;
    // Drain every failed thread's message so the next command starts clean; report the first.
    const errors = this.ports.map((port, w) =>
      this.control[w * STRIDE + STATUS] === FAILED ? (receiveMessageOnPort(port)?.message as FromWorker) : undefined,
    );
    const first = errors[failed] as { error: string; code?: string } | undefined;
    throw new AgoraError(
      first?.code === 'illegal_action' ? 'illegal_action' : 'bad_request',
      `vector env worker ${failed}: ${first?.error ?? 'failed without a message'}`,
    );
  }
}
