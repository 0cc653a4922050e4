import { basename } from 'node:path';
import { parseAgentSpec } from '../../agents/index.js';
import type { AgentRecord } from '../store/store.js';

const option = (spec: string, key: string): string | undefined => {
  try {
    return parseAgentSpec(spec).options[key];
  } catch {
    return undefined;
  }
};

/** A search bot's budget as its name gives it: iterations ('1000'), or thinking time ('100 ms'). */
const budget = (spec: string): string | undefined => {
  const ms = option(spec, 'ms');
  return option(spec, 'iterations') ?? (ms === undefined ? undefined : `${ms} ms`);
};

/**
 * The name people see for a bot. Accounts name their bots; the arena's own bots are registered
 * under their specs, which read as code, so they are shown by a friendly name built from the spec
 * ('MCTS 1000', 'AlphaZero 200', 'MCTS 100 ms' for a timed one); the spec stays available as a detail.
 */
export function botTitle(agent: Pick<AgentRecord, 'name' | 'spec' | 'ownerId' | 'kind'>): string {
  if (agent.kind !== 'bot' || agent.ownerId || agent.name !== agent.spec) return agent.name;
  const spec = agent.spec;
  const kind = spec.split(':')[0];
  const path = (() => {
    try {
      return parseAgentSpec(spec).path;
    } catch {
      return undefined;
    }
  })();
  switch (kind) {
    case 'random':
      return 'Random';
    case 'greedy':
      return 'Greedy';
    case 'mcts':
      return `MCTS ${budget(spec) ?? ''}`.trim();
    case 'neural':
      return `Policy net${path ? ` (${basename(path)})` : ''}`;
    case 'az':
      return `AlphaZero ${budget(spec) ?? 200}${path ? ` (${basename(path)})` : ''}`;
    case 'cfr':
      return `CFR+ policy${path ? ` (${basename(path)})` : ''}`;
    default:
      return agent.name;
  }
}

/** What kind of player a bot is and how hard it thinks, in one line for people choosing an opponent. */
export function botStrength(spec: string): string {
  const kind = spec.split(':')[0];
  const iterations = option(spec, 'iterations');
  const ms = option(spec, 'ms');
  const effort = ms ? `${ms} ms of search a move` : iterations ? `${iterations} simulations a move` : '';
  switch (kind) {
    case 'random':
      return 'plays any legal move at random: a first opponent';
    case 'greedy':
      return "looks one move ahead with the game's scoring heuristic";
    case 'mcts':
      return (
        `Monte Carlo tree search over sampled hidden cards, ${effort || '1000 simulations a move'}` +
        `${option(spec, 'cutoff') ? `, playouts cut after ${option(spec, 'cutoff')} moves` : ''}`
      );
    case 'neural':
      return 'a neural network trained by self-play, moving by instinct (no search)';
    case 'az':
      return `AlphaZero-style search guided by a network trained by self-play, ${effort || '200 simulations a move'}`;
    case 'cfr':
      return 'an approximate equilibrium solved by CFR+, played from its table (no search)';
    case 'external':
      return 'a program of its own, playing from outside over the Bot API';
    default:
      return spec;
  }
}
