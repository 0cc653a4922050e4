// The TypeScript side of the exactness test: plays SingleAgentEnv / SyncVectorEnv with the
// first legal action at every step and prints every observation, mask, reward and flag as JSON.
// 'selfplay' plays the self-play vector env with spread actions (spreadAction) and prints every
// array of every step, the infos included.
import { makeAgent } from '../../agents/index.js';
import { SingleAgentEnv, getGame, makeSelfPlayVectorEnv, makeVectorEnv, type AutoresetMode } from '../../envs/index.js';

const [kind, game, seed, steps, mode, limit] = process.argv.slice(2);
const def = getGame(game);
const out: unknown[] = [];
const first = (mask: ArrayLike<number>, from = 0, size = mask.length) => {
  for (let a = 0; a < size; a++) if (mask[from + a]) return a;
  return 0;
};
if (kind === 'single') {
  const env = new SingleAgentEnv(def, { opponents: makeAgent('random', def), seed: Number(seed) });
  let [obs, info] = env.reset({ seed: Number(seed) });
  out.push([Array.from(obs), Array.from(info.actionMask)]);
  for (let t = 0; t < Number(steps); t++) {
    const [o, r, term, trunc, i] = env.step(first(info.actionMask));
    out.push([Array.from(o), Array.from(i.actionMask), r, term, trunc]);
    [obs, info] = [o, i];
    if (term || trunc) [obs, info] = env.reset();
    if (term || trunc) out.push([Array.from(obs), Array.from(info.actionMask)]);
  }
} else if (kind === 'selfplay') {
  const num = 3;
  const size = def.actionSize;
  const env = makeSelfPlayVectorEnv(game, {
    num,
    seed,
    autoresetMode: mode as AutoresetMode,
    maxEpisodeSteps: limit === 'none' ? undefined : Number(limit),
  });
  let step = env.reset({ seed });
  const arrays = () => {
    const { infos } = step;
    const named: Record<string, ArrayLike<number>> = {
      observations: step.observations,
      action_masks: step.actionMasks,
      rewards: step.rewards,
      terminated: step.terminated,
      truncated: step.truncated,
      seat: infos.seat,
      episode_length: infos.episodeLength,
      capped: infos.capped,
      reset: infos.reset,
      ranking: infos.ranking,
      scores: infos.scores,
      returns: infos.returns,
      ...(mode === 'same-step' ? { final_obs: infos.finalObservations } : {}),
    };
    return Object.fromEntries(Object.entries(named).map(([k, v]) => [k, Array.from(v)]));
  };
  out.push(arrays());
  for (let t = 0; t < Number(steps); t++) {
    const actions = Array.from({ length: num }, (_, i) => spreadAction(step.actionMasks, i, size, t));
    step = env.step(actions);
    out.push(arrays());
  }
} else {
  const env = makeVectorEnv(game, { num: 3, opponents: makeAgent('random', def), seed: Number(seed) });
  let step = env.reset({ seed: Number(seed) });
  out.push([Array.from(step.observations), Array.from(step.actionMasks)]);
  for (let t = 0; t < Number(steps); t++) {
    const actions = [0, 1, 2].map((i) => first(step.actionMasks, i * def.actionSize, def.actionSize));
    step = env.step(actions);
    out.push([
      Array.from(step.observations),
      Array.from(step.actionMasks),
      Array.from(step.rewards),
      Array.from(step.terminated),
    ]);
  }
}
console.log(JSON.stringify(out));

/** Env i's legal action number (7t + 3i) mod (its legal count) at step t: the Python test picks the same. */
function spreadAction(masks: ArrayLike<number>, i: number, size: number, t: number): number {
  const legal: number[] = [];
  for (let a = 0; a < size; a++) if (masks[i * size + a]) legal.push(a);
  return legal[(7 * t + 3 * i) % legal.length];
}
