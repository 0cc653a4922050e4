import { makeAgent, playMatch, type Agent } from '../agents/index.js';
import { Rng, getGame } from '../envs/index.js';
import type { Sample } from './replay-buffer.js';

/** Mean score ((return + 1) / 2) of `agent` against random in tic-tac-toe over `games` games, seats alternating. */
export async function ticTacToeScoreAgainstRandom(agent: Agent, games: number, seed: string): Promise<number> {
  const ttt = getGame('tictactoe');
  const random = makeAgent('random', ttt);
  let score = 0;
  for (let g = 0; g < games; g++) {
    const seat = g % 2;
    const result = await playMatch(ttt, seat === 0 ? [agent, random] : [random, agent], { seed: `${seed}-${g}` });
    score += (result.returns[seat] + 1) / 2;
  }
  return score / games;
}

/** The rows of a run's metrics.jsonl. */
export async function metricsRows(dir: string): Promise<Record<string, unknown>[]> {
  const { readFileSync } = await import('node:fs');
  const { join } = await import('node:path');
  return readFileSync(join(dir, 'metrics.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);
}

/** Training samples from the positions of seeded random games of `game`, with random policy and value targets. */
export function randomSamples(game: string, players: number, size: number, seed: string): Sample[] {
  const def = getGame(game);
  const rng = Rng.fromSeed(seed);
  const out: Sample[] = [];
  let state = def.newGame({ players, seed });
  while (out.length < size) {
    if (state.isTerminal()) state = def.newGame({ players, seed: `${seed}:${out.length}` });
    const legal = state.legalActions();
    const weights = legal.map(() => rng.next());
    const total = weights.reduce((a, b) => a + b, 0);
    out.push({
      observation: state.observation(state.currentPlayer()),
      legal,
      policy: Float32Array.from(weights, (w) => w / total),
      value: Float32Array.from({ length: players }, () => rng.next() * 2 - 1),
    });
    state.applyAction(legal[rng.int(legal.length)]);
  }
  return out;
}
