// The TypeScript side of the exactness test: plays SingleAgentEnv / SyncVectorEnv with the
// first legal action at every step and prints every observation, mask, reward and flag as JSON.
import { makeAgent } from '../../agents/index.js';
import { SingleAgentEnv, getGame, makeVectorEnv } from '../../envs/index.js';

const [kind, game, seed, steps] = process.argv.slice(2);
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
