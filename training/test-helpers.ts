import { makeAgent, playMatch, type Agent } from '../agents/index.js';
import { getGame } from '../envs/index.js';

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
  return readFileSync(join(dir, 'metrics.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as Record<string, unknown>);
}
