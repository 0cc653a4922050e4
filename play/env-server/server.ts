/**
 * The env server (`agora serve`; docs/env-protocol.md): environments of any game for a program in
 * another language, over length-prefixed frames whose arrays are raw little-endian buffers. One
 * server holds several envs of several games per connection; a bad message is answered with an
 * error naming what was wrong, and the server goes on.
 */
import { z } from 'zod';
import { makeAgent } from '../../agents/index.js';
import {
  AECEnv,
  AgoraError,
  SingleAgentEnv,
  type StepInfo,
  getGame,
  listGames,
  makeSelfPlayVectorEnv,
  makeVectorEnv,
  type GameDefinition,
  type VectorEnv,
  type VectorStep,
} from '../../envs/index.js';
import { FrameError, frameParts, payloadParts, readArray, type Frame, type Typed } from './frames.js';
import { SharedFile } from './shared-file.js';

/** The protocol's version: `hello` names it, and a client refuses a server of another major version. */
export const PROTOCOL_VERSION = 1;
/**
 * Envs one connection may hold at once: a bound on a client's memory use, not a limit a user meets
 * (the Python package opens another server when one is full; hello tells it this number).
 */
export const MAX_ENVS = 1024;
/** Envs in one vector env. */
export const MAX_NUM = 4096;

const seed = z.union([z.string().max(200), z.number().int().safe()]);
const spec = z.string().min(1).max(500);
const envId = z.number().int().nonnegative();

const makeRequest = z.strictObject({
  id: z.number().int(),
  op: z.literal('make'),
  kind: z.enum(['single', 'vector', 'aec', 'selfplay']),
  game: z.string(),
  players: z.number().int().optional(),
  num: z.number().int().min(1).max(MAX_NUM).optional(),
  seat: z.union([z.number().int(), z.literal('rotate')]).optional(),
  opponents: z.union([spec, z.array(spec).max(16)]).optional(),
  seed: seed.optional(),
  autoresetMode: z.enum(['next-step', 'same-step']).optional(),
  maxEpisodeSteps: z.number().int().positive().optional(),
  workers: z.number().int().min(0).max(64).optional(),
  renderMode: z.enum(['ansi', 'html']).optional(),
  sharedMemory: z.boolean().optional(),
});

const requests = z.discriminatedUnion('op', [
  z.strictObject({ id: z.number().int(), op: z.literal('hello') }),
  makeRequest,
  z.strictObject({ id: z.number().int(), op: z.literal('reset'), env: envId, seed: seed.optional() }),
  z.strictObject({
    id: z.number().int(),
    op: z.literal('step'),
    env: envId,
    action: z.number().int().optional(),
    buffers: z.array(z.unknown()).optional(),
  }),
  z.strictObject({ id: z.number().int(), op: z.literal('observe'), env: envId, agent: z.number().int() }),
  z.strictObject({ id: z.number().int(), op: z.literal('observe_all'), env: envId }),
  z.strictObject({ id: z.number().int(), op: z.literal('render'), env: envId }),
  z.strictObject({ id: z.number().int(), op: z.literal('labels'), env: envId }),
  z.strictObject({ id: z.number().int(), op: z.literal('close'), env: envId }),
  z.strictObject({ id: z.number().int(), op: z.literal('layout'), game: z.string(), players: z.number().int() }),
]);
type Request = z.infer<typeof requests>;

type Held =
  | { kind: 'single'; env: SingleAgentEnv }
  | { kind: 'vector'; env: VectorEnv; shared: SharedFile | null }
  | { kind: 'aec'; env: AECEnv; def: GameDefinition };

/** The facts a client needs of a game: sizes per seat count and the layout. */
function gameFacts(def: GameDefinition) {
  const observationSizes: Record<string, number> = {};
  for (let n = def.minPlayers; n <= def.maxPlayers; n++) observationSizes[n] = def.observationSize(n);
  return {
    name: def.name,
    title: def.title,
    minPlayers: def.minPlayers,
    maxPlayers: def.maxPlayers,
    defaultPlayers: def.defaultPlayers,
    actionSize: def.actionSize,
    encodingVersion: def.encodingVersion,
    observationSizes,
  };
}

/** A vector env's arrays, named as the Python side (and numpy) names them. */
function vectorArrays(env: VectorEnv, out: VectorStep): Record<string, [Typed, number[]]> {
  const n = env.numEnvs;
  const size = env.singleObservationSpace.size;
  const actions = env.singleActionSpace.n;
  const p = env.players;
  return {
    observations: [out.observations, [n, size]],
    action_masks: [out.actionMasks, [n, actions]],
    // Self-play: every seat's reward.
    rewards: [out.rewards, env.selfPlay ? [n, p] : [n]],
    terminated: [out.terminated, [n]],
    truncated: [out.truncated, [n]],
    seat: [out.infos.seat, [n]],
    episode_length: [out.infos.episodeLength, [n]],
    capped: [out.infos.capped, [n]],
    reset: [out.infos.reset, [n]],
    ranking: [out.infos.ranking, [n, p]],
    scores: [out.infos.scores, [n, p]],
    returns: [out.infos.returns, [n, p]],
    // Only 'same-step' mode fills them: not sent otherwise (as large as the observations).
    ...(env.autoresetMode === 'same-step'
      ? { final_observations: [out.infos.finalObservations, [n, size]] as [Typed, number[]] }
      : {}),
  };
}

export class EnvServer {
  private readonly envs = new Map<number, Held>();
  private nextEnv = 1;

  /** Answers one frame (a FrameError is answered as an error with id -1). Never throws. */
  handle(frame: Frame | FrameError): Buffer {
    return Buffer.concat(this.handleParts(frame));
  }

  /**
   * The answer as frameParts: array parts are views of the env's own arrays, valid until the next
   * request to that env, so write them out before handling the next frame (serveStream does).
   */
  handleParts(frame: Frame | FrameError): Buffer[] {
    let id = -1;
    try {
      if (frame instanceof FrameError) throw frame;
      const header = frame.header as { id?: unknown };
      if (typeof header === 'object' && header !== null && Number.isInteger(header.id)) id = header.id as number;
      const parsed = requests.safeParse(frame.header);
      if (!parsed.success) throw new FrameError(`bad request: ${describe(parsed.error)}`);
      return this.run(parsed.data, frame);
    } catch (err) {
      const code = err instanceof AgoraError ? err.code : err instanceof FrameError ? 'bad_message' : 'internal';
      return frameParts({ id, ok: false, error: { code, message: (err as Error).message } });
    }
  }

  /** Closes every env (threads included). */
  async closeAll(): Promise<void> {
    const held = [...this.envs.values()];
    this.envs.clear();
    for (const h of held) if (h.kind === 'vector') h.shared?.close();
    await Promise.all(held.map((h) => (h.kind === 'vector' ? h.env.close() : h.env.close())));
  }

  private run(r: Request, frame: Frame): Buffer[] {
    const id = r.id;
    switch (r.op) {
      case 'hello':
        return frameParts({
          id,
          ok: true,
          protocol: PROTOCOL_VERSION,
          server: 'agora',
          maxEnvs: MAX_ENVS,
          games: listGames().map((name) => gameFacts(getGame(name))),
        });
      case 'layout':
        return frameParts({ id, ok: true, layout: getGame(r.game).observationLayout(r.players) });
      case 'make':
        return this.make(r);
      case 'reset': {
        const held = this.held(r.env);
        if (held.kind === 'single') {
          const [obs, info] = held.env.reset(r.seed === undefined ? {} : { seed: r.seed });
          return this.single(id, obs, info, {});
        }
        if (held.kind === 'vector') {
          return this.vectorReply(id, held, held.env.reset(r.seed === undefined ? {} : { seed: r.seed }));
        }
        held.env.reset(r.seed === undefined ? {} : { seed: r.seed });
        return this.cycle(id, held.env);
      }
      case 'step': {
        const held = this.held(r.env);
        if (held.kind === 'single') {
          if (r.action === undefined) throw new AgoraError('bad_request', 'a single env step needs an action');
          const [obs, reward, terminated, truncated, info] = held.env.step(r.action);
          return this.single(id, obs, info, { reward, terminated, truncated });
        }
        if (held.kind === 'vector') {
          const actions = readArray(frame, r.buffers, 'actions', 'int32', held.env.numEnvs);
          return this.vectorReply(id, held, held.env.step(actions));
        }
        held.env.step(r.action === undefined ? null : r.action);
        return this.cycle(id, held.env);
      }
      case 'observe': {
        const held = this.aec(r.env);
        const seen = held.env.observe(r.agent);
        return frameParts(
          { id, ok: true },
          {
            observation: [seen.observation, [seen.observation.length]],
            action_mask: [seen.actionMask, [seen.actionMask.length]],
          },
        );
      }
      case 'observe_all': {
        const held = this.held(r.env);
        if (held.kind === 'single') throw new AgoraError('bad_request', 'observe_all is for vector and aec envs');
        if (held.kind === 'vector') {
          const all = held.env.observeAllSeats();
          const shape = [held.env.numEnvs, held.env.players, held.env.singleObservationSpace.size];
          return frameParts({ id, ok: true }, { observations: [all, shape] });
        }
        const all = held.env.observeAll();
        const players = held.env.possibleAgents.length;
        return frameParts({ id, ok: true }, { observations: [all, [players, all.length / players]] });
      }
      case 'render': {
        const held = this.held(r.env);
        return frameParts({ id, ok: true, render: held.env.render() });
      }
      case 'labels': {
        const held = this.held(r.env);
        if (held.kind === 'vector') throw new AgoraError('bad_request', 'labels is for single and aec envs');
        const state = held.env.state;
        return frameParts({ id, ok: true, labels: state.legalActions().map((a) => [a, state.actionToString(a)]) });
      }
      case 'close': {
        const held = this.held(r.env);
        this.envs.delete(r.env);
        if (held.kind === 'vector') held.shared?.close();
        void held.env.close();
        return frameParts({ id, ok: true });
      }
    }
  }

  private make(r: z.infer<typeof makeRequest>): Buffer[] {
    if (this.envs.size >= MAX_ENVS) {
      throw new AgoraError('bad_request', `a connection holds at most ${MAX_ENVS} envs; close one first`);
    }
    const def = getGame(r.game);
    const env = this.nextEnv++;
    if (r.kind === 'single') {
      for (const key of ['num', 'autoresetMode', 'workers', 'sharedMemory'] as const) {
        if (r[key] !== undefined) throw new AgoraError('bad_request', `a single env takes no '${key}'`);
      }
      const specs = r.opponents ?? 'random';
      const single = new SingleAgentEnv(def, {
        players: r.players,
        seat: r.seat,
        opponents: Array.isArray(specs) ? specs.map((s) => makeAgent(s, def)) : makeAgent(specs, def),
        seed: r.seed,
        maxEpisodeSteps: r.maxEpisodeSteps,
        renderMode: r.renderMode,
      });
      this.envs.set(env, { kind: 'single', env: single });
      return frameParts({ id: r.id, ok: true, env, ...this.sizes(def, single.players) });
    }
    if (r.kind === 'aec') {
      for (const key of ['num', 'seat', 'opponents', 'autoresetMode', 'workers', 'sharedMemory'] as const) {
        if (r[key] !== undefined) throw new AgoraError('bad_request', `an aec env takes no '${key}'`);
      }
      const aec = new AECEnv(def, {
        players: r.players,
        seed: r.seed,
        maxEpisodeSteps: r.maxEpisodeSteps,
        renderMode: r.renderMode,
      });
      this.envs.set(env, { kind: 'aec', env: aec, def });
      return frameParts({ id: r.id, ok: true, env, ...this.sizes(def, aec.possibleAgents.length) });
    }
    const options = {
      num: r.num ?? 1,
      players: r.players,
      seed: r.seed,
      autoresetMode: r.autoresetMode,
      maxEpisodeSteps: r.maxEpisodeSteps,
      workers: r.workers,
      renderMode: r.renderMode,
    };
    let vector: VectorEnv;
    if (r.kind === 'selfplay') {
      // The caller plays every seat: a vector env in all else (its replies, shared file and ops).
      for (const key of ['seat', 'opponents'] as const) {
        if (r[key] !== undefined) throw new AgoraError('bad_request', `a selfplay env takes no '${key}'`);
      }
      vector = makeSelfPlayVectorEnv(r.game, options);
    } else {
      const specs = r.opponents ?? 'random';
      const opponents = Array.isArray(specs) ? specs.map((s) => makeAgent(s, def)) : makeAgent(specs, def);
      vector = makeVectorEnv(r.game, { ...options, seat: r.seat, opponents });
    }
    // Asked for and not possible (no writable temp directory): the arrays go in the payloads.
    const shared = r.sharedMemory ? SharedFile.create() : null;
    this.envs.set(env, { kind: 'vector', env: vector, shared });
    return frameParts({
      id: r.id,
      ok: true,
      env,
      numEnvs: vector.numEnvs,
      autoresetMode: vector.autoresetMode,
      ...this.sizes(def, vector.players),
      ...(shared ? { sharedFile: shared.path } : {}),
    });
  }

  /** A vector env's reset or step: the arrays in the payload, or written to its shared file. */
  private vectorReply(id: number, held: Extract<Held, { kind: 'vector' }>, out: VectorStep): Buffer[] {
    const arrays = vectorArrays(held.env, out);
    if (!held.shared) return frameParts({ id, ok: true }, arrays);
    const { entries, parts } = payloadParts(arrays);
    held.shared.write(parts);
    return frameParts({ id, ok: true, shared: true, buffers: entries });
  }

  private sizes(def: GameDefinition, players: number) {
    return {
      game: def.name,
      players,
      observationSize: def.observationSize(players),
      actionSize: def.actionSize,
      encodingVersion: def.encodingVersion,
    };
  }

  /** A single env's reset or step: the numbers in the header, observation and mask as arrays. */
  private single(id: number, obs: Float32Array, info: StepInfo, result: Record<string, unknown>): Buffer[] {
    const { actionMask, legalActions: _legal, ...rest } = info;
    return frameParts(
      { id, ok: true, ...result, info: rest },
      { observation: [obs, [obs.length]], action_mask: [actionMask, [actionMask.length]] },
    );
  }

  /** The AEC env's cycle after a reset or step, with the selected agent's observation and mask. */
  private cycle(id: number, env: AECEnv): Buffer[] {
    const selected = env.agentSelection;
    const header = {
      id,
      ok: true,
      agents: env.agents,
      agentSelection: selected,
      rewards: env.possibleAgents.map((a) => env.rewards[a]),
      terminations: env.possibleAgents.map((a) => env.terminations[a]),
      truncations: env.possibleAgents.map((a) => env.truncations[a]),
      infos: env.possibleAgents.map((a) => env.infos[a]),
    };
    if (selected < 0) return frameParts(header);
    const seen = env.observe(selected);
    return frameParts(header, {
      observation: [seen.observation, [seen.observation.length]],
      action_mask: [seen.actionMask, [seen.actionMask.length]],
    });
  }

  private held(env: number): Held {
    const held = this.envs.get(env);
    if (!held) {
      const open = [...this.envs.keys()];
      throw new AgoraError(
        'bad_request',
        `no env ${env} on this connection (open: ${open.length ? open.join(', ') : 'none'})`,
      );
    }
    return held;
  }

  private aec(env: number): Extract<Held, { kind: 'aec' }> {
    const held = this.held(env);
    if (held.kind !== 'aec')
      throw new AgoraError('bad_request', `env ${env} is a ${held.kind} env; observe is for aec envs`);
    return held;
  }
}

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${i.path.length ? i.path.join('.') : 'the message'}: ${i.message}`)
    .join('; ');
}
