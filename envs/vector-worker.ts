/**
 * A threaded vector env's worker thread: builds its shard of envs and their opponents, then runs
 * the parent's commands on the shared buffers until told to close (protocol: core/vector-protocol.ts).
 * It lives beside games.ts because it finds the game by its registry name. Threads run it from a
 * bundle (core/worker-bundle.ts) that also holds the agent modules the recipes name.
 */
import { receiveMessageOnPort, workerData, type MessagePort } from 'node:worker_threads';
import type { Agent, AgentRecipe } from './core/agent.js';
import { AgoraError } from './core/errors.js';
import type { GameDefinition } from './core/game.js';
import {
  CMD,
  Command,
  DONE,
  FAILED,
  OK,
  SEQ,
  SPINS,
  STATUS,
  STRIDE,
  type FromWorker,
  type ToWorker,
  type WorkerSetup,
} from './core/vector-protocol.js';
import { VectorShard } from './core/vector-shard.js';
import { getGame } from './games.js';

/** The recipe modules the bundle holds, by file URL. */
type Modules = Readonly<Record<string, Readonly<Record<string, unknown>>>>;

const { setup, port } = workerData as { setup: WorkerSetup; port: MessagePort };
const control = setup.control;
const base = setup.index * STRIDE;
let modules: Modules = {};

/** The agent a recipe describes: its module's export called with (args, game). */
function rebuild(recipe: AgentRecipe, game: GameDefinition): Agent {
  const exported = modules[recipe.module]?.[recipe.export];
  if (typeof exported !== 'function') {
    throw new AgoraError('bad_request', `agent recipe: ${recipe.module} has no function '${recipe.export}'`);
  }
  return (exported as (args: unknown, game: GameDefinition) => Agent)(recipe.args, game);
}

function message(): ToWorker {
  const received = receiveMessageOnPort(port);
  if (!received) throw new Error('the parent sent a command without its message');
  return received.message as ToWorker;
}

function reply(body: FromWorker): void {
  port.postMessage(body);
}

let shard: VectorShard | undefined;
let allSeats: Float32Array | undefined;

function run(command: number): boolean {
  switch (command) {
    case Command.Init: {
      const game = getGame(setup.game);
      const opponents = Array.isArray(setup.opponents)
        ? setup.opponents.map((r) => rebuild(r, game))
        : rebuild(setup.opponents, game);
      shard = new VectorShard(game, setup.options, opponents, setup.buffers, setup.first, setup.count);
      return true;
    }
    case Command.Reset:
      shard!.reset((message() as { seed: number | string | undefined }).seed);
      return true;
    case Command.Step:
      shard!.step();
      return true;
    case Command.AllSeats:
      allSeats ??= (message() as { allSeats: Float32Array }).allSeats;
      shard!.observeAllSeats(allSeats);
      return true;
    case Command.Render:
      reply({ render: shard!.render((message() as { mode: 'ansi' | 'html' }).mode) });
      return true;
    default:
      return false;
  }
}

/** Runs the parent's commands until Close (the bundle's entry calls this with its modules). */
export function serve(bundled: Modules): void {
  modules = bundled;
  let seen = 0;
  for (;;) {
    // Spin a moment before sleeping: the next command usually follows within microseconds (the
    // learner picking actions), and a futex wake-up costs tens of them.
    for (let spin = 0; spin < SPINS && Atomics.load(control, base + SEQ) === seen; spin++);
    // A wake-up is not a command: the parent's notify for a command this thread already took
    // while spinning can land after it went to sleep again, so only a new SEQ counts.
    while (Atomics.load(control, base + SEQ) === seen) Atomics.wait(control, base + SEQ, seen);
    seen = Atomics.load(control, base + SEQ);
    const command = Atomics.load(control, base + CMD);
    let status = OK;
    let more = true;
    try {
      more = run(command);
    } catch (err) {
      status = FAILED;
      reply({ error: err instanceof Error ? err.message : String(err), code: (err as { code?: string }).code });
    }
    Atomics.store(control, base + STATUS, status);
    Atomics.store(control, base + DONE, seen);
    Atomics.notify(control, base + DONE);
    if (!more || command === Command.Close) break;
  }
  port.close();
}
