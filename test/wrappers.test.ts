import { describe, expect, test } from 'vitest';
import { makeAgent } from '../agents/index.js';
import {
  AECEnv,
  Discrete,
  IllegalActionError,
  Rng,
  SingleAgentEnv,
  getGame,
  makeEnv,
  makeVectorEnv,
  type Agent,
} from '../envs/index.js';

const ttt = getGame('tictactoe');
const maskedRandom = (mask: Uint8Array, rng: Rng) => new Discrete(mask.length).sample(rng, mask);

describe('AECEnv (PettingZoo agent-environment cycle)', () => {
  test('a full game: agents act in turn, rewards come once at the end, done agents are removed by step(null)', () => {
    const env = makeEnv('tictactoe', { seed: 3 });
    env.reset();
    const rng = Rng.fromSeed('aec');
    const total: Record<number, number> = { 0: 0, 1: 0 };
    const order: number[] = [];
    for (const agent of env.agentIter(100)) {
      const [obs, reward, terminated, truncated, info] = env.last();
      total[agent] += reward;
      expect(obs.observation).toHaveLength(27);
      expect(env.observationSpace(agent).contains(obs.observation)).toBe(true);
      if (terminated || truncated) {
        expect(info.ranking).toHaveLength(2);
        env.step(null);
        continue;
      }
      order.push(agent);
      expect([...obs.actionMask.keys()].filter((a) => obs.actionMask[a]).sort()).toEqual(info.legalActions);
      env.step(maskedRandom(obs.actionMask, rng));
    }
    expect(env.agents).toEqual([]);
    expect(order.slice(0, 4)).toEqual([0, 1, 0, 1]);
    expect(total[0] + total[1]).toBe(0);
    expect(env.state.isTerminal()).toBe(true);
  });

  test('the agent not to act gets an all-zero mask; an illegal step throws and changes nothing', () => {
    const env = new AECEnv(ttt, { seed: 1 });
    env.reset();
    env.step(4);
    expect(env.observe(0).actionMask.every((m) => m === 0)).toBe(true);
    const before = JSON.stringify(env.state.toJSON());
    expect(() => env.step(4)).toThrow(IllegalActionError);
    expect(JSON.stringify(env.state.toJSON())).toBe(before);
    expect(() => env.step(null)).toThrow(/must act/);
  });

  test('reset with the same seed replays the same game; seedless resets move on deterministically', () => {
    const a = new AECEnv(ttt);
    const b = new AECEnv(ttt);
    a.reset({ seed: 'x' });
    b.reset({ seed: 'x' });
    expect(a.state.toJSON()).toEqual(b.state.toJSON());
    expect(() => new AECEnv(ttt, { players: 3 })).toThrow(/players must be exactly 2/);
  });
});

describe('SingleAgentEnv (Gymnasium API)', () => {
  const random = makeAgent('random', ttt);

  test('reset/step: terminated at the end with the return as reward; masks match legal actions', () => {
    const env = makeEnv('tictactoe', { opponents: random, seed: 5 });
    let [obs, info] = env.reset();
    expect(env.observationSpace.contains(obs)).toBe(true);
    const rng = Rng.fromSeed('learner');
    let steps = 0;
    for (;;) {
      expect(info.actionMask.reduce((a, b) => a + b, 0)).toBe(info.legalActions.length);
      const [next, reward, terminated, truncated, nextInfo] = env.step(maskedRandom(info.actionMask, rng));
      steps++;
      obs = next;
      info = nextInfo;
      if (terminated || truncated) {
        expect(reward).toBe(nextInfo.returns![0]);
        expect([-1, 0, 1]).toContain(reward);
        expect(truncated).toBe(false);
        break;
      }
      expect(reward).toBe(0);
    }
    expect(steps).toBeGreaterThanOrEqual(3);
    expect(() => env.step(0)).toThrow(/episode is over/);
  });

  test('the same seed gives the same episode, opponents included', () => {
    const run = () => {
      const env = new SingleAgentEnv(ttt, { opponents: [random], seat: 1, seed: 'same' });
      const [, info] = env.reset();
      env.step(info.legalActions[0]);
      return env.state.toJSON();
    };
    expect(run()).toEqual(run());
  });

  test("seat 'rotate' moves the learner one seat on at every reset", () => {
    const env = new SingleAgentEnv(ttt, { opponents: random, seat: 'rotate' });
    const seats = [0, 1, 2, 3].map(() => env.reset()[1].seat);
    expect(seats).toEqual([0, 1, 0, 1]);
  });

  test('bad options are refused with what is allowed', () => {
    expect(() => new SingleAgentEnv(ttt, { opponents: [random, random] })).toThrow(/needs 1 opponents/);
    expect(() => new SingleAgentEnv(ttt, { opponents: random, seat: 2 })).toThrow(/seat must be 0..1/);
    const asyncAgent: Agent = { name: 'slow', act: async (ctx) => ctx.legalActions[0] };
    const env = new SingleAgentEnv(ttt, { opponents: asyncAgent, seat: 1 });
    expect(() => env.reset()).toThrow(/answers asynchronously/);
  });
});

describe('VectorEnv', () => {
  test('steps N envs as a batch and resets finished ones in the same step', () => {
    const venv = makeVectorEnv('tictactoe', { num: 3, opponents: makeAgent('random', ttt), seed: 9 });
    let { observations, actionMasks } = venv.reset();
    expect(observations).toHaveLength(3 * 27);
    const rng = Rng.fromSeed('vec');
    let finished = 0;
    for (let t = 0; t < 30; t++) {
      const actions = [0, 1, 2].map((i) => maskedRandom(actionMasks.subarray(i * 9, (i + 1) * 9), rng));
      const out = venv.step(actions);
      out.infos.forEach((info, i) => {
        if (out.terminated[i] || out.truncated[i]) {
          finished++;
          expect(info.finalObservation).toHaveLength(27);
          expect(info.finalInfo?.ranking).toHaveLength(2);
          expect(info.episodeLength).toBeLessThanOrEqual(1); // the new episode has just begun
        }
      });
      observations = out.observations;
      actionMasks = out.actionMasks;
    }
    expect(finished).toBeGreaterThan(3);
  });

  test('one illegal action in a batch throws before any env moves', () => {
    const venv = makeVectorEnv('tictactoe', { num: 2, opponents: makeAgent('random', ttt), seed: 1 });
    const { actionMasks } = venv.reset();
    const legal0 = actionMasks.subarray(0, 9).indexOf(1);
    const before = venv.envs.map((e) => JSON.stringify(e.state.toJSON()));
    expect(() => venv.step([legal0, 99])).toThrow(IllegalActionError);
    expect(venv.envs.map((e) => JSON.stringify(e.state.toJSON()))).toEqual(before);
  });
});
