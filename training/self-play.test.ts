import { describe, expect, test } from 'vitest';
import { CachedNetwork, loadPolicyFolder, type NetworkOutput, type PolicyNetwork } from '../agents/index.js';
import { getGame } from '../envs/index.js';
import { playSelfPlayGame, playSelfPlayGames, playSelfPlayGamesAsync, type SelfPlayOptions } from './self-play.js';

const options: SelfPlayOptions = { iterations: 12, cPuct: 1.25, noise: 0.25, alpha: 0.3, temperatureMoves: 3 };

/** A network recording the size of every batch it is asked. */
function recordingBatches(net: PolicyNetwork): PolicyNetwork & { batches: number[] } {
  const out = {
    players: net.players,
    batches: [] as number[],
    evaluate(o: Float32Array): NetworkOutput {
      out.batches.push(1);
      return net.evaluate(o);
    },
    evaluateBatch(os: readonly Float32Array[]): NetworkOutput[] {
      out.batches.push(os.length);
      return net.evaluateBatch!(os);
    },
  };
  return out;
}

describe('self-play with many games in flight', () => {
  test.each(['tictactoe', 'promotion'])(
    '%s: the records are exactly those of sequential play, seed by seed (shipped model, cache or not)',
    (name) => {
      const def = getGame(name);
      const net = loadPolicyFolder(`models/${name}/az`, def);
      const seeds = ['f1', 'f2', 'f3', 'f4', 'f5'];
      const sequential = seeds.map((seed) => playSelfPlayGame(def, net, net.players, seed, options));
      const batched = recordingBatches(net);
      // Three in flight over five seeds: finished games hand their place to the next seed.
      expect(playSelfPlayGames(def, batched, net.players, seeds, options, 3)).toEqual(sequential);
      expect(Math.max(...batched.batches)).toBe(3);
      const cached = new CachedNetwork(net);
      expect(playSelfPlayGames(def, cached, net.players, seeds, options, 5)).toEqual(sequential);
      expect(cached.hits).toBeGreaterThan(0);
      // The cache lives on across calls: the same games again are all hits, and the same records.
      const misses = cached.misses;
      expect(playSelfPlayGames(def, cached, net.players, seeds.slice(0, 2), options, 2)).toEqual(
        sequential.slice(0, 2),
      );
      expect(cached.misses).toBe(misses);
    },
  );

  test('with playout cap randomisation too, and through the async driver', async () => {
    const def = getGame('promotion');
    const net = loadPolicyFolder('models/promotion/az', def);
    const capped = { ...options, iterations: 4, fullIterations: 16, fullShare: 0.3 };
    const seeds = ['c1', 'c2', 'c3'];
    const sequential = seeds.map((seed) => playSelfPlayGame(def, net, net.players, seed, capped));
    expect(await playSelfPlayGamesAsync(def, new CachedNetwork(net), net.players, seeds, capped, 8)).toEqual(
      sequential,
    );
    expect(() => playSelfPlayGames(def, net, net.players, seeds, capped, 0)).toThrow(
      /games in flight must be an integer >= 1; got 0/,
    );
  });

  test('the async driver stops when its signal aborts', async () => {
    const def = getGame('promotion');
    const net = loadPolicyFolder('models/promotion/az', def);
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(playSelfPlayGamesAsync(def, net, net.players, ['a'], options, 1, controller.signal)).rejects.toThrow(
      'stop',
    );
  });
});
