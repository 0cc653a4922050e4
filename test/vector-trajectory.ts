/**
 * What the vector env tests compare: every array of every step of a seeded run, copied (the env
 * refills its arrays at each step), with every seat's observations and the renders along the way.
 */
import { Rng, type VectorEnv, type VectorStep } from '../envs/index.js';

/** Everything a step returns, copied. */
export function snapshot(out: VectorStep): unknown {
  const copy = (a: ArrayLike<number>) => Array.from(a);
  return {
    observations: copy(out.observations),
    rewards: copy(out.rewards),
    terminated: copy(out.terminated),
    truncated: copy(out.truncated),
    actionMasks: copy(out.actionMasks),
    infos: Object.fromEntries(Object.entries(out.infos).map(([k, v]) => [k, copy(v as ArrayLike<number>)])),
  };
}

/** Plays `steps` batches of masked random actions after reset({ seed }); returns every snapshot. */
export function trajectory(env: VectorEnv, steps: number, seed?: string): unknown[] {
  const rng = Rng.fromSeed('vector:actions');
  let out = env.reset(seed === undefined ? {} : { seed });
  const seen = [snapshot(out)];
  for (let t = 0; t < steps; t++) {
    out = env.step(env.actionSpace.sample(rng, out.actionMasks));
    seen.push(snapshot(out));
    if (t % 10 === 0) seen.push(Array.from(env.observeAllSeats()));
  }
  seen.push(env.render());
  return seen;
}
