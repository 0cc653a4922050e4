import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, test } from 'vitest';
import { AzAgent, MCTS_C, MctsAgent, PuctSearch, makeAgent, playMatch, type PolicyNetwork } from '../agents/index.js';
import { Rng, decisionContext, getGame } from '../envs/index.js';
import {
  MODEL_FORMAT,
  buildNetwork,
  initBackend,
  loadPolicyFolder,
  networkShape,
  saveModel,
  type ModelMeta,
} from './index.js';
import { samplesOf } from './replay-buffer.js';
import { playSelfPlayGame } from './self-play.js';

const ttt = getGame('tictactoe');
/** A network with no opinion: equal logits, value 0. Search alone must then find forced results. */
const indifferent: PolicyNetwork = {
  players: 2,
  evaluate: () => ({ logits: new Float32Array(ttt.actionSize), value: new Float32Array(2) }),
};
let dir: string;

/** A tiny tic-tac-toe model (seeded weights) saved in a new folder, with these meta.json fields added. */
async function tinyModel(prefix: string, meta: Partial<ModelMeta> = {}): Promise<string> {
  const folder = join(mkdtempSync(join(tmpdir(), prefix)), 'm');
  const shape = networkShape(ttt, 2);
  await saveModel(buildNetwork(shape, { width: 16, blocks: 1 }, 3), folder, {
    format: MODEL_FORMAT,
    game: 'tictactoe',
    players: 2,
    encodingVersion: ttt.encodingVersion,
    observationSize: shape.observationSize,
    actionSize: shape.actionSize,
    network: { width: 16, blocks: 1 },
    createdAt: '2026-01-01T00:00:00.000Z',
    ...meta,
  });
  return folder;
}

beforeAll(async () => {
  await initBackend({ announce: false });
  dir = await tinyModel('agora-az-');
});

/** Cells are numbered row by row: 0 1 2 / 3 4 5 / 6 7 8. */
function stateAfter(cells: number[]) {
  const state = ttt.newGame({ players: 2, seed: 'az' });
  for (const c of cells) state.applyAction(c);
  return state;
}

describe('az: search guided by a network', () => {
  const options = { iterations: 300, cPuct: 1.25, noise: 0, alpha: 0.3 };

  test('takes a one-move win and blocks a one-move loss with an indifferent network (terminal values alone)', () => {
    for (const seed of ['1', '2', '3']) {
      const agent = new AzAgent(indifferent, options, 'az');
      // X holds 0 and 1, O holds 3 and 4: X wins at 2.
      const win = stateAfter([0, 3, 1, 4]);
      expect(agent.act(decisionContext(ttt, win, Rng.fromSeed(seed)))).toBe(2);
      // X holds 0 and 8, O holds 3 and 4 and threatens 5: X must block there.
      const block = stateAfter([0, 3, 8, 4]);
      expect(agent.act(decisionContext(ttt, block, Rng.fromSeed(seed)))).toBe(5);
    }
  });

  test('mix=lambda backs up (1 - lambda) * the network value + lambda * a random playout from the leaf', () => {
    // X holds 0, O holds 4: X to act, far from the end, so the first leaf below the root needs a playout.
    const state = stateAfter([0, 4]);
    const confident: PolicyNetwork = {
      players: 2,
      evaluate: () => ({ logits: new Float32Array(ttt.actionSize), value: Float32Array.of(0.8, -0.8) }),
    };
    for (const mix of [0, 0.5, 1]) {
      const search = new PuctSearch(
        ttt,
        2,
        (rng) => state.determinize(state.currentPlayer(), rng),
        Rng.fromSeed('mix'),
        { ...options, mix },
      );
      const root = search.select()!;
      expect(root.rollout === null).toBe(mix === 0);
      search.expand(root, confident.evaluate(root.observation));
      const leaf = search.select()!;
      // The leaf's actor is O (seat 1): the network's 0.8 is O's value, -0.8 is X's.
      const net = [-0.8, 0.8];
      const playout = leaf.rollout ?? [0, 0];
      if (mix > 0) {
        expect(playout[0] + playout[1]).toBe(0);
        expect(Math.abs(playout[0])).toBeLessThanOrEqual(1);
      }
      const before = Array.from(search.root.totals);
      search.expand(leaf, confident.evaluate(leaf.observation));
      for (const seat of [0, 1])
        expect(search.root.totals[seat] - before[seat]).toBeCloseTo((1 - mix) * net[seat] + mix * playout[seat], 6);
    }
    expect(() => makeAgent(`az:${dir},mix=1.5`, ttt)).toThrow(/mix/);
  });

  test('a model trained with a leaf mix searches with it unless the spec says otherwise', async () => {
    const mixed = await tinyModel('agora-az-mix-', { training: { algorithm: 'az', config: { mix: 0.5 } } });
    expect(loadPolicyFolder(mixed, ttt).searchMix).toBe(0.5);
    expect(loadPolicyFolder(dir, ttt).searchMix).toBeUndefined();
    // The mix changes the search, so the same seed gives another game unless mix=0 is asked for.
    const play = (spec: string) => playMatch(ttt, [makeAgent(spec, ttt), makeAgent('random', ttt)], { seed: 'mixed' });
    expect((await play(`az:${mixed},iterations=40,mix=0`)).actions).not.toEqual(
      (await play(`az:${mixed},iterations=40`)).actions,
    );
  });

  test('a model with tuned search defaults (meta.search) uses its c and mix unless the spec sets them', async () => {
    const tuned = await tinyModel('agora-az-tuned-', {
      training: { algorithm: 'az', config: { mix: 0.5 } },
      search: { c: 0.2, mix: 0.25, expand: 3 },
    });
    const net = loadPolicyFolder(tuned, ttt);
    // meta.search wins over the training config's mix.
    expect(net.searchC).toBe(0.2);
    expect(net.searchMix).toBe(0.25);
    expect(net.searchExpand).toBe(3);
    expect(loadPolicyFolder(dir, ttt).searchC).toBeUndefined();
    expect(loadPolicyFolder(dir, ttt).searchExpand).toBeUndefined();
    const play = (spec: string) => playMatch(ttt, [makeAgent(spec, ttt), makeAgent('random', ttt)], { seed: 'tuned' });
    const bare = (await play(`az:${tuned},iterations=40`)).actions;
    expect(bare).toEqual((await play(`az:${tuned},iterations=40,c=0.2,mix=0.25,expand=3`)).actions);
    expect(bare).not.toEqual((await play(`az:${tuned},iterations=40,c=4,mix=0.25,expand=3`)).actions);
    expect(bare).not.toEqual((await play(`az:${tuned},iterations=40,c=0.2,mix=0.25,expand=1`)).actions);
  });

  test('a tuned policy temperature (meta.policy): neural: plays at it unless the spec sets one', async () => {
    const tuned = await tinyModel('agora-az-policy-', { policy: { temperature: 3 } });
    expect(loadPolicyFolder(tuned, ttt).policyTemperature).toBe(3);
    expect(loadPolicyFolder(dir, ttt).policyTemperature).toBeUndefined();
    const games = async (spec: string) => {
      const out: number[][] = [];
      for (let i = 0; i < 6; i++)
        out.push((await playMatch(ttt, [makeAgent(spec, ttt), makeAgent('random', ttt)], { seed: `p${i}` })).actions);
      return out;
    };
    const bare = await games(`neural:${tuned}`);
    expect(bare).toEqual(await games(`neural:${tuned},temperature=3`));
    expect(bare).not.toEqual(await games(`neural:${tuned},temperature=0`));
  });

  test('plays legal actions only, and the same game again from the same seed', async () => {
    const agents = [makeAgent(`az:${dir},iterations=40`, ttt), makeAgent('random', ttt)];
    const a = await playMatch(ttt, agents, { seed: 'replay' });
    const b = await playMatch(ttt, agents, { seed: 'replay' });
    expect(b.actions).toEqual(a.actions);
  });

  test('a spec without a model folder, or with a bad option, is refused clearly', () => {
    expect(() => makeAgent('az:iterations=5', ttt)).toThrow(/az needs a model folder/);
    expect(() => makeAgent(`az:${dir},iterations=0`, ttt)).toThrow(/iterations=0 must be an integer >= 1/);
    expect(() => makeAgent(`az:${dir},depth=3`, ttt)).toThrow(/unknown option depth/);
  });
});

describe('self-play records', () => {
  test('replay to the same positions, with visit targets summing to 1 and returns rotated to the deciding seat', () => {
    const promotion = getGame('promotion');
    const players = promotion.defaultPlayers;
    const net: PolicyNetwork = {
      players,
      evaluate: () => ({ logits: new Float32Array(promotion.actionSize), value: new Float32Array(players) }),
    };
    const record = playSelfPlayGame(promotion, net, players, 'sp-1', {
      iterations: 16,
      cPuct: 1.25,
      noise: 0.25,
      alpha: 0.3,
      temperatureMoves: 3,
    });
    expect(record.actions.length).toBe(record.targets.length);
    expect(
      playSelfPlayGame(promotion, net, players, 'sp-1', {
        iterations: 16,
        cPuct: 1.25,
        noise: 0.25,
        alpha: 0.3,
        temperatureMoves: 3,
      }),
    ).toEqual(record);
    const samples = samplesOf(promotion, record);
    expect(samples.length).toBe(record.targets.filter((t) => t !== null).length);
    const state = promotion.newGame({ players, seed: 'sp-1' });
    let k = 0;
    record.actions.forEach((action, i) => {
      const target = record.targets[i];
      if (target) {
        const player = state.currentPlayer();
        const s = samples[k++];
        expect(s.observation).toEqual(state.observation(player));
        expect(s.legal).toEqual(state.legalActions());
        // Every iteration but the first (which evaluates the root itself) passes through one root child.
        expect(target.visits.reduce((a, b) => a + b, 0)).toBe(15);
        expect(s.policy.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 5);
        for (let j = 0; j < players; j++) expect(s.value[j]).toBeCloseTo(record.returns[(player + j) % players], 6);
      }
      state.applyAction(action);
    });
    expect(state.isTerminal()).toBe(true);
  });

  test('playout cap randomisation: a share of decisions search fullIterations and are recorded; the rest not', () => {
    const promotion = getGame('promotion');
    const players = promotion.defaultPlayers;
    const net: PolicyNetwork = {
      players,
      evaluate: () => ({ logits: new Float32Array(promotion.actionSize), value: new Float32Array(players) }),
    };
    const options = {
      iterations: 8,
      cPuct: 1.25,
      noise: 0.25,
      alpha: 0.3,
      temperatureMoves: 3,
      fullIterations: 40,
      fullShare: 0.25,
    };
    let choices = 0;
    let recorded = 0;
    for (const seed of ['pcr-1', 'pcr-2', 'pcr-3', 'pcr-4']) {
      const record = playSelfPlayGame(promotion, net, players, seed, options);
      expect(playSelfPlayGame(promotion, net, players, seed, options)).toEqual(record);
      const state = promotion.newGame({ players, seed });
      let kept = 0;
      record.actions.forEach((action, i) => {
        const target = record.targets[i];
        const legal = state.legalActions();
        if (legal.length > 1) choices++;
        else expect(target).toBeNull();
        if (target) {
          kept++;
          expect(target.legal).toEqual(legal);
          expect(target.visits.reduce((a, b) => a + b, 0)).toBe(39);
        }
        state.applyAction(action);
      });
      expect(state.isTerminal()).toBe(true);
      expect(samplesOf(promotion, record)).toHaveLength(kept);
      recorded += kept;
    }
    // About a quarter of the real choices: a binomial draw over this many stays well inside these bounds.
    expect(choices).toBeGreaterThan(100);
    expect(recorded / choices).toBeGreaterThan(0.12);
    expect(recorded / choices).toBeLessThan(0.38);
    // With a share of 1 every choice is a full search.
    const all = playSelfPlayGame(promotion, net, players, 'pcr-1', { ...options, fullShare: 1 });
    const replay = promotion.newGame({ players, seed: 'pcr-1' });
    all.actions.forEach((action, i) => {
      const target = all.targets[i];
      if (replay.legalActions().length > 1) expect(target!.visits.reduce((a, b) => a + b, 0)).toBe(39);
      else expect(target).toBeNull();
      replay.applyAction(action);
    });
  });

  test('a teacher: recorded decisions are plain MCTS searches (visits, values, moves); the rest fast ones', () => {
    const promotion = getGame('promotion');
    const players = promotion.defaultPlayers;
    // A network that would play the lowest legal id at every fast decision, and evaluates nothing.
    let calls = 0;
    const net: PolicyNetwork = {
      players,
      evaluate: () => {
        calls++;
        return { logits: new Float32Array(promotion.actionSize), value: new Float32Array(players) };
      },
    };
    const options = {
      iterations: 8,
      cPuct: 1.25,
      noise: 0.25,
      alpha: 0.3,
      temperatureMoves: 0,
      teacher: 50,
      fullShare: 0.5,
    };
    const record = playSelfPlayGame(promotion, net, players, 'teacher-1', options);
    expect(playSelfPlayGame(promotion, net, players, 'teacher-1', options)).toEqual(record);
    // Replays the game, running the same draws and searches the self-play game ran, in the same order.
    const state = promotion.newGame({ players, seed: 'teacher-1' });
    const rng = Rng.fromSeed('teacher-1:self-play');
    let taught = 0;
    let fast = 0;
    record.actions.forEach((action, i) => {
      const target = record.targets[i];
      const ctx = decisionContext(promotion, state, rng);
      const legal = ctx.legalActions;
      if (legal.length > 1) {
        const full = rng.next() < 0.5;
        if (full) {
          taught++;
          const teacher = new MctsAgent({ iterations: 50, ms: 0, c: MCTS_C, rollout: 'random', cutoff: 0 });
          const expected = teacher.search(ctx);
          expect(target).toEqual({
            legal: [...legal],
            visits: expected.visits,
            rootValue: expected.rootValues.map((v) => Math.round(v * 1e4) / 1e4),
          });
          // Every iteration expands or passes through one root child.
          expect(target!.visits.reduce((a, b) => a + b, 0)).toBe(50);
          expect(action).toBe(expected.action);
        } else {
          fast++;
          expect(target).toBeNull();
          const search = new PuctSearch(promotion, players, (r) => ctx.sampleWorld(r), rng, { ...options, noise: 0 });
          while (!search.done) {
            const leaf = search.select();
            if (leaf) search.expand(leaf, net.evaluate(leaf.observation));
          }
          expect(action).toBe(search.bestAction(legal, ctx.player));
        }
      } else expect(target).toBeNull();
      state.applyAction(action);
    });
    expect(state.isTerminal()).toBe(true);
    expect(taught).toBeGreaterThan(5);
    expect(fast).toBeGreaterThan(5);
    expect(samplesOf(promotion, record)).toHaveLength(taught);
    expect(calls).toBeGreaterThan(0);
  });

  test('Gumbel self-play: every choice records its improved policy, which is the training target as it is', () => {
    const promotion = getGame('promotion');
    const players = promotion.defaultPlayers;
    // Logits that prefer low action ids: the improved policy must still cover every legal action.
    const net: PolicyNetwork = {
      players,
      evaluate: () => ({
        logits: Float32Array.from({ length: promotion.actionSize }, (_, a) => -a / 10),
        value: new Float32Array(players),
      }),
    };
    const options = { iterations: 12, cPuct: 1.25, noise: 0.25, alpha: 0.3, temperatureMoves: 3 } as const;
    const gumbel = { ...options, search: 'gumbel' as const, considered: 4 };
    const record = playSelfPlayGame(promotion, net, players, 'gumbel-1', gumbel);
    expect(playSelfPlayGame(promotion, net, players, 'gumbel-1', gumbel)).toEqual(record);
    expect(record.actions).not.toEqual(playSelfPlayGame(promotion, net, players, 'gumbel-1', options).actions);
    const samples = samplesOf(promotion, record, { targetTemperature: 0.5 });
    const state = promotion.newGame({ players, seed: 'gumbel-1' });
    let k = 0;
    record.actions.forEach((action, i) => {
      const target = record.targets[i];
      const legal = state.legalActions();
      if (legal.length === 1) expect(target).toBeNull();
      else {
        expect(target!.legal).toEqual(legal);
        expect(target!.visits.reduce((a, b) => a + b, 0)).toBe(11);
        // At most `considered` root actions are ever visited.
        expect(target!.visits.filter((v) => v > 0).length).toBeLessThanOrEqual(4);
        // The root's value per seat, as PUCT's records keep it, for the mixed value targets.
        expect(target!.rootValue).toHaveLength(players);
        const policy = target!.policy!;
        expect(policy).toHaveLength(legal.length);
        expect(policy.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 9);
        for (const p of policy) expect(p).toBeGreaterThan(0);
        // The sample's target is that policy itself: the target temperature does not sharpen it.
        const sample = samples[k++];
        policy.forEach((p, j) => expect(sample.policy[j]).toBeCloseTo(p, 6));
      }
      state.applyAction(action);
    });
    expect(k).toBe(samples.length);
    expect(state.isTerminal()).toBe(true);
  });
});
