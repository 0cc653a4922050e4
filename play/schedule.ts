import { AgoraError } from '../envs/index.js';

export type TournamentFormat = 'round-robin' | 'gauntlet';

export interface ScheduledGame {
  /** Position in the schedule; also names the game's seed: `${seed}:${index}`. */
  index: number;
  /** Agent spec per seat. */
  seats: string[];
  seed: string;
}

/** Multisets of size k from items (combinations with repetition), in lexicographic index order. */
function multisets(n: number, k: number, withRepeats: boolean): number[][] {
  const out: number[][] = [];
  const pick = (start: number, acc: number[]) => {
    if (acc.length === k) {
      out.push([...acc]);
      return;
    }
    for (let i = start; i < n; i++) {
      acc.push(i);
      pick(withRepeats ? i : i + 1, acc);
      acc.pop();
    }
  };
  pick(0, []);
  return out;
}

/**
 * The agent mixes of a tournament, each listed in all its seat rotations, so that over a multiple
 * of the slot count every agent sits in every seat equally often.
 * - round-robin: every set of `players` distinct agents; with fewer agents than seats, every
 *   multiset of agents that holds at least two different ones.
 * - gauntlet: the first agent (the challenger) once in every game, the other seats filled by every
 *   multiset of the remaining agents.
 */
export function tournamentSlots(agents: readonly string[], players: number, format: TournamentFormat): string[][] {
  if (new Set(agents).size !== agents.length)
    throw new AgoraError('bad_request', `agents must be distinct; got ${agents.join(', ')}`);
  if (agents.length < 2)
    throw new AgoraError('bad_request', `a tournament needs at least 2 agents; got ${agents.length}`);
  let mixes: string[][];
  if (format === 'gauntlet') {
    const others = agents.slice(1);
    mixes = multisets(others.length, players - 1, true).map((m) => [agents[0], ...m.map((i) => others[i])]);
  } else if (agents.length >= players) {
    mixes = multisets(agents.length, players, false).map((m) => m.map((i) => agents[i]));
  } else {
    mixes = multisets(agents.length, players, true)
      .filter((m) => new Set(m).size > 1)
      .map((m) => m.map((i) => agents[i]));
  }
  return mixes.flatMap((mix) => mix.map((_, r) => mix.map((__, seat) => mix[(seat + r) % mix.length])));
}

/** `games` games cycling through the slots; game i is seeded `${seed}:${i}`. */
export function scheduleTournament(
  agents: readonly string[],
  players: number,
  games: number,
  format: TournamentFormat,
  seed: string,
): ScheduledGame[] {
  const slots = tournamentSlots(agents, players, format);
  return Array.from({ length: games }, (_, index) => ({
    index,
    seats: slots[index % slots.length],
    seed: `${seed}:${index}`,
  }));
}
