import { describe, expect, test } from 'vitest';
import { makeAgent } from '../agents/index.js';
import {
  AECEnv,
  Discrete,
  actSync,
  decisionContext,
  IllegalActionError,
  Rng,
  SingleAgentEnv,
  getGame,
  makeEnv,
  makeVectorEnv,
  type Agent,
  type SyncVectorEnv,
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

  test('a game over before the learner first decides is skipped: reset starts the next one', () => {
    // Filthy Rich seed 6952: with random opponents the game ends within 9 decisions, all theirs.
    const fr = getGame('filthyrich');
    const env = new SingleAgentEnv(fr, { opponents: makeAgent('random', fr) });
    const game = fr.newGame({ players: fr.defaultPlayers, seed: 6952 });
    const rng = Rng.fromSeed('6952:opponents');
    const random = makeAgent('random', fr);
    while (!game.isTerminal() && game.currentPlayer() !== 0)
      game.applyAction(actSync(random, decisionContext(fr, game, rng)));
    expect(game.isTerminal()).toBe(true);
    const [, info] = env.reset({ seed: 6952 });
    expect(env.state.isTerminal()).toBe(false);
    expect(info.legalActions.length).toBeGreaterThan(0);
    expect(env.state.currentPlayer()).toBe(0);
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

describe('Gymnasium 1.x endings: the turn cap terminates, only the user limit truncates', () => {
  const phila = getGame('philadelphia');
  const random = makeAgent('random', phila);

  test('SingleAgentEnv: a capped game is terminated with info.capped and its real final reward', () => {
    const env = new SingleAgentEnv(phila, { opponents: random, seed: 'cap' });
    const rng = Rng.fromSeed('cap-learner');
    let seen = { capped: 0, natural: 0 };
    for (let episode = 0; episode < 12 && (seen.capped === 0 || seen.natural === 0); episode++) {
      let [, info] = env.reset();
      for (;;) {
        const [, reward, terminated, truncated, next] = env.step(maskedRandom(info.actionMask, rng));
        info = next;
        if (!terminated && !truncated) continue;
        expect(truncated).toBe(false);
        expect(terminated).toBe(true);
        expect(next.capped).toBe(env.state.isTruncated());
        expect(reward).toBe(next.returns![env.seat]);
        expect(next.ranking).toEqual(env.state.ranking());
        seen = next.capped ? { ...seen, capped: seen.capped + 1 } : { ...seen, natural: seen.natural + 1 };
        break;
      }
    }
    expect(seen.capped).toBeGreaterThan(0);
    expect(seen.natural).toBeGreaterThan(0);
  });

  test('SingleAgentEnv: maxEpisodeSteps truncates after that many learner steps, reward 0, mask empty', () => {
    const env = new SingleAgentEnv(phila, { opponents: random, seed: 4, maxEpisodeSteps: 5 });
    let [, info] = env.reset();
    const rng = Rng.fromSeed('limit');
    for (let t = 1; t <= 5; t++) {
      const [, reward, terminated, truncated, next] = env.step(maskedRandom(info.actionMask, rng));
      info = next;
      expect([reward, terminated, truncated]).toEqual([0, false, t === 5]);
    }
    expect(info.actionMask.every((m) => m === 0)).toBe(true);
    expect(info.legalActions).toEqual([]);
    expect(() => env.step(0)).toThrow(/episode is over; call reset/);
    expect(() => new SingleAgentEnv(phila, { opponents: random, maxEpisodeSteps: 0 })).toThrow(
      /maxEpisodeSteps must be a positive integer; got 0/,
    );
  });

  test('AECEnv: a capped game sets terminations (infos.capped); maxEpisodeSteps sets truncations', () => {
    const rng = Rng.fromSeed('aec-cap');
    const env = new AECEnv(phila, { seed: 'aec-cap' });
    let capped = false;
    for (let episode = 0; episode < 12 && !capped; episode++) {
      env.reset();
      for (const agent of env.agentIter()) {
        const [obs, , terminated, truncated, info] = env.last();
        if (terminated || truncated) {
          expect(truncated).toBe(false);
          expect(info.capped).toBe(env.state.isTruncated());
          capped ||= info.capped === true;
          env.step(null);
          continue;
        }
        expect(agent).toBe(env.state.currentPlayer());
        env.step(maskedRandom(obs.actionMask, rng));
      }
    }
    expect(capped).toBe(true);
    const limited = new AECEnv(phila, { seed: 1, maxEpisodeSteps: 7 });
    limited.reset();
    let decisions = 0;
    for (const agent of limited.agentIter()) {
      const [obs, reward, terminated, truncated] = limited.last();
      if (terminated || truncated) {
        expect([reward, terminated, truncated, obs.actionMask.some((m) => m === 1)]).toEqual([0, false, true, false]);
        limited.step(null);
        continue;
      }
      expect(agent).toBe(limited.state.currentPlayer());
      limited.step(maskedRandom(obs.actionMask, rng));
      decisions++;
    }
    expect(decisions).toBe(7);
  });

  test('AECEnv.observeAll fills [players x observationSize] in seat order; render and close', () => {
    const env = new AECEnv(phila, { players: 3, seed: 2 });
    env.reset();
    const size = phila.observationSize(3);
    const all = env.observeAll();
    expect(all).toHaveLength(3 * size);
    for (let seat = 0; seat < 3; seat++)
      expect(all.subarray(seat * size, (seat + 1) * size)).toEqual(env.state.observation(seat));
    expect(env.render()).toBe(phila.renderText(env.state.view(-1)));
    expect(new AECEnv(phila, { renderMode: 'html', seed: 2 }).metadata.renderModes).toEqual(['ansi', 'html']);
    env.close();
    expect(() => env.reset()).toThrow(/closed/);
  });
});

describe('VectorEnv (in this thread)', () => {
  test("'same-step' autoreset: finished rows restart at once; the old episode's end is in the infos", () => {
    const venv = makeVectorEnv('tictactoe', {
      num: 3,
      opponents: makeAgent('random', ttt),
      seed: 9,
      autoresetMode: 'same-step',
    });
    let { actionMasks } = venv.reset();
    expect(venv.observationSpace.shape).toEqual([3, 27]);
    expect(venv.actionSpace.nvec).toEqual([9, 9, 9]);
    const rng = Rng.fromSeed('vec');
    let finished = 0;
    for (let t = 0; t < 30; t++) {
      const out = venv.step(venv.actionSpace.sample(rng, actionMasks));
      for (let i = 0; i < 3; i++) {
        if (out.terminated[i] || out.truncated[i]) {
          finished++;
          expect(out.infos.reset[i]).toBe(1);
          expect(out.infos.episodeLength[i]).toBeLessThanOrEqual(1); // the new episode has just begun
          expect(out.rewards[i]).toBe(out.infos.returns[i * 2 + out.infos.seat[i]]);
          const final = out.infos.finalObservations.subarray(i * 27, (i + 1) * 27);
          expect(final.reduce((a, b) => a + b, 0)).toBe(9); // a finished board: every cell in one plane
        } else expect(out.infos.reset[i]).toBe(0);
      }
      actionMasks = out.actionMasks;
    }
    expect(finished).toBeGreaterThan(3);
  });

  test("'next-step' autoreset (the default): the end is returned, then the next step restarts the env", () => {
    const venv = makeVectorEnv('tictactoe', { num: 2, opponents: makeAgent('random', ttt), seed: 3 });
    expect(venv.autoresetMode).toBe('next-step');
    let out = venv.reset();
    expect([...out.infos.reset]).toEqual([1, 1]);
    const rng = Rng.fromSeed('next');
    let checked = 0;
    for (let t = 0; t < 40; t++) {
      const ended = [0, 1].map((i) => out.terminated[i] === 1 || out.truncated[i] === 1);
      // A row that resets at the next step marks every action legal (any is accepted and ignored), so
      // a masked sampler never meets an all-zero row.
      const endMask = [0, 1].map((i) => out.actionMasks.subarray(i * 9, (i + 1) * 9).every((m) => m === 1));
      [0, 1].forEach((i) => ended[i] && expect(endMask[i]).toBe(true));
      const actions = [0, 1].map((i) =>
        ended[i] ? 99 : maskedRandom(out.actionMasks.subarray(i * 9, i * 9 + 9), rng),
      );
      out = venv.step(actions); // 99 is ignored where the env restarts
      for (const i of [0, 1]) {
        if (!ended[i]) continue;
        checked++;
        expect([out.infos.reset[i], out.rewards[i], out.terminated[i], out.truncated[i]]).toEqual([1, 0, 0, 0]);
        expect(out.infos.episodeLength[i]).toBeLessThanOrEqual(1);
      }
    }
    expect(checked).toBeGreaterThan(2);
  });

  test('the step returns the same arrays every time (no allocation per step)', () => {
    const venv = makeVectorEnv('tictactoe', { num: 2, opponents: makeAgent('random', ttt), seed: 1 });
    const first = venv.reset();
    const rng = Rng.fromSeed('same');
    const second = venv.step(venv.actionSpace.sample(rng, first.actionMasks));
    expect(second).toBe(first);
    expect(second.observations).toBe(first.observations);
    expect(second.infos.returns).toBe(first.infos.returns);
  });

  test('one illegal action in a batch throws before any env moves', () => {
    const venv = makeVectorEnv('tictactoe', { num: 2, opponents: makeAgent('random', ttt), seed: 1 });
    const { actionMasks } = venv.reset();
    const legal0 = actionMasks.subarray(0, 9).indexOf(1);
    const states = (venv as SyncVectorEnv).states;
    const before = states.map((s) => JSON.stringify(s.toJSON()));
    expect(() => venv.step([legal0, 99])).toThrow(IllegalActionError);
    expect(() => venv.step([legal0, 99])).toThrow(/actions are integers 0..8 \(env 1\)/);
    expect(() => venv.step([legal0])).toThrow(/step needs 2 actions/);
    expect((venv as SyncVectorEnv).states.map((s) => JSON.stringify(s.toJSON()))).toEqual(before);
  });

  test('observeAllSeats gives every seat of every env; render gives each learner view', () => {
    const phila = getGame('philadelphia');
    const venv = makeVectorEnv('philadelphia', { num: 2, players: 3, opponents: makeAgent('random', phila), seed: 6 });
    venv.reset();
    const size = phila.observationSize(3);
    const all = venv.observeAllSeats();
    const states = (venv as SyncVectorEnv).states;
    for (let i = 0; i < 2; i++) {
      for (let seat = 0; seat < 3; seat++) {
        const at = (i * 3 + seat) * size;
        expect(all.subarray(at, at + size)).toEqual(states[i].observation(seat));
      }
    }
    expect(venv.render()).toEqual(states.map((s) => phila.renderText(s.view(0))));
  });
});
