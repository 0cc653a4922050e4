import { describe, expect, test } from 'vitest';
import { AgentSpecError, Rng, decisionContext, getGame } from '../envs/index.js';
import {
  type AzAgent,
  agentKinds,
  formatAgentSpec,
  loadAgent,
  loadAgents,
  makeAgent,
  modelPathOf,
  parseAgentSpec,
  playMatch,
  specNeedsModel,
  modelFileOf,
  withModelPath,
} from './index.js';
import { SpecOptions } from './spec.js';

const ttt = getGame('tictactoe');

describe('agent specs', () => {
  test.each([
    ['random', { kind: 'random', options: {} }],
    ['mcts:iterations=800,c=1.4', { kind: 'mcts', options: { iterations: '800', c: '1.4' } }],
    ['neural:models/perikles/v1', { kind: 'neural', path: 'models/perikles/v1', options: {} }],
    [
      'az:models/promotion/v1,iterations=200',
      { kind: 'az', path: 'models/promotion/v1', options: { iterations: '200' } },
    ],
  ])('%s parses and formats back', (text, spec) => {
    expect(parseAgentSpec(text)).toEqual(spec);
    expect(formatAgentSpec(parseAgentSpec(text))).toBe(text);
  });

  test.each([
    ['', /is empty/],
    ['Random', /not an agent kind/],
    ['mcts:iterations=', /option 'iterations' has no value/],
    ['mcts:c=1,c=2', /given twice/],
    ['neural:a,b', /two positional arguments/],
    ['mcts:,', /empty option/],
  ])('%j is refused: %s', (text, message) => {
    expect(() => parseAgentSpec(text)).toThrow(AgentSpecError);
    expect(() => parseAgentSpec(text)).toThrow(message);
  });

  test('option readers check ranges and refuse unknown names', () => {
    const o = new SpecOptions('mcts:iterations=0,speed=3', { iterations: '0', speed: '3' });
    expect(() => o.number('iterations', 100, { min: 1, integer: true })).toThrow(
      /iterations=0 must be an integer >= 1/,
    );
    const p = new SpecOptions('x:iterations=5,speed=3', { iterations: '5', speed: '3' });
    expect(p.number('iterations', 100, { min: 1, integer: true })).toBe(5);
    expect(() => p.done()).toThrow(/unknown option speed; this agent takes iterations/);
  });

  test('makeAgent names the known kinds for an unknown one, and random refuses options', () => {
    expect(() => makeAgent('wizard', ttt)).toThrow(
      /unknown agent kind 'wizard'; known kinds: random, greedy, mcts, neural/,
    );
    expect(() => makeAgent('random:depth=2', ttt)).toThrow(/unknown option depth/);
  });
});

describe('random agent', () => {
  test('picks only legal actions, reaches all of them, and is deterministic given its rng', () => {
    const agent = makeAgent('random', ttt);
    const state = ttt.newGame({ players: 2, seed: 0 });
    state.applyAction(4);
    const pick = (seed: string) => {
      const rng = Rng.fromSeed(seed);
      return Array.from({ length: 200 }, () => agent.act(decisionContext(ttt, state, rng)) as number);
    };
    const picks = pick('a');
    expect(new Set(picks)).toEqual(new Set(state.legalActions()));
    expect(pick('a')).toEqual(picks);
  });

  test('a decision context hides the true state: no field of it leads to the state object', () => {
    const state = ttt.newGame({ players: 2, seed: 0 });
    const ctx = decisionContext(ttt, state, Rng.fromSeed(1));
    const reachable = Object.values(ctx as object);
    expect(reachable).not.toContain(state);
    expect(ctx.sampleWorld(Rng.fromSeed(2))).not.toBe(state);
  });
});

describe('playMatch', () => {
  test('the same seed and agents give the same game; results are consistent', async () => {
    const agents = [makeAgent('random', ttt), makeAgent('random', ttt)];
    const a = await playMatch(ttt, agents, { seed: 'm' });
    const b = await playMatch(ttt, agents, { seed: 'm' });
    expect(b).toEqual(a);
    expect(a.returns.reduce((x, y) => x + y, 0)).toBe(0);
    const replay = ttt.newGame({ players: 2, seed: 'm' });
    for (const action of a.actions) replay.applyAction(action);
    expect(replay.ranking()).toEqual(a.ranking);
  });

  test('an agent answering an illegal action is named in the error', async () => {
    const cheat = { name: 'cheat', act: () => 99 };
    await expect(playMatch(ttt, [cheat, makeAgent('random', ttt)], { seed: 1 })).rejects.toThrow(
      /agent 'cheat' at seat 0 chose 99, which is not one of the legal actions/,
    );
  });
});

describe('model agents from agents/index.ts alone', () => {
  // This file imports nothing from training/: the shipped models must play all the same.
  const promotion = getGame('promotion');

  test('makeAgent and loadAgent build neural: and az: agents that play legal moves, with no prior import', async () => {
    const neural = makeAgent('neural:models/promotion/az', promotion);
    const az = await loadAgent('az:models/promotion/az,iterations=8', promotion);
    const [random] = await loadAgents(['random'], promotion);
    const result = await playMatch(promotion, [neural, az, random, random], { seed: 'model-agents' });
    expect(result.seats).toEqual([
      'neural:models/promotion/az',
      'az:models/promotion/az,iterations=8',
      'random',
      'random',
    ]);
    expect(result.actions.length).toBeGreaterThan(0);
  });

  test('az: with ms= searches by the clock: every decision legal, more than one iteration on a real choice', () => {
    const az = makeAgent('az:models/promotion/az,ms=25', promotion) as AzAgent;
    const state = promotion.newGame({ players: 4, seed: 'az-ms' });
    const rng = Rng.fromSeed('az-ms');
    let searched = 0;
    for (let i = 0; i < 6 && !state.isTerminal(); i++) {
      const legal = state.legalActions();
      const action = az.act(decisionContext(promotion, state, rng.fork('decision')));
      expect(legal).toContain(action);
      if (legal.length > 1) {
        expect(az.lastIterations).toBeGreaterThan(1);
        searched++;
      }
      state.applyAction(action);
    }
    expect(searched).toBeGreaterThan(0);
    expect(() => makeAgent('az:models/promotion/az,ms=-1', promotion)).toThrow(/ms/);
  });

  test('a model spec without a folder, or with a missing one, is a clear error', async () => {
    expect(() => makeAgent('neural', promotion)).toThrow(/neural needs a model folder/);
    await expect(loadAgent('az:iterations=5', promotion)).rejects.toThrow(/az needs a model folder/);
    await expect(loadAgent('neural:models/none/x', promotion)).rejects.toThrow(/meta.json is missing/);
  });

  test('specNeedsModel and modelPathOf read the agent table, not the spec text', () => {
    expect(agentKinds()).toEqual(['random', 'greedy', 'mcts', 'neural', 'az', 'cfr']);
    expect(specNeedsModel('neural:models/x/y')).toBe(true);
    expect(specNeedsModel('cfr:models/kuhn/cfr')).toBe(true);
    expect([modelFileOf('az:models/x/y'), modelFileOf('cfr:models/x/y'), modelFileOf('greedy')]).toEqual([
      'model.json',
      'policy.json',
      undefined,
    ]);
    expect(specNeedsModel('az:models/x/y,iterations=9')).toBe(true);
    expect(specNeedsModel('mcts:iterations=9')).toBe(false);
    expect(specNeedsModel('wizard:models/x')).toBe(false);
    expect(specNeedsModel('')).toBe(false);
    expect(modelPathOf('az:models/x/y,iterations=9')).toBe('models/x/y');
    expect(modelPathOf('random')).toBeUndefined();
    expect(withModelPath('az:models/x/y,iterations=9', '@redis:k')).toBe('az:@redis:k,iterations=9');
    expect(withModelPath('mcts:iterations=9', '@redis:k')).toBe('mcts:iterations=9');
  });
});
