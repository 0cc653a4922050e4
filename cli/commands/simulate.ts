import { fillSeats, makeAgent, playMatch, splitAgentList, type MatchResult } from '../../agents/index.js';
import { AgoraError, assertPlayerCount, getGame } from '../../envs/index.js';
import { Output, type OutputOptions } from '../output.js';
import { startProgress } from '../progress.js';
import { formatTable } from '../table.js';

export interface SimulateOptions extends OutputOptions {
  games: number;
  agents: string;
  /** The agent for every seat --agents leaves out. */
  others?: string;
  players?: number;
  seed: string;
}

interface AgentTally {
  agent: string;
  games: number;
  /** First places, shared ones included. */
  wins: number;
  returnSum: number;
  scoreSum: number;
}

/**
 * Plays `games` games; with one spec per seat the seats rotate every game, so each agent plays
 * each seat equally often over a multiple of the player count.
 */
async function simulate(
  name: string,
  opts: SimulateOptions,
): Promise<{ results: MatchResult[]; tallies: AgentTally[] }> {
  const game = getGame(name);
  const specs = splitAgentList(opts.agents);
  // With --others the list names the first seats only, so it does not set the player count.
  const players = opts.players ?? (specs.length > 1 && opts.others === undefined ? specs.length : game.defaultPlayers);
  assertPlayerCount(game, players);
  let lineup: string[];
  if (opts.others !== undefined) {
    lineup = fillSeats(specs, opts.others, players, { list: '--agents', others: '--others' });
  } else if (specs.length === 1) {
    lineup = Array.from({ length: players }, () => specs[0]);
  } else if (specs.length === players) {
    lineup = specs;
  } else {
    throw new AgoraError(
      'bad_request',
      `--agents names ${specs.length} agents; give one per seat (${players}), one for all, ` +
        `or the first seats and --others <spec> for the rest`,
    );
  }
  const oneForAll = specs.length === 1 && opts.others === undefined;
  // Labels tell apart two copies of the same spec.
  const labels = lineup.map((spec, i) =>
    lineup.indexOf(spec) !== lineup.lastIndexOf(spec) && !oneForAll ? `${spec}#${i}` : spec,
  );
  const agents = lineup.map((spec) => makeAgent(spec, game));
  const tallies = new Map<string, AgentTally>();
  for (const label of new Set(labels))
    tallies.set(label, { agent: label, games: 0, wins: 0, returnSum: 0, scoreSum: 0 });
  const progress = startProgress({ label: 'simulate', total: opts.games, unit: 'games', quiet: opts.quiet });
  const results: MatchResult[] = [];
  try {
    for (let g = 0; g < opts.games; g++) {
      const order = lineup.map((_, seat) => (seat + g) % players); // agent index sitting at each seat
      const result = await playMatch(
        game,
        order.map((i) => agents[i]),
        { seed: `${opts.seed}:${g}` },
      );
      result.seats = order.map((i) => labels[i]);
      order.forEach((i, seat) => {
        const t = tallies.get(labels[i])!;
        t.games++;
        if (result.ranking[seat] === 0) t.wins++;
        t.returnSum += result.returns[seat];
        t.scoreSum += result.scores[seat];
      });
      results.push(result);
      progress.increment();
    }
  } finally {
    progress.stop();
  }
  return { results, tallies: [...tallies.values()] };
}

export async function simulateCommand(name: string, opts: SimulateOptions): Promise<void> {
  const output = new Output(opts);
  const { results, tallies } = await simulate(name, opts);
  const rows = tallies.map((t) => [
    t.agent,
    String(t.games),
    String(t.wins),
    `${((100 * t.wins) / t.games).toFixed(1)}%`,
    (t.returnSum / t.games).toFixed(3),
    (t.scoreSum / t.games).toFixed(2),
  ]);
  const lengths = results.map((r) => r.actions.length);
  const truncated = results.filter((r) => r.truncated).length;
  output.text(formatTable(['agent', 'seats', 'wins', 'win share', 'avg return', 'avg score'], rows));
  output.text(
    `${results.length} games of ${name}; ` +
      `average length ${(lengths.reduce((a, b) => a + b, 0) / lengths.length).toFixed(1)} decisions ` +
      `(min ${Math.min(...lengths)}, max ${Math.max(...lengths)}); ended by the turn cap: ${truncated}\n`,
  );
  output.json({ game: name, options: opts, tallies, games: results });
}
